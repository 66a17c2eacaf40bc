package main

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// gremlinsJSON is the shape of gremlins v0.6.0's --output file.
const gremlinsJSON = `{"go_module":"bench.local/hex","test_efficacy":66.6,"mutants_total":3,"mutants_killed":2,"mutants_lived":1,
"files":[{"file_name":"hex.go","mutations":[
{"type":"CONDITIONALS_BOUNDARY","status":"KILLED","line":10,"column":7},
{"type":"CONDITIONALS_NEGATION","status":"LIVED","line":10,"column":7},
{"type":"CONDITIONALS_NEGATION","status":"TIMED OUT","line":30,"column":2},
{"type":"INCREMENT_DECREMENT","status":"NOT COVERED","line":50,"column":4}]},
{"file_name":"other.go","mutations":[{"type":"INVERT_NEGATIVES","status":"KILLED","line":3,"column":9}]}]}`

func TestParseGremlinsJSONAndTally(t *testing.T) {
	ms, err := parseGremlinsJSON([]byte(gremlinsJSON))
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 5 || ms[0] != (mutant{File: "hex.go", Line: 10, Col: 7, Type: "CONDITIONALS_BOUNDARY", Status: "KILLED"}) {
		t.Fatalf("parseGremlinsJSON = %+v", ms)
	}
	tl := tallyOf(ms)
	if tl != (tally{Killed: 2, Lived: 1, TimedOut: 1, NotCovered: 1}) || tl.Total() != 5 {
		t.Errorf("tally = %+v", tl)
	}
	// gremlins' efficacy: timed-out mutants are in neither count.
	if e := tl.efficacy(); math.Abs(e-2.0/3) > 1e-12 {
		t.Errorf("efficacy = %v, want 2/3", e)
	}
	if e := (tally{NotCovered: 4}).efficacy(); !math.IsNaN(e) {
		t.Errorf("efficacy with nothing covered = %v, want NaN", e)
	}
	if _, err := parseGremlinsJSON([]byte("{")); err == nil {
		t.Error("bad JSON accepted")
	}
}

func TestParseGremlinsLog(t *testing.T) {
	log := "Gathering coverage... done in 1.2s\n" +
		"      KILLED CONDITIONALS_BOUNDARY at hex.go:256:7\n" +
		"\x1b[31m       LIVED\x1b[0m INCREMENT_DECREMENT at hex.go:304:4\n" +
		"   TIMED OUT INCREMENT_DECREMENT at hex.go:347:9\n" +
		" NOT COVERED CONDITIONALS_NEGATION at sub/x.go:25:70\n" +
		"Killed: 59, Lived: 15, Not covered: 16\n"
	ms := parseGremlinsLog(log)
	want := []mutant{
		{"hex.go", 256, 7, "CONDITIONALS_BOUNDARY", "KILLED"},
		{"hex.go", 304, 4, "INCREMENT_DECREMENT", "LIVED"},
		{"hex.go", 347, 9, "INCREMENT_DECREMENT", "TIMED OUT"},
		{"x.go", 25, 70, "CONDITIONALS_NEGATION", "NOT COVERED"},
	}
	if len(ms) != len(want) {
		t.Fatalf("parseGremlinsLog = %+v, want %+v", ms, want)
	}
	for i := range want {
		if ms[i] != want[i] {
			t.Errorf("mutant %d = %+v, want %+v", i, ms[i], want[i])
		}
	}
}

func mk(file string, line int, status string) mutant {
	return mutant{File: file, Line: line, Col: 1, Type: "CONDITIONALS_NEGATION", Status: status}
}

