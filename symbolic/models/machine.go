package models

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// A Func stands in for one library function. It gets the function and
// its evaluated arguments, and gives the results. ok=false means the
// model dealt with the path itself: it ended it, or it set the results
// of the states it forked (see Machine.Branch).
type Func func(m Machine, fn *ssa.Function, args []value.Value) (results []value.Value, ok bool)

// Machine is what a model may do to the path it runs on. It is the
// executor's state at the call, seen through the few operations that
// models need, and nothing of the executor besides.
type Machine interface {
	// Load reads memory through a pointer known to be non-nil.
	Load(p value.Pointer) value.Value
	// Store writes memory through a pointer known to be non-nil.
	Store(p value.Pointer, v value.Value)
	// New allocates an object of type t holding v, and points at it.
	New(t types.Type, v value.Value) value.Pointer
	// MakeSlice allocates a slice of n elements of elem with capacity
	// c, checking n as make does. false: the path ended or forked away.
	MakeSlice(elem types.Type, n, c expr.Expr) (value.Slice, bool)
	// Elems are the elements of a slice that memory holds.
	Elems(s value.Slice) []value.Value
	// BytesString is a byte slice's contents as a string.
	BytesString(s value.Slice) (value.String, bool)

	// RequireNonNil lets the path go on only where p is not nil. Where
	// p may be nil, a state panics as a nil dereference does. what names
	// p in the path's pins ("what != nil"); "" records no pin. It
	// reports whether this path goes on.
	RequireNonNil(p value.Pointer, what string) bool
	// Require lets the path go on only where cond holds, recording pin
	// where that decides between paths. Where cond can fail, otherwise
	// runs on the state where it does (this Machine itself when cond
	// cannot hold), so that a model ends it its own way. It reports
	// whether this path goes on.
	Require(cond expr.Expr, pin string, otherwise func(Machine)) bool
	// Branch forks the path on cond. Either side is nil when it cannot
	// happen, and one of them is this Machine itself when it can.
	Branch(cond expr.Expr) (onTrue, onFalse Machine)
	// Concretize pins x to one value the path allows, and records that
	// the path lost generality there (why says for what).
	Concretize(x expr.Expr, why string) (expr.Expr, bool)
	// Equal is the condition under which x and y, of type t, are ==.
	Equal(x, y value.Value, t types.Type) (expr.Expr, bool)
	// Reinterpret is the pointer to a t that u becomes when the memory
	// it addresses is laid out as a t, as unsafe's casts find it (a nil
	// u gives nil); false when it is not, and the path goes on for the
	// model to end.
	Reinterpret(u value.UnsafePointer, t types.Type) (value.Pointer, bool)

	// Descriptor is the executor's type descriptor (*abi.Type) of t.
	Descriptor(t types.Type) (value.Pointer, bool)
	// DescribedType is the type a descriptor describes; it stops the
	// path when v is not a descriptor the executor made.
	DescribedType(v value.Value) (types.Type, bool)
	// ReflectType is the *reflect.rtype of t, in reflect package pkg: one
	// object per type, so that reflect types compare by address as Go's
	// do. ReflectTypeOf is the type such an object stands for; it stops
	// the path when v is not one.
	ReflectType(pkg *types.Package, t types.Type) value.Value
	ReflectTypeOf(v value.Value) (types.Type, bool)

	// Float is the float64 that a float value holds, and FloatValue
	// makes the float value of type t that holds f.
	Float(v value.Value) (float64, bool)
	FloatValue(t types.Type, f float64) value.Value

	// SetCallResult sets the bool result of the call being modelled,
	// on a state that Branch forked off.
	SetCallResult(b expr.Expr)
	// CallInstead runs fn in place of the modelled function: fn's
	// results become the call's, and the model returns ok=false. It
	// reports false, and does nothing, for a deferred call.
	CallInstead(fn value.Func) bool
	// Caller is the function whose code makes the call being modelled,
	// for a model that serves only some callers.
	Caller() *ssa.Function
	// Panic starts a panic with a string value, as panic(message).
	Panic(message string)
	// RuntimeError starts a panic with a runtime.Error, as the runtime
	// raises one; message is Go's, less its "runtime error: " prefix.
	RuntimeError(message string)
	// Unsupported ends the path: it needs what the executor lacks.
	Unsupported(feature string)
}
