package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	gsreport "github.com/gosymtest/gosymtest/report"
)

// TestSolverArms checks the five solver arms: their -solver-off flags,
// opt-in and out of the ratio table, the store arm the only rerun, and
// -with solver naming exactly them.
func TestSolverArms(t *testing.T) {
	want := map[string]string{
		armSolverNone:  "-solver-off all",
		armSolverExact: "-solver-off trie,cex,subst,narrow",
		armSolverCex:   "-solver-off trie,subst,narrow",
		armSolverGreen: "",
		armSolverStore: "",
	}
	var solver []string
	for _, s := range armSpecs {
		if !s.Solver {
			if s.Rerun {
				t.Errorf("%s: a rerun arm that is not a solver arm", s.Name)
			}
			continue
		}
		solver = append(solver, s.Name)
		flags, ok := want[s.Name]
		if !ok {
			t.Errorf("unexpected solver arm %s", s.Name)
			continue
		}
		if got := strings.Join(s.Flags, " "); got != flags || s.Kind != armGosymtest || !s.OptIn || !s.Extra {
			t.Errorf("%s: kind %s, flags %q, opt-in %v, extra %v; want gosymtest, %q, opt-in, extra", s.Name, s.Kind, got, s.OptIn, s.Extra, flags)
		}
		if s.Rerun != (s.Name == armSolverStore) {
			t.Errorf("%s: rerun %v", s.Name, s.Rerun)
		}
	}
	if !slices.Equal(solver, []string{armSolverNone, armSolverExact, armSolverCex, armSolverGreen, armSolverStore}) {
		t.Errorf("solver arms %v, want none, exact, cex, green, store in that order", solver)
	}
	if !slices.Equal(solverArmNames(), solver) {
		t.Errorf("solverArmNames() = %v", solverArmNames())
	}
	with, err := parseArms("-with", "mutation, solver")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range append(solver, "mutation") {
		if !with[name] {
			t.Errorf("-with mutation,solver does not name %s", name)
		}
	}
	if len(with) != len(solver)+1 {
		t.Errorf("-with mutation,solver names %d arms, want %d", len(with), len(solver)+1)
	}
	b := &bench{skip: map[string]bool{}, with: map[string]bool{}}
	for _, s := range armSpecs {
		if s.Solver && !strings.Contains(b.notRun(s), "opt-in") {
			t.Errorf("%s runs without -with", s.Name)
		}
	}
}

// TestSolverSelected checks when the subjects join the corpus: when a
// solver arm runs, whether -with names it alone or with the others, and
// not when -skip leaves it out.
func TestSolverSelected(t *testing.T) {
	set := func(names ...string) map[string]bool {
		m := make(map[string]bool)
		for _, n := range names {
			m[n] = true
		}
		return m
	}
	for _, c := range []struct {
		skip, with map[string]bool
		want       bool
	}{
		{set(), set(), false},
		{set(), set("mutation"), false},
		{set(), set(armSolverGreen), true},
		{set(armSolverGreen), set(armSolverGreen), false},
		{set(armSolverNone), set(armSolverGreen, armSolverNone), true},
	} {
		if got := solverSelected(c.skip, c.with); got != c.want {
			t.Errorf("solverSelected(skip %v, with %v) = %v, want %v", c.skip, c.with, got, c.want)
		}
	}
}

