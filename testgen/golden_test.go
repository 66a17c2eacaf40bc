package testgen

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/testgen/golden")

// goldenCases are a few functions of every shape: a plain function, a
// method with a pointer receiver that panics on nil, a variadic function
// with named results and an error, and a generic instance.
func goldenCases(t *testing.T, s *shapes) []FuncTests {
	abs := s.fn(t, "Abs")
	scale := s.fn(t, "Point.Scale")
	mean := s.fn(t, "Mean")
	maxInt := s.fn(t, "Max[int]")
	point := s.named(t, "Point")
	return []FuncTests{
		{Func: abs, Cases: []Case{
			returns(abs, "returns 3", []string{"x < 0"}, 1, args(cv.Int(intType, -3)), val(cv.Int(intType, 3))),
			returns(abs, "returns 4", []string{"x >= 0"}, 2, args(cv.Int(intType, 4)), val(cv.Int(intType, 4))),
		}},
		{Func: scale, Cases: []Case{
			returns(scale, "returns", []string{"p != nil"}, 0, args(cv.Ptr(paramType(scale, 0), cv.Struct(point, cv.Int(intType, 1), cv.Int(intType, -2))), cv.Int(intType, 3))),
			panics(scale, "panics: nil pointer dereference", []string{"p == nil"}, 1, args(cv.Nil(paramType(scale, 0)), cv.Int(intType, 2)),
				"runtime error: invalid memory address or nil pointer dereference"),
		}},
		{Func: mean, Cases: []Case{
			returns(mean, "returns 0, shapes: empty", []string{"len(xs) == 0"}, 1, args(cv.Nil(paramType(mean, 0))),
				val(cv.Int(intType, 0)), errResult("shapes: empty")),
			returns(mean, "returns 3, nil", []string{"len(xs) != 0"}, 2, args(cv.Slice(paramType(mean, 0), cv.Int(intType, 2), cv.Int(intType, 4))),
				val(cv.Int(intType, 3)), val(cv.Nil(errorType))),
		}},
		{Func: maxInt, Cases: []Case{
			returns(maxInt, "returns 2", []string{"a <= b"}, 2, args(cv.Int(intType, 1), cv.Int(intType, 2)), val(cv.Int(intType, 2))),
		}},
	}
}

func TestGolden(t *testing.T) {
	s := newShapes(t)
	rep := s.generate(t, goldenCases(t, s), Options{Validate: true})
	if len(rep.Dropped) != 0 || len(rep.Skipped) != 0 {
		t.Fatalf("dropped %+v, skipped %v", rep.Dropped, rep.Skipped)
	}
	got := s.file(t)
	golden := filepath.Join("..", "testdata", "testgen", "golden", "shapes.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./testgen -run TestGolden -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("generated file differs from %s (rerun with -update if the change is intended):\n%s", golden, got)
	}
}
