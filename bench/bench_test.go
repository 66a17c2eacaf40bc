package main

import (
	"math"
	"strings"
	"testing"
	"time"

	gsreport "github.com/gosymtest/gosymtest/report"
)

func TestParseCorpus(t *testing.T) {
	in := `# comment
fixture demo testdata/demo quick
std hex encoding/hex   # trailing comment
fixture g testdata/exec/basics seeds quick

mod uuid github.com/google/uuid@v1.6.0 quick
`
	got, err := parseCorpus(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []entry{
		{Kind: kindFixture, Name: "demo", Source: "testdata/demo", Quick: true},
		{Kind: kindStd, Name: "hex", Source: "encoding/hex"},
		{Kind: kindFixture, Name: "g", Source: "testdata/exec/basics", Quick: true, Seeds: true},
		{Kind: kindMod, Name: "uuid", Source: "github.com/google/uuid@v1.6.0", Quick: true},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d entries, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if p := got[3].modulePath(); p != "github.com/google/uuid" {
		t.Errorf("modulePath = %q", p)
	}
	if p := got[0].modulePath(); p != "" {
		t.Errorf("fixture modulePath = %q, want empty", p)
	}
}

func TestParseCorpusErrors(t *testing.T) {
	for _, in := range []string{
		"std hex",                 // too few fields
		"foo x y",                 // unknown kind
		"mod m github.com/a/b",    // no version
		"std Hex encoding/hex",    // bad name
		"std h a\nstd h b",        // duplicate
		"std h encoding/hex slow", // unknown tag
	} {
		if _, err := parseCorpus(strings.NewReader(in)); err == nil {
			t.Errorf("parseCorpus(%q) succeeded, want an error", in)
		}
	}
}

// The repository's own corpus file must parse and keep ≥ 15 real packages.
func TestCorpusFile(t *testing.T) {
	data, err := readFileString("corpus.txt")
	if err != nil {
		t.Fatal(err)
	}
	es, err := parseCorpus(strings.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	real := 0
	for _, e := range es {
		if e.Kind != kindFixture {
			real++
		}
	}
	if real < 15 {
		t.Errorf("corpus has %d real packages, want at least 15", real)
	}
}

const profA = `mode: set
bench.local/p/a.go:3.20,5.2 2 1
bench.local/p/a.go:5.2,7.3 1 0
bench.local/p/b.go:10.1,12.2 3 0
`

const profB = `mode: set
other/path/a.go:5.2,7.3 1 1
other/path/b.go:10.1,12.2 3 0
`

func TestProfileCoverageAndMerge(t *testing.T) {
	a, err := parseProfile(strings.NewReader(profA))
	if err != nil {
		t.Fatal(err)
	}
	if c, tot := a.coverage(nil); c != 2 || tot != 6 {
		t.Errorf("coverage = %d/%d, want 2/6", c, tot)
	}
	b, err := parseProfile(strings.NewReader(profB))
	if err != nil {
		t.Fatal(err)
	}
	// Blocks are matched by file base name: arms copy the package under
	// different directories.
	m := merge(a, b)
	if c, tot := m.coverage(nil); c != 3 || tot != 6 {
		t.Errorf("merged coverage = %d/%d, want 3/6", c, tot)
	}
	s := scope{{File: "a.go", Start: 1, End: 6}}
	if c, tot := m.coverage(s); c != 2 || tot != 2 {
		t.Errorf("scoped coverage = %d/%d, want 2/2", c, tot)
	}
	if _, err := parseProfile(strings.NewReader("mode: set\nnonsense\n")); err == nil {
		t.Error("parseProfile accepted a bad line")
	}
}

func TestCountModeProfile(t *testing.T) {
	p, err := parseProfile(strings.NewReader("mode: count\nx/a.go:1.1,2.2 4 7\nx/a.go:1.1,2.2 4 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c, tot := p.coverage(nil); c != 4 || tot != 4 {
		t.Errorf("coverage = %d/%d, want 4/4 (a repeated block is hit if any line hits it)", c, tot)
	}
}

func TestRatioAndGeomean(t *testing.T) {
	if r := ratio(1, 0); !math.IsNaN(r) {
		t.Errorf("ratio(1, 0) = %v, want NaN", r)
	}
	if r := ratio(3, 2); r != 1.5 {
		t.Errorf("ratio(3, 2) = %v", r)
	}
	g, n := geomean([]float64{2, 8, math.NaN(), 0})
	if n != 2 || math.Abs(g-4) > 1e-12 {
		t.Errorf("geomean = %v (n=%d), want 4 (n=2)", g, n)
	}
	if g, n := geomean(nil); n != 0 || !math.IsNaN(g) {
		t.Errorf("geomean(nil) = %v, %d", g, n)
	}
}

func TestRatioTable(t *testing.T) {
	arm := func(name string, cov, total int, toFinal time.Duration) armResult {
		return armResult{Arm: name, Covered: cov, Total: total, ToFinal: toFinal}
	}
	results := []pkgResult{
		{Entry: entry{Name: "p"}, Arms: []armResult{
			arm("gosymtest", 8, 10, 2*time.Second),
			{Arm: "gosymtest-no-incremental", Status: "flag not available: -no-incremental"},
			arm("fuzz", 4, 10, 4*time.Second),
			arm("human", 10, 10, time.Second),
		}},
		{Entry: entry{Name: "q"}, Arms: []armResult{
			arm("gosymtest", 5, 5, time.Second),
			{Arm: "gosymtest-no-incremental", Status: "flag not available: -no-incremental"},
			arm("fuzz", 5, 5, time.Second),
			{Arm: "human", Status: "the package has no tests of its own"},
		}},
	}
	tab := ratioTable(results)
	for _, want := range []string{
		"| p | 10 | 80.0% | n/a | n/a | 40.0% | 100.0% | n/a | n/a | n/a | n/a | 2.00 | 0.50 | 0.80 | 2.00 |",
		"| q | 5 | 100.0% | n/a | n/a | 100.0% | n/a | n/a | n/a | n/a | n/a | 1.00 | 1.00 | n/a | n/a |",
		"**1.41** (n=2) | **0.71** (n=2) | **0.80** (n=1) | **2.00** (n=1) |",
	} {
		if !strings.Contains(tab, want) {
			t.Errorf("table lacks %q:\n%s", want, tab)
		}
	}
	det := detailTable(results)
	if !strings.Contains(det, "flag not available: -no-incremental") || !strings.Contains(det, "no tests of its own") {
		t.Errorf("detail table does not say why arms did not run:\n%s", det)
	}
}

func TestRewriteImports(t *testing.T) {
	src := "package p_test\n\nimport (\n\t\"encoding/hex\"\n\t\"encoding/hexagon\"\n\tx \"encoding/hex/sub\"\n)\n\nvar s = \"encoding/hex\"\n"
	got, err := rewriteImports([]byte(src), "encoding/hex", "bench.local/hex")
	if err != nil {
		t.Fatal(err)
	}
	want := "package p_test\n\nimport (\n\t\"bench.local/hex\"\n\t\"encoding/hexagon\"\n\tx \"bench.local/hex/sub\"\n)\n\nvar s = \"encoding/hex\"\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestRenameModule(t *testing.T) {
	got := string(renameModule([]byte("module github.com/a/b\n\ngo 1.19\n\ntoolchain go1.22.1\n\nrequire x v1.0.0\n"), "bench.local/b"))
	for _, want := range []string{"module bench.local/b\n", "go " + scratchGoVersion + "\n", "require x v1.0.0"} {
		if !strings.Contains(got, want) {
			t.Errorf("renamed go.mod lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "toolchain") {
		t.Errorf("toolchain line kept:\n%s", got)
	}
}

func TestParsePackageAndFuzzFile(t *testing.T) {
	dir := t.TempDir()
	src := `package p

type Kind int
type Alias Kind
type Bytes []byte

func Add(a, b int, k Alias) int { return a + b + int(k) }
func Parse(s string, bs Bytes, r rune) bool {
	return s == string(bs) && r == 0
}
func Sum(xs []int) int { return 0 }
func Max[T int | string](a, b T) T { return a }
func (k Kind) String() string { return "" }
func NoArgs() {}
func Var(xs ...string) {}
`
	name := dir + "/p.go"
	if err := writeFileString(name, src); err != nil {
		t.Fatal(err)
	}
	ps, err := parsePackage([]string{name})
	if err != nil {
		t.Fatal(err)
	}
	fuzzable := map[string]bool{}
	for _, f := range ps.Funcs {
		fuzzable[f.Name] = f.Fuzz != nil
	}
	want := map[string]bool{"Add": true, "Parse": true, "Sum": false, "Max": false, "Kind.String": false, "NoArgs": false, "Var": false}
	for n, w := range want {
		if g, ok := fuzzable[n]; !ok || g != w {
			t.Errorf("fuzzable[%s] = %v (listed %v), want %v", n, g, ok, w)
		}
	}
	out := string(fuzzFile(ps.Name, ps.Funcs))
	for _, want := range []string{
		"func FuzzBench_Add(benchF *testing.F) {",
		"benchF.Add(0, 0, 0)",
		"benchF.Fuzz(func(benchT *testing.T, benchA0 int, benchA1 int, benchA2 int) {",
		"Add((int)(benchA0), (int)(benchA1), (Alias)(benchA2))",
		"benchF.Add(\"\", []byte{}, int32(0))",
		"Parse((string)(benchA0), (Bytes)(benchA1), (rune)(benchA2))",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("fuzz file lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "FuzzBench_Sum") || strings.Contains(out, "FuzzBench_Kind") {
		t.Errorf("fuzz file wraps an unfuzzable function:\n%s", out)
	}
}

func TestSelectAndRunPattern(t *testing.T) {
	fs := []funcDecl{{Name: "A"}, {Name: "T.M"}, {Name: "B", Fuzz: []fuzzParam{{"int", "int"}}}}
	sel := selectFuncs(fs, 2)
	if len(sel) != 2 || sel[0].Name != "B" || sel[1].Name != "A" {
		t.Errorf("selectFuncs = %+v, want B then A", sel)
	}
	if got := selectFuncs(fs, 0); len(got) != 3 {
		t.Errorf("cap 0 kept %d functions", len(got))
	}
	pat := runPattern(fs)
	for name, want := range map[string]bool{"A": true, "A[int]": true, "T.M": true, "T[string].M": true, "B": true, "AB": false, "T.MM": false} {
		if got := mustMatch(pat, name); got != want {
			t.Errorf("%s matches %q: %v, want %v", pat, name, got, want)
		}
	}
	for in, want := range map[string]string{"Max[int]": "Max", "Stack[string].Push": "Stack.Push", "F": "F", "M[map[string]int]": "M"} {
		if got := stripTypeArgs(in); got != want {
			t.Errorf("stripTypeArgs(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSampleTimes(t *testing.T) {
	got := sampleTimes(6*time.Second, 3)
	want := []time.Duration{2 * time.Second, 4 * time.Second, 6 * time.Second}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("sampleTimes = %v, want %v", got, want)
		}
	}
}

func TestBuildFailed(t *testing.T) {
	fail := ran{Err: errTest, Stdout: "FAIL\tbench.local/bufio [setup failed]\n"}
	if !buildFailed(fail) {
		t.Error("setup failure not recognised")
	}
	if buildFailed(ran{Err: errTest, Stdout: "--- FAIL: TestX\nFAIL\tbench.local/p\t0.1s\n"}) {
		t.Error("a failing test taken for a build failure")
	}
	if got := firstBuildError("# bench.local/bufio\nbufio_test.go:9:2: use of internal package internal/asan not allowed\n"); got != "use of internal package internal/asan not allowed" {
		t.Errorf("firstBuildError = %q", got)
	}
}

func TestDeadBlocksRefuted(t *testing.T) {
	g, _ := parseProfile(strings.NewReader("mode: set\nx/a.go:3.20,5.2 2 0\nx/a.go:5.2,7.3 1 0\nx/a.go:9.1,9.9 4 1\n"))
	other, _ := parseProfile(strings.NewReader("mode: set\ny/a.go:3.20,5.2 2 1\ny/a.go:5.2,7.3 1 0\n"))
	dead := deadBlocks([]string{"a.go:3:20", "a.go:5:2", "zzz", "a.go:99:1"}, g)
	if len(dead) != 2 {
		t.Fatalf("deadBlocks = %v, want the two blocks starting at 3:20 and 5:2", dead)
	}
	if n := refuted(dead, other); n != 2 {
		t.Errorf("refuted = %d, want 2", n)
	}
}

// The worst overrun of -budget is the slowest function's wall time less
// the budget, named, in the detail table; negative when every function
// ended within its budget.
func TestWorstOverrun(t *testing.T) {
	funcs := []gsreport.FunctionStats{{Name: "Quick", WallMs: 200}, {Name: "Slow", WallMs: 2_600}, {Name: "Mid", WallMs: 1_900}}
	over, name := worstOverrun(funcs, 2*time.Second)
	if over != 600*time.Millisecond || name != "Slow" {
		t.Errorf("worst overrun %v by %q, want 600ms by Slow", over, name)
	}
	if over, name := worstOverrun(funcs[:1], 2*time.Second); over != -1800*time.Millisecond || name != "Quick" {
		t.Errorf("one function within its budget: %v by %q, want -1.8s by Quick", over, name)
	}
	a := armResult{Arm: "gosymtest", Covered: 1, Total: 2, WorstOverrun: over, WorstFunc: name}
	det := detailTable([]pkgResult{{Entry: entry{Name: "p"}, Arms: []armResult{a}}})
	if !strings.Contains(det, "| +0.60s (Slow) |") {
		t.Errorf("detail table lacks the worst overrun:\n%s", det)
	}
}
