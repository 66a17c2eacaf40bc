package main

import (
	"fmt"
	"io"
	"strings"
)

// Coverage over search orders, for the detector's "coverage never
// lower".
// Under a clock budget, which blocks an exploration reaches depends on
// the order its searcher picks states in, and gosymtest draws that order
// from -seed. One run per arm sets one draw against another: at stop 29
// most of the functions where the detector seemed to lose coverage at
// 2 s had lost it to the draw, and the unpruned run lost as much on other
// seeds. With -orders N the bench runs the two arms of each pair of
// orderPairs that runs at all N times more each, with -seed 0 … N-1 and
// otherwise the same flags (and none with -check-all-paths, which only
// the default arm's main run has): the detector's arm and the unpruned
// one, whose table is in the Pruning section, and, with -with solver,
// the whole solver chain and no layer, whose table is in the Solver
// section. Each table sets the coverage of the pair's emitted tests side
// by side (the mean over the seeds, the least and the most), and their
// paths and solver times.

// orderRuns are one arm's runs over the search orders.
type orderRuns struct {
	Arm      string
	Percents []float64 // the coverage of each seed's emitted tests, by seed
	Paths    []int64
	SolverMs []int64 // each seed's time in Z3 (-stats' solver_ms)
	// UnknownMs is the part of SolverMs spent on queries Z3 answered
	// unknown: timeouts, which at the solver arms' long budget take a
	// quarter of it each.
	UnknownMs []int64
	// Status is why a run failed; the seeds before it are kept, and the
	// rest are not run.
	Status string
}

// orderPair is two arms set side by side over the search orders: an arm
// with something on (A) and the same arm with it off (B).
type orderPair struct {
	A, B           string // arm names
	LabelA, LabelB string // their short names in the table
}

// orderPairs are the pairs run over the search orders: the detector's
// arm (the default one) against the unpruned one, since pruning must not
// lower coverage, and the whole solver chain against no layer, since
// the solver's layers must answer "at equal coverage", which must hold at every seed: a layer answers with other
// models than Z3's, and what a model could steer (the runs to the end
// of cut paths) takes a canonical one, which the condition alone
// decides.
var orderPairs = []orderPair{
	{A: armSpecs[0].Name, B: armPruneNone, LabelA: "rse", LabelB: "none"},
	{A: armSolverGreen, B: armSolverNone, LabelA: "chain", LabelB: "no layer"},
}

