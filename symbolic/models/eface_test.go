package models

import (
	"go/types"
	"reflect"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// valueFunc is a function whose one result is a reflect.Value's shape:
// type word, data word, flags.
func valueFunc() *ssa.Function {
	fields := []*types.Var{
		types.NewField(0, nil, "typ", types.NewPointer(types.Typ[types.Uint8]), false),
		types.NewField(0, nil, "ptr", types.Typ[types.UnsafePointer], false),
		types.NewField(0, nil, "flag", types.Typ[types.Uintptr], false),
	}
	result := types.NewTuple(types.NewParam(0, nil, "", types.NewStruct(fields, nil)))
	return &ssa.Function{Signature: types.NewSignatureType(nil, nil, nil, nil, result, false)}
}

func flagOf(v value.Value) uint64 { return v.(value.Struct).Fields[2].(value.Scalar).E.Value() }

func dataOf(v value.Value) value.UnsafePointer {
	return v.(value.Struct).Fields[1].(value.UnsafePointer)
}

// unpackEface copies a value that gc stores indirectly and marks it
// flagIndir, keeps a pointer as its own data word, and packEface gives
// back the interface it was made from in both cases.
func TestUnpackEfaceAndBack(t *testing.T) {
	intT := types.Typ[types.Int]
	held := value.Pointer{NonNil: expr.True, Obj: 5}
	for _, c := range []struct {
		name  string
		i     value.Interface
		flag  uint64
		fresh bool // whether the data word points at a new copy
	}{
		{"int", value.Interface{Type: intT, Value: scalar(expr.Const(64, 7))}, uint64(reflect.Int) | flagIndir, true},
		{"*int", value.Interface{Type: types.NewPointer(intT), Value: held}, uint64(reflect.Pointer), false},
	} {
		m := newFake()
		res, ok := unpackEface(m, valueFunc(), []value.Value{c.i})
		if !ok {
			t.Fatalf("%s: unpackEface stopped: %q", c.name, m.unsupported)
		}
		if got := flagOf(res[0]); got != c.flag {
			t.Errorf("%s: flags %#x, want %#x", c.name, got, c.flag)
		}
		data := dataOf(res[0])
		if fresh := data.Ptr.Obj > 100; fresh != c.fresh || !types.Identical(data.Elem, intT) {
			t.Errorf("%s: data word %v to a %v; want a new copy %v, to an int", c.name, data.Ptr, data.Elem, c.fresh)
		}
		back, ok := packEface(m, nil, res)
		if !ok || !types.Identical(back[0].(value.Interface).Type, c.i.Type) || !reflect.DeepEqual(back[0].(value.Interface).Value, c.i.Value) {
			t.Errorf("%s: packEface gave %v, %v; want %v", c.name, back, ok, c.i)
		}
	}
	m := newFake()
	nilMap := value.Interface{Type: types.NewMap(types.Typ[types.String], intT), Value: value.Zero(types.NewMap(types.Typ[types.String], intT))}
	if _, ok := unpackEface(m, valueFunc(), []value.Value{nilMap}); ok || m.unsupported != "reflect.Value of a map (a data word the executor does not model)" {
		t.Errorf("a map: ok %v, unsupported %q", ok, m.unsupported)
	}
}

// Index of a slice addresses the element in the backing array, past
// the slice's offset, keeps a read-only mark as the sticky one, and
// panics with reflect's message past the length.
func TestValueIndexOfSlice(t *testing.T) {
	sliceT := types.NewSlice(types.Typ[types.Int])
	header := value.Pointer{NonNil: expr.True, Obj: 1}
	m := newFake()
	m.Store(header, value.Slice{NonNil: expr.True, Obj: 2, Offset: 1, Len: expr.Const(64, 2), Cap: expr.Const(64, 2)})
	desc, _ := m.Descriptor(sliceT)
	v := value.Struct{Fields: []value.Value{desc, value.UnsafePointer{Ptr: header, Elem: sliceT},
		scalar(expr.Const(64, uint64(reflect.Slice)|flagIndir|flagEmbedRO))}}
	res, ok := valueIndex(m, nil, []value.Value{v, scalar(expr.Const(64, 1))})
	if !ok {
		t.Fatalf("Index(1) stopped: %q", m.unsupported)
	}
	if got := dataOf(res[0]).Ptr; got.Obj != 2 || !reflect.DeepEqual(got.Path, value.Path{2}) {
		t.Errorf("Index(1) points at %v %v, want object 2 at [2]", got.Obj, got.Path)
	}
	if got, want := flagOf(res[0]), uint64(reflect.Int)|flagAddr|flagIndir|flagStickyRO; got != want {
		t.Errorf("Index(1) flags %#x, want %#x", got, want)
	}
	if _, ok := valueIndex(m, nil, []value.Value{v, scalar(expr.Const(64, 2))}); ok || m.panicked != "reflect: slice index out of range" {
		t.Errorf("Index(2): ok %v, panic %q", ok, m.panicked)
	}
}

// The hash of a key Go cannot hash panics with the runtime's message;
// one that holds an interface stops the path.
func TestDescriptorHashRefuses(t *testing.T) {
	anyT := types.NewInterfaceType(nil, nil).Complete()
	key := value.UnsafePointer{Ptr: value.Pointer{NonNil: expr.True, Obj: 1}, Elem: anyT}
	m := newFake()
	m.Store(key.Ptr, value.Interface{Type: types.NewSlice(types.Typ[types.Int])})
	if _, ok := descriptorHash(m, nil, []value.Value{key}); ok || m.panicked != "runtime error: hash of unhashable type []int" {
		t.Errorf("a []int key: ok %v, panic %q", ok, m.panicked)
	}
	holder := types.NewStruct([]*types.Var{types.NewField(0, nil, "x", anyT, false)}, nil)
	m = newFake()
	m.Store(key.Ptr, value.Interface{Type: holder})
	if _, ok := descriptorHash(m, nil, []value.Value{key}); ok || m.unsupported != "hash of a value holding interfaces" {
		t.Errorf("a struct{x any} key: ok %v, unsupported %q", ok, m.unsupported)
	}
}
