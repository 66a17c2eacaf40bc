package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// report is everything one run measured.
type report struct {
	Settings settings
	Results  []pkgResult
	Started  time.Time
	Elapsed  time.Duration
	Machine  string
}

// The files written under the output directory, named in RESULTS.md.
const (
	csvName    = "bench.csv"
	curvesName = "curves.csv"
	plotName   = "coverage.png"
)

func writeOutputs(repoRoot, outDir, resultsMD string, rep report) error {
	dir := underRoot(repoRoot, outDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, csvName), func(w io.Writer) error { return writeCSV(w, rep.Results) }); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, curvesName), func(w io.Writer) error { return writeCurves(w, rep.Results) }); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, mutationName), func(w io.Writer) error { return writeMutationCSV(w, rep.Results) }); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, mutantsName), func(w io.Writer) error { return writeMutantsCSV(w, rep.Results) }); err != nil {
		return err
	}
	plotErr := writePlot(filepath.Join(dir, plotName), generalResults(rep.Results))
	if plotErr != nil {
		logf("plot: %v", plotErr)
	}
	md := underRoot(repoRoot, resultsMD)
	rel, _ := filepath.Rel(filepath.Dir(md), dir)
	if err := writeFile(md, func(w io.Writer) error { return writeMarkdown(w, rep, filepath.ToSlash(rel), plotErr == nil) }); err != nil {
		return err
	}
	if general := generalResults(rep.Results); len(general) > 0 {
		fmt.Println(ratioTable(general))
		fmt.Println(pruningTable(general))
		fmt.Println(ownTable(general))
		fmt.Println(ownSummary(general))
		if t := mutationTable(general); t != "" {
			fmt.Println(t)
			fmt.Println(mutationSummary(general))
		}
		fmt.Println(readabilityTable(general))
		fmt.Println(casesSummary(general))
		if t := seedsTable(general); t != "" {
			fmt.Println(t)
		}
	}
	if anySolverArm(rep.Results) {
		for _, group := range []string{groupSubject, groupReal, groupFixture} {
			if groupHasSolverArm(rep.Results, group) {
				fmt.Println(solverTable(rep.Results, group))
			}
		}
		fmt.Println(strings.Join(solverSummary(rep.Results), "\n"))
		fmt.Println()
		fmt.Println(layerTable(rep.Results))
	}
	logf("wrote %s, %s, %s, %s", md, filepath.Join(dir, csvName), filepath.Join(dir, curvesName), filepath.Join(dir, plotName))
	return nil
}

// underRoot resolves a relative path against the repository root, so
// that go run ./bench writes the same files from any directory.
func underRoot(root, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(root, p)
}

