// Package value is the executor's data model: what a register or a
// memory cell holds during symbolic execution, and how memory stores it.
//
// # Values
//
// A Value is one of the kinds of this package. Scalar holds a bool or an
// integer as a term of package expr; it is a constant term whenever the
// computation was concrete. String holds bounded symbolic bytes and a
// symbolic length. Pointer, Slice, Struct, Array, Interface, Func, Tuple,
// Map and Chan follow Go's kinds. Opaque carries what is not modelled
// symbolically (floats, complex numbers) as a concrete Go value, and Lazy
// is a part of an input that nothing has read yet.
//
// Values are immutable. An update builds a new value and shares what did
// not change: Replace copies only the composites on the path to the
// change, and an Array is a persistent vector, so a store copies one leaf
// and the nodes above it. Forked states therefore share values freely,
// and no state can see another's writes.
//
// The interpreter keeps a few things in registers and objects that are
// no Go values: a range loop's position, a conversion under way. Their
// kinds are here too (extension.go). They embed Extension; the kinds of
// Go values do not.
//
// Same tells whether two values are the same, shape and terms; it is
// not Go's ==. Hash is a coarse hash that agrees with it, and Exprs
// lists a value's terms (same.go). The pruner compares states with them.
//
// # Memory
//
// A Memory maps ObjectIDs to Objects. An Object is one allocation: its
// static type, its whole contents as one value, and where it came from.
// A Pointer names an object and a Path of field and element indices
// inside it.
//
// Memory forks copy on write. Fork marks both memories shared and costs
// O(1); the first write to a shared memory copies its maps, not the
// objects, which are immutable too. FrozenFork gives a fork of a memory
// that other goroutines may be forking at the same time: it never writes
// the original. Freeze moves a memory's contents into a base layer that
// its forks share and no write copies: the package variables after the
// inits, thousands of objects, which every state would otherwise copy
// on its first write after a fork.
//
// # Who uses it
//
// Package machine's interpreter computes on these values. Its clients
// use the same model: the library models that stand in for functions
// without Go bodies, the builders of symbolic inputs, and the pruner,
// which compares what locations hold in two states. The helpers here
// (StringConst, Concat, Zero, Ite, ScalarOf and the others) need no
// state and no solver: anything that forks or asks the solver belongs to
// the interpreter.
//
// # Types as Go's runtime sees them
//
// Type descriptors and reflection, in the interpreter and in the library
// models, need what Go's runtime says of a type: its Kind number and
// element type (reflect.go), and the string reflect's Type.String gives
// (typestring.go), which the runtime prints in panics. The type
// descriptors the executor makes live in memory like other objects
// (typedesc.go, reflecttype.go). Go's run-time errors are values of
// RuntimeErrorType, with the runtime's messages (runtimeerr.go).
package value
