package pointer

import (
	"go/types"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

func findFunc(t testing.TB, p *loader.Program, name string) *ssa.Function {
	t.Helper()
	for _, pkg := range p.Packages {
		if fn := pkg.SSA.Func(name); fn != nil {
			return fn
		}
	}
	t.Fatalf("function %s not found", name)
	return nil
}

// instrs returns the instructions of fn of type T, in order.
func instrsOf[T ssa.Instruction](fn *ssa.Function) []T {
	var out []T
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if x, ok := instr.(T); ok {
				out = append(out, x)
			}
		}
	}
	return out
}

// The detector's question: an executor object (allocation site + field
// path) was just written; may this other store write it too?
func TestLocationAndMayModify(t *testing.T) {
	p, r := analyzeFixtures(t, Andersen)
	fn := findFunc(t, p, "EntryFields")
	allocs := instrsOf[*ssa.Alloc](fn)
	var tAlloc *ssa.Alloc
	for _, a := range allocs {
		if types.TypeString(a.Type(), nil) == "*"+fn.Pkg.Pkg.Path()+".T" {
			tAlloc = a // t := &T{}
			break
		}
	}
	if tAlloc == nil {
		t.Fatal("no alloc of T")
	}
	tf := r.Location(tAlloc, FieldPath{0})
	tg := r.Location(tAlloc, FieldPath{1})
	whole := r.Location(tAlloc, nil)
	if tf.Path != ".f" || tg.Path != ".g" || whole.Path != "" {
		t.Fatalf("paths: %q %q %q", tf.Path, tg.Path, whole.Path)
	}
	if r.MayAlias(tf, tg) || !r.MayAlias(tf, whole) || !r.MayAlias(tg, whole) {
		t.Errorf("MayAlias: f/g %v, f/whole %v, g/whole %v", r.MayAlias(tf, tg), r.MayAlias(tf, whole), r.MayAlias(tg, whole))
	}
	var storeF, storeG int
	for _, st := range instrsOf[*ssa.Store](fn) {
		if r.MayModify(st, tf) {
			storeF++
		}
		if r.MayModify(st, tg) {
			storeG++
		}
	}
	// t.f = x; t.g = y; *p = x (p = &t.g)
	if storeF != 1 || storeG != 2 {
		t.Errorf("stores that may modify t.f: %d (want 1), t.g: %d (want 2)", storeF, storeG)
	}
	if tl := r.Location(tAlloc, FieldPath{5}); tl.Obj != nil {
		t.Errorf("out-of-range field path gave %v", tl)
	}
}

// The dynamic soundness check: at a dereference, the object the executor
// reached must be in the static set.
func TestMayPointToSite(t *testing.T) {
	p, r := analyzeFixtures(t, Andersen)
	fn := findFunc(t, p, "EntryCalls")
	var newT *ssa.Function
	newT = findFunc(t, p, "newT")
	alloc := instrsOf[*ssa.Alloc](newT)[0]
	// q := newT(c): the call's value points to newT's allocation.
	var call *ssa.Call
	for _, c := range instrsOf[*ssa.Call](fn) {
		if c.Call.StaticCallee() == newT {
			call = c
		}
	}
	if !r.MayPointToSite(call, alloc) {
		t.Errorf("newT() result must point to its allocation")
	}
	other := instrsOf[*ssa.Alloc](fn)[0]
	if r.MayPointToSite(call, other) {
		t.Errorf("newT() result must not point to %v", other)
	}
	// Inputs: the executor's object for *n (or n.next, any depth) is the
	// input object of the parameter of that type.
	in := findFunc(t, p, "EntryInput")
	n := in.Params[0]
	if !r.MayPointToSite(n, n) {
		t.Errorf("input n must point to its input object")
	}
	node := n.Type().(*types.Pointer).Elem()
	obj := r.InputObject(n, node)
	if obj == nil || obj != r.Object(n) {
		t.Fatalf("InputObject(n, Node) = %v, Object(n) = %v", obj, r.Object(n))
	}
	var next *ssa.UnOp // n.next
	for _, u := range instrsOf[*ssa.UnOp](in) {
		if fa, ok := u.X.(*ssa.FieldAddr); ok && fa.X == n && fa.Field == 0 {
			next = u
		}
	}
	if next == nil || !r.MayPointTo(next, obj) {
		t.Errorf("n.next must point to the Node input object")
	}
	if r.MayPointTo(next, r.Object(in.Params[2])) {
		t.Errorf("n.next must not point to q's input object")
	}
	s := in.Params[1]
	sObj := r.InputObject(s, s.Type())
	if sObj == nil || r.Location(s, FieldPath{3}).Path != "[*]" {
		t.Errorf("slice input: object %v, element location %v", sObj, r.Location(s, FieldPath{3}))
	}
}