// TestPickSubjects checks that the subjects are left out of a run
// without solver arms, even when -only names them, and kept with.
func TestPickSubjects(t *testing.T) {
	es := []entry{
		{Kind: kindFixture, Name: "demo", Source: "testdata/demo", Quick: true},
		{Kind: kindFixture, Name: "sb-tcas", Source: "testdata/solverbench/tcas", Subject: true},
		{Kind: kindStd, Name: "hex", Source: "encoding/hex"},
	}
	names := func(es []entry) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Name)
		}
		return out
	}
	if got, err := pick(es, false, "", false); err != nil || !slices.Equal(names(got), []string{"demo", "hex"}) {
		t.Errorf("without solver arms: %v, %v", names(got), err)
	}
	if got, err := pick(es, false, "", true); err != nil || !slices.Equal(names(got), []string{"demo", "sb-tcas", "hex"}) {
		t.Errorf("with solver arms: %v, %v", names(got), err)
	}
	if got, err := pick(es, false, "^sb-", true); err != nil || !slices.Equal(names(got), []string{"sb-tcas"}) {
		t.Errorf("-only '^sb-': %v, %v", names(got), err)
	}
	if _, err := pick(es, false, "^sb-", false); err == nil || !strings.Contains(err.Error(), "-with solver") {
		t.Errorf("subjects alone without solver arms: %v, want an error naming -with solver", err)
	}
}

// TestCorpusSubjects checks that the corpus lists the six subjects of the
// GreenTrie paper, each a package of testdata/solverbench that exists.
func TestCorpusSubjects(t *testing.T) {
	data, err := readFileString("corpus.txt")
	if err != nil {
		t.Fatal(err)
	}
	es, err := parseCorpus(strings.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range es {
		if !e.Subject {
			continue
		}
		got = append(got, e.Name)
		if e.Kind != kindFixture || !strings.HasPrefix(e.Source, "testdata/solverbench/") {
			t.Errorf("%s: %s %s, want a fixture of testdata/solverbench", e.Name, e.Kind, e.Source)
		}
		files, err := goFiles(filepath.Join("..", e.Source))
		if err != nil || len(files) == 0 {
			t.Errorf("%s: no Go files in %s (%v)", e.Name, e.Source, err)
		}
	}
	want := []string{"sb-tritype", "sb-euclid", "sb-tcas", "sb-bintree", "sb-binomialheap", "sb-treemap"}
	if !slices.Equal(got, want) {
		t.Errorf("subjects %v, want %v", got, want)
	}
	if es, err := parseCorpus(strings.NewReader("fixture x testdata/x subject quick\n")); err != nil || !es[0].Subject || !es[0].Quick {
		t.Errorf("tag subject not parsed: %+v, %v", es, err)
	}
}

// TestReadStatsLayers reads a -stats file as cmd/gosymtest writes it:
// the totals' solver_layers, and a file without layers (null).
func TestReadStatsLayers(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "stats.json")
	if err := writeFileString(name, `{"totals": {"paths": 9, "solver_queries": 40, "solver_ms": 230,
  "solver_layers": [
    {"name": "fast", "queries": 117, "answered": 20, "ms": 1},
    {"name": "indep", "queries": 97, "answered": 0, "ms": 3},
    {"name": "cache", "queries": 97, "answered": 50, "ms": 2, "wrong": 1}
  ]},
 "functions": [{"name": "Classify", "solver_queries": 40, "solver_layers": []}]}`); err != nil {
		t.Fatal(err)
	}
	st, err := readStats(name)
	if err != nil {
		t.Fatal(err)
	}
	want := []gsreport.LayerStats{{Name: "fast", Queries: 117, Answered: 20, Ms: 1}, {Name: "indep", Queries: 97, Answered: 0, Ms: 3}, {Name: "cache", Queries: 97, Answered: 50, Ms: 2, Wrong: 1}}
	if tot := st.Totals; tot.SolverQueries != 40 || tot.SolverMs != 230 || !slices.Equal(tot.SolverLayers, want) {
		t.Errorf("totals %+v, want 40 queries, 230 ms, layers %v", tot, want)
	}
	if err := writeFileString(name, `{"totals": {"solver_queries": 3, "solver_layers": null}}`); err != nil {
		t.Fatal(err)
	}
	if st, err := readStats(name); err != nil || st.Totals.SolverLayers != nil || st.Totals.SolverQueries != 3 {
		t.Errorf("no layers: %+v, %v", st.Totals, err)
	}
	if _, err := readStats(filepath.Join(dir, "missing.json")); err == nil {
		t.Error("a missing file read without error")
	}
}

