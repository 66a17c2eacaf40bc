package testgen

import (
	"go/types"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// asRuntimeError marks a panicking case as Go's runtime's.
func asRuntimeError(c Case) Case {
	c.Want.RuntimeError = true
	return c
}

// TestRuntimePanicsOnPrivateStateAreLeftOutAndTheOthersFound writes At's
// index panic, on inputs any caller passes, as a finding, and leaves out
// Cursor.Next's index panic on a Cursor whose unexported position is one
// no caller can set; Must's explicit panic is kept and is no finding.
func TestRuntimePanicsOnPrivateStateAreLeftOutAndTheOthersFound(t *testing.T) {
	s := newShapes(t)
	at, next, must := s.fn(t, "At"), s.fn(t, "Cursor.Next"), s.fn(t, "Must")
	cursor := s.named(t, "Cursor")
	xs := cv.Slice(paramType(at, 0), cv.Int(intType, 7))
	const outOfRange = "runtime error: index out of range [1] with length 1"
	funcs := []FuncTests{
		{Func: at, Cases: []Case{
			returns(at, "returns 7", nil, 1, args(xs, cv.Int(intType, 0)), val(cv.Int(intType, 7))),
			asRuntimeError(panics(at, "panics", []string{"i >= len(xs)"}, 2, args(xs, cv.Int(intType, 1)), outOfRange)),
		}},
		{Func: next, Cases: []Case{
			asRuntimeError(panics(next, "panics", nil, 1, args(cv.Ptr(types.NewPointer(cursor), cv.Struct(cursor, cv.Int(intType, 1))), xs), outOfRange)),
		}},
		{Func: must, Cases: []Case{
			panics(must, "panics", []string{"!ok"}, 1, args(cv.Bool(false)), "shapes: not ok"),
		}},
	}
	rep := s.generate(t, funcs, Options{Validate: true})
	if rep.PanicsDropped != 1 || rep.KeptPerFunc[next] != 0 {
		t.Errorf("dropped %d panics and kept %d Cursor.Next rows, want the one on a private position dropped", rep.PanicsDropped, rep.KeptPerFunc[next])
	}
	if rep.KeptPerFunc[at] != 2 || rep.KeptPerFunc[must] != 1 {
		t.Errorf("kept %v, want both At rows and the Must row", rep.KeptPerFunc)
	}
	if len(rep.PanicsFound) != 1 {
		t.Fatalf("panics found %+v, want At's alone", rep.PanicsFound)
	}
	f := rep.PanicsFound[0]
	if f.Func != at || f.Call != "At([]int{7}, 1)" || f.Message != outOfRange || !strings.HasPrefix(f.Test, "TestAt/") {
		t.Errorf("finding %+v, want At([]int{7}, 1) with its message", f)
	}
}