func writeFile(name string, fill func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := fill(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// generalResults are the packages of every table but the Solver
// section's: the solver-bench subjects left out.
func generalResults(results []pkgResult) []pkgResult {
	var out []pkgResult
	for _, p := range results {
		if !p.Entry.Subject {
			out = append(out, p)
		}
	}
	return out
}

// baselines are the arms gosymtest's default arm is divided by.
func baselines(results []pkgResult) []string {
	var names []string
	for _, s := range ratioSpecs()[1:] {
		names = append(names, s.Name)
	}
	return names
}

func (p pkgResult) arm(name string) (armResult, bool) {
	a, _ := p.armAny(name)
	return a, a.ran() && a.Arm != ""
}

// armAny is the arm by name whether it ran or not (then its Status says
// why), and whether the package has it at all.
func (p pkgResult) armAny(name string) (armResult, bool) {
	for _, a := range p.Arms {
		if a.Arm == name {
			return a, true
		}
	}
	return armResult{}, false
}

// ratios of gosymtest's default arm against one baseline: coverage
// (higher is better for gosymtest) and time to final coverage (lower is
// better).
func ratios(p pkgResult, base string) (cov, tm float64) {
	g, ok1 := p.arm(armSpecs[0].Name)
	b, ok2 := p.arm(base)
	if !ok1 || !ok2 || p.Status != "" {
		return math.NaN(), math.NaN()
	}
	return ratio(g.percent(), b.percent()), ratio(seconds(g.ToFinal), seconds(b.ToFinal))
}

func seconds(d time.Duration) float64 { return d.Seconds() }

// ratioTable is the headline: per package, coverage of every arm and
// gosymtest's ratios against each baseline, with a geometric-mean row.
func ratioTable(results []pkgResult) string {
	var b strings.Builder
	bases := baselines(results)
	specs := ratioSpecs()
	b.WriteString("| package | stmts |")
	for _, s := range specs {
		fmt.Fprintf(&b, " %s cov |", s.Name)
	}
	for _, base := range bases {
		fmt.Fprintf(&b, " cov ÷ %s | time ÷ %s |", base, base)
	}
	b.WriteString("\n|---|---:|")
	b.WriteString(strings.Repeat("---:|", len(specs)+2*len(bases)))
	b.WriteString("\n")
	covs := make([][]float64, len(bases))
	tms := make([][]float64, len(bases))
	for _, p := range results {
		total := ""
		if g, ok := p.arm(specs[0].Name); ok {
			total = fmt.Sprint(g.Total)
		}
		fmt.Fprintf(&b, "| %s | %s |", p.Entry.Name, total)
		for _, s := range specs {
			a, ok := p.arm(s.Name)
			if ok && p.Status == "" {
				fmt.Fprintf(&b, " %.1f%% |", a.percent())
			} else {
				b.WriteString(" n/a |")
			}
		}
		for i, base := range bases {
			c, t := ratios(p, base)
			covs[i], tms[i] = append(covs[i], c), append(tms[i], t)
			fmt.Fprintf(&b, " %s | %s |", fmtRatio(c), fmtRatio(t))
		}
		b.WriteString("\n")
	}
	b.WriteString("| **geomean** | |")
	b.WriteString(strings.Repeat(" |", len(specs)))
	for i := range bases {
		c, nc := geomean(covs[i])
		t, nt := geomean(tms[i])
		fmt.Fprintf(&b, " **%s** (n=%d) | **%s** (n=%d) |", fmtRatio(c), nc, fmtRatio(t), nt)
	}
	b.WriteString("\n")
	return b.String()
}

func fmtRatio(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", x)
}

// detailTable has every measure of every arm, and says why an arm did
// not run.
func detailTable(results []pkgResult) string {
	var b strings.Builder
	b.WriteString("| package | arm | coverage | to final | wall | paths | queries | solver ms | tests | dropped | dead stmts | skipped fns | worst overrun | peak RSS | notes |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n")
	for _, p := range results {
		if p.Status != "" {
			fmt.Fprintf(&b, "| %s | all | n/a | | | | | | | | | | | | %s |\n", p.Entry.Name, cell(p.Status))
			continue
		}
		for _, a := range p.Arms {
			if !a.ran() {
				fmt.Fprintf(&b, "| %s | %s | n/a | | | | | | | | | | | | %s |\n", p.Entry.Name, a.Arm, cell(a.Status))
				continue
			}
			sym := isGosymtestArm(a.Arm)
			num := func(x int64) string {
				if !sym {
					return ""
				}
				return fmt.Sprint(x)
			}
			fmt.Fprintf(&b, "| %s | %s | %.1f%% (%d/%d) | %.1fs | %.1fs | %s | %s | %s | %s | %s | %s | %s | %s | %d MB | %s |\n",
				p.Entry.Name, a.Arm, a.percent(), a.Covered, a.Total, a.ToFinal.Seconds(), a.Wall.Seconds(),
				num(a.Paths), num(a.Queries), num(a.SolverMs), num(a.Tests), num(a.Dropped), deadCell(a, sym), num(a.Skipped),
				overrunCell(a, sym), a.MaxRSSKB/1024, cell(a.Note))
		}
	}
	return b.String()
}

// isGosymtestArm tells whether the arm runs gosymtest, so that it has
// gosymtest's counters.
func isGosymtestArm(name string) bool {
	for _, s := range armSpecs {
		if s.Name == name {
			return s.Kind == armGosymtest
		}
	}
	return strings.HasPrefix(name, "gosymtest")
}

// deadCell shows the dead claims and, loudly, those another arm refuted.
func deadCell(a armResult, sym bool) string {
	if !sym {
		return ""
	}
	if a.DeadRefuted > 0 {
		return fmt.Sprintf("%d (**%d executed by another arm**)", a.Dead, a.DeadRefuted)
	}
	return fmt.Sprint(a.Dead)
}

// overrunMs is the worst overrun in milliseconds, or "" when the arm
// timed no function.
func overrunMs(a armResult) string {
	if a.WorstFunc == "" {
		return ""
	}
	return fmt.Sprint(a.WorstOverrun.Milliseconds())
}

// overrunCell is the worst overrun of -budget and the function that
// made it, for gosymtest arms.
func overrunCell(a armResult, sym bool) string {
	if !sym || a.WorstFunc == "" {
		return ""
	}
	return fmt.Sprintf("%+.2fs (%s)", a.WorstOverrun.Seconds(), cell(a.WorstFunc))
}

func cell(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "|", "\\|"), "\n", " ") }

