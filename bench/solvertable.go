package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	gsreport "github.com/gosymtest/gosymtest/report"
)

// The Solver section of RESULTS.md: the solver arms (solver.go) side by
// side, per package, on the solver-bench subjects and on the real
// packages (std and mod entries), with the solver chain's checks: the ordering
// GreenTrie ≤ KLEE-like ≤ exact ≤ none in Z3 calls on every subject, the
// pooled reduction of calls against the exact cache (target ≥ 45%), the
// total solver time with none over the whole chain on the real packages
// (target ≥ 3×) at equal coverage, and a rerun from the store.

// The solver chain's targets: what its layers must save to pay for
// themselves.
const (
	targetCallsCut  = 0.45 // fewer Z3 calls than the exact cache, pooled
	targetTimeRatio = 3.0  // solver time, none ÷ the whole chain, real packages
	bigRunQueries   = 1000 // a run this large must gain wall time
)

// Package groups of the Solver section.
const (
	groupSubject = "subjects"
	groupReal    = "real packages"
	groupFixture = "other fixtures"
)

// solverArmNames are the solver arms in armSpecs' order: none, exact,
// cex, green, store.
func solverArmNames() []string {
	var out []string
	for _, s := range armSpecs {
		if s.Solver {
			out = append(out, s.Name)
		}
	}
	return out
}

// orderedArms are the arms of the ordering check, fewest calls expected
// first: GreenTrie ≤ KLEE-like ≤ exact ≤ none.
var orderedArms = []string{armSolverGreen, armSolverCex, armSolverExact, armSolverNone}

// solverGroupOf puts a package in one of the section's groups.
func solverGroupOf(p pkgResult) string {
	switch {
	case p.Entry.Subject:
		return groupSubject
	case p.Entry.Kind == kindStd || p.Entry.Kind == kindMod:
		return groupReal
	}
	return groupFixture
}

// hasSolverArm tells whether any solver arm ran on the package.
func hasSolverArm(p pkgResult) bool {
	for _, name := range solverArmNames() {
		if _, ok := p.arm(name); ok {
			return true
		}
	}
	return false
}

// orderCheck is ✓ when the package's Z3 calls are ordered GreenTrie ≤
// KLEE-like ≤ exact ≤ none, ✗ when not, and n/a when one of those arms
// did not run.
func orderCheck(p pkgResult) string {
	var prev int64 = -1
	for _, name := range orderedArms {
		a, ok := p.arm(name)
		if !ok || p.Status != "" {
			return "n/a"
		}
		if a.Queries < prev {
			return "✗"
		}
		prev = a.Queries
	}
	return "✓"
}

// sameCoverage is ✓ when every solver arm that ran covered the same
// statements as the others, ✗ when not, n/a when fewer than two ran.
func sameCoverage(p pkgResult) string {
	n, covered := 0, -1
	same := true
	for _, name := range solverArmNames() {
		a, ok := p.arm(name)
		if !ok {
			continue
		}
		n++
		if covered >= 0 && a.Covered != covered {
			same = false
		}
		covered = a.Covered
	}
	switch {
	case n < 2:
		return "n/a"
	case same:
		return "✓"
	}
	return "✗"
}

// solverTable has one row per package of the group and solver arm: the
// coverage, the Z3 calls (-stats' solver_queries), Z3's time
// (solver_ms) and the part of it spent on unknown answers
// (solver_unknown_ms), the run's wall time, the calls over none's, and, for the
// rerun arm, its first run's figures; on each package's first row the
// ordering and coverage checks.
func solverTable(results []pkgResult, group string) string {
	var b strings.Builder
	b.WriteString("| package | arm | coverage | Z3 calls | solver ms | unknown ms | wall | calls ÷ none | first run (calls, solver ms, wall) | order | same cov |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|---:|---:|:-:|:-:|\n")
	for _, p := range results {
		if solverGroupOf(p) != group || !hasSolverArm(p) {
			continue
		}
		none, haveNone := p.arm(armSolverNone)
		checks := fmt.Sprintf(" %s | %s |", orderCheck(p), sameCoverage(p))
		for _, name := range solverArmNames() {
			a, present := p.armAny(name)
			if !present {
				continue
			}
			if !a.ran() {
				fmt.Fprintf(&b, "| %s | %s | n/a: %s | | | | | | |%s\n", p.Entry.Name, name, cell(a.Status), checks)
				checks = " | |"
				continue
			}
			vsNone := "n/a"
			if haveNone {
				vsNone = fmtRatio(ratio(float64(a.Queries), float64(none.Queries)))
			}
			first := " |"
			if a.First != nil {
				first = fmt.Sprintf(" %d, %d, %.1fs |", a.First.Queries, a.First.SolverMs, a.First.Wall.Seconds())
			}
			fmt.Fprintf(&b, "| %s | %s | %.1f%% (%d/%d) | %d | %d | %d | %.1fs | %s |%s%s\n",
				p.Entry.Name, name, a.percent(), a.Covered, a.Total, a.Queries, a.SolverMs, a.UnknownMs, a.Wall.Seconds(), vsNone, first, checks)
			checks = " | |"
		}
	}
	return b.String()
}