// solverArm is a solver arm's result with the given calls and solver ms.
func solverArm(name string, calls, ms int64, covered int, wall time.Duration, layers ...gsreport.LayerStats) armResult {
	return armResult{Arm: name, Covered: covered, Total: 10, Queries: calls, SolverMs: ms, Wall: wall, Layers: layers}
}

// TestOrderCheck checks the ordering GreenTrie ≤ KLEE-like ≤ exact ≤
// none, ties allowed, and n/a when an arm is missing or did not run.
func TestOrderCheck(t *testing.T) {
	pkg := func(green, cex, exact, none int64) pkgResult {
		return pkgResult{Arms: []armResult{
			solverArm(armSolverNone, none, 0, 5, 0), solverArm(armSolverExact, exact, 0, 5, 0),
			solverArm(armSolverCex, cex, 0, 5, 0), solverArm(armSolverGreen, green, 0, 5, 0),
		}}
	}
	for _, c := range []struct {
		p    pkgResult
		want string
	}{
		{pkg(1, 2, 3, 4), "✓"},
		{pkg(3, 3, 3, 3), "✓"},
		{pkg(2, 1, 3, 4), "✗"}, // GreenTrie asked more than KLEE's cache
		{pkg(1, 2, 5, 4), "✗"}, // the exact cache asked more than none
		{pkg(1, 1, 1, 0), "✗"},
	} {
		if got := orderCheck(c.p); got != c.want {
			t.Errorf("orderCheck(%v) = %s, want %s", c.p.Arms, got, c.want)
		}
	}
	missing := pkg(1, 2, 3, 4)
	missing.Arms[2].Status = "flag not available: -solver-off trie"
	if got := orderCheck(missing); got != "n/a" {
		t.Errorf("an arm that did not run: %s, want n/a", got)
	}
	if got := orderCheck(pkgResult{Arms: missing.Arms[:3]}); got != "n/a" {
		t.Errorf("a missing arm: %s, want n/a", got)
	}
	diff := pkg(1, 2, 3, 4)
	diff.Arms[3].Covered = 6
	if sameCoverage(pkg(1, 2, 3, 4)) != "✓" || sameCoverage(diff) != "✗" || sameCoverage(pkgResult{Arms: diff.Arms[:1]}) != "n/a" {
		t.Errorf("sameCoverage: %s, %s", sameCoverage(pkg(1, 2, 3, 4)), sameCoverage(diff))
	}
}

// solverResults are a subject, two real packages and a fixture with the
// solver arms' figures; the std package's KLEE-like arm breaks the
// ordering.
func solverResults() []pkgResult {
	full := func(e entry, none, exact, cex, green, noneMs, greenMs int64, store *runFigures) pkgResult {
		s := solverArm(armSolverStore, green/10, greenMs/10, 5, time.Second)
		s.First = store
		return pkgResult{Entry: e, Arms: []armResult{
			solverArm(armSolverNone, none, noneMs, 5, 9*time.Second, gsreport.LayerStats{Name: "fast"}),
			solverArm(armSolverExact, exact, noneMs/2, 5, 5*time.Second, gsreport.LayerStats{Name: "fast", Queries: none, Answered: none - exact, Ms: 2}),
			solverArm(armSolverCex, cex, noneMs/3, 5, 4*time.Second, gsreport.LayerStats{Name: "fast", Queries: none, Answered: none - cex, Ms: 2}),
			solverArm(armSolverGreen, green, greenMs, 5, 3*time.Second,
				gsreport.LayerStats{Name: "fast", Queries: none, Answered: none / 2, Ms: 1}, gsreport.LayerStats{Name: "trie", Queries: none / 2, Answered: none/2 - green, Ms: 4}),
			s,
		}}
	}
	return []pkgResult{
		full(entry{Kind: kindFixture, Name: "sb-tcas", Subject: true}, 1000, 400, 300, 200, 900, 100, &runFigures{Queries: 200, SolverMs: 100, Wall: 3 * time.Second}),
		full(entry{Kind: kindStd, Name: "hex"}, 2000, 1000, 1200, 500, 4000, 1000, &runFigures{Queries: 500, SolverMs: 1000, Wall: 3 * time.Second}),
		full(entry{Kind: kindMod, Name: "uuid"}, 100, 100, 100, 100, 200, 100, nil),
		{Entry: entry{Kind: kindFixture, Name: "demo"}, Arms: []armResult{solverArm("gosymtest", 9, 9, 5, time.Second)}},
	}
}