var csvHeader = []string{"package", "kind", "source", "arm", "status", "covered", "total", "percent",
	"to_final_ms", "wall_ms", "paths", "pruned", "instructions", "functions_exhausted", "solver_queries", "solver_ms", "tests_emitted", "tests_dropped",
	"statements_dead", "dead_refuted", "functions_skipped", "max_rss_kb", "functions", "selected", "fuzzable", "disagreements", "passes", "reruns",
	"union_covered", "union_total", "note", "solver_layers", "first_solver_queries", "first_solver_ms", "first_wall_ms", "worst_overrun_ms", "worst_overrun_func"}

func writeCSV(w io.Writer, results []pkgResult) error {
	cw := csv.NewWriter(w)
	cw.Write(csvHeader)
	for _, p := range results {
		arms := p.Arms
		if p.Status != "" {
			arms = []armResult{{Arm: "all", Status: p.Status}}
		}
		for _, a := range arms {
			cw.Write([]string{p.Entry.Name, p.Entry.Kind, p.Entry.Source, a.Arm, a.Status,
				fmt.Sprint(a.Covered), fmt.Sprint(a.Total), fmt.Sprintf("%.2f", a.percent()),
				fmt.Sprint(a.ToFinal.Milliseconds()), fmt.Sprint(a.Wall.Milliseconds()),
				fmt.Sprint(a.Paths), fmt.Sprint(a.Pruned), fmt.Sprint(a.Instructions), fmt.Sprint(a.Exhausted), fmt.Sprint(a.Queries), fmt.Sprint(a.SolverMs), fmt.Sprint(a.Tests),
				fmt.Sprint(a.Dropped), fmt.Sprint(a.Dead), fmt.Sprint(a.DeadRefuted), fmt.Sprint(a.Skipped), fmt.Sprint(a.MaxRSSKB),
				fmt.Sprint(p.Funcs), fmt.Sprint(p.Selected), fmt.Sprint(p.Fuzzable),
				fmt.Sprint(len(a.Disagreements)), fmt.Sprint(a.Passes), fmt.Sprint(a.Reruns),
				fmt.Sprint(p.Union.Covered), fmt.Sprint(p.Union.Total), a.Note,
				layersCell(a.Layers), firstCell(a, func(f runFigures) int64 { return f.Queries }),
				firstCell(a, func(f runFigures) int64 { return f.SolverMs }),
				firstCell(a, func(f runFigures) int64 { return f.Wall.Milliseconds() }),
				overrunMs(a), a.WorstFunc})
		}
	}
	cw.Flush()
	return cw.Error()
}

