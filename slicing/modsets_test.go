package slicing

import (
	"go/types"
	"testing"

	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

const modSrc = `package p

var sink int

// b0: t0 = new int; if c b1 b2; b1: *q = "x"; b2: t1 = *t0; if t1 == 1 b3 b4.
func Other(c bool, q *string) int {
	p := new(int)
	if c {
		*q = "x"
	}
	if *p == 1 {
		sink = 1
	}
	return 0
}

// b0: t0 = new int; if c b1 b2; b1: *q = 2; b2: t1 = *t0; if t1 == 1 b3 b4.
func Same(c bool, q *int) int {
	p := new(int)
	if c {
		*q = 2
	}
	if *p == 1 {
		sink = 1
	}
	return 0
}

func touch(q *string) { *q = "y" }

// Like Other, but the side not taken calls touch, and a deferred call is
// pending: were touch to panic, the deferred call would run and recover.
func Deferred(c bool, q *string) int {
	defer func() { recover() }()
	p := new(int)
	if c {
		touch(q)
	}
	if *p == 1 {
		sink = 1
	}
	return 0
}

// Deferred without the defer: a panic in touch would end the path.
func NoDefer(c bool, q *string) int {
	p := new(int)
	if c {
		touch(q)
	}
	if *p == 1 {
		sink = 1
	}
	return 0
}

// Like Other, but the object tested is an input: its contents before the
// first branch are not known (the engine makes it when it is first read).
func Input(c bool, p *int, q *string) int {
	if c {
		*q = "x"
	}
	if *p == 1 {
		sink = 1
	}
	return 0
}
`

// storesByType is a mod analysis by types alone: a store writes the
// objects of the type it stores; anything else writes everything. It
// records the types it was asked about.
type storesByType struct{ asked []types.Type }

func (m *storesByType) MayWrite(instr ssa.Instruction, obj value.ObjectValue) bool {
	m.asked = append(m.asked, obj.Type)
	st, ok := instr.(*ssa.Store)
	return !ok || types.Identical(st.Val.Type(), obj.Type)
}

// callsWriteNothing is a mod analysis by which calls write nothing and a
// store writes the objects of the type it stores.
type callsWriteNothing struct{}

func (callsWriteNothing) MayWrite(instr ssa.Instruction, obj value.ObjectValue) bool {
	st, ok := instr.(*ssa.Store)
	return ok && types.Identical(st.Val.Type(), obj.Type)
}

// A call on the side not taken writes, whatever the mod analysis says of
// its callee, when a deferred call is pending: the callee may panic, and
// the deferred call run and recover. Without a defer it writes only what
// the analysis says.
func TestModCallWithDeferPending(t *testing.T) {
	for _, tc := range []struct{ fn, b0 string }{{"Deferred", "{c}"}, {"NoDefer", "{}"}} {
		fx := newFixture(t, modSrc, tc.fn, cdg.Options{NoImplicitBranches: true})
		fx.g = New(fx.a, fx.rel, Options{Publish: func(s *Snapshot) { fx.snap = append(fx.snap, s) }, Mod: callsWriteNothing{}})
		fx.coverAllBut(fx.blockOf(tc.fn, "sink"))
		fx.run(tc.fn, nil, []bool{false, false})
		if got := fx.sets()[tc.fn+".b0"]; got != tc.b0 {
			t.Errorf("%s: at b0 the relevant set is %s, want %s", tc.fn, got, tc.b0)
		}
	}
}

// modFixture is fn of modSrc with Options.Mod set to mod (none when
// nil), every block covered but the one whose test is relevant.
func modFixture(t *testing.T, fn string, mod *storesByType) *fixture {
	fx := newFixture(t, modSrc, fn, cdg.Options{NoImplicitBranches: true})
	opts := Options{Publish: func(s *Snapshot) { fx.snap = append(fx.snap, s) }}
	if mod != nil {
		opts.Mod = mod
	}
	fx.g = New(fx.a, fx.rel, opts)
	fx.coverAllBut(fx.blockOf(fn, "sink"))
	return fx
}

// With a mod analysis, a write on the side not taken makes its branch
// relevant only when it may reach a relevant object: a string store
// does not reach the int object tested after it, an int store does.
// Without one, any store does. (At b0 the object is not made yet: the
// allocation defines it.)
func TestModNarrowsPotentialDependence(t *testing.T) {
	fx := modFixture(t, "Other", nil)
	fx.run("Other", nil, []bool{false, false})
	checkSets(t, fx.sets(), map[string]string{
		"Other.b0": "{c}",
		"Other.b2": "{new, t0}",
		"Other.b4": "{}",
	})

	mod := &storesByType{}
	fx = modFixture(t, "Other", mod)
	fx.run("Other", nil, []bool{false, false})
	checkSets(t, fx.sets(), map[string]string{
		"Other.b0": "{}",
		"Other.b2": "{new, t0}",
		"Other.b4": "{}",
	})
	if len(mod.asked) == 0 || !types.Identical(mod.asked[0], types.Typ[types.Int]) {
		t.Errorf("the mod analysis was asked about %v, want the int object", mod.asked)
	}

	fx = modFixture(t, "Same", &storesByType{})
	fx.run("Same", nil, []bool{false, false})
	checkSets(t, fx.sets(), map[string]string{
		"Same.b0": "{c}",
		"Same.b2": "{new, t0}",
		"Same.b4": "{}",
	})
}

// An object the path has not made yet before the branch may be another
// one on the side not taken: the branch stays relevant, whatever the mod
// analysis says, and the analysis is not asked.
func TestModKeepsUnknownObjects(t *testing.T) {
	mod := &storesByType{}
	fx := modFixture(t, "Input", mod)
	fx.run("Input", nil, []bool{false, false})
	checkSets(t, fx.sets(), map[string]string{
		"Input.b0": "{*p, c, p}",
		"Input.b2": "{*p, p}",
		"Input.b4": "{}",
	})
	if len(mod.asked) != 0 {
		t.Errorf("the mod analysis was asked about %v", mod.asked)
	}
}
