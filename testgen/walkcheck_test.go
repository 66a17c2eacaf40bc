package testgen

import (
	"go/types"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// walkView is the walk of a Chain from start by step, collecting the
// Values vals (none: the walk reached no link).
func walkView(start, step string, vals ...int64) concrete.View {
	w := cv.Nil(types.NewSlice(intType))
	if len(vals) > 0 {
		var elems []concrete.Value
		for _, v := range vals {
			elems = append(elems, cv.Int(intType, v))
		}
		w = cv.Slice(types.NewSlice(intType), elems...)
	}
	return concrete.View{Method: start, Step: step, Field: "Value", Value: w}
}

// chainWalks are the walks the executor records of a Chain holding vals:
// forward from Front, back from Back, and the walks that turn back at
// once, which say no more than an end's Value.
func chainWalks(vals ...int64) []concrete.View {
	rev := make([]int64, len(vals))
	for i, v := range vals {
		rev[len(vals)-1-i] = v
	}
	ends := func(v []int64) []int64 {
		if len(v) == 0 {
			return nil
		}
		return v[:1]
	}
	return []concrete.View{
		walkView("Back", "Next", ends(rev)...), walkView("Back", "Prev", rev...),
		walkView("Front", "Next", vals...), walkView("Front", "Prev", ends(vals)...),
	}
}

// TestAContainerResultIsWalked writes Pair's table: the *Chain it
// returns is walked from Front by Next and from Back by Prev, each walk
// a want column of the Values it collects, in a loop that stops at nil
// (the empty chain's row leaves both columns out) or one past the want.
// The walks that turn back at once get no column, and a row whose walk
// is wrong is dropped by validation.
func TestAContainerResultIsWalked(t *testing.T) {
	s := newShapes(t)
	pair := s.fn(t, "Pair")
	chain := s.named(t, "Chain")
	chainPtr := types.NewPointer(chain)
	links := types.NewPointer(s.named(t, "Link"))
	aChain := func(walks []concrete.View) concrete.Value {
		v := cv.Ptr(chainPtr, cv.Struct(chain, cv.Opaque(links, "cycle"), cv.Opaque(links, "cycle")))
		v.Views = walks
		return v
	}
	wrong := chainWalks(3, 4)
	wrong[2] = walkView("Front", "Next", 4, 3) // Pair(3, 4) starts with 3
	funcs := []FuncTests{{Func: pair, Cases: []Case{
		returns(pair, "returns chain", []string{"a != b"}, 1, args(cv.Int(intType, 1), cv.Int(intType, 2)), val(aChain(chainWalks(1, 2)))),
		returns(pair, "returns empty chain", []string{"a == b"}, 2, args(cv.Int(intType, 5), cv.Int(intType, 5)), val(aChain(chainWalks()))),
		returns(pair, "returns chain 3 4", []string{"b"}, 3, args(cv.Int(intType, 3), cv.Int(intType, 4)), val(aChain(wrong))),
	}}}
	rep := s.generate(t, funcs, Options{Validate: true})
	if len(rep.Dropped) != 1 || rep.Dropped[0].Case != "returns_chain_3_4" {
		t.Fatalf("dropped %+v, want the row whose walk is wrong", rep.Dropped)
	}
	src := s.file(t)
	for _, want := range []string{
		"wantBackPrevValues  []int // Value from got.Back() by Prev()",
		"wantFrontNextValues []int // Value from got.Front() by Next()",
		"wantBackPrevValues: []int{2, 1}, wantFrontNextValues: []int{1, 2}",
		`{name: "returns_empty_chain", a: 5, b: 5},`,
		"var gotFrontNextValues []int\n",
		"for e := got.Front(); e != nil && len(gotFrontNextValues) <= len(tt.wantFrontNextValues); e = e.Next() {\n",
		"gotFrontNextValues = append(gotFrontNextValues, e.Value)\n",
		"if !reflect.DeepEqual(gotFrontNextValues, tt.wantFrontNextValues) {",
		`"Pair() Value from got.Front() by Next():\n got %#v\nwant %#v"`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the file lacks %s:\n%s", want, src)
		}
	}
	for _, bad := range []string{"FrontPrev", "BackNext"} {
		if strings.Contains(src, bad) {
			t.Errorf("the file checks the walk %s, which turns back at once:\n%s", bad, src)
		}
	}
	if bad := privateWants(t, src, s.types); len(bad) > 0 {
		t.Errorf("want columns set or read private fields: %v\n%s", bad, src)
	}
}