// pooled sums one figure of arms x and y over the group's packages where
// both ran, and counts those packages.
func pooled(results []pkgResult, group, x, y string, figure func(armResult) int64) (sumX, sumY int64, n int) {
	for _, p := range results {
		if solverGroupOf(p) != group || p.Status != "" {
			continue
		}
		a, ok1 := p.arm(x)
		c, ok2 := p.arm(y)
		if !ok1 || !ok2 {
			continue
		}
		sumX, sumY = sumX+figure(a), sumY+figure(c)
		n++
	}
	return sumX, sumY, n
}

// The figures pooled sums.
func z3Calls(a armResult) int64   { return a.Queries }
func solverMs(a armResult) int64  { return a.SolverMs }
func unknownMs(a armResult) int64 { return a.UnknownMs }

// mark is ✓ when ok, else ✗.
func mark(ok bool) string {
	if ok {
		return "✓"
	}
	return "✗"
}

// solverSummary states the solver chain's checks, one line each.
func solverSummary(results []pkgResult) []string {
	var out []string
	for _, group := range []string{groupSubject, groupReal} {
		held, checked := 0, 0
		var failed []string
		for _, p := range results {
			if solverGroupOf(p) != group {
				continue
			}
			switch orderCheck(p) {
			case "✓":
				held++
				checked++
			case "✗":
				checked++
				failed = append(failed, p.Entry.Name)
			}
		}
		if checked == 0 {
			continue
		}
		line := fmt.Sprintf("Ordering GreenTrie ≤ KLEE-like ≤ exact ≤ none in Z3 calls, %s: %s on %d of %d", group, mark(held == checked), held, checked)
		if len(failed) > 0 {
			line += " (✗: " + strings.Join(failed, ", ") + ")"
		}
		out = append(out, line+".")
	}
	for _, group := range []string{groupSubject, groupReal} {
		green, exact, n := pooled(results, group, armSolverGreen, armSolverExact, z3Calls)
		if n == 0 {
			continue
		}
		cut := 1 - ratio(float64(green), float64(exact))
		out = append(out, fmt.Sprintf("Z3 calls pooled over %d %s: %d with the whole chain against %d with the exact cache, %s fewer (target ≥ %.0f%%: %s).",
			n, group, green, exact, fmtPercent(cut), 100*targetCallsCut, mark(cut >= targetCallsCut)))
	}
	if none, green, n := pooled(results, groupReal, armSolverNone, armSolverGreen, solverMs); n > 0 {
		r := ratio(float64(none), float64(green))
		out = append(out, fmt.Sprintf("Solver time over %d real packages: %d ms with no layer ÷ %d ms with the whole chain = %s× (target ≥ %.0f×: %s), coverage equal on %s.",
			n, none, green, fmtRatio(r), targetTimeRatio, mark(r >= targetTimeRatio), countMarks(results, groupReal, sameCoverage)))
		if noneUnknown, greenUnknown, _ := pooled(results, groupReal, armSolverNone, armSolverGreen, unknownMs); noneUnknown+greenUnknown > 0 {
			out = append(out, fmt.Sprintf("Of that, Z3 spent %d ms (no layer) and %d ms (whole chain) on queries it answered unknown, mostly timeouts, which no layer reuses; on the rest: %d ms ÷ %d ms = %s×.",
				noneUnknown, greenUnknown, none-noneUnknown, green-greenUnknown, fmtRatio(ratio(float64(none-noneUnknown), float64(green-greenUnknown)))))
		}
	}
	big, gained := 0, 0
	for _, p := range results {
		none, ok1 := p.arm(armSolverNone)
		green, ok2 := p.arm(armSolverGreen)
		if !ok1 || !ok2 || p.Status != "" || none.Queries < bigRunQueries {
			continue
		}
		big++
		if green.Wall < none.Wall {
			gained++
		}
	}
	if big > 0 {
		out = append(out, fmt.Sprintf("Wall time on the %d packages with ≥ %d Z3 calls with no layer: the whole chain is faster on %d (%s).", big, bigRunQueries, gained, mark(gained == big)))
	}
	var first, second, firstMs, secondMs int64
	reruns := 0
	for _, p := range results {
		a, ok := p.arm(armSolverStore)
		if !ok || a.First == nil {
			continue
		}
		reruns++
		first, second, firstMs, secondMs = first+a.First.Queries, second+a.Queries, firstMs+a.First.SolverMs, secondMs+a.SolverMs
	}
	if reruns > 0 {
		out = append(out, fmt.Sprintf("Rerun from the store, over %d packages: %d Z3 calls and %d solver ms on the first run, %d calls and %d ms on the rerun.",
			reruns, first, firstMs, second, secondMs))
	}
	return out
}

