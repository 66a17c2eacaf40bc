package main

import (
	"fmt"
	"math"
	"strings"
	"time"

	gsreport "github.com/gosymtest/gosymtest/report"
)

// The path-explosion table: the detector's time and path targets are
// about path-explosion functions, and a package's figures hide them among the
// functions that both arms finish in a few paths. A function explodes
// when the unpruned arm (-prune none) ran out of its budget on it: it
// explored for the whole -budget and was not exhausted (a function cut
// short by a concretised or unmodelled call is not exhausted either, but
// it ends well within the budget). For each such function the table sets
// the detector's run (the default arm) beside the unpruned one: paths,
// blocks entered and covered by tests, exploration time, whether the
// detector finished it, and the time to the same coverage, read off each
// function's own timeline (-stats' cover_timeline: when the exploration
// first entered each block): the time the unpruned run took to enter its
// last new block over the time the detector's run took to enter as many.
// A run of a function starts its clock at its own start, so neither
// loading nor the other functions enter the ratio.
//
// Where the unpruned run entered its last new block early, the detector
// had little time to shorten it: a state is dropped only once a subtree
// like it has ended. So the table also gives, for each function, the
// share of the budget the unpruned run took to enter its last new block,
// and the medians over the late functions alone, those where it still
// entered a new block after lateShare of its budget: the functions on
// which the time target tells what the detector does.

// runPair is one function in both runs: a path-explosion function, or
// one the unpruned arm finished (finished.go).
type runPair struct {
	Package, Function string
	rse, none         gsreport.FunctionStats
}

// fnKey names a function the same way in both arms' stats.
func fnKey(f gsreport.FunctionStats) string { return f.Package + "." + f.Name + "@" + f.Position }

// outOfTime reports whether f was explored for the whole budget without
// being finished: the clock, not the work bound or the end of its paths,
// stopped it.
func outOfTime(f gsreport.FunctionStats, budget time.Duration) bool {
	return !f.Exhausted && f.SkippedReason == "" && f.WallMs >= budget.Milliseconds()
}

// msToBlocks is when f's timeline first reached blocks covered, or false
// when it never did.
func msToBlocks(f gsreport.FunctionStats, blocks int) (int64, bool) {
	for _, pt := range f.CoverTimeline {
		if pt[1] >= int64(blocks) {
			return pt[0], true
		}
	}
	return 0, blocks <= 0
}

// lateShare is the share of the budget after which a new block makes a
// path-explosion function late.
const lateShare = 0.1

// explosionRows are the functions the unpruned arm ran out of its budget
// on, with the detector's run of each, package by package in corpus
// order.
func explosionRows(results []pkgResult, budget time.Duration) []runPair {
	return pairedRuns(results, func(none gsreport.FunctionStats) bool { return outOfTime(none, budget) })
}

// pairedRuns are the functions whose unpruned run keep selects, each with
// the detector's run of it, package by package in corpus order. A function
// the detector's arm skipped is left out.
func pairedRuns(results []pkgResult, keep func(none gsreport.FunctionStats) bool) []runPair {
	var rows []runPair
	for _, p := range results {
		rse, none, ok := prunePair(p)
		if !ok {
			continue
		}
		byKey := make(map[string]gsreport.FunctionStats, len(rse.Functions))
		for _, f := range rse.Functions {
			byKey[fnKey(f)] = f
		}
		for _, f := range none.Functions {
			g, ok := byKey[fnKey(f)]
			if !ok || !keep(f) || g.SkippedReason != "" {
				continue
			}
			rows = append(rows, runPair{Package: p.Entry.Name, Function: f.Name, rse: g, none: f})
		}
	}
	return rows
}

// entered is how many blocks f's exploration entered, the last count of
// its timeline.
func entered(f gsreport.FunctionStats) int {
	if len(f.CoverTimeline) == 0 {
		return 0
	}
	return int(f.CoverTimeline[len(f.CoverTimeline)-1][1])
}