// TestAContainerArgumentIsWalkedAfterTheCall writes Chain.Swap's table:
// the call returns nothing and changes no exported field, so the
// receiver is checked by its walks after the call, wantFrontNextValues
// for the Values from c.Front() by Next().
func TestAContainerArgumentIsWalkedAfterTheCall(t *testing.T) {
	s := newShapes(t)
	swap, pair := s.fn(t, "Chain.Swap"), s.fn(t, "Pair")
	chain := s.named(t, "Chain")
	links := types.NewPointer(s.named(t, "Link"))
	state := func(vals ...int64) concrete.Value {
		return withViews(cv.Struct(chain, cv.Opaque(links, "cycle"), cv.Opaque(links, "cycle")), chainWalks(vals...)...)
	}
	recv := vCall(pair, cv.Int(intType, 1), cv.Int(intType, 2))
	funcs := []FuncTests{{Func: swap, Cases: []Case{
		withAfter(returns(swap, "returns", nil, 0, args(recv)), args(state(1, 2)), args(state(2, 1))),
	}}}
	rep := s.generate(t, funcs, Options{Validate: true})
	if len(rep.Dropped) != 0 {
		t.Fatalf("dropped %+v", rep.Dropped)
	}
	src := s.file(t)
	for _, want := range []string{
		"c: Pair(1, 2)", "wantBackPrevValues: []int{1, 2}, wantFrontNextValues: []int{2, 1}",
		"wantFrontNextValues []int // Value from c.Front() by Next()",
		"for e := tt.c.Front(); e != nil && len(gotFrontNextValues) <= len(tt.wantFrontNextValues); e = e.Next() {\n",
		`"Chain.Swap() Value from c.Front() by Next():\n got %#v\nwant %#v"`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the file lacks %s:\n%s", want, src)
		}
	}
	if bad := privateWants(t, src, s.types); len(bad) > 0 {
		t.Errorf("want columns set or read private fields: %v\n%s", bad, src)
	}
}

// TestACallWithNothingToCheckChecksTheStateItLeaves: Chain.Normalize has
// no result and leaves the chain as it was, in every row; its table
// still checks the chain's walks after the call, so that it asserts
// something (a mutant that broke a link would show).
func TestACallWithNothingToCheckChecksTheStateItLeaves(t *testing.T) {
	s := newShapes(t)
	normalize, pair := s.fn(t, "Chain.Normalize"), s.fn(t, "Pair")
	chain := s.named(t, "Chain")
	links := types.NewPointer(s.named(t, "Link"))
	state := withViews(cv.Struct(chain, cv.Opaque(links, "cycle"), cv.Opaque(links, "cycle")), chainWalks(1, 2)...)
	recv := vCall(pair, cv.Int(intType, 1), cv.Int(intType, 2))
	funcs := []FuncTests{{Func: normalize, Cases: []Case{
		withAfter(returns(normalize, "returns", nil, 0, args(recv)), args(state), args(state)),
	}}}
	rep := s.generate(t, funcs, Options{Validate: true})
	if len(rep.Dropped) != 0 {
		t.Fatalf("dropped %+v", rep.Dropped)
	}
	src := s.file(t)
	for _, want := range []string{
		"wantBackPrevValues: []int{2, 1}, wantFrontNextValues: []int{1, 2}",
		"for e := tt.c.Front(); e != nil && len(gotFrontNextValues) <= len(tt.wantFrontNextValues); e = e.Next() {\n",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the file lacks %s:\n%s", want, src)
		}
	}
}
