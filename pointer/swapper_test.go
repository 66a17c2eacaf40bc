package pointer

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestSortSliceModifiesItsSlice: sort.Slice swaps through the func
// reflectlite.Swapper returns, which reaches the slice through unsafe.
// With Swapper modelled, the sort.Slice call in stdlib.Widest may modify
// the array its spans are in, and its swap func points to the closure.
func TestSortSliceModifiesItsSlice(t *testing.T) {
	p := loadProgram(t, "./testdata/exec/stdlib")
	fn := findFunc(t, p, "Widest")
	r, err := Analyze(Config{Program: p.SSA, Entries: []*ssa.Function{fn}})
	if err != nil {
		t.Fatal(err)
	}
	var sortCall *ssa.Call
	for _, c := range instrsOf[*ssa.Call](fn) {
		if callee := c.Call.StaticCallee(); callee != nil && callee.String() == "sort.Slice" {
			sortCall = c
		}
	}
	var array *ssa.Alloc
	for _, a := range instrsOf[*ssa.Alloc](fn) {
		if _, ok := a.Type().(*types.Pointer).Elem().(*types.Array); ok {
			array = a
		}
	}
	if sortCall == nil || array == nil {
		t.Fatalf("Widest: sort.Slice call %v, array %v", sortCall, array)
	}
	loc := r.Location(array, FieldPath{0, 2}) // spans[*].width
	if loc.Obj == nil {
		t.Fatalf("no location for %v", array)
	}
	if !r.MayModify(sortCall, loc) {
		t.Errorf("sort.Slice may not modify %s; its mod set is %v", loc, r.Mod(sortCall))
	}
}
