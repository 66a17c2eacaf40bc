package models

import (
	"fmt"
	"go/types"
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// fakeMachine is a Machine over a map of cells, which records what a
// model asks of it. It is a pointer, so a model can tell it from the
// one its Branch forks off.
type fakeMachine struct {
	cells       map[string]value.Value
	objects     value.ObjectID // the last object New made
	descs       []types.Type   // the types of the descriptors, by object
	forked      *fakeMachine   // what Branch gives for the false side
	callResult  *expr.Expr
	panicked    string
	unsupported string
}

func newFake() *fakeMachine { return &fakeMachine{cells: map[string]value.Value{}, objects: 100} }

func cell(p value.Pointer) string { return fmt.Sprint(p.Obj, p.Path) }

func (f *fakeMachine) Load(p value.Pointer) value.Value     { return f.cells[cell(p)] }
func (f *fakeMachine) Store(p value.Pointer, v value.Value) { f.cells[cell(p)] = v }

// New makes objects from 101 on, apart from the cells a test fills.
func (f *fakeMachine) New(_ types.Type, v value.Value) value.Pointer {
	f.objects++
	p := value.Pointer{NonNil: expr.True, Obj: f.objects}
	f.Store(p, v)
	return p
}

// Descriptor gives type i the object 1000+i, one per type.
func (f *fakeMachine) Descriptor(t types.Type) (value.Pointer, bool) {
	i := slices.IndexFunc(f.descs, func(d types.Type) bool { return types.Identical(d, t) })
	if i < 0 {
		i = len(f.descs)
		f.descs = append(f.descs, t)
	}
	return value.Pointer{NonNil: expr.True, Obj: value.ObjectID(1000 + i)}, true
}

func (f *fakeMachine) DescribedType(v value.Value) (types.Type, bool) {
	return f.descs[v.(value.Pointer).Obj-1000], true
}

// Reinterpret follows only a pointer to the very type.
func (f *fakeMachine) Reinterpret(u value.UnsafePointer, t types.Type) (value.Pointer, bool) {
	return u.Ptr, types.Identical(u.Elem, t)
}

// Require runs otherwise on the state forked off where cond may fail, or
// on f itself where cond cannot hold.
func (f *fakeMachine) Require(cond expr.Expr, _ string, otherwise func(Machine)) bool {
	if cond.IsTrue() {
		return true
	}
	if cond.IsFalse() {
		otherwise(f)
		return false
	}
	_, bad := f.Branch(cond)
	otherwise(bad)
	return true
}

func (f *fakeMachine) MakeSlice(types.Type, expr.Expr, expr.Expr) (value.Slice, bool) {
	panic("not used")
}
func (f *fakeMachine) Elems(value.Slice) []value.Value                    { panic("not used") }
func (f *fakeMachine) BytesString(value.Slice) (value.String, bool)       { panic("not used") }
func (f *fakeMachine) RequireNonNil(p value.Pointer, _ string) bool       { return p.NonNil.IsTrue() }
func (f *fakeMachine) Concretize(x expr.Expr, _ string) (expr.Expr, bool) { return x, x.IsConst() }
func (f *fakeMachine) Float(value.Value) (float64, bool)                  { panic("not used") }
func (f *fakeMachine) FloatValue(types.Type, float64) value.Value         { panic("not used") }
func (f *fakeMachine) CallInstead(value.Func) bool                        { panic("not used") }
func (f *fakeMachine) ReflectType(*types.Package, types.Type) value.Value {
	panic("not used")
}
func (f *fakeMachine) ReflectTypeOf(value.Value) (types.Type, bool) { panic("not used") }
func (f *fakeMachine) Caller() *ssa.Function                        { panic("not used") }
func (f *fakeMachine) Panic(message string)                         { f.panicked = message }
func (f *fakeMachine) RuntimeError(message string)                  { f.panicked = "runtime error: " + message }
func (f *fakeMachine) Unsupported(feature string)                   { f.unsupported = feature }
func (f *fakeMachine) SetCallResult(b expr.Expr)                    { f.callResult = &b }

func (f *fakeMachine) Equal(x, y value.Value, _ types.Type) (expr.Expr, bool) {
	return expr.Eq(x.(value.Scalar).E, y.(value.Scalar).E), true
}

// Branch keeps the true side on f, and forks the false side off, with a
// copy of f's cells.
func (f *fakeMachine) Branch(expr.Expr) (Machine, Machine) {
	f.forked = newFake()
	for k, v := range f.cells {
		f.forked.cells[k] = v
	}
	return f, f.forked
}

// swapFirst is a fakeMachine whose Branch keeps the false side and forks
// the true side off, as the engine does when the true side is the new
// state.
type swapFirst struct{ *fakeMachine }

func (s swapFirst) Branch(c expr.Expr) (Machine, Machine) {
	t, f := s.fakeMachine.Branch(c)
	return f, swapFirst{t.(*fakeMachine)}
}

func scalar(x expr.Expr) value.Scalar { return value.Scalar{E: x} }

// compareAndSwap runs atomic.CompareAndSwapInt64(p, old, 7) where *p
// holds the symbolic x.
func compareAndSwap(t *testing.T, m Machine, cells *fakeMachine) ([]value.Value, bool, value.Pointer) {
	t.Helper()
	cas, ok := atomicModel("CompareAndSwapInt64")
	if !ok {
		t.Fatal("no model for CompareAndSwapInt64")
	}
	p := value.Pointer{NonNil: expr.True, Obj: 1}
	cells.Store(p, scalar(expr.BVVar("x", 64)))
	params := types.NewTuple(
		types.NewParam(0, nil, "addr", types.NewPointer(types.Typ[types.Int64])),
		types.NewParam(0, nil, "old", types.Typ[types.Int64]),
		types.NewParam(0, nil, "new", types.Typ[types.Int64]))
	fn := &ssa.Function{Signature: types.NewSignatureType(nil, nil, nil, params, types.NewTuple(types.NewParam(0, nil, "", types.Typ[types.Bool])), false)}
	res, ok := cas(m, fn, []value.Value{p, scalar(expr.Const(64, 3)), scalar(expr.Const(64, 7))})
	return res, ok, p
}

// Where the state that goes on is the one that swapped, the model
// returns true for it, and sets false on the state forked off, which
// keeps the old value.
func TestCompareAndSwapForksKeepingTheSwap(t *testing.T) {
	m := newFake()
	res, ok, p := compareAndSwap(t, m, m)
	if !ok || len(res) != 1 || res[0].(value.Scalar).E != expr.True {
		t.Fatalf("results %v, %v: want [true], true", res, ok)
	}
	if got := m.Load(p).(value.Scalar).E; got != expr.Const(64, 7) {
		t.Errorf("swapped state holds %v, want 7", got)
	}
	kept := m.forked
	if kept.callResult == nil || *kept.callResult != expr.False {
		t.Errorf("kept state's result %v, want false", kept.callResult)
	}
	if got := kept.Load(p).(value.Scalar).E; got != expr.BVVar("x", 64) {
		t.Errorf("kept state holds %v, want x", got)
	}
}

// Where the swap is forked off, the model sets true on it itself and
// returns ok=false.
func TestCompareAndSwapForksOffTheSwap(t *testing.T) {
	m := newFake()
	res, ok, p := compareAndSwap(t, swapFirst{m}, m)
	if ok || res != nil {
		t.Fatalf("results %v, %v: want none, false", res, ok)
	}
	swapped := m.forked
	if swapped.callResult == nil || *swapped.callResult != expr.True {
		t.Errorf("swapped state's result %v, want true", swapped.callResult)
	}
	if got := swapped.Load(p).(value.Scalar).E; got != expr.Const(64, 7) {
		t.Errorf("swapped state holds %v, want 7", got)
	}
	if m.callResult == nil || *m.callResult != expr.False {
		t.Errorf("kept state's result %v, want false", m.callResult)
	}
}

// atomic.Value's Store panics with Go's messages on a nil value and on a
// value of another type than the first.
func TestAtomicValueStorePanics(t *testing.T) {
	p := value.Pointer{NonNil: expr.True, Obj: 1}
	held := value.Pointer{NonNil: expr.True, Obj: 1, Path: value.Path{0}} // the Value's one field
	m := newFake()
	m.Store(held, value.Interface{})
	if _, ok := atomicValueStore(m, nil, []value.Value{p, value.Interface{}}); ok || m.panicked != "sync/atomic: store of nil value into Value" {
		t.Errorf("nil store: ok %v, panic %q", ok, m.panicked)
	}
	m = newFake()
	m.Store(held, value.Interface{})
	first := value.Interface{Type: types.Typ[types.Int], Value: scalar(expr.Const(64, 1))}
	if _, ok := atomicValueStore(m, nil, []value.Value{p, first}); !ok || m.panicked != "" {
		t.Fatalf("first store: ok %v, panic %q", ok, m.panicked)
	}
	other := value.Interface{Type: types.Typ[types.String], Value: value.StringConst("a")}
	if _, ok := atomicValueStore(m, nil, []value.Value{p, other}); ok || m.panicked != "sync/atomic: store of inconsistently typed value into Value" {
		t.Errorf("second store of another type: ok %v, panic %q", ok, m.panicked)
	}
}

// The atomic functions are found by the operation their name starts with.
func TestAtomicModelsByOperation(t *testing.T) {
	for _, name := range []string{"AddInt32", "LoadPointer", "StoreUint64", "SwapUintptr", "CompareAndSwapInt64", "AndUint32", "OrInt64"} {
		if _, ok := atomicModel(name); !ok {
			t.Errorf("no model for %s", name)
		}
	}
	if _, ok := atomicModel("Int64"); ok {
		t.Error("a model for Int64, which names no operation")
	}
}

// Each group of models names functions no other group does, so that the
// table does not depend on the order the groups are merged in.
func TestGroupsAreDisjoint(t *testing.T) {
	seen := map[string]int{}
	for i, g := range groups() {
		for name := range g {
			if j, ok := seen[name]; ok {
				t.Errorf("%s is in groups %d and %d", name, j, i)
			}
			seen[name] = i
		}
	}
	if len(seen) != len(table) {
		t.Errorf("the table has %d models, the groups %d", len(table), len(seen))
	}
}

// Implements answers on go/types, and panics with reflect's messages on a
// nil Type and on a Type that is no interface.
func TestImplementsOnGoTypes(t *testing.T) {
	stringer := types.NewInterfaceType([]*types.Func{types.NewFunc(0, nil, "String",
		types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewParam(0, nil, "", types.Typ[types.String])), false))}, nil).Complete()
	byName := map[string]types.Type{"int": types.Typ[types.Int], "stringer": stringer, "empty": types.NewInterfaceType(nil, nil).Complete()}
	typeOf := func(_ Machine, v value.Value) (types.Type, bool) {
		return byName[v.(value.Opaque).Reason], true
	}
	rtype := func(name string) value.Value { return value.Opaque{Reason: name} }
	arg := func(name string) value.Interface {
		return value.Interface{Type: types.Typ[types.Int], Value: rtype(name)}
	}
	implements := implementsModel(typeOf)
	for _, c := range []struct {
		t, u string
		want bool
	}{{"int", "empty", true}, {"int", "stringer", false}} {
		res, ok := implements(newFake(), nil, []value.Value{rtype(c.t), arg(c.u)})
		if !ok || res[0].(value.Scalar).E != expr.BoolConst(c.want) {
			t.Errorf("%s implements %s: %v, %v; want %v", c.t, c.u, res, ok, c.want)
		}
	}
	m := newFake()
	if _, ok := implements(m, nil, []value.Value{rtype("int"), value.Interface{}}); ok || m.panicked != "reflect: nil type passed to Type.Implements" {
		t.Errorf("nil Type: ok %v, panic %q", ok, m.panicked)
	}
	m = newFake()
	if _, ok := implements(m, nil, []value.Value{rtype("int"), arg("int")}); ok || m.panicked != "reflect: non-interface type passed to Type.Implements" {
		t.Errorf("Type int: ok %v, panic %q", ok, m.panicked)
	}
}
