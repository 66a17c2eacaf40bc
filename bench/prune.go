package main

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"
)

// The Pruning table: the redundant-state detector (gosymtest's default,
// -prune rse) against the same runs without it (-prune none), and the
// detector with one refinement off (the opt-in rse-no-* arms), per
// package. The detector's targets: time to the same coverage ≥ 10× (median)
// and paths ≥ 14× fewer on path-explosion functions, coverage never lower,
// more functions exhausted.

// armPruneNone is the arm without the detector.
const armPruneNone = "gosymtest-prune-none"

// pruneArms are the arms of the Pruning table: the detector's (the
// default arm first), then the one without it.
func pruneArms() []string {
	names := []string{armSpecs[0].Name}
	for _, s := range armSpecs {
		if strings.HasPrefix(s.Name, "rse-") {
			names = append(names, s.Name)
		}
	}
	return append(names, armPruneNone)
}

// timeToCoverage is when a's coverage curve first reached percent, or
// false when it never did.
func timeToCoverage(a armResult, percent float64) (time.Duration, bool) {
	for _, pt := range a.Curve {
		if pt.Percent >= percent-1e-9 {
			return time.Duration(pt.Ms) * time.Millisecond, true
		}
	}
	return 0, false
}

// prunePair is a package's runs with the detector (the default arm) and
// without it; ok is false when the package or either arm did not run.
func prunePair(p pkgResult) (rse, none armResult, ok bool) {
	rse, ok1 := p.arm(armSpecs[0].Name)
	none, ok2 := p.arm(armPruneNone)
	return rse, none, ok1 && ok2 && p.Status == ""
}

// pruneRatios are the detector's gains on one package: the time the
// unpruned arm took to its final coverage over the time the detector's
// arm took to reach that same coverage (NaN when it never did: then the
// coverage is lower, which the table shows), and the unpruned arm's paths
// over the detector's.
func pruneRatios(p pkgResult) (tm, paths float64) {
	rse, none, ok := prunePair(p)
	if !ok {
		return math.NaN(), math.NaN()
	}
	tm = math.NaN()
	if at, ok := timeToCoverage(rse, none.percent()); ok {
		// A curve point at 0 ms (coverage from loading alone) is
		// counted as 1 ms, so that the ratio stays finite.
		tm = ratio(seconds(none.ToFinal), max(seconds(at), 0.001))
	}
	return tm, ratio(float64(none.Paths), float64(max(rse.Paths, 1)))
}

// pruningTable has, per package and arm of pruneArms, the measures of the
// exploration, and per package the detector's ratios, with geometric
// means and medians.
func pruningTable(results []pkgResult) string {
	var b strings.Builder
	b.WriteString("| package | arm | coverage | to final | paths | pruned | instructions | queries | solver ms | detector ms | max RSS MB | exhausted fns | time to same cov ÷ | paths ÷ |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	var tms, paths []float64
	for _, p := range results {
		if p.Status != "" {
			continue
		}
		tm, pa := pruneRatios(p)
		tms, paths = append(tms, tm), append(paths, pa)
		first := true
		for _, name := range pruneArms() {
			a, present := p.armAny(name)
			if !present {
				continue
			}
			ratios := " | |"
			if first {
				ratios = fmt.Sprintf(" %s | %s |", fmtRatio(tm), fmtRatio(pa))
				first = false
			}
			if !a.ran() {
				fmt.Fprintf(&b, "| %s | %s | n/a: %s | | | | | | | | | |%s\n", p.Entry.Name, name, cell(a.Status), ratios)
				continue
			}
			fmt.Fprintf(&b, "| %s | %s | %.1f%% | %.1fs | %d | %d | %d | %d | %d | %d | %d | %d |%s\n",
				p.Entry.Name, name, a.percent(), a.ToFinal.Seconds(), a.Paths, a.Pruned, a.Instructions,
				a.Queries, a.SolverMs, a.PruneMs, a.MaxRSSKB/1024, a.Exhausted, ratios)
		}
	}
	gt, nt := geomean(tms)
	gp, np := geomean(paths)
	mt, _ := median(tms)
	mp, _ := median(paths)
	fmt.Fprintf(&b, "| **geomean** | | | | | | | | | | | | **%s** (n=%d) | **%s** (n=%d) |\n", fmtRatio(gt), nt, fmtRatio(gp), np)
	fmt.Fprintf(&b, "| **median** | | | | | | | | | | | | **%s** | **%s** |\n", fmtRatio(mt), fmtRatio(mp))
	return b.String()
}

// writePruningSection writes RESULTS.md's Pruning section.
func writePruningSection(w io.Writer, results []pkgResult, budget time.Duration) {
	fmt.Fprintf(w, "## Pruning\n\n")
	fmt.Fprintf(w, "The redundant-state detector (gosymtest's default, `-prune rse`) against the same run without it (`%s`, `-prune none`), and, when run (`-with rse-no-refine,rse-no-search,rse-no-single,rse-no-hurry,rse-no-mod,rse-reach`), with one of its refinements off (`-prune-off`) or the pruning of states that can reach nothing uncovered on (`-prune reach`). `paths`, `pruned` (states dropped as redundant), `instructions`, `queries`, `solver ms`, `detector ms` (the detector's own time: its overhead) and `exhausted fns` come from gosymtest's `-stats`, `max RSS MB` from the run (the detector's memory is the difference between the arms); coverage and `to final` are as in the ratio table. On each package's first row: `time to same cov ÷` is the unpruned arm's time to its final coverage divided by the time the detector's arm took to reach that same coverage (n/a when it never did: lower coverage), and `paths ÷` the unpruned arm's paths over the detector's (above 1: the detector explores fewer).\n\n", armPruneNone)
	fmt.Fprintln(w, pruningTable(results))
	fmt.Fprintf(w, "### Functions the unpruned arm finished\n\n")
	fmt.Fprintf(w, "Where `%s` was exhausted, the detector's run must enter the same blocks (-stats' `blocks_covered`): it drops only states whose future an explored state covered. A difference is a bug, unless the detector's run was cut short before it got there.\n\n", armPruneNone)
	fmt.Fprintln(w, finishedCheck(finishedRuns(results)))
	rows := explosionRows(results, budget)
	fmt.Fprintf(w, "### Path-explosion functions\n\n")
	fmt.Fprintf(w, "The functions on which `%s` ran out of its budget (it explored for the whole %s and did not finish), where the detector's targets apply: paths ≥ 14× fewer and time to the same coverage ≥ 10× shorter (medians), coverage never lower. Figures are per function, from -stats, none first: `blocks entered` by the exploration, `covered` by the function's tests, `explored` the exploration's time; `to same blocks` is when each run first entered as many blocks as the unpruned run did in the end, from the function's own start (`cover_timeline`); `none's share of budget` is the unpruned run's time to its last new block over the budget; `time ÷` divides the two times, `paths ÷` the unpruned run's paths by the detector's. The detector drops a state only once a subtree like it has ended, so where the unpruned run entered its last new block early, the detector had little time to drop anything before it: the last row gives the medians over the late functions, those where the unpruned run still entered a new block after %.0f%% of its budget.\n\n", armPruneNone, budget, 100*lateShare)
	if len(rows) == 0 {
		fmt.Fprintf(w, "None: the unpruned arm finished every function within its budget.\n\n")
		return
	}
	fmt.Fprintln(w, explosionTable(rows, budget))
}
