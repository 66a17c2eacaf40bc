package pointer

import (
	"testing"

	"golang.org/x/tools/go/ssa"
)

// storeLike lists the fixture instructions that have mod sets.
func storeLike(fns []*ssa.Function) []ssa.Instruction {
	var out []ssa.Instruction
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr.(type) {
				case *ssa.Store, *ssa.MapUpdate, *ssa.Send, *ssa.Call, *ssa.Go, *ssa.Defer:
					out = append(out, instr)
				}
			}
		}
	}
	return out
}

// The type-based mode must cover every location the Andersen mode finds
// for the same instruction: each Andersen location must alias some
// type-based location.
func TestTypeBasedCoversAndersen(t *testing.T) {
	p, and := analyzeFixtures(t, Andersen)
	_, tb := analyzeFixtures(t, TypeBased)
	instrs := storeLike(fixtureFunctions(p))
	compared, andTotal, tbTotal := 0, 0, 0
	for _, instr := range instrs {
		if !and.Reachable(instr.Parent()) {
			continue
		}
		am := and.Mod(instr)
		if len(am) == 0 {
			continue
		}
		tm := tb.Mod(instr)
		compared++
		andTotal += len(am)
		tbTotal += len(tm)
		for _, l := range am {
			covered := false
			for _, m := range tm {
				if tb.MayAlias(m, l) {
					covered = true
					break
				}
			}
			if !covered {
				t.Errorf("%s: %s: Andersen location %s (type %s) not covered by type-based mod %v",
					p.SSA.Fset.Position(instr.Pos()), instr, l, l.Type(), tm)
			}
			// MayModify must agree with Mod in both modes.
			if !and.MayModify(instr, l) {
				t.Errorf("%s: Andersen MayModify(%s) = false but Mod has it", instr, l)
			}
			if !tb.MayModify(instr, l) {
				t.Errorf("%s: type-based MayModify(%s) = false", instr, l)
			}
		}
	}
	if compared < 20 {
		t.Fatalf("only %d instructions compared", compared)
	}
	t.Logf("%d instructions: mean mod-set size Andersen %.2f, type-based %.2f locations",
		compared, float64(andTotal)/float64(compared), float64(tbTotal)/float64(compared))
}

// The type-based mode separates fields and types: a store to T.f must
// not be reported as modifying T.g, nor a store through *int a *bool.
func TestTypeBasedDistinguishesFields(t *testing.T) {
	p, tb := analyzeFixtures(t, TypeBased)
	fn := findFunc(t, p, "EntryFields")
	fStore := instrsOf[*ssa.Store](fn)[0] // t.f = x
	derefStore := instrsOf[*ssa.Store](findFunc(t, p, "setp"))[0]
	if fa, ok := fStore.Addr.(*ssa.FieldAddr); !ok || fa.Field != 0 {
		t.Fatalf("first store of EntryFields is %v, want t.f = x", fStore)
	}
	tt := fn.Pkg.Pkg.Scope().Lookup("T").Type()
	tf := tb.ObjectLocation(tb.tb.typeObject(tt), FieldPath{0})
	tg := tb.ObjectLocation(tb.tb.typeObject(tt), FieldPath{1})
	if !tb.MayModify(fStore, tf) || tb.MayModify(fStore, tg) {
		t.Errorf("store to t.f: MayModify(T.f)=%v MayModify(T.g)=%v, want true false",
			tb.MayModify(fStore, tf), tb.MayModify(fStore, tg))
	}
	// *pp = v with pp **int: may write any *int cell, T.f and T.g included.
	if !tb.MayModify(derefStore, tf) || !tb.MayModify(derefStore, tg) {
		t.Errorf("store through **int must reach T.f and T.g")
	}
	boolLoc := tb.ObjectLocation(tb.tb.typeObject(boolType()), nil)
	if tb.MayModify(derefStore, boolLoc) {
		t.Errorf("store through **int must not reach bool cells")
	}
}
