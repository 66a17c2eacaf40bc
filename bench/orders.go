package main

import (
	"fmt"
	"io"
	"strings"
)

// Coverage over search orders, for issue 13's "coverage never lower".
// Under a clock budget, which blocks an exploration reaches depends on
// the order its searcher picks states in, and gosymtest draws that order
// from -seed. One run per arm sets one draw against another: at stop 29
// most of the functions where the detector seemed to lose coverage at
// 2 s had lost it to the draw, and the unpruned run lost as much on other
// seeds. With -orders N the bench runs the detector's arm and the
// unpruned one N times more each, with -seed 0 … N-1 and otherwise the
// same flags (and neither with -check-all-paths, which only the default
// arm's main run has), and the Pruning section sets the coverage of their
// emitted tests side by side: the mean over the seeds, the least and the
// most.

// orderRuns are one arm's runs over the search orders.
type orderRuns struct {
	Arm      string
	Percents []float64 // the coverage of each seed's emitted tests, by seed
	Paths    []int64
	// Status is why a run failed; the seeds before it are kept, and the
	// rest are not run.
	Status string
}

// orderArms are the arms run over the search orders: the detector's
// (the default arm) and the unpruned one.
func orderArms() []armSpec {
	var out []armSpec
	for _, s := range armSpecs {
		if s.Name == armSpecs[0].Name || s.Name == armPruneNone {
			out = append(out, s)
		}
	}
	return out
}

// runOrders runs each of orderArms that is not skipped once per seed
// below b.set.Orders.
func runOrders(b *bench, w *pkgWork) []orderRuns {
	var out []orderRuns
	for _, spec := range orderArms() {
		if b.notRun(spec) != "" {
			continue
		}
		runs := orderRuns{Arm: spec.Name}
		for seed := 0; seed < b.set.Orders; seed++ {
			s := armSpec{Name: fmt.Sprintf("%s-seed%d", spec.Name, seed), Kind: armGosymtest, Order: true,
				Flags: append(append([]string{}, spec.Flags...), "-seed", fmt.Sprint(seed))}
			a := runGosymtest(b, w, s)
			if !a.ran() {
				runs.Status = fmt.Sprintf("seed %d: %s", seed, a.Status)
				break
			}
			runs.Percents = append(runs.Percents, a.percent())
			runs.Paths = append(runs.Paths, a.Paths)
			logCoverage(s.Name, a)
		}
		out = append(out, runs)
	}
	return out
}

// spread is the mean, least and most of xs (zeros for none).
func spread(xs []float64) (mean, lo, hi float64) {
	if len(xs) == 0 {
		return 0, 0, 0
	}
	lo, hi = xs[0], xs[0]
	for _, x := range xs {
		mean += x
		lo, hi = min(lo, x), max(hi, x)
	}
	return mean / float64(len(xs)), lo, hi
}

// meanPaths is the mean of paths (0 for none).
func meanPaths(paths []int64) float64 {
	if len(paths) == 0 {
		return 0
	}
	var sum int64
	for _, p := range paths {
		sum += p
	}
	return float64(sum) / float64(len(paths))
}

// ordersOf is a package's runs of the detector's arm and of the unpruned
// one; ok is false unless both ran on every seed.
func ordersOf(p pkgResult) (rse, none orderRuns, ok bool) {
	for _, r := range p.Orders {
		switch r.Arm {
		case armSpecs[0].Name:
			rse = r
		case armPruneNone:
			none = r
		}
	}
	ok = rse.Status == "" && none.Status == "" && len(rse.Percents) > 0 && len(rse.Percents) == len(none.Percents)
	return rse, none, ok
}

// ordersTable has a row per package run over the search orders: each
// arm's coverage as mean (least–most) and its mean paths, and the
// detector's mean minus the unpruned one's in percentage points, with the
// packages where that difference is negative counted at the foot.
func ordersTable(results []pkgResult) string {
	var b strings.Builder
	b.WriteString("| package | seeds | coverage rse: mean (least–most) | coverage none: mean (least–most) | rse − none (points) | paths rse / none (means) |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|\n")
	lower, n := 0, 0
	for _, p := range results {
		if len(p.Orders) == 0 {
			continue
		}
		rse, none, ok := ordersOf(p)
		if !ok {
			why := strings.TrimSpace(rse.Status + " " + none.Status)
			if why == "" {
				why = "an arm did not run"
			}
			fmt.Fprintf(&b, "| %s | n/a: %s | | | | |\n", p.Entry.Name, cell(why))
			continue
		}
		rm, rlo, rhi := spread(rse.Percents)
		nm, nlo, nhi := spread(none.Percents)
		diff := rm - nm
		n++
		mark := ""
		if diff < 0 {
			lower++
			mark = "**"
		}
		fmt.Fprintf(&b, "| %s | %d | %.1f%% (%.1f–%.1f) | %.1f%% (%.1f–%.1f) | %s%+.1f%s | %.0f / %.0f |\n",
			p.Entry.Name, len(rse.Percents), rm, rlo, rhi, nm, nlo, nhi, mark, diff, mark, meanPaths(rse.Paths), meanPaths(none.Paths))
	}
	fmt.Fprintf(&b, "| **lower with rse** | %d of %d packages | | | | |\n", lower, n)
	return b.String()
}

// writeOrdersSection writes the Pruning section's table over search
// orders, when the run had -orders.
func writeOrdersSection(w io.Writer, results []pkgResult, set settings) {
	if set.Orders == 0 {
		return
	}
	fmt.Fprintf(w, "### Coverage over search orders\n\n")
	fmt.Fprintf(w, "Which blocks a run reaches within its budget depends on the order its searcher picks states in, drawn from `-seed`, so one run per arm compares two draws. Here `%s` (rse) and `%s` (none) each ran %d times more, with `-seed 0` to `-seed %d` and otherwise the same flags (none of these runs has `-check-all-paths`). Coverage is that of each run's emitted tests, as elsewhere; `rse − none` compares the means, and a negative one (in bold) is a package where the detector covers less on average.\n\n",
		armSpecs[0].Name, armPruneNone, set.Orders, set.Orders-1)
	fmt.Fprintln(w, ordersTable(results))
}
