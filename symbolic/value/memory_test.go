package value

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// A frozen memory's forks read its objects, package variables and type
// descriptors, and write over them each in its own layer: a write is
// seen by the fork that made it and by the memories forked from that one
// after it, never by the frozen memory or its other forks.
func TestFrozenBaseIsSharedAndNeverWritten(t *testing.T) {
	flag := func(b bool) Value { return Scalar{E: expr.BoolConst(b)} }
	isTrue := func(m *Memory, id ObjectID) bool {
		return Same(m.Get(id).Value, flag(true))
	}
	pkg := types.NewPackage("p", "p")
	for _, name := range []string{"g", "h"} {
		pkg.Scope().Insert(types.NewVar(token.NoPos, pkg, name, types.Typ[types.Bool]))
	}
	vars := ssa.NewProgram(token.NewFileSet(), 0).CreatePackage(pkg, nil, nil, true)
	g, h := vars.Var("g"), vars.Var("h")

	m := NewMemory()
	a := m.Alloc(&Object{Type: types.Typ[types.Bool], Value: flag(false), Site: &ssa.Alloc{}})
	m.AddGlobal(g, a)
	base := Freeze(m)
	if base.LaidOut() != 1 {
		t.Fatalf("frozen memory lays out %d, want 1", base.LaidOut())
	}

	one, two := FrozenFork(base), FrozenFork(base)
	one.Set(a, flag(true))
	if !isTrue(one, a) || isTrue(two, a) || isTrue(base, a) {
		t.Errorf("a write to a base object in one fork: one %v, other fork %v, base %v; want only the writer's changed",
			isTrue(one, a), isTrue(two, a), isTrue(base, a))
	}
	later := one.Fork()
	if !isTrue(later, a) {
		t.Errorf("a fork of the writer does not see its write")
	}
	later.Set(a, flag(false))
	if !isTrue(one, a) {
		t.Errorf("a write in a fork of the writer reached the writer")
	}

	b := two.Alloc(&Object{Type: types.Typ[types.Bool], Value: flag(true)})
	if two.Get(b) == nil || base.Get(b) != nil || one.Get(b) != nil {
		t.Errorf("an object allocated in one fork is seen elsewhere, or not in the fork")
	}
	if id, ok := two.Global(g); !ok || id != a {
		t.Errorf("a fork does not find the base's package variable: %d, %v", id, ok)
	}
	two.AddGlobal(g, a) // again: no new entry
	two.AddGlobal(h, b)
	two.AddDescriptor("bool", b)
	if two.LaidOut() != 3 || base.LaidOut() != 1 {
		t.Errorf("laid out %d in the fork and %d in the base, want 3 and 1", two.LaidOut(), base.LaidOut())
	}
	seen := map[*ssa.Global]ObjectID{}
	for v, id := range two.Globals() {
		if _, twice := seen[v]; twice {
			t.Errorf("Globals yields %s twice", v.Name())
		}
		seen[v] = id
	}
	if len(seen) != 2 || seen[g] != a || seen[h] != b {
		t.Errorf("Globals of the fork = %v, want g and h", seen)
	}
	if _, ok := base.Global(h); ok {
		t.Errorf("a package variable added in a fork is in the base")
	}

	// Sites are cleared in the fork's own layer only.
	one.ForgetSites(a)
	if one.Get(a).Site != nil || two.Get(a).Site == nil {
		t.Errorf("ForgetSites: site in the fork %v, in the other fork %v; want cleared only in the fork", one.Get(a).Site, two.Get(a).Site)
	}

	// Freezing again keeps what both layers hold.
	again := Freeze(two)
	if id, ok := again.Descriptor("bool"); !isTrue(again, b) || isTrue(again, a) || again.LaidOut() != 3 || !ok || id != b {
		t.Errorf("Freeze of a fork lost a layer: b %v, a %v, laid out %d", isTrue(again, b), isTrue(again, a), again.LaidOut())
	}
}
