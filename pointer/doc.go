// Package pointer is gosymtest's points-to and mod/ref analysis. It
// replaces golang.org/x/tools/go/pointer, which is deprecated and no
// longer runs on current Go.
//
// # Why the detector needs it
//
// Bugrara and Engler, "Redundant State Detection for Dynamic Symbolic
// Execution" (USENIX ATC 2013), §3.2.1, define potential dependences. A
// branch matters when the side the path did not take may write a location
// the path later reads. Deciding "may write" needs a sound,
// interprocedural alias analysis. The paper's C implementation pairs a
// precise intraprocedural analysis with a coarse interprocedural one. For
// Go, this package is that analysis.
//
// # Contract
//
// [Analyze] takes a [Config]: the program, the entry functions (the
// functions under test) and a [Mode]. It returns a [Result]:
//
//   - [Result.Mod] lists the locations an instruction may write, and
//     [Result.MayModify] asks about one location. [Result.FuncMod] and
//     [Result.FuncRef] summarise a whole function.
//   - [Result.ModComplete] tells whether an instruction's mod set may miss
//     writes, for one of the reasons under "What is given up" below. A
//     caller must then assume the worst.
//   - [Result.PointsTo], [Result.MayPointTo] and [Result.MayPointToSite]
//     answer points-to questions. [Result.MayAlias] compares locations.
//   - [Result.Location] maps an executor object (allocation site and field
//     path) to its abstract location. [Result.InputObject] gives the
//     object of an input. [Result.TypeLocation] names a whole object by
//     its type alone (type-based mode only).
//   - Result.Warnings lists every place where soundness or precision was
//     given up.
//
// Two packages use it. The detector's mod sets (detector/modsets.go) ask
// the type-based mode whether an instruction may write an object of a
// type. The points-to check of symbolic's tests, a watcher of the
// machine's dereferences, asks the Andersen mode whether each pointer the
// executor follows may point where it did: a "no" is a hole that would
// make pruning unsound.
//
// # Andersen mode
//
// The default mode is inclusion-based (Andersen). It is field-sensitive
// and context-insensitive. It covers the program reachable from every
// package initializer and from Config.Entries. Functions become reachable
// on the fly, as dynamic calls resolve: interface methods, closures,
// method values, bound methods.
//
// Abstract objects are allocation sites: *ssa.Alloc, *ssa.MakeSlice and
// append (backing arrays), *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeInterface
// (boxes), globals, functions, and input objects. Objects and SSA values
// are flattened into cells: one per scalar, a header per struct and array,
// struct fields in order, one summary element for all elements of an
// array or slice. A map has a key and a value summary. A channel has an
// element summary. A box has its dynamic type and a copy of the value.
// Invoke and TypeAssert dispatch on a box's dynamic type. Closures share
// one object per function. Panics flow to recover.
//
// The constraint graph is solved with a worklist and difference
// propagation over sparse bit sets. Cycles of copy edges are merged by
// lazy cycle detection (Hardekopf and Lin): an equal-sets test on a
// propagated edge triggers a Tarjan search. Nodes live in a union-find
// forest.
//
// # Inputs
//
// The executor gives each pointer reachable from a parameter a fresh
// object. Inputs never alias each other or the program's own objects. So
// each entry parameter p points to input objects of its own, one per type
// reachable from p. Every executor object of type T made for p, at any
// depth (p, p.next, p.next.next), maps to the object "input:p:T".
//
//   - Slices of E map to "input:p:[]E", the backing array.
//   - Maps and channels map to one object per type.
//   - A non-empty interface maps to one box per candidate type of the
//     executor, "input:p:(T)". An input of type any maps to one box per
//     type the executor may choose for it.
//   - Inputs of function type are nil, as the executor makes them. That is
//     recorded in Warnings.
//
// # Mod and ref
//
// Mod covers stores, map updates, sends, the builtins append, copy, clear
// and delete, and calls. A call's mod set is the transitive mod set of
// every callee. It is context-insensitive: a callee's summary covers all
// its callers' arguments. Function summaries are computed once, over the
// strongly connected components of the call graph.
//
// # Type-based mode
//
// Mode TypeBased is a cheaper fallback, sound for Go without unsafe. A
// store through *T may modify every cell of type T. Types are compared by
// their underlying types, since *T1 converts to *T2 when both have
// identical underlying types. A store to field f of struct S reaches only
// field f of values of type S. Interface calls resolve to the runtime
// types that implement the interface. Calls of function values resolve
// to address-taken functions of identical signature. Locations are type
// objects, "type:T" and "type:S.f". MayAlias compares locations of either
// mode.
//
// # What is given up
//
//   - unsafe.Pointer conversions keep the address, but a field offset is
//     not checked against the new type. Offsets outside the object are
//     dropped. internal/reflectlite.Swapper, which sort.Slice swaps
//     through, is modelled as the executor runs it (swapper.go).
//   - Pointers made from integers point nowhere.
//   - Functions without a Go body (assembly, linkname) have no effects,
//     except the sync/atomic pointer operations, which are modelled.
//   - Reflective calls (reflect.Value.Call, Method, MakeFunc) find no
//     callees.
//   - Inputs of function type are taken to be nil.
//
// Strings are immutable and not tracked as pointers.
package pointer