// Mutants outside the scope (the selected functions) are not counted,
// and when one run was cut short, all are counted over the mutants
// every run decided.
func TestCountMutants(t *testing.T) {
	res := &mutationResult{
		Gen:   mutationRun{mutants: []mutant{mk("a.go", 2, "KILLED"), mk("a.go", 3, "LIVED"), mk("a.go", 20, "KILLED")}},
		Own:   mutationRun{mutants: []mutant{mk("a.go", 2, "KILLED"), mk("a.go", 3, "KILLED"), mk("a.go", 20, "LIVED")}},
		Union: mutationRun{Status: "gremlins failed"},
	}
	countMutants(res, scope{{File: "a.go", Start: 1, End: 10}})
	if res.Gen.Tally != (tally{Killed: 1, Lived: 1}) || res.Own.Tally != (tally{Killed: 2}) {
		t.Errorf("scoped tallies: gen %+v, own %+v", res.Gen.Tally, res.Own.Tally)
	}
	if _, known := res.unionBeatsOwn(); known {
		t.Error("union compared although it did not run")
	}
	var csvOut strings.Builder
	if err := writeMutantsCSV(&csvOut, []pkgResult{{Entry: entry{Name: "p"}, Mutation: res}}); err != nil {
		t.Fatal(err)
	}
	wantCSV := "package,tests,file,line,col,mutator,status\n" +
		"p,generated,a.go,2,1,CONDITIONALS_NEGATION,KILLED\np,generated,a.go,3,1,CONDITIONALS_NEGATION,LIVED\n" +
		"p,own,a.go,2,1,CONDITIONALS_NEGATION,KILLED\np,own,a.go,3,1,CONDITIONALS_NEGATION,KILLED\n"
	if csvOut.String() != wantCSV {
		t.Errorf("mutants.csv, the scoped mutants only:\n%s\nwant\n%s", csvOut.String(), wantCSV)
	}

	res = &mutationResult{
		Gen:   mutationRun{mutants: []mutant{mk("a.go", 2, "KILLED"), mk("a.go", 3, "LIVED"), mk("a.go", 4, "LIVED")}},
		Own:   mutationRun{Partial: true, mutants: []mutant{mk("a.go", 2, "LIVED"), mk("a.go", 3, "LIVED")}},
		Union: mutationRun{mutants: []mutant{mk("a.go", 2, "KILLED"), mk("a.go", 3, "KILLED"), mk("a.go", 4, "LIVED")}},
	}
	countMutants(res, nil)
	if res.Gen.Tally != (tally{Killed: 1, Lived: 1}) || res.Own.Tally != (tally{Lived: 2}) || res.Union.Tally != (tally{Killed: 2}) {
		t.Errorf("partial tallies: gen %+v, own %+v, union %+v", res.Gen.Tally, res.Own.Tally, res.Union.Tally)
	}
	if !strings.Contains(res.Note, "time limit") {
		t.Errorf("note %q does not say a run was cut short", res.Note)
	}
	if beats, known := res.unionBeatsOwn(); !known || !beats {
		t.Errorf("unionBeatsOwn = %v, %v; want true, true", beats, known)
	}
}

func TestExcludePattern(t *testing.T) {
	w := &pkgWork{Pkg: &pkgSource{Files: []string{"a.go", "b.go", "c.go"}}}
	if got := excludePattern(w); got != "/" {
		t.Errorf("uncapped pattern = %q, want only subdirectories out", got)
	}
	w.Scope = scope{{File: "b.go", Start: 1, End: 5}}
	pat := excludePattern(w)
	for path, want := range map[string]bool{"a.go": true, "b.go": false, "c.go": true, "internal/x.go": true, "ab.go": false} {
		if got := mustMatch(pat, path); got != want {
			t.Errorf("%q excludes %s: %v, want %v", pat, path, got, want)
		}
	}
}