// countMarks counts the group's packages where check is ✓, as "k of n"
// over those where it is not n/a.
func countMarks(results []pkgResult, group string, check func(pkgResult) string) string {
	ok, n := 0, 0
	for _, p := range results {
		if solverGroupOf(p) != group {
			continue
		}
		switch check(p) {
		case "✓":
			ok++
			n++
		case "✗":
			n++
		}
	}
	return fmt.Sprintf("%d of %d", ok, n)
}

// layerTable pools -stats' solver_layers per group, solver arm and layer:
// the queries that reached the layer, those it answered (hit %), and its
// time; a last row per arm is Z3 itself, which gets what no layer
// answered.
func layerTable(results []pkgResult) string {
	var b strings.Builder
	b.WriteString("| group | arm | layer | queries | answered | hit % | ms |\n")
	b.WriteString("|---|---|---|---:|---:|---:|---:|\n")
	for _, group := range []string{groupSubject, groupReal, groupFixture} {
		for _, name := range solverArmNames() {
			var layers []gsreport.LayerStats
			var calls, ms int64
			n := 0
			for _, p := range results {
				a, ok := p.arm(name)
				if !ok || solverGroupOf(p) != group {
					continue
				}
				n++
				layers = addLayerStats(layers, a.Layers)
				calls, ms = calls+a.Queries, ms+a.SolverMs
			}
			if n == 0 {
				continue
			}
			for _, l := range layers {
				fmt.Fprintf(&b, "| %s | %s | %s | %d | %d | %s | %d |\n", group, name, l.Name, l.Queries, l.Answered,
					fmtPercent(ratio(float64(l.Answered), float64(l.Queries))), l.Ms)
			}
			fmt.Fprintf(&b, "| %s | %s | (Z3) | %d | %d | | %d |\n", group, name, calls, calls, ms)
		}
	}
	return b.String()
}

// addLayerStats adds one run's layers into a total by name, keeping the
// chain's order (the first run's, then any new name at the end).
func addLayerStats(total, run []gsreport.LayerStats) []gsreport.LayerStats {
	for _, l := range run {
		i := 0
		for i < len(total) && total[i].Name != l.Name {
			i++
		}
		if i == len(total) {
			total = append(total, gsreport.LayerStats{Name: l.Name})
		}
		total[i].Queries += l.Queries
		total[i].Answered += l.Answered
		total[i].Ms += l.Ms
		total[i].Wrong += l.Wrong
	}
	return total
}

// groupHasSolverArm tells whether a solver arm ran on a package of the
// group.
func groupHasSolverArm(results []pkgResult, group string) bool {
	for _, p := range results {
		if solverGroupOf(p) == group && hasSolverArm(p) {
			return true
		}
	}
	return false
}

// anySolverArm tells whether a solver arm ran on any package.
func anySolverArm(results []pkgResult) bool {
	for _, p := range results {
		if hasSolverArm(p) {
			return true
		}
	}
	return false
}

