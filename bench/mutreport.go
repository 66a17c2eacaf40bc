package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strings"
	"time"
)

// mutationName is the mutation CSV, under the output directory;
// mutantsName lists each mutant counted there with its status per run,
// so that the mutants one set of tests leaves alive can be read.
const (
	mutationName = "mutation.csv"
	mutantsName  = "mutants.csv"
)

// mutationRuns names the three gremlins runs of a result, in table order.
func mutationRuns(m *mutationResult) []struct {
	Name string
	Run  mutationRun
} {
	return []struct {
		Name string
		Run  mutationRun
	}{{"generated", m.Gen}, {"own", m.Own}, {"union", m.Union}}
}

// mutationTable has one row per package the arm ran on: efficacy of
// each set of tests with its counts, the timed-out mutants apart,
// whether the union kills more than the own tests, and the cost; then a
// median row.
func mutationTable(results []pkgResult) string {
	var b strings.Builder
	b.WriteString("| package | mutants | generated | own | union | timed out (gen/own/union) | not covered (gen/own/union) | union beats own | wall (gen/own/union) | notes |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---|---:|---|\n")
	effs := make([][]float64, 3)
	rows := 0
	for _, p := range results {
		m := p.Mutation
		if !m.ran() {
			continue
		}
		rows++
		total := 0
		var cells, timed, uncovered, walls []string
		var notes []string
		for i, r := range mutationRuns(m) {
			if !r.Run.ran() {
				effs[i] = append(effs[i], math.NaN())
				cells, timed, uncovered, walls = append(cells, "n/a"), append(timed, "–"), append(uncovered, "–"), append(walls, "–")
				notes = append(notes, r.Name+": "+r.Run.Status)
				continue
			}
			t := r.Run.Tally
			total = max(total, t.Total())
			effs[i] = append(effs[i], t.efficacy())
			cells = append(cells, fmt.Sprintf("%s (%d/%d)", fmtPercent(t.efficacy()), t.Killed, t.Killed+t.Lived))
			timed = append(timed, fmt.Sprint(t.TimedOut))
			uncovered = append(uncovered, fmt.Sprint(t.NotCovered))
			walls = append(walls, fmt.Sprintf("%.0fs", r.Run.Wall.Seconds()))
		}
		beats := "n/a"
		if yes, known := m.unionBeatsOwn(); known {
			beats = fmt.Sprintf("no (+%d)", m.Union.Tally.Killed-m.Own.Tally.Killed)
			if yes {
				beats = fmt.Sprintf("yes (+%d)", m.Union.Tally.Killed-m.Own.Tally.Killed)
			}
		}
		if m.Note != "" {
			notes = append(notes, m.Note)
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |\n", p.Entry.Name, total, cells[0], cells[1], cells[2],
			strings.Join(timed, "/"), strings.Join(uncovered, "/"), beats, strings.Join(walls, "/"), cell(strings.Join(notes, "; ")))
	}
	if rows == 0 {
		return ""
	}
	b.WriteString("| **median** | |")
	for _, e := range effs {
		med, n := median(e)
		fmt.Fprintf(&b, " **%s** (n=%d) |", fmtPercent(med), n)
	}
	b.WriteString(" | | | | |\n")
	return b.String()
}

// mutationSummary is the headline: the generated tests' median efficacy
// against the own tests' (the target: at least as high, so that the
// generated tests are worth keeping beside them), and on
// how many packages the union kills more than the own tests. The target
// is judged on the packages where both were measured: the fixtures have
// no own tests, and their generated efficacy would lift the one median
// and not the other.
func mutationSummary(results []pkgResult) string {
	var gen, own, paired []float64
	beats, known := 0, 0
	for _, p := range results {
		m := p.Mutation
		if !m.ran() {
			continue
		}
		if m.Gen.ran() {
			gen = append(gen, m.Gen.Tally.efficacy())
		}
		if m.Own.ran() {
			own = append(own, m.Own.Tally.efficacy())
			if m.Gen.ran() {
				paired = append(paired, m.Gen.Tally.efficacy())
			}
		}
		if yes, ok := m.unionBeatsOwn(); ok {
			known++
			if yes {
				beats++
			}
		}
	}
	g, ng := median(gen)
	o, no := median(own)
	pg, np := median(paired)
	verdict := "n/a"
	if np > 0 && np == no {
		verdict = "not met"
		if pg >= o {
			verdict = "met"
		}
	}
	return fmt.Sprintf("median efficacy: generated **%s** (n=%d), own **%s** (n=%d); generated on the %d packages with own tests **%s**; target generated ≥ own there: **%s**; the union kills more mutants than the own tests on **%d of %d** packages",
		fmtPercent(g), ng, fmtPercent(o), no, np, fmtPercent(pg), verdict, beats, known)
}

// mutationStatus says why the arm has no table: the status every
// package shares, typically that the arm is opt-in.
func mutationStatus(results []pkgResult) string {
	for _, p := range results {
		if p.Mutation != nil && p.Mutation.Status != "" {
			return p.Mutation.Status
		}
	}
	return "no package was measured"
}

func fmtPercent(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

// writeMutationCSV writes one row per package and gremlins run.
func writeMutationCSV(w io.Writer, results []pkgResult) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"package", "tests", "status", "killed", "lived", "timed_out", "not_covered", "not_viable", "efficacy", "partial", "wall_ms"})
	for _, p := range results {
		m := p.Mutation
		if m == nil {
			continue
		}
		if m.Status != "" {
			cw.Write([]string{p.Entry.Name, "all", m.Status, "", "", "", "", "", "", "", ""})
			continue
		}
		for _, r := range mutationRuns(m) {
			t := r.Run.Tally
			eff := ""
			if e := t.efficacy(); !math.IsNaN(e) {
				eff = fmt.Sprintf("%.4f", e)
			}
			cw.Write([]string{p.Entry.Name, r.Name, r.Run.Status, fmt.Sprint(t.Killed), fmt.Sprint(t.Lived), fmt.Sprint(t.TimedOut),
				fmt.Sprint(t.NotCovered), fmt.Sprint(t.NotViable), eff, fmt.Sprint(r.Run.Partial), fmt.Sprint(r.Run.Wall.Milliseconds())})
		}
	}
	cw.Flush()
	return cw.Error()
}

// writeMutantsCSV writes one row per package, gremlins run and mutant
// counted: where it is, its mutator and what the run made of it.
func writeMutantsCSV(w io.Writer, results []pkgResult) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"package", "tests", "file", "line", "col", "mutator", "status"})
	for _, p := range results {
		if !p.Mutation.ran() {
			continue
		}
		for _, r := range mutationRuns(p.Mutation) {
			for _, m := range r.Run.Counted {
				cw.Write([]string{p.Entry.Name, r.Name, m.File, fmt.Sprint(m.Line), fmt.Sprint(m.Col), m.Type, m.Status})
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// logMutation logs a package's mutation runs as they finish.
func logMutation(m *mutationResult) {
	switch {
	case m == nil:
	case m.Status != "":
		logf("  %-26s not run: %s", "mutation", m.Status)
	default:
		for _, r := range mutationRuns(m) {
			if !r.Run.ran() {
				logf("  mutation, %-9s not run: %s", r.Name, r.Run.Status)
				continue
			}
			t := r.Run.Tally
			logf("  mutation, %-9s efficacy %s (killed %d, lived %d, timed out %d, not covered %d) in %v",
				r.Name, fmtPercent(t.efficacy()), t.Killed, t.Lived, t.TimedOut, t.NotCovered, r.Run.Wall.Round(time.Second))
		}
	}
}
