package testgen

import (
	"go/types"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// withAfter gives a returning case what its pointer or slice arguments
// pointed to before and after the call.
func withAfter(c Case, before, after []concrete.Value) Case {
	c.Want.Before, c.Want.After = before, after
	return c
}

// TestAfterColumnsAndAWrongRowCostsOnlyThatRow writes Point.Scale's table
// with the receiver's after-state: a wantP column of the pointee type,
// compared with != (Point is comparable), no check in the panicking row,
// and a row whose after-state is wrong is dropped alone by validation.
// At's slice argument is never changed, so it gets no column.
func TestAfterColumnsAndAWrongRowCostsOnlyThatRow(t *testing.T) {
	s := newShapes(t)
	scale, at := s.fn(t, "Point.Scale"), s.fn(t, "At")
	point := s.named(t, "Point")
	pt := func(x, y int64) concrete.Value { return cv.Struct(point, cv.Int(intType, x), cv.Int(intType, y)) }
	ptr := types.NewPointer(point)
	xs := cv.Slice(paramType(at, 0), cv.Int(intType, 7), cv.Int(intType, 8))
	funcs := []FuncTests{
		{Func: scale, Cases: []Case{
			withAfter(returns(scale, "returns", []string{"k = 3"}, 1, args(cv.Ptr(ptr, pt(1, -2)), cv.Int(intType, 3))),
				args(pt(1, -2), concrete.Value{}), args(pt(3, -6), concrete.Value{})),
			withAfter(returns(scale, "returns", []string{"k = 0"}, 2, args(cv.Ptr(ptr, pt(5, 5)), cv.Int(intType, 0))),
				args(pt(5, 5), concrete.Value{}), args(pt(0, 1), concrete.Value{})), // wrong: Y is 0
			withAfter(returns(scale, "returns", []string{"k = 1"}, 3, args(cv.Ptr(ptr, pt(2, 4)), cv.Int(intType, 1))),
				args(pt(2, 4), concrete.Value{}), args(pt(2, 4), concrete.Value{})),
			panics(scale, "panics", []string{"p == nil"}, 4, args(cv.Nil(ptr), cv.Int(intType, 2)), "runtime error: invalid memory address or nil pointer dereference"),
		}},
		{Func: at, Cases: []Case{
			withAfter(returns(at, "returns 8", nil, 1, args(xs, cv.Int(intType, 1)), val(cv.Int(intType, 8))),
				args(xs, concrete.Value{}), args(xs, concrete.Value{})),
		}},
	}
	rep := s.generate(t, funcs, Options{Validate: true})
	if len(rep.Dropped) != 1 || rep.Dropped[0].Test != "TestPoint_Scale" {
		t.Fatalf("dropped %+v, want the one wrong Scale row", rep.Dropped)
	}
	if d := rep.Dropped[0]; !strings.Contains(d.Want, "wantP: Point{Y: 1}") || !strings.Contains(d.Got, "*p: shapes.Point{X:0, Y:0}") {
		t.Errorf("the wrong row is reported as %+v", d)
	}
	if rep.KeptPerFunc[scale] != 3 || rep.KeptPerFunc[at] != 1 {
		t.Errorf("kept %v, want 3 Scale rows and 1 At row", rep.KeptPerFunc)
	}
	src := s.file(t)
	for _, want := range []string{
		"wantP     Point", "wantP: Point{X: 3, Y: -6}", "wantP: Point{X: 2, Y: 4}",
		"if *tt.p != tt.wantP {", `t.Errorf("Point.Scale() *p:\n got %#v\nwant %#v", *tt.p, tt.wantP)`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the file lacks %s:\n%s", want, src)
		}
	}
	if strings.Contains(src, "wantXs") {
		t.Errorf("At's slice, which no call changes, has a column:\n%s", src)
	}
	s.goTest(t)
}

// TestSentinelsAreComparedWithErrorsIs writes Mean's table with a
// sentinel (ErrEmpty), a nil error and an error known only by its
// message: the sentinel is checked with errors.Is, the other by message.
func TestSentinelsAreComparedWithErrorsIs(t *testing.T) {
	s := newShapes(t)
	mean := s.fn(t, "Mean")
	errEmpty := s.types.Scope().Lookup("ErrEmpty").(*types.Var)
	sentinel := Result{Value: concrete.Value{Type: errorType, Kind: concrete.Global, Var: errEmpty}, ErrMsg: "shapes: empty"}
	xs := func(n ...int64) concrete.Value {
		var el []concrete.Value
		for _, x := range n {
			el = append(el, cv.Int(intType, x))
		}
		return cv.Slice(paramType(mean, 0), el...)
	}
	funcs := []FuncTests{{Func: mean, Cases: []Case{
		returns(mean, "returns 0 empty", []string{"len(xs) == 0"}, 1, args(xs()), val(cv.Int(intType, 0)), sentinel),
		returns(mean, "returns 3", []string{"len(xs) > 0"}, 2, args(xs(2, 4)), val(cv.Int(intType, 3)), val(cv.Nil(errorType))),
	}}}
	rep := s.generate(t, funcs, Options{Validate: true})
	if len(rep.Dropped) != 0 {
		t.Fatalf("dropped %+v", rep.Dropped)
	}
	src := s.file(t)
	for _, want := range []string{"wantErr  error", "wantErr: ErrEmpty", "if !errors.Is(gotErr, tt.wantErr) {"} {
		if !strings.Contains(src, want) {
			t.Errorf("the file lacks %s:\n%s", want, src)
		}
	}
	if strings.Contains(src, "errText") {
		t.Errorf("a table of sentinels and nil compares messages:\n%s", src)
	}

	// A row whose error is not a sentinel mixes in a message column.
	funcs[0].Cases = append(funcs[0].Cases,
		returns(mean, "returns 0 odd", []string{"odd"}, 3, args(xs(1)), val(cv.Int(intType, 1)), errResult("odd")))
	rep = s.generate(t, funcs, Options{Validate: true})
	if len(rep.Dropped) != 1 || rep.Dropped[0].Case != "returns_0_odd" {
		t.Fatalf("dropped %+v, want the made-up error row alone", rep.Dropped)
	}
	if d := rep.Dropped[0]; d.Want != `wantMean: 1, wantErrMsg: "odd"` {
		t.Errorf("the message row is reported as %+v", d)
	}
	if rep.KeptPerFunc[mean] != 2 {
		t.Errorf("kept %v, want the sentinel and the nil rows", rep.KeptPerFunc)
	}
}