// writeSolverSection writes RESULTS.md's Solver section; budget is the
// -budget the solver arms ran with, and orders the run's -orders.
func writeSolverSection(w io.Writer, results []pkgResult, budget time.Duration, orders int) {
	fmt.Fprintf(w, "## Solver chain\n\n")
	if !anySolverArm(results) {
		fmt.Fprintf(w, "The solver arms did not run: `go run ./bench -with solver` runs them (`-only '^sb-'` on the solver-bench subjects alone).\n\n")
		return
	}
	fmt.Fprintf(w, "The solver chain's layers, each arm a gosymtest run with `-solver-off`: `%s` (all: every query reaches Z3), `%s` (trie,cex,subst,narrow: fast paths, independence and the exact cache), `%s` (trie,subst,narrow: and KLEE's counterexample cache), `%s` (the whole chain, GreenTrie, substitution and the narrow layer included), and `%s`: the whole chain run twice with one `-store` directory, the second run reported (the first in its own column). Every gosymtest process has a fresh user cache directory, so that no answer leaks between arms. The budget is %s, so that `-max-work`, which the engine charges the same whoever answers, cuts the explorations, and every arm explores the same paths. `Z3 calls` are -stats' `solver_queries` (what no layer answered), `solver ms` its `solver_ms`, `unknown ms` the part of that spent on queries Z3 answered unknown (`solver_unknown_ms`: timeouts, which no layer reuses), `wall` the whole run's. `order`: GreenTrie ≤ KLEE-like ≤ exact ≤ none in Z3 calls; `same cov`: every solver arm covered the same statements. The subjects are the GreenTrie paper's programs (§7) ported to Go in testdata/solverbench; the real packages are the corpus' std and mod entries.\n\n",
		armSolverNone, armSolverExact, armSolverCex, armSolverGreen, armSolverStore, budget)
	for _, group := range []string{groupSubject, groupReal, groupFixture} {
		if !groupHasSolverArm(results, group) {
			continue
		}
		fmt.Fprintf(w, "### %s\n\n", strings.ToUpper(group[:1])+group[1:])
		fmt.Fprintln(w, solverTable(results, group))
	}
	for _, line := range append(solverSummary(results), clockCutLine(results, budget)) {
		fmt.Fprintf(w, "- %s\n", line)
	}
	fmt.Fprintf(w, "\n### Layers\n\nPooled per group and arm from -stats' `solver_layers`, outermost layer first: the queries that reached each layer, those it answered (`hit %%`), and its time; `(Z3)` gets what no layer answered.\n\n")
	fmt.Fprintln(w, layerTable(results))
	writeSolverOrders(w, results, orders)
}

// clockCutLine names the functions that a solver arm explored for its
// whole budget without finishing them. The clock, not -max-work, cut
// those, so the arms may have explored different paths there, and their
// calls and times there do not compare.
func clockCutLine(results []pkgResult, budget time.Duration) string {
	var cut []string
	for _, p := range results {
		byFunc := make(map[string][]string)
		var order []string
		for _, name := range solverArmNames() {
			a, ok := p.arm(name)
			if !ok {
				continue
			}
			for _, f := range a.Functions {
				if !outOfTime(f, budget) {
					continue
				}
				if byFunc[f.Name] == nil {
					order = append(order, f.Name)
				}
				byFunc[f.Name] = append(byFunc[f.Name], name)
			}
		}
		for _, fn := range order {
			cut = append(cut, fmt.Sprintf("%s %s (%s)", p.Entry.Name, fn, strings.Join(byFunc[fn], ", ")))
		}
	}
	if len(cut) == 0 {
		return "Cut by the clock: none; every solver arm's exploration finished or stopped on -max-work."
	}
	return "Cut by the clock, not by -max-work, so the arms' paths there may differ: " + strings.Join(cut, "; ") + "."
}

// layersCell is the CSV's solver_layers: name:queries/answered/ms per
// layer, separated by semicolons.
func layersCell(layers []gsreport.LayerStats) string {
	var parts []string
	for _, l := range layers {
		parts = append(parts, fmt.Sprintf("%s:%d/%d/%d", l.Name, l.Queries, l.Answered, l.Ms))
	}
	return strings.Join(parts, ";")
}

// firstCell is one figure of a rerun arm's first run, "" for other arms.
func firstCell(a armResult, figure func(runFigures) int64) string {
	if a.First == nil {
		return ""
	}
	return fmt.Sprint(figure(*a.First))
}