// sameBlocks is when each run first entered as many blocks as the
// unpruned run did in the end; reached is false when the detector's run
// never did.
func (r runPair) sameBlocks() (noneAt, rseAt int64, reached bool) {
	target := entered(r.none)
	noneAt, _ = msToBlocks(r.none, target)
	rseAt, reached = msToBlocks(r.rse, target)
	return noneAt, rseAt, reached
}

// ratios are the row's time to the same coverage (NaN when the detector's
// run never reached it) and paths, each the unpruned run's over the
// detector's.
func (r runPair) ratios() (tm, paths float64) {
	tm = math.NaN()
	if noneAt, rseAt, ok := r.sameBlocks(); ok {
		// A timeline point at 0 ms counts as 1 ms, so that the ratio
		// stays finite.
		tm = ratio(float64(max(noneAt, 1)), float64(max(rseAt, 1)))
	}
	return tm, ratio(float64(r.none.Paths), float64(max(r.rse.Paths, 1)))
}

// share is the share of budget that the unpruned run took to enter its
// last new block.
func (r runPair) share(budget time.Duration) float64 {
	noneAt, _, _ := r.sameBlocks()
	return float64(noneAt) / float64(budget.Milliseconds())
}

// explosionTable has a row per path-explosion function and the medians and
// geometric means of its ratios, with the functions the detector finished
// and those where it covered fewer blocks, and the medians over the late
// functions (lateShare).
func explosionTable(rows []runPair, budget time.Duration) string {
	var b strings.Builder
	b.WriteString("| package | function | paths none | paths rse | paths ÷ | blocks entered none / rse | covered none / rse | explored none / rse | to same blocks none / rse | none's share of budget | time ÷ | rse exhausted |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n")
	var tms, paths, lateTms, latePaths []float64
	exhausted, lower := 0, 0
	for _, r := range rows {
		tm, pa := r.ratios()
		tms, paths = append(tms, tm), append(paths, pa)
		share := r.share(budget)
		if share > lateShare {
			lateTms, latePaths = append(lateTms, tm), append(latePaths, pa)
		}
		if r.rse.Exhausted {
			exhausted++
		}
		if r.rse.BlocksCovered < r.none.BlocksCovered {
			lower++
		}
		noneAt, at, ok := r.sameBlocks()
		rseAt := "never"
		if ok {
			rseAt = fmt.Sprintf("%d ms", at)
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %s | %d / %d | %d / %d | %d / %d ms | %d ms / %s | %.1f%% | %s | %s |\n",
			r.Package, cell(r.Function), r.none.Paths, r.rse.Paths, fmtRatio(pa), entered(r.none), entered(r.rse),
			r.none.BlocksCovered, r.rse.BlocksCovered, r.none.WallMs, r.rse.WallMs, noneAt, rseAt,
			100*share, fmtRatio(tm), yesNo(r.rse.Exhausted))
	}
	gt, nt := geomean(tms)
	gp, np := geomean(paths)
	mt, _ := median(tms)
	mp, _ := median(paths)
	lt, _ := median(lateTms)
	lp, _ := median(latePaths)
	fmt.Fprintf(&b, "| **median** | %d functions | | | **%s** | | | | | | **%s** | **%d** exhausted |\n", len(rows), fmtRatio(mp), fmtRatio(mt), exhausted)
	fmt.Fprintf(&b, "| **geomean** | %d with fewer blocks covered with rse | | | **%s** (n=%d) | | | | | | **%s** (n=%d) | |\n", lower, fmtRatio(gp), np, fmtRatio(gt), nt)
	fmt.Fprintf(&b, "| **median, late** | %d of them with a new block after %.0f%% of the budget | | | **%s** | | | | | | **%s** | |\n",
		len(lateTms), 100*lateShare, fmtRatio(lp), fmtRatio(lt))
	return b.String()
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