// TestSolverTable checks the per-package rows: calls over none's, the
// rerun's first run, the checks on each package's first row, and that a
// package without solver arms has no row.
func TestSolverTable(t *testing.T) {
	rs := solverResults()
	rs[2].Arms[4] = armResult{Arm: armSolverStore, Status: "flag not available: -store"}
	rs[1].Arms[3].UnknownMs = 300
	sub := solverTable(rs, groupSubject)
	for _, want := range []string{
		"| sb-tcas | solver-none | 50.0% (5/10) | 1000 | 900 | 0 | 9.0s | 1.00 | | ✓ | ✓ |",
		"| sb-tcas | solver-exact | 50.0% (5/10) | 400 | 450 | 0 | 5.0s | 0.40 | | | |",
		"| sb-tcas | solver-green | 50.0% (5/10) | 200 | 100 | 0 | 3.0s | 0.20 | | | |",
		"| sb-tcas | solver-store | 50.0% (5/10) | 20 | 10 | 0 | 1.0s | 0.02 | 200, 100, 3.0s | | |",
	} {
		if !strings.Contains(sub, want) {
			t.Errorf("subjects' table lacks %q:\n%s", want, sub)
		}
	}
	if strings.Contains(sub, "hex") {
		t.Errorf("subjects' table has a real package:\n%s", sub)
	}
	real := solverTable(rs, groupReal)
	for _, want := range []string{
		"| hex | solver-none | 50.0% (5/10) | 2000 | 4000 | 0 | 9.0s | 1.00 | | ✗ | ✓ |",
		"| hex | solver-green | 50.0% (5/10) | 500 | 1000 | 300 | 3.0s | 0.25 | | | |",
		"| uuid | solver-store | n/a: flag not available: -store | | | | | | | | |",
	} {
		if !strings.Contains(real, want) {
			t.Errorf("real packages' table lacks %q:\n%s", want, real)
		}
	}
	if fix := solverTable(rs, groupFixture); strings.Contains(fix, "demo") {
		t.Errorf("a package without solver arms has a row:\n%s", fix)
	}
}

