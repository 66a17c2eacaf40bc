package detector

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// instrIn returns the first instruction of fn whose text contains s.
func instrIn(t *testing.T, fn *ssa.Function, s string) ssa.Instruction {
	t.Helper()
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if strings.Contains(in.String(), s) {
				return in
			}
		}
	}
	t.Fatalf("no instruction %q in %s", s, fn)
	return nil
}

// storeTo returns the k-th store (from 1) of fn to a field of a struct of
// type typ.
func storeTo(t *testing.T, fn *ssa.Function, typ types.Type, k int) ssa.Instruction {
	t.Helper()
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			st, ok := in.(*ssa.Store)
			if !ok {
				continue
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && types.Identical(fa.X.Type(), types.NewPointer(typ)) {
				if k--; k == 0 {
					return st
				}
			}
		}
	}
	t.Fatalf("%s has no such store to a %s", fn, typ)
	return nil
}

// fixtureType is the named type name of testdata/prune.
func fixtureType(t *testing.T, name string) types.Type {
	t.Helper()
	obj := pruneFixtures(t).Packages[0].Types.Scope().Lookup(name)
	if obj == nil {
		t.Fatalf("no type %s in testdata/prune", name)
	}
	return obj.Type()
}

// The mod analysis answers by type through the calls' callees, and "may
// write" where the analysis does not model what a callee does.
func TestModSetsAnswers(t *testing.T) {
	prog := pruneFixtures(t).SSA
	tally, ledger := fixtureType(t, "tally"), fixtureType(t, "ledger")
	m := newModSets(prog, nil)
	unrelated, related, calls := pruneFunc(t, "Unrelated"), pruneFunc(t, "Related"), pruneFunc(t, "Calls")
	for _, fn := range []*ssa.Function{unrelated, related, calls} {
		m.prepare(fn)
	}
	cases := []struct {
		name  string
		instr ssa.Instruction
		obj   types.Type
		want  bool
	}{
		{"store to a tally, ledger", storeTo(t, unrelated, tally, 1), ledger, false},
		{"store to a tally, tally", storeTo(t, unrelated, tally, 1), tally, true},
		{"store to a ledger, ledger", storeTo(t, related, ledger, 2), ledger, true},
		{"call of bump, ledger", instrIn(t, calls, "bump"), ledger, false},
		{"call of bump, tally", instrIn(t, calls, "bump"), tally, true},
		{"call of bump, struct holding a tally", instrIn(t, calls, "bump"), types.NewStruct([]*types.Var{types.NewField(0, nil, "t", tally, false)}, nil), true},
		{"call of atomic.AddInt64 (no Go body), ledger", instrIn(t, calls, "AddInt64"), ledger, true},
	}
	for _, c := range cases {
		if got := m.MayWrite(c.instr, value.ObjectValue{Type: c.obj}); got != c.want {
			t.Errorf("%s (%s): may write %v, want %v", c.name, c.instr, got, c.want)
		}
	}
}

// With the mod analysis, the state that differs from an explored one only
// in a value that a write to a tally depends on is pruned as soon as it
// joins, not after the tally's test: less work, the same coverage as
// without pruning. Related, where the write reaches the ledger, keeps its
// coverage too (TestPruneFixturesKeepCoverage).
func TestModSetsPruneEarlier(t *testing.T) {
	fn := pruneFunc(t, "Unrelated")
	none := exploreFixture(t, fn, nil, fixtureWork)
	on := exploreFixture(t, fn, rsePruner(t, Options{}), fixtureWork)
	off := exploreFixture(t, fn, rsePruner(t, Options{NoModSets: true}), fixtureWork)
	for _, r := range []struct {
		arm string
		run run
	}{{"with mod sets", on}, {"without mod sets", off}} {
		if !r.run.sum.Exhausted {
			t.Errorf("%s: not exhausted", r.arm)
		}
		if a, b := blockSet(none.covered), blockSet(r.run.covered); !slices.Equal(a, b) {
			t.Errorf("%s: covered %v, without pruning %v", r.arm, b, a)
		}
	}
	if on.sum.Instructions >= off.sum.Instructions || on.sum.Pruned >= off.sum.Pruned {
		t.Errorf("with mod sets %d instructions and %d pruned, without %d and %d: want fewer of both",
			on.sum.Instructions, on.sum.Pruned, off.sum.Instructions, off.sum.Pruned)
	}
}