// writeCurves writes the coverage-over-time samples the plot is drawn
// from, so other plots can be drawn without rerunning.
func writeCurves(w io.Writer, results []pkgResult) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"package", "arm", "ms", "percent"})
	for _, p := range results {
		for _, a := range p.Arms {
			for _, pt := range a.Curve {
				cw.Write([]string{p.Entry.Name, a.Arm, fmt.Sprint(pt.Ms), fmt.Sprintf("%.2f", pt.Percent)})
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// worst names the packages where gosymtest's coverage falls furthest
// below the better of the fuzzer and the humans, with gosymtest's own
// account of its gaps.
func worst(results []pkgResult, n int) []string {
	type row struct {
		name  string
		score float64
		text  string
	}
	var rows []row
	for _, p := range results {
		g, ok := p.arm(armSpecs[0].Name)
		if !ok || p.Status != "" {
			continue
		}
		best, bestArm := -1.0, ""
		for _, name := range []string{armFuzz, armHuman} {
			if a, ok := p.arm(name); ok && a.percent() > best {
				best, bestArm = a.percent(), name
			}
		}
		if bestArm == "" || best <= 0 || g.percent() >= best {
			continue // gosymtest is not behind here
		}
		rows = append(rows, row{p.Entry.Name, g.percent() / best, fmt.Sprintf("**%s**: gosymtest %.1f%% vs %s %.1f%% (%d of %d functions selected, %d skipped by gosymtest). %s",
			p.Entry.Name, g.percent(), bestArm, best, p.Selected, p.Funcs, g.Skipped, g.Note)})
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].score < rows[j].score })
	var out []string
	for i := 0; i < len(rows) && i < n; i++ {
		out = append(out, rows[i].text)
	}
	return out
}

func writeMarkdown(w io.Writer, rep report, outRel string, havePlot bool) error {
	s := rep.Settings
	// The solver-bench subjects are measured by the solver arms alone:
	// they have the Solver section and the CSV, no other table.
	general := generalResults(rep.Results)
	mode := "full"
	if s.Quick {
		mode = "quick (-quick)"
	}
	fmt.Fprintf(w, "# Benchmark results\n\n")
	fmt.Fprintf(w, "Regenerated by `go run ./bench` (`make bench`); do not edit by hand.\n\n")
	fmt.Fprintf(w, "- **Date:** %s (took %s)\n", rep.Started.Format("2006-01-02 15:04 MST"), rep.Elapsed.Round(time.Second))
	fmt.Fprintf(w, "- **Machine:** %s\n", rep.Machine)
	fmt.Fprintf(w, "- **Mode:** %s: gosymtest `-budget %s -max-work %d`, `-fuzztime %s` per function, at most %s functions per package, %d samples of the fuzz curve\n\n",
		mode, s.Budget, s.MaxWork, s.FuzzTime, capText(s.Cap), s.Samples)
	if len(general) == 0 {
		// A run on the solver-bench subjects alone (-only '^sb-'):
		// every other table would be empty.
		writeSolverSection(w, rep.Results, solverArmBudget(s.Budget), s.Orders)
		writeFilesSection(w, outRel, false)
		return nil
	}
	fmt.Fprintf(w, "## Ratios\n\n")
	fmt.Fprintf(w, "Coverage is statement coverage measured by `go test -coverprofile` on the tests each arm produced, over the same statements for every arm (the selected functions when a package is capped). `cov ÷ X` is gosymtest's coverage divided by arm X's (above 1: gosymtest covers more); `time ÷ X` divides the times to reach each arm's final coverage (below 1: gosymtest gets there sooner). n/a: an arm did not run (see why below) or its value is 0.\n\n")
	fmt.Fprintln(w, ratioTable(general))
	writePruningSection(w, general, s.Budget)
	writeOrdersSection(w, general, s)
	writeSolverSection(w, rep.Results, solverArmBudget(s.Budget), s.Orders)
	fmt.Fprintf(w, "## Against the packages' own tests\n\n")
	fmt.Fprintf(w, "Statement coverage by `go test -coverprofile` of gosymtest's emitted tests alone (`gosymtest cov`, the default arm), of the package's own tests (`own tests cov`), and of both together (`union cov`), over the same statements. `gen ÷ own` is the first over the second. `passes 3 runs`: the written file passed 3 separate `go test -count=1` runs. `disagreements`: cases whose inputs Go ran to a different outcome than the interpreter predicted (gosymtest runs with -check-all-paths, so every path's inputs also run natively); each was dropped from the file and is listed below.\n\n")
	fmt.Fprintln(w, ownTable(general))
	fmt.Fprintf(w, "%s\n\n", ownSummary(general))
	if ds := disagreementList(general); len(ds) > 0 {
		fmt.Fprintf(w, "### Interpreter/Go disagreements\n\n")
		for _, d := range ds {
			fmt.Fprintf(w, "- %s\n", cell(d))
		}
		fmt.Fprintln(w)
	}
	writeMutationSection(w, general)
	writeReadabilitySection(w, general)
	writeSeedsSection(w, general, s)
	fmt.Fprintf(w, "## Every measure\n\n")
	fmt.Fprintf(w, "`to final`: when the arm reached its final coverage (gosymtest: load time plus the explorations up to the `ms_to_cover` of the last function that added coverage; fuzz: when the last input was kept, fuzzing functions one after another; human: the `go test` run). `wall`: the arm's whole run (gosymtest including writing and validating its tests; fuzz: all `go test -fuzz` runs, not the replay). Paths to skipped functions come from gosymtest's `-stats` and `-report`; `dead stmts` is `-stats`' statements_dead, and counts in bold the statements of blocks the report claims dead (in the selected functions) that another arm's tests executed: wrong claims.\n\n")
	fmt.Fprintln(w, detailTable(general))
	if ws := worst(general, 3); len(ws) > 0 {
		fmt.Fprintf(w, "## Where gosymtest does worst\n\nPackages where gosymtest covers less than the better of the fuzzer and the package's own tests, worst first, with the reasons its -stats and -report give (skipped functions, and the reasons of uncovered blocks in the selected functions):\n\n")
		for i, s := range ws {
			fmt.Fprintf(w, "%d. %s\n", i+1, s)
		}
		fmt.Fprintln(w)
	}
	writeFilesSection(w, outRel, havePlot)
	return nil
}

// writeFilesSection lists the files written beside RESULTS.md.
func writeFilesSection(w io.Writer, outRel string, havePlot bool) {
	fmt.Fprintf(w, "## Files\n\n- [%s/%s](%s/%s): one row per package and arm\n- [%s/%s](%s/%s): the coverage curves' samples\n- [%s/%s](%s/%s): one row per package and gremlins run\n- [%s/%s](%s/%s): one row per mutant counted there, with its status in each run\n",
		outRel, csvName, outRel, csvName, outRel, curvesName, outRel, curvesName, outRel, mutationName, outRel, mutationName, outRel, mutantsName, outRel, mutantsName)
	if havePlot {
		fmt.Fprintf(w, "\n![coverage over time](%s/%s)\n", outRel, plotName)
	}
}

func capText(c int) string {
	if c <= 0 {
		return "all"
	}
	return fmt.Sprint(c)
}

func writeMutationSection(w io.Writer, results []pkgResult) {
	fmt.Fprintf(w, "## Mutation testing\n\n")
	t := mutationTable(results)
	if t == "" {
		fmt.Fprintf(w, "The mutation arm did not run: %s. `go run ./bench -with mutation` (`make bench-mutation`) runs it.\n\n", mutationStatus(results))
		return
	}
	fmt.Fprintf(w, "gremlins %s (`gremlins unleash`, its default mutators, `--timeout-coefficient %d`, `GOFLAGS=-count=1 -vet=off`) mutates each package's code and runs go test once per mutant, three times: with gosymtest's generated file alone (the default arm's file of this run), with the package's own tests alone, and with both (a name both declare is renamed in the generated file). Only the package's own files are mutated (not its internal/ tree), and of a capped package only the selected functions count. Efficacy is gremlins' own: killed ÷ (killed + lived); a mutant that made the tests run past %d× their unmutated time is timed out, counted apart and in neither. Not covered: no test of that set runs the mutated line. `union beats own`: the union kills more mutants than the own tests (by how many). The wall times are the cost of each gremlins run.\n\n",
		strings.TrimPrefix(gremlinsPackage[strings.LastIndexByte(gremlinsPackage, '@'):], "@"), gremlinsTimeoutCoefficient, gremlinsTimeoutCoefficient)
	fmt.Fprintln(w, t)
	fmt.Fprintf(w, "%s\n\n", mutationSummary(results))
}

func writeReadabilitySection(w io.Writer, results []pkgResult) {
	fmt.Fprintf(w, "## Readability of the generated files\n\n")
	fmt.Fprintf(w, "Counted on the default gosymtest arm's file by testgen.FileFigures. `string literals`: the distinct values of the string literals in the case tables' rows, the case names aside; `non-printable`: those that are not valid UTF-8 or hold a character that is neither printable nor tab, newline or carriage return (a NUL, a control byte, DEL, \\x80); target: at most %.0f%%. `numbered (…_N)`: case names that are another row's name of the same table and a number (returns_false_7 beside returns_false): named after a counter, not after the branch.\n\n", 100*literalTarget)
	fmt.Fprintf(w, "The case columns count the rows of the case tables (each share is of `cases`): `private state`, the cases whose inputs or expected results set an unexported field of a type of the package in a composite literal, at any depth (the file's own doubles aside; whether some function of the package returns that type is not counted, as it needs the package's types, which the file does not have); `panics`, the cases that expect a panic; `nil deref`, those whose expected message is a nil pointer dereference; `runtime error`, those whose message is the runtime's (\"runtime error: …\"), not a panic the package calls (a panic of unknown message counts in neither). `failure-only`: the tables whose every case panics or returns an error, a share of `tables`. A column's role is read from how the test's loop checks it, not from its name.\n\n")
	fmt.Fprintln(w, readabilityTable(results))
	fmt.Fprintf(w, "%s\n\n", readabilitySummary(results))
	fmt.Fprintf(w, "%s\n", casesSummary(results))
}

func writeSeedsSection(w io.Writer, results []pkgResult, s settings) {
	t := seedsTable(results)
	if t == "" {
		return
	}
	fmt.Fprintf(w, "## Fuzzing from gosymtest's seeds\n\n")
	fmt.Fprintf(w, "On the fixtures with hard guards (corpus tag `seeds`): the fuzz arm (`empty`: the wrappers' zero value as the only seed) against the fuzz-seeded arm (`seeded`: the same wrappers, seeded with the corpus `gosymtest %s` writes under testdata/fuzz), each function fuzzed for %s. Coverage of the fuzzed functions' statements (all that fuzzing can reach) by replay of the corpus kept by each time: at the start (the seeds alone), half way and at the end of the arm's fuzzing, with the time in parentheses; the arms' coverage of the whole package is in the table of every measure, and their curves in the curves CSV and the plot.\n\n", seedsFlag, s.FuzzTime)
	fmt.Fprintln(w, t)
}