func TestRenameCollisions(t *testing.T) {
	dir := t.TempDir()
	own := "package p\n\nimport \"testing\"\n\nfunc TestDecode(t *testing.T) {}\n\nfunc errText(err error) string { return \"\" }\n\nvar tests = 1\n"
	ext := "package p_test\n\nimport \"testing\"\n\nfunc TestEncode(t *testing.T) {}\n"
	if err := os.WriteFile(filepath.Join(dir, "own_test.go"), []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ext_test.go"), []byte(ext), 0o644); err != nil {
		t.Fatal(err)
	}
	gen := `// Code generated by gosymtest. DO NOT EDIT.

package p

import "testing"

func TestDecode(t *testing.T) {
	tests := []struct {
		name    string
		errText string
	}{
		{name: "a", errText: "x"},
	}
	for _, tt := range tests {
		_ = errText(nil) + tt.errText
	}
}

func TestEncode(t *testing.T) {}

// errText is err's message.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
`
	out, renamed, err := renameCollisions([]byte(gen), dir)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(renamed, ",") != "TestDecode,errText" {
		t.Errorf("renamed = %v, want TestDecode and errText (TestEncode is in p_test, tests is local)", renamed)
	}
	got := string(out)
	for _, want := range []string{
		"func TestDecode_gosymtest(t *testing.T) {",
		"_ = errText_gosymtest(nil) + tt.errText",
		"{name: \"a\", errText: \"x\"}",
		"errText string",
		"func errText_gosymtest(err error) string {",
		"func TestEncode(t *testing.T) {}",
		"// errText is err's message.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("renamed file lacks %q:\n%s", want, got)
		}
	}
	// Nothing to rename: the file comes back as it was.
	os.Remove(filepath.Join(dir, "own_test.go"))
	same, renamed, err := renameCollisions([]byte(gen), dir)
	if err != nil || len(renamed) != 0 || string(same) != gen {
		t.Errorf("renameCollisions without collisions changed the file (renamed %v, err %v)", renamed, err)
	}
	// An external test file that dot-imports p sees the internal file's
	// TestEncode (unicode/utf8's own tests do this).
	dot := "package p_test\n\nimport (\n\t\"testing\"\n\n\t. \"example.com/p\"\n)\n\nfunc TestEncode(t *testing.T) { _ = Encode }\n"
	if err := os.WriteFile(filepath.Join(dir, "ext_test.go"), []byte(dot), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, renamed, err := renameCollisions([]byte(gen), dir); err != nil || strings.Join(renamed, ",") != "TestEncode" {
		t.Errorf("with a dot-importing p_test: renamed %v (err %v), want TestEncode", renamed, err)
	}
	// And an external generated file that dot-imports p sees the
	// internal test files' names; without the dot import it does not.
	if err := os.WriteFile(filepath.Join(dir, "own_test.go"), []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	extGen := "package p_test\n\nimport (\n\t\"testing\"\n\n\t. \"example.com/p\"\n)\n\nfunc TestDecode(t *testing.T) { _ = Decode }\n"
	if _, renamed, err := renameCollisions([]byte(extGen), dir); err != nil || strings.Join(renamed, ",") != "TestDecode" {
		t.Errorf("a dot-importing generated p_test: renamed %v (err %v), want TestDecode", renamed, err)
	}
	plain := strings.Replace(extGen, "\t. \"example.com/p\"", "\t\"example.com/p\"", 1)
	plain = strings.Replace(plain, "_ = Decode", "_ = p.Decode", 1)
	if _, renamed, err := renameCollisions([]byte(plain), dir); err != nil || strings.Contains(strings.Join(renamed, ","), "TestDecode") {
		t.Errorf("a generated p_test without a dot import: renamed %v (err %v), want no TestDecode", renamed, err)
	}
}

func TestMutationTable(t *testing.T) {
	run := func(k, l, to, nc int, wall time.Duration) mutationRun {
		return mutationRun{Wall: wall, Tally: tally{Killed: k, Lived: l, TimedOut: to, NotCovered: nc}}
	}
	results := []pkgResult{
		{Entry: entry{Name: "p"}, Mutation: &mutationResult{
			Gen: run(11, 12, 0, 5, 10*time.Second), Own: run(20, 3, 1, 4, 30*time.Second), Union: run(22, 2, 1, 3, 40*time.Second)}},
		{Entry: entry{Name: "q"}, Mutation: &mutationResult{
			Gen: run(9, 1, 0, 0, time.Second), Own: run(8, 2, 0, 0, time.Second), Union: run(8, 2, 0, 0, time.Second)}},
		{Entry: entry{Name: "r"}, Mutation: &mutationResult{
			Gen: run(4, 0, 0, 0, time.Second), Own: mutationRun{Status: "the package has no tests of its own"},
			Union: mutationRun{Status: "no own tests: the union is the generated tests"}}},
		{Entry: entry{Name: "s"}, Mutation: &mutationResult{Status: "no generated test file"}},
	}
	tab := mutationTable(results)
	for _, want := range []string{
		"| p | 28 | 47.8% (11/23) | 87.0% (20/23) | 91.7% (22/24) | 0/1/1 | 5/4/3 | yes (+2) | 10s/30s/40s |",
		"| q | 10 | 90.0% (9/10) | 80.0% (8/10) | 80.0% (8/10) | 0/0/0 | 0/0/0 | no (+0) |",
		"| r | 4 | 100.0% (4/4) | n/a | n/a |",
		"| **median** | | **90.0%** (n=3) | **83.5%** (n=2) | **85.8%** (n=2) |",
	} {
		if !strings.Contains(tab, want) {
			t.Errorf("table lacks %q:\n%s", want, tab)
		}
	}
	if strings.Contains(tab, "| s |") {
		t.Errorf("a package the arm did not run on has a row:\n%s", tab)
	}
	sum := mutationSummary(results)
	// r, with no own tests, lifts the generated median above the own
	// tests'; on the packages with both, the generated tests are weaker.
	for _, want := range []string{"generated **90.0%** (n=3)", "own **83.5%** (n=2)", "on the 2 packages with own tests **68.9%**", "**not met**", "**1 of 2** packages"} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q: %s", want, sum)
		}
	}
	off := []pkgResult{{Entry: entry{Name: "p"}, Mutation: &mutationResult{Status: "not run: opt-in (-with mutation)"}}}
	if mutationTable(off) != "" || mutationStatus(off) != "not run: opt-in (-with mutation)" {
		t.Errorf("an arm that never ran: table %q, status %q", mutationTable(off), mutationStatus(off))
	}
}