// orderArms are the arms of orderPairs.
func orderArms() []armSpec {
	in := make(map[string]bool)
	for _, p := range orderPairs {
		in[p.A], in[p.B] = true, true
	}
	var out []armSpec
	for _, s := range armSpecs {
		if in[s.Name] {
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
			s := armSpec{Name: fmt.Sprintf("%s-seed%d", spec.Name, seed), Kind: armGosymtest, Order: true, Solver: spec.Solver,
				Flags: append(append([]string{}, spec.Flags...), "-seed", fmt.Sprint(seed))}
			a := runGosymtest(b, w, s)
			if !a.ran() {
				runs.Status = fmt.Sprintf("seed %d: %s", seed, a.Status)
				break
			}
			runs.Percents = append(runs.Percents, a.percent())
			runs.Paths = append(runs.Paths, a.Paths)
			runs.SolverMs = append(runs.SolverMs, a.SolverMs)
			runs.UnknownMs = append(runs.UnknownMs, a.UnknownMs)
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

// meanOf is the mean of xs (0 for none).
func meanOf(xs []int64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var sum int64
	for _, x := range xs {
		sum += x
	}
	return float64(sum) / float64(len(xs))
}

// ordersOf is a package's runs of the pair's two arms; ok is false
// unless both ran on every seed.
func ordersOf(p pkgResult, pair orderPair) (a, b orderRuns, ok bool) {
	for _, r := range p.Orders {
		switch r.Arm {
		case pair.A:
			a = r
		case pair.B:
			b = r
		}
	}
	ok = a.Status == "" && b.Status == "" && len(a.Percents) > 0 && len(a.Percents) == len(b.Percents)
	return a, b, ok
}

// hasOrders tells whether any package ran an arm of the pair over the
// search orders.
func hasOrders(results []pkgResult, pair orderPair) bool {
	for _, p := range results {
		for _, r := range p.Orders {
			if r.Arm == pair.A || r.Arm == pair.B {
				return true
			}
		}
	}
	return false
}

// ordersTable has a row per package run over the search orders with
// both arms of the pair: each arm's coverage as mean (least–most), A's
// mean minus B's in percentage points, and the mean paths and solver
// times. At the foot it counts the packages where that difference is
// negative, and pools the solver times of each seed over the packages.
func ordersTable(results []pkgResult, pair orderPair) string {
	var b strings.Builder
	la, lb := pair.LabelA, pair.LabelB
	fmt.Fprintf(&b, "| package | seeds | coverage %s: mean (least–most) | coverage %s: mean (least–most) | %s − %s (points) | paths %s / %s (means) | solver ms %s / %s (means) |\n", la, lb, la, lb, la, lb, la, lb)
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|\n")
	lower, n := 0, 0
	var pooled [2]seedSums // A's and B's, per seed, over the packages with every seed
	for _, p := range results {
		ra, rb, ok := ordersOf(p, pair)
		if !ok {
			if why := strings.TrimSpace(ra.Status + " " + rb.Status); why != "" || len(ra.Percents)+len(rb.Percents) > 0 {
				if why == "" {
					why = "an arm did not run"
				}
				fmt.Fprintf(&b, "| %s | n/a: %s | | | | | |\n", p.Entry.Name, cell(why))
			}
			continue
		}
		am, alo, ahi := spread(ra.Percents)
		bm, blo, bhi := spread(rb.Percents)
		diff := am - bm
		n++
		mark := ""
		if diff < 0 {
			lower++
			mark = "**"
		}
		fmt.Fprintf(&b, "| %s | %d | %.1f%% (%.1f–%.1f) | %.1f%% (%.1f–%.1f) | %s%+.1f%s | %.0f / %.0f | %.0f / %.0f |\n",
			p.Entry.Name, len(ra.Percents), am, alo, ahi, bm, blo, bhi, mark, diff, mark, meanOf(ra.Paths), meanOf(rb.Paths), meanOf(ra.SolverMs), meanOf(rb.SolverMs))
		if timed(ra) && timed(rb) {
			pooled[0].add(ra)
			pooled[1].add(rb)
		}
	}
	fmt.Fprintf(&b, "| **lower with %s** | %d of %d packages | | | | | |\n", la, lower, n)
	if len(pooled[0].all) > 0 {
		var all, known []string
		for i := range pooled[0].all {
			all = append(all, fmt.Sprintf("seed %d: %s", i, ratioText(pooled[1].all[i], pooled[0].all[i])))
			known = append(known, fmt.Sprintf("seed %d: %s", i, ratioText(pooled[1].known[i], pooled[0].known[i])))
		}
		fmt.Fprintf(&b, "| **solver ms %s ÷ %s, pooled** | %s | | | | | |\n", lb, la, strings.Join(all, "; "))
		fmt.Fprintf(&b, "| **the same without unknown answers** | %s | | | | | |\n", strings.Join(known, "; "))
	}
	return b.String()
}

// seedSums are solver times per seed, summed over packages: all of
// them, and those of the queries Z3 did not answer unknown.
type seedSums struct{ all, known []int64 }

// timed tells whether r has its solver times for every seed.
func timed(r orderRuns) bool {
	return len(r.SolverMs) == len(r.Percents) && len(r.UnknownMs) == len(r.Percents)
}

// add adds r's times, which are timed.
func (t *seedSums) add(r orderRuns) {
	for len(t.all) < len(r.SolverMs) {
		t.all, t.known = append(t.all, 0), append(t.known, 0)
	}
	for i, ms := range r.SolverMs {
		t.all[i] += ms
		t.known[i] += ms - r.UnknownMs[i]
	}
}

// ratioText is "x ÷ y = r×", or n/a when y is 0.
func ratioText(x, y int64) string {
	if y == 0 {
		return fmt.Sprintf("%d ÷ 0 = n/a", x)
	}
	return fmt.Sprintf("%d ÷ %d = %.2f×", x, y, float64(x)/float64(y))
}

// writeOrdersSection writes the Pruning section's table over search
// orders, when the run had -orders and ran the detector's pair.
func writeOrdersSection(w io.Writer, results []pkgResult, set settings) {
	pair := orderPairs[0]
	if set.Orders == 0 || !hasOrders(results, pair) {
		return
	}
	fmt.Fprintf(w, "### Coverage over search orders\n\n")
	fmt.Fprintf(w, "Which blocks a run reaches within its budget depends on the order its searcher picks states in, drawn from `-seed`, so one run per arm compares two draws. Here `%s` (rse) and `%s` (none) each ran %d times more, with `-seed 0` to `-seed %d` and otherwise the same flags (none of these runs has `-check-all-paths`). Coverage is that of each run's emitted tests, as elsewhere; `rse − none` compares the means, and a negative one (in bold) is a package where the detector covers less on average.\n\n",
		pair.A, pair.B, set.Orders, set.Orders-1)
	fmt.Fprintln(w, ordersTable(results, pair))
}

// writeSolverOrders writes the Solver section's table over search
// orders, when the run had -orders and ran the solver pair.
func writeSolverOrders(w io.Writer, results []pkgResult, orders int) {
	pair := orderPairs[1]
	if orders == 0 || !hasOrders(results, pair) {
		return
	}
	fmt.Fprintf(w, "### Coverage over search orders\n\n")
	fmt.Fprintf(w, "Cached answers come with other models than Z3's. What a model could steer, the run to the end of a cut path, takes a canonical model instead, which the path condition alone decides, so the two arms should cover the same statements at every seed. Here `%s` (chain) and `%s` (no layer) each ran %d times more, with `-seed 0` to `-seed %d` and otherwise the same flags. `chain − no layer` compares the mean coverage of the emitted tests; the foot pools each seed's solver time over the packages, and again without the queries Z3 answered unknown (timeouts, of a quarter of the solver arms' budget each).\n\n",
		pair.A, pair.B, orders, orders-1)
	fmt.Fprintln(w, ordersTable(results, pair))
}
