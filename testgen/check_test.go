package testgen

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// TestCheckAllFindsEveryDisagreement gives Abs two cases that enter the
// same block, the second with a wrong expectation. Greedy selection
// writes only the first, so without CheckAll the second never runs under
// go test; with it, the second is run, dropped and reported, naming the
// function, and the file written is the same.
func TestCheckAllFindsEveryDisagreement(t *testing.T) {
	s := newShapes(t)
	abs := s.fn(t, "Abs")
	funcs := []FuncTests{{Func: abs, Cases: []Case{
		returns(abs, "returns 3", []string{"x < 0"}, 1, args(cv.Int(intType, -3)), val(cv.Int(intType, 3))),
		returns(abs, "returns 6", []string{"x < 0"}, 1, args(cv.Int(intType, -5)), val(cv.Int(intType, 6))), // wrong
	}}}
	plain := s.generate(t, funcs, Options{Validate: true})
	if len(plain.Dropped) != 0 || plain.Kept != 1 {
		t.Fatalf("without CheckAll: kept %d, dropped %+v", plain.Kept, plain.Dropped)
	}
	first := s.file(t)

	rep := s.generate(t, funcs, Options{Validate: true, CheckAll: true})
	d := findDropped(t, rep, "TestAbs", "returns_6")
	if d.Func != abs || d.NotCompiled || d.Inputs != "x: -5" || d.Want != "want: 6" || d.Got != "5" {
		t.Errorf("divergence %+v", d)
	}
	if rep.Kept != 1 || len(rep.Dropped) != 1 {
		t.Errorf("kept %d, dropped %+v", rep.Kept, rep.Dropped)
	}
	if got := s.file(t); got != first {
		t.Errorf("CheckAll changed the file:\n%s\n---\n%s", first, got)
	}
}

// TestCoverProfileIsTheGeneratedTests checks Options.Cover: the profile
// of the run that passed covers Abs's negative branch, which the one case
// written runs, and nothing of the functions it does not call.
func TestCoverProfileIsTheGeneratedTests(t *testing.T) {
	s := newShapes(t)
	abs := s.fn(t, "Abs")
	rep := s.generate(t, []FuncTests{{Func: abs, Cases: []Case{
		returns(abs, "returns 3", []string{"x < 0"}, 1, args(cv.Int(intType, -3)), val(cv.Int(intType, 3))),
	}}}, Options{Validate: true, Cover: true})
	prof := string(rep.CoverProfile)
	if !strings.HasPrefix(prof, "mode: set\n") {
		t.Fatalf("profile:\n%s", prof)
	}
	covered := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(prof), "\n")[1:] {
		if !strings.HasPrefix(line, s.Types.Path()+"/") {
			t.Errorf("profile line outside the package under test: %s", line)
		}
		sp := strings.LastIndexByte(line, ' ')
		covered[line[strings.LastIndexByte(line[:sp], '/')+1:sp]] = line[sp+1:] != "0"
	}
	// Abs (shapes.go:51-56) runs its body and its negative branch, not
	// the final return.
	for block, want := range map[string]bool{"shapes.go:51.21,52.11 1": true, "shapes.go:52.11,54.3 1": true, "shapes.go:55.2,55.10 1": false} {
		if got, ok := covered[block]; !ok || got != want {
			t.Errorf("block %s: covered %v (present %v), want %v\n%s", block, got, ok, want, prof)
		}
	}
	if none := s.generate(t, nil, Options{Validate: true, Cover: true}); none.CoverProfile != nil {
		t.Errorf("a profile without a file: %s", none.CoverProfile)
	}
}
