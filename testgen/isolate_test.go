package testgen

import (
	"context"
	"fmt"
	"math/bits"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/testgen/gotest"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// fakeGoTest stands for go test in tests of bisection: a file that holds
// a case whose summary is in buildBreakers does not compile, with an
// error the output pins on no line of the file; one with a case in
// exitBreakers makes the test binary exit while no test runs. Otherwise
// every row passes. It counts the rows it saw run.
type fakeGoTest struct {
	buildBreakers, exitBreakers map[string]bool
	// failing cases fail their subtest, which go test's output names.
	failing map[string]bool
	rowsRun int
}

func (f *fakeGoTest) run(_ context.Context, r *rendering, _ int, _ bool) (*gotest.Verdict, error) {
	v := &gotest.Verdict{Failed: map[string][]string{}, Crashed: map[string]string{}, Passed: map[string]bool{}, Outputs: map[string][]string{}}
	for _, t := range r.tables {
		for _, row := range t.rows {
			switch {
			case f.buildBreakers[row.cand.Summary]:
				v.BuildFailed, v.BuildOutput = true, "# shapes\n./helpers.go:3:1: undefined: gone\n"
			case f.exitBreakers[row.cand.Summary]:
				v.PackageFailed, v.Output = true, "exit status 3\nFAIL\tshapes\t0.1s\n"
			}
		}
	}
	if v.BuildFailed || v.PackageFailed {
		return v, nil
	}
	for _, t := range r.tables {
		for _, row := range t.rows {
			f.rowsRun++
			if f.failing[row.cand.Summary] {
				v.Failed[t.testName+"/"+row.name] = []string{"    x_test.go:1: Abs():\n", "         got 1\n", "        want 2\n"}
				v.Failed[t.testName] = nil
				continue
			}
			v.Passed[t.testName+"/"+row.name] = true
		}
	}
	return v, nil
}

// TestBisectionFindsTheCasesToBlame gives Abs 64 cases, of which three
// break the build and two make the binary exit, in ways go test's output
// pins on no case. Bisection drops exactly those five, keeps the other
// 59 and writes them, in O(k log n) runs of go test, not one per case.
func TestBisectionFindsTheCasesToBlame(t *testing.T) {
	s := newShapes(t)
	abs := s.fn(t, "Abs")
	const n = 64
	var cases []Case
	for i := 0; i < n; i++ {
		cases = append(cases, returns(abs, fmt.Sprintf("returns %d", i), nil, i, args(cv.Int(intType, int64(i))), val(cv.Int(intType, int64(i)))))
	}
	fake := &fakeGoTest{
		buildBreakers: map[string]bool{"returns 5": true, "returns 6": true, "returns 40": true},
		exitBreakers:  map[string]bool{"returns 22": true, "returns 63": true},
	}
	g, err := newGenerator(s.Package, []FuncTests{{Func: abs, Cases: cases}}, Options{Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	g.run = fake.run
	if err := g.validate(context.Background()); err != nil {
		t.Fatal(err)
	}
	rep := g.report
	var dropped []string
	for _, d := range rep.Dropped {
		dropped = append(dropped, d.Case)
		wantBuild := fake.buildBreakers[strings.ReplaceAll(strings.ReplaceAll(d.Case, "returns_", "returns "), "_", " ")]
		if d.NotCompiled != wantBuild {
			t.Errorf("%s: NotCompiled = %v", d.Case, d.NotCompiled)
		}
		if wantBuild && d.Got != "does not compile: ./helpers.go:3:1: undefined: gone" || !wantBuild && d.Got != "go test failed: exit status 3" {
			t.Errorf("%s: Got = %q", d.Case, d.Got)
		}
	}
	slices.Sort(dropped)
	if want := []string{"returns_22", "returns_40", "returns_5", "returns_6", "returns_63"}; !slices.Equal(dropped, want) {
		t.Errorf("dropped %v, want %v", dropped, want)
	}
	if rep.Kept != n-5 || rep.Path == "" {
		t.Errorf("kept %d, path %q", rep.Kept, rep.Path)
	}
	// Each of the k=5 cases costs about a run per halving, plus the first
	// run, the run without generated tests and the final one: far fewer
	// than a run per case.
	k := 5
	if bound := k*(bits.Len(n)+1) + 3; rep.TestRuns > bound {
		t.Errorf("%d runs of go test, want at most %d", rep.TestRuns, bound)
	}
	t.Logf("%d runs of go test for %d bad cases among %d", rep.TestRuns, k, n)
	src := s.file(t)
	for _, want := range []string{`"returns_4"`, `"returns_7"`, `"returns_62"`} {
		if !strings.Contains(src, want) {
			t.Errorf("file lacks %s", want)
		}
	}
	for _, gone := range []string{`"returns_5"`, `"returns_22"`, `"returns_63"`} {
		if strings.Contains(src, gone) {
			t.Errorf("file still has %s", gone)
		}
	}
}

// TestNoCaseToBlameWhenThePackageFailsAlone: when the package's tests
// do not build even without the generated file, bisection blames no
// case and Generate says why, in one extra run.
func TestNoCaseToBlameWhenThePackageFailsAlone(t *testing.T) {
	s := newShapes(t)
	abs := s.fn(t, "Abs")
	g, err := newGenerator(s.Package, []FuncTests{{Func: abs, Cases: []Case{
		returns(abs, "returns 3", nil, 1, args(cv.Int(intType, -3)), val(cv.Int(intType, 3))),
		returns(abs, "returns 4", nil, 2, args(cv.Int(intType, -4)), val(cv.Int(intType, 4))),
	}}}, Options{Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	g.run = func(context.Context, *rendering, int, bool) (*gotest.Verdict, error) {
		return &gotest.Verdict{BuildFailed: true, BuildOutput: "./other_test.go:1:1: syntax error\n"}, nil
	}
	err = g.validate(context.Background())
	if err == nil || !strings.Contains(err.Error(), "the package's tests do not build") {
		t.Errorf("err = %v", err)
	}
	if g.report.TestRuns != 2 || len(g.report.Dropped) != 0 {
		t.Errorf("%d runs, dropped %+v", g.report.TestRuns, g.report.Dropped)
	}
}

// TestManyFailuresOfEveryKindLeaveTheRest runs real go test on a package
// whose cases fail in every way: two expect the wrong value, two do not
// compile, ten make the test binary exit and two panic in a goroutine
// of their own. That is 16 cases to drop, more than the 12 rounds
// validation used to allow in all, and each crash stops the binary. The
// eight cases that pass are written, and every other one is reported.
func TestManyFailuresOfEveryKindLeaveTheRest(t *testing.T) {
	pkg, fns := loadModuleFixture(t, "crashes")
	double, exit, spawn := fns["Double"], fns["Exit"], fns["Spawn"]
	var doubles, exits []Case
	block := 0
	next := func() int { block++; return block }
	for i := int64(1); i <= 6; i++ {
		doubles = append(doubles, returns(double, fmt.Sprintf("returns %d", 2*i), nil, next(), args(cv.Int(intType, i)), val(cv.Int(intType, 2*i))))
	}
	doubles = append(doubles,
		returns(double, "returns 99", nil, next(), args(cv.Int(intType, 7)), val(cv.Int(intType, 99))), // wrong
		returns(double, "returns 98", nil, next(), args(cv.Int(intType, 8)), val(cv.Int(intType, 98))), // wrong
		returns(double, "returns 18", nil, next(), args(cv.Str("nine")), val(cv.Int(intType, 18))),     // a string for an int
		returns(double, "returns 20", nil, next(), args(cv.Int(intType, 10)), val(cv.Str("twenty"))),   // a string for an int
	)
	exits = append(exits, returns(exit, "returns 0", nil, next(), args(cv.Int(intType, 0)), val(cv.Int(intType, 0))))
	for code := int64(1); code <= 10; code++ {
		exits = append(exits, returns(exit, fmt.Sprintf("exits %d", code), nil, next(), args(cv.Int(intType, code)), val(cv.Int(intType, 0))))
	}
	spawns := []Case{
		returns(spawn, "returns true", nil, next(), args(cv.Bool(false)), val(cv.Bool(true))),
		returns(spawn, "panics in a goroutine", nil, next(), args(cv.Bool(true)), val(cv.Bool(true))),
		returns(spawn, "panics again", nil, next(), args(cv.Bool(true)), val(cv.Bool(false))),
	}
	rep, err := Generate(t.Context(), pkg, []FuncTests{{Func: double, Cases: doubles}, {Func: exit, Cases: exits}, {Func: spawn, Cases: spawns}}, Options{Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Kept != 8 || len(rep.Dropped) != 16 {
		t.Errorf("kept %d, dropped %d: %+v", rep.Kept, len(rep.Dropped), rep.Dropped)
	}
	kinds := map[string]int{}
	for _, d := range rep.Dropped {
		switch {
		case d.NotCompiled && strings.HasPrefix(d.Got, "does not compile: "):
			kinds["not compiled"]++
		case strings.HasPrefix(d.Got, "crashed: panic: crashes: in a goroutine"):
			kinds["goroutine"]++
		case strings.HasPrefix(d.Got, "crashed: "):
			kinds["exit"]++
		default:
			kinds["failed"]++
		}
	}
	if want := map[string]int{"not compiled": 2, "goroutine": 2, "exit": 10, "failed": 2}; fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Errorf("dropped by kind %v, want %v", kinds, want)
	}
	data, err := os.ReadFile(rep.Path)
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	for _, want := range []string{`"returns_12"`, `"returns_0"`, `"returns_true"`} {
		if !strings.Contains(src, want) {
			t.Errorf("file lacks %s:\n%s", want, src)
		}
	}
	t.Logf("%d runs of go test", rep.TestRuns)
	goIn(t, pkg.Dir, "test", "-count=1", ".")
}

// TestSelectionFreezes: ten cases enter the same block of Abs, and each
// fails in turn. Greedy selection brings in the next one for each that
// fails, but only for freezeAfter rounds: then it keeps to the cases it
// has, so that validation ends, and the file is written with what passes.
func TestSelectionFreezes(t *testing.T) {
	s := newShapes(t)
	abs, greet := s.fn(t, "Abs"), s.fn(t, "Greet")
	var cases []Case
	fake := &fakeGoTest{failing: map[string]bool{}}
	for i := 0; i < 10; i++ {
		c := returns(abs, fmt.Sprintf("returns %d", i), nil, 1, args(cv.Int(intType, int64(i))), val(cv.Int(intType, int64(i+1))))
		fake.failing[c.Summary] = true
		cases = append(cases, c)
	}
	g, err := newGenerator(s.Package, []FuncTests{
		{Func: abs, Cases: cases},
		{Func: greet, Cases: []Case{returns(greet, "returns hello", nil, 0, args(cv.Str("")), val(cv.Str("hello, stranger")))}},
	}, Options{Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	g.run = fake.run
	if err := g.validate(context.Background()); err != nil {
		t.Fatal(err)
	}
	rep := g.report
	if len(rep.Dropped) != freezeAfter+1 || rep.TestRuns != freezeAfter+2 {
		t.Errorf("dropped %d in %d runs, want %d in %d", len(rep.Dropped), rep.TestRuns, freezeAfter+1, freezeAfter+2)
	}
	if rep.Kept != 1 || rep.KeptPerFunc[greet] != 1 {
		t.Errorf("kept %d: %v", rep.Kept, rep.KeptPerFunc)
	}
}