// TestSolverSummary checks the solver chain's figures: the ordering per group,
// the pooled cut in calls against the exact cache, the solver-time ratio
// on the real packages, the wall time of big runs and the rerun.
func TestSolverSummary(t *testing.T) {
	got := strings.Join(solverSummary(solverResults()), "\n")
	for _, want := range []string{
		"Ordering GreenTrie ≤ KLEE-like ≤ exact ≤ none in Z3 calls, subjects: ✓ on 1 of 1.",
		"Ordering GreenTrie ≤ KLEE-like ≤ exact ≤ none in Z3 calls, real packages: ✗ on 1 of 2 (✗: hex).",
		// 200 against 400: 50% fewer.
		"Z3 calls pooled over 1 subjects: 200 with the whole chain against 400 with the exact cache, 50.0% fewer (target ≥ 45%: ✓).",
		// 600 against 1100: 45.45% fewer.
		"Z3 calls pooled over 2 real packages: 600 with the whole chain against 1100 with the exact cache, 45.5% fewer (target ≥ 45%: ✓).",
		// 4200 ms ÷ 1100 ms.
		"Solver time over 2 real packages: 4200 ms with no layer ÷ 1100 ms with the whole chain = 3.82× (target ≥ 3×: ✓), coverage equal on 2 of 2.",
		"Wall time on the 2 packages with ≥ 1000 Z3 calls with no layer: the whole chain is faster on 2 (✓).",
		// sb-tcas and hex have a first run; uuid's store arm has none.
		"Rerun from the store, over 2 packages: 700 Z3 calls and 1100 solver ms on the first run, 70 calls and 110 ms on the rerun.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
	rs := solverResults()
	rs[1].Arms[3].SolverMs = 2000 // hex: 4200 ÷ 2100 = 2×
	rs[1].Arms[3].Wall = 10 * time.Second
	rs[1].Arms[3].Covered = 4
	got = strings.Join(solverSummary(rs), "\n")
	for _, want := range []string{
		"= 2.00× (target ≥ 3×: ✗), coverage equal on 1 of 2.",
		"the whole chain is faster on 1 (✗).",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "answered unknown") {
		t.Errorf("a summary with no unknown answers speaks of them:\n%s", got)
	}
	// With time spent on unknown answers, the ratio without it too:
	// hex 4200 − 1200 ms ÷ 2100 − 600 ms (uuid spent none).
	rs[1].Arms[0].UnknownMs, rs[1].Arms[3].UnknownMs = 1200, 600
	got = strings.Join(solverSummary(rs), "\n")
	if want := "Of that, Z3 spent 1200 ms (no layer) and 600 ms (whole chain) on queries it answered unknown, mostly timeouts, which no layer reuses; on the rest: 3000 ms ÷ 1500 ms = 2.00×."; !strings.Contains(got, want) {
		t.Errorf("summary lacks %q:\n%s", want, got)
	}
	if s := solverSummary(rs[3:]); len(s) != 0 {
		t.Errorf("a summary without solver arms: %v", s)
	}
}

// TestLayerTable checks the layers pooled per group and arm, with their
// hit rates, and the Z3 row that gets what no layer answered.
func TestLayerTable(t *testing.T) {
	tab := layerTable(solverResults())
	for _, want := range []string{
		"| subjects | solver-green | fast | 1000 | 500 | 50.0% | 1 |",
		"| subjects | solver-green | trie | 500 | 300 | 60.0% | 4 |",
		"| subjects | solver-green | (Z3) | 200 | 200 | | 100 |",
		"| subjects | solver-none | fast | 0 | 0 | n/a | 0 |",
		// hex and uuid pooled: fast 2000+100 in, 1000+50 answered.
		"| real packages | solver-green | fast | 2100 | 1050 | 50.0% | 2 |",
		"| real packages | solver-green | (Z3) | 600 | 600 | | 1100 |",
	} {
		if !strings.Contains(tab, want) {
			t.Errorf("layer table lacks %q:\n%s", want, tab)
		}
	}
	if strings.Contains(tab, "other fixtures") {
		t.Errorf("the layer table has a group without solver arms:\n%s", tab)
	}
	if got := layersCell([]gsreport.LayerStats{{Name: "fast", Queries: 3, Answered: 1, Ms: 2}, {Name: "trie", Queries: 2, Answered: 2, Ms: 5}}); got != "fast:3/1/2;trie:2/2/5" {
		t.Errorf("layersCell = %q", got)
	}
}

// TestWriteSolverSection checks the section: its tables and summary when
// solver arms ran, and how to run them when none did.
func TestWriteSolverSection(t *testing.T) {
	var b strings.Builder
	writeSolverSection(&b, solverResults(), time.Minute, 0)
	out := b.String()
	for _, want := range []string{"## Solver chain", "### Subjects", "### Real packages", "- Ordering", "### Layers", "| subjects | solver-green | trie |"} {
		if !strings.Contains(out, want) {
			t.Errorf("section lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "### Other fixtures") {
		t.Errorf("section has a group without solver arms:\n%s", out)
	}
	b.Reset()
	writeSolverSection(&b, solverResults()[3:], time.Minute, 0)
	if !strings.Contains(b.String(), "-with solver") {
		t.Errorf("no solver arm ran, and the section does not say how to run them:\n%s", b.String())
	}
}

// TestHermeticEnv checks that each gosymtest process gets a user cache
// directory of its own, fresh and empty, and the build cache the harness
// uses.
func TestHermeticEnv(t *testing.T) {
	parent := filepath.Join(t.TempDir(), "pkg")
	b := &bench{env: []string{"GOWORK=off"}, gocache: "/cache/go-build"}
	dirs := make(map[string]bool)
	for range 2 {
		env, err := b.hermeticEnv(parent)
		if err != nil {
			t.Fatal(err)
		}
		if env[0] != "GOWORK=off" || !slices.Contains(env, "GOCACHE=/cache/go-build") {
			t.Errorf("env %v lacks the harness's variables", env)
		}
		var xdg string
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, "XDG_CACHE_HOME="); ok {
				xdg = v
			}
		}
		ents, err := os.ReadDir(xdg)
		if xdg == "" || filepath.Dir(xdg) != parent || err != nil || len(ents) != 0 {
			t.Errorf("XDG_CACHE_HOME=%q: not a fresh directory under %s (%v, %d entries)", xdg, parent, err, len(ents))
		}
		dirs[xdg] = true
	}
	if len(dirs) != 2 {
		t.Errorf("two processes share a user cache directory: %v", dirs)
	}
	if len(b.env) != 1 {
		t.Errorf("hermeticEnv changed the harness's env: %v", b.env)
	}
}

// TestGeneralResults checks that the subjects stay out of the tables
// other than the Solver section.
func TestGeneralResults(t *testing.T) {
	var names []string
	for _, p := range generalResults(solverResults()) {
		names = append(names, p.Entry.Name)
	}
	if !slices.Equal(names, []string{"hex", "uuid", "demo"}) {
		t.Errorf("generalResults = %v", names)
	}
}

// TestMarkdownSubjectsAlone checks RESULTS.md after a run on the
// subjects alone: the Solver section and the files, no empty table of
// the other arms; and after a run with other packages, both.
func TestMarkdownSubjectsAlone(t *testing.T) {
	var b strings.Builder
	rep := report{Settings: fullSettings, Results: solverResults()[:1]}
	if err := writeMarkdown(&b, rep, "results", false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "## Solver chain") || !strings.Contains(out, "## Files") || strings.Contains(out, "## Ratios") {
		t.Errorf("subjects alone: want the Solver section and the files only:\n%s", out)
	}
	b.Reset()
	rep.Results = solverResults()
	if err := writeMarkdown(&b, rep, "results", false); err != nil {
		t.Fatal(err)
	}
	out = b.String()
	solver, rest := out[strings.Index(out, "## Solver chain"):], out[:strings.Index(out, "## Solver chain")]
	rest += solver[strings.Index(solver, "\n## "):]
	if !strings.Contains(out, "## Ratios") || !strings.Contains(solver, "| sb-tcas |") || strings.Contains(rest, "sb-tcas") {
		t.Errorf("with other packages: want every section, the subjects in the Solver section alone:\n%s", out)
	}
}

// TestFirstRunFake runs a rerun arm's first run with a fake gosymtest:
// it gets the args (the shared -store), a user cache directory of its
// own, a copy of the package that is removed afterwards, and its -stats
// figures are read; a run that writes no stats fails.
func TestFirstRunFake(t *testing.T) {
	root := t.TempDir()
	fake := filepath.Join(root, "gosymtest")
	script := `#!/bin/sh
echo "XDG=$XDG_CACHE_HOME ARGS=$* FILES=$(ls *.go)" >> "` + root + `/seen"
if [ -f "` + root + `/fail" ]; then echo "boom" >&2; exit 1; fi
echo '{"totals": {"solver_queries": 12, "solver_ms": 34, "solver_layers": [{"name": "trie", "queries": 20, "answered": 8, "ms": 5}]}}' > bench-stats.json
`
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(root, "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeFileString(filepath.Join(src, "p.go"), "package p\n"); err != nil {
		t.Fatal(err)
	}
	w := &pkgWork{Entry: entry{Kind: kindFixture, Name: "p"}, Src: source{Dir: src, GoMod: []byte("module bench.local/p\n")}, Dir: filepath.Join(root, "work")}
	b := &bench{gosymtest: fake, gocache: "/cache/go-build"}
	dir := filepath.Join(w.Dir, armSolverStore)
	args := []string{"-stats", "bench-stats.json", "-store", filepath.Join(w.Dir, "store"), "./"}
	for range 2 {
		got, err := firstRun(b, w, dir, args, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		want := runFigures{Queries: 12, SolverMs: 34, Wall: got.Wall, Layers: []gsreport.LayerStats{{Name: "trie", Queries: 20, Answered: 8, Ms: 5}}}
		if got.Queries != want.Queries || got.SolverMs != want.SolverMs || !slices.Equal(got.Layers, want.Layers) {
			t.Errorf("firstRun = %+v, want %+v", got, want)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("the first run's copy was left behind (%v)", err)
		}
	}
	seen, err := readFileString(filepath.Join(root, "seen"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(seen), "\n")
	if len(lines) != 2 {
		t.Fatalf("gosymtest ran %d times, want 2:\n%s", len(lines), seen)
	}
	xdg := make(map[string]bool)
	for _, l := range lines {
		x, rest, _ := strings.Cut(strings.TrimPrefix(l, "XDG="), " ")
		xdg[x] = true
		if !strings.HasPrefix(x, w.Dir+string(filepath.Separator)) || !strings.Contains(rest, "-store "+filepath.Join(w.Dir, "store")) || !strings.HasSuffix(rest, "FILES=p.go") {
			t.Errorf("a run of gosymtest got %q", l)
		}
	}
	if len(xdg) != 2 {
		t.Errorf("the two runs shared a user cache directory:\n%s", seen)
	}
	if err := writeFileString(filepath.Join(root, "fail"), ""); err != nil {
		t.Fatal(err)
	}
	if _, err := firstRun(b, w, dir, args, time.Minute); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("a failed first run: %v, want an error with gosymtest's stderr", err)
	}
}

// TestClockCutLine checks the line that names the functions a solver arm
// explored for its whole budget without finishing: only those, with the
// arms that ran out of time on each, and a plain "none" line otherwise.
func TestClockCutLine(t *testing.T) {
	rs := solverResults()
	if got, want := clockCutLine(rs, time.Minute), "Cut by the clock: none; every solver arm's exploration finished or stopped on -max-work."; got != want {
		t.Errorf("without functions: %q, want %q", got, want)
	}
	fns := func(wallMs int64) []gsreport.FunctionStats {
		return []gsreport.FunctionStats{
			{Name: "Slow", WallMs: wallMs},
			{Name: "Finished", WallMs: 70_000, Exhausted: true},
			{Name: "Skipped", WallMs: 70_000, SkippedReason: "unsupported"},
			{Name: "WorkCut", WallMs: 1_000},
		}
	}
	rs[1].Arms[0].Functions = fns(60_000) // none: out of time
	rs[1].Arms[1].Functions = fns(59_999) // exact: stopped on its work bound just in time
	rs[1].Arms[3].Functions = fns(61_000) // green: out of time
	want := "Cut by the clock, not by -max-work, so the arms' paths there may differ: hex Slow (solver-none, solver-green)."
	if got := clockCutLine(rs, time.Minute); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
