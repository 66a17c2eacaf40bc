package main

import (
	"fmt"
	"strings"

	gsreport "github.com/gosymtest/gosymtest/report"
)

// The check of the functions the unpruned arm finished: pruning must be
// sound, so on the bench corpus as on testdata and generated functions, the
// detector's run covers the same blocks as the run without it wherever
// that run was exhausted. The detector only drops states whose future an
// explored state already covered, so a difference is a soundness bug,
// unless the detector's run was itself cut short (by the clock or the
// work bound) before it got there; the table says which. Blocks are
// counted as the exploration entered them (-stats' blocks_covered), not
// by the tests, whose extra cases depend on the solver's models.

// finishedRuns are the functions the unpruned arm exhausted, with the
// detector's run of each.
func finishedRuns(results []pkgResult) []runPair {
	return pairedRuns(results, func(none gsreport.FunctionStats) bool { return none.Exhausted })
}

// finishedCheck says how many functions the unpruned arm finished and
// lists those on which the detector's run entered other blocks.
func finishedCheck(rows []runPair) string {
	var b strings.Builder
	var differ []runPair
	for _, r := range rows {
		if r.rse.BlocksCovered != r.none.BlocksCovered {
			differ = append(differ, r)
		}
	}
	if len(differ) == 0 {
		fmt.Fprintf(&b, "The unpruned arm finished %s; the detector's run entered the same blocks on every one.\n", functions(len(rows)))
		return b.String()
	}
	fmt.Fprintf(&b, "The unpruned arm finished %s; the detector's run entered other blocks on %d:\n\n", functions(len(rows)), len(differ))
	b.WriteString("| package | function | blocks none / rse | rse exhausted | explored none / rse |\n")
	b.WriteString("|---|---|---:|---|---:|\n")
	for _, r := range differ {
		fmt.Fprintf(&b, "| %s | %s | %d / %d | %s | %d / %d ms |\n", r.Package, cell(r.Function),
			r.none.BlocksCovered, r.rse.BlocksCovered, yesNo(r.rse.Exhausted), r.none.WallMs, r.rse.WallMs)
	}
	return b.String()
}

// functions is n with the noun, singular for one.
func functions(n int) string {
	if n == 1 {
		return "1 function"
	}
	return fmt.Sprintf("%d functions", n)
}
