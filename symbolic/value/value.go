package value

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// Value is what an SSA register or a memory cell holds during symbolic
// execution. Values are immutable: an update builds a new one, so forked
// states can share them freely.
type Value interface{ isValue() }

// Scalar is a bool (Bool sort) or an integer (a bit-vector of the type's
// width). It is a constant whenever the computation was concrete.
type Scalar struct{ E expr.Expr }

// ObjectID names an object in a state's memory. 0 is no object.
type ObjectID int

// Pointer is the address of a location: a selector path inside an object.
// NonNil is the condition under which the pointer is not nil: true for the
// address of an allocation, false for nil, and a variable for an input
// pointer whose nil-ness is decided the first time the path depends on it.
//
// Sym lists the steps of Path taken at a symbolic index (symindex.go): the
// element Path[step.At] is then a placeholder, and the pointer stands for
// every element the index may select. Only addresses that do not escape
// (every use is a load, a store or a further field or element address)
// carry symbolic steps, so they never reach memory, calls or comparisons.
type Pointer struct {
	NonNil expr.Expr
	Obj    ObjectID
	Path   Path
	Sym    []SymStep
}

// One is the results of a call that returns the scalar x alone, as the
// models of library functions give them.
func One(x expr.Expr) []Value { return []Value{Scalar{E: x}} }

// Path selects a location inside an object: field indices of structs and
// element indices of arrays, from the object's root down.
type Path []int

// Struct is the value of a struct: one value per field.
type Struct struct{ Fields []Value }

// String is a Go string: Len bytes (a 64-bit term) of which Bytes holds the
// possible ones. A concrete string has exactly Len bytes; a symbolic one
// holds up to len(Bytes), and bytes at or past Len are meaningless.
type String struct {
	Bytes []expr.Expr
	Len   expr.Expr
}

// Slice is a slice header: a window on the array at path Base inside object
// Obj (the whole object when Base is empty, as for make and append; a
// struct field or array element for x.buf[:n]), starting at element Offset.
// A nil slice has NonNil false, Obj 0 and zero length and capacity.
type Slice struct {
	NonNil expr.Expr
	Obj    ObjectID
	Base   Path
	Offset int
	Len    expr.Expr
	Cap    expr.Expr
}

// Interface is a boxed value with its dynamic type. A nil interface has a
// nil Type.
type Interface struct {
	Type  types.Type
	Value Value
}

// Func is a function value: a declared function, or a closure with its
// bindings. A nil func has a nil Fn and no Input.
type Func struct {
	Fn       *ssa.Function
	Bindings []Value
	// Input, when set, makes the value a func input (symbolic/funcinputs.go):
	// Fn and Bindings are unset then.
	Input *FuncInput
}

// NonNil is whether f is not nil: a constant but for a func input
// outside a replay.
func (f Func) NonNil() expr.Expr {
	if f.Input != nil {
		return f.Input.NonNil
	}
	return expr.BoolConst(f.Fn != nil)
}

// Tuple holds the results of a call with several results.
type Tuple struct{ Elems []Value }

// Opaque is a value of a kind the executor does not model symbolically
// (floats, complex numbers, channels, unsafe pointers): it is carried as a
// concrete Go value when one is known, and any use that would need its
// contents stops the path with the named reason.
type Opaque struct {
	Type   types.Type
	Reason string
	Go     any // the concrete value, when known (float64, complex128, …)
	// Input names the float input this is, while the path has not chosen
	// its candidate; Go is then 0, the first one (symbolic/floatinputs.go).
	Input string
}

// Lazy is a part of an input that no instruction has read yet. The
// first read materialises it with fresh variables named after Name, so that
// only what the path depends on becomes symbolic.
type Lazy struct {
	Name  string
	Type  types.Type
	Depth int
	Root  *ssa.Parameter // the parameter it is part of
}

func (Scalar) isValue()    {}
func (Pointer) isValue()   {}
func (Struct) isValue()    {}
func (Array) isValue()     {}
func (String) isValue()    {}
func (Slice) isValue()     {}
func (Interface) isValue() {}
func (Func) isValue()      {}
func (Tuple) isValue()     {}
func (Opaque) isValue()    {}
func (Lazy) isValue()      {}

// NilPointer is the nil pointer.
var NilPointer = Pointer{NonNil: expr.False}

// With returns p extended by one selector, without sharing the new path
// with p's (which other values may extend differently).
func (p Path) With(step int) Path {
	out := make(Path, len(p)+1)
	copy(out, p)
	out[len(p)] = step
	return out
}

// FuncInput is a func input: nil where NonNil is false, else a function
// that returns Results.
type FuncInput struct {
	Name    string
	NonNil  expr.Expr
	Results []Value
}

// SymStep is a step of a Pointer's path taken at a symbolic element index:
// Path[At] is a placeholder, Index (64 bits) the element.
type SymStep struct {
	At    int
	Index expr.Expr
}

// WithStep returns p extended by one element step at index i: a concrete
// step when i is constant, else a symbolic one.
func (p Pointer) WithStep(i expr.Expr) Pointer {
	if i.IsConst() {
		return Pointer{NonNil: p.NonNil, Obj: p.Obj, Path: p.Path.With(int(i.Value())), Sym: p.Sym}
	}
	sym := append(append([]SymStep(nil), p.Sym...), SymStep{At: len(p.Path), Index: i})
	return Pointer{NonNil: p.NonNil, Obj: p.Obj, Path: p.Path.With(0), Sym: sym}
}

// SymIndexAt is the index term of the symbolic step at position at of p's
// path, if that step is symbolic.
func (p Pointer) SymIndexAt(at int) (expr.Expr, bool) {
	for _, st := range p.Sym {
		if st.At == at {
			return st.Index, true
		}
	}
	return expr.Expr{}, false
}

// Chan is what a channel's object holds: its buffer, and whether it
// is closed.
type Chan struct {
	Cap    int     // the buffer's size, fixed at make
	Buf    []Value // the values sent and not yet received, oldest first
	Closed bool
}

func (Chan) isValue() {}

// UnsafePointer is an unsafe.Pointer: the Pointer it was converted from and
// the type that pointer pointed to (nil for a nil unsafe.Pointer). A
// conversion back to a pointer type is followed only when the memory layout
// agrees with Elem.
type UnsafePointer struct {
	Ptr  Pointer
	Elem types.Type
}

func (UnsafePointer) isValue() {}

// NilUnsafePointer is unsafe.Pointer(nil).
var NilUnsafePointer = UnsafePointer{Ptr: NilPointer}

// Extension, embedded in a struct, makes it a Value. The interpreter uses
// it for what it keeps in registers and objects beyond Go's values: a
// range loop's position, a conversion under way, a deferred builtin, an
// object's contents as a pruner sees them. Every Go value has a type of
// its own here.
type Extension struct{}

func (Extension) isValue() {}