func TestNotRun(t *testing.T) {
	b := &bench{skip: map[string]bool{"fuzz": true}, with: map[string]bool{}}
	byName := func(name string) armSpec {
		for _, s := range armSpecs {
			if s.Name == name {
				return s
			}
		}
		t.Fatalf("no arm %s", name)
		return armSpec{}
	}
	if b.notRun(byName("fuzz")) == "" || b.notRun(byName("gosymtest")) != "" {
		t.Error("-skip not honoured")
	}
	if !strings.Contains(b.notRun(byName("mutation")), "opt-in") {
		t.Error("the mutation arm runs without -with")
	}
	b.with["mutation"] = true
	if b.notRun(byName("mutation")) != "" {
		t.Error("-with mutation does not run the mutation arm")
	}
	for _, s := range ratioSpecs() {
		if s.Extra {
			t.Errorf("ratio table has the extra arm %s", s.Name)
		}
	}
}

// runGremlins runs gremlins with GOFLAGS=-count=1 (a cached first run
// would time out every mutant), its temporary directory outside the
// copy, and reads its --output file; a run that writes none failed.
func TestRunGremlinsFake(t *testing.T) {
	root := t.TempDir()
	fake := filepath.Join(root, "gremlins")
	script := `#!/bin/sh
echo "GOFLAGS=$GOFLAGS" > "` + root + `/seen"
echo "TMPDIR=$TMPDIR" >> "` + root + `/seen"
echo "ARGS=$*" >> "` + root + `/seen"
out=""
while [ $# -gt 0 ]; do
	if [ "$1" = "--output" ]; then out="$2"; fi
	shift
done
if [ -f fail ]; then echo "FAIL bench.local/p [build failed]" >&2; exit 1; fi
cat > "$out" <<'JSON'
` + gremlinsJSON + `
JSON
`
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "copy")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	b := &bench{env: []string{"GOFLAGS=-mod=mod"}, set: settings{MutTimeout: time.Minute, MutWorkers: 1}}
	run := runGremlins(b, fake, dir, "/")
	if !run.ran() || run.Partial || len(run.mutants) != 5 {
		t.Fatalf("runGremlins = %+v", run)
	}
	seen, err := os.ReadFile(filepath.Join(root, "seen"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"-count=1", "--timeout-coefficient 10", "--exclude-files /", "--workers 1"} {
		if !strings.Contains(string(seen), want) {
			t.Errorf("gremlins did not get %q:\n%s", want, seen)
		}
	}
	for _, line := range strings.Split(string(seen), "\n") {
		if tmp, ok := strings.CutPrefix(line, "TMPDIR="); ok && strings.HasPrefix(tmp, dir+string(filepath.Separator)) {
			t.Errorf("TMPDIR %s is inside the copy gremlins copies", tmp)
		}
	}
	if _, err := os.Stat(dir + "-tmp"); !os.IsNotExist(err) {
		t.Errorf("the temporary directory was left behind (%v)", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fail"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// The copy is a module whose tests pass: gremlins' own message stays.
	writeFiles := func(t *testing.T, dir string, files map[string]string) {
		t.Helper()
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	writeFiles(t, dir, map[string]string{"go.mod": "module p\n\ngo 1.21\n", "p.go": "package p\n"})
	if run := runGremlins(b, fake, dir, "/"); run.ran() || !strings.Contains(run.Status, "build failed") {
		t.Errorf("a failing gremlins run: %+v", run)
	}
	// Tests that fail only under coverage are named from go test -cover.
	writeFiles(t, dir, map[string]string{"p_test.go": `package p

import "testing"

func TestUnderCover(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Fatal("fails under -cover")
	}
}
`})
	if run := runGremlins(b, fake, dir, "/"); run.ran() || !strings.Contains(run.Status, "TestUnderCover") {
		t.Errorf("gremlins failing on a test that fails under -cover: %+v", run)
	}
}

// TestFailingTests: the names of the failing tests come from go test's
// "--- FAIL:" lines; a run that names none (a build error) and a passing
// run give "".
func TestFailingTests(t *testing.T) {
	failed := errors.New("exit status 1")
	out := "--- FAIL: TestStackTrace (0.00s)\n    stack_test.go:166: got x\n--- FAIL: TestFormat (0.00s)\nFAIL\n"
	if got, want := failingTests(ran{Stdout: out, Err: failed}), "TestStackTrace, TestFormat"; got != want {
		t.Errorf("failingTests = %q, want %q", got, want)
	}
	var many strings.Builder
	for i := range 6 {
		fmt.Fprintf(&many, "--- FAIL: Test%d (0.00s)\n", i)
	}
	if got, want := failingTests(ran{Stdout: many.String(), Err: failed}), "Test0, Test1, Test2, Test3, and 2 more"; got != want {
		t.Errorf("failingTests = %q, want %q", got, want)
	}
	if got := failingTests(ran{Stderr: "# p\n./a.go:3:1: syntax error", Err: failed}); got != "" {
		t.Errorf("failingTests on a build error = %q, want \"\" (gremlins' message says more)", got)
	}
	if got := failingTests(ran{Stdout: "ok p 0.1s\n"}); got != "" {
		t.Errorf("failingTests on a pass = %q, want \"\"", got)
	}
}
