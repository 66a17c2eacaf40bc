// Package pointer is gosymtest's points-to and mod/ref analysis. It
// replaces the deprecated golang.org/x/tools/go/pointer, which no longer
// runs on current Go, and serves the redundant-state detector: a write
// on the executed path is potentially dependent on a branch when the
// branch controls an assignment, off the path, whose target may alias
// the written location. That question needs a sound alias analysis.
//
// # Andersen mode
//
// The default mode is inclusion-based (Andersen), field-sensitive and
// context-insensitive, over the SSA of the whole program reachable from
// the entries: every package initializer, and Config.Entries (the
// functions under test). Functions are found reachable on the fly, as
// dynamic calls (interface methods, closures, method values, bound
// methods) resolve.
//
// Abstract objects are allocation sites: *ssa.Alloc (new, &T{},
// escaping locals, varargs arrays), *ssa.MakeSlice and append (backing
// arrays), *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeInterface (boxes),
// globals, functions, and input objects (below). Every object and every
// SSA value that can hold a pointer is flattened into cells: one per
// scalar, an identity header per struct and array, struct fields in
// order, one summary element for all elements of an array or slice. A
// map object has a key and a value summary ("[key]", "[value]"), a
// channel an element summary ("[elem]"), a box its dynamic type and a
// copy of the value ("(payload)"). An interface value points to boxes;
// Invoke and TypeAssert dispatch on the box's dynamic type. Closures
// share one object per function: the bindings of every MakeClosure flow
// into the function's free variables. Panics flow to recover.
//
// The constraint graph is solved with a worklist and difference
// propagation over sparse bit sets; cycles of copy edges are merged with
// lazy cycle detection (an equal-sets test on each propagated edge
// triggers a Tarjan search), nodes kept in a union-find forest.
//
// # Inputs
//
// The symbolic executor gives each pointer reachable from a parameter of
// the function under test a fresh object, and inputs never alias each
// other or the program's own objects. Each entry parameter p therefore
// points to input objects of its own, one per type reachable from p:
// every executor object of type T created for p, at any depth (p, p.next,
// p.next.next), maps to the object labelled "input:p:T". Slices of E map
// to "input:p:[]E" (the backing array), maps and channels to one object
// per type, non-empty interfaces to one box per implementing named type
// or pointer to one (the executor's candidates) labelled
// "input:p:(T)"; an input of type any to one box per type the
// executor may choose for it (the types its package asserts to, int and
// string). Inputs of function type are taken to be nil, as the executor
// makes them; that is recorded in Warnings.
// Result.Object and Result.MayPointToSite accept the *ssa.Parameter as
// the site of p's top-level pointee; Result.InputObject(p, T) gives the
// object of any type T reachable from p.
//
// # Mod and ref
//
// Result.Mod(instr) lists the locations (object plus selector path) an
// instruction may write: stores, map updates, sends, the builtins
// append, copy, clear and delete, and calls, whose mod set is the
// transitive mod set of every callee (context-insensitive: a callee's
// summary covers all its callers' arguments). Result.FuncMod and
// FuncRef give per-function summaries, computed once over the strongly
// connected components of the call graph. Result.Location(site, path)
// maps an executor object (allocation site and field path) to its
// abstract location, Result.TypeLocation (type-based mode) names a whole
// object by its type alone, and MayModify/MayAlias answer the detector's
// question.
//
// # Type-based mode
//
// Mode TypeBased is a cheaper fallback, sound for Go without unsafe: a
// store through *T may modify every cell of type T (types compared by
// their underlying types, since *T1 converts to *T2 when T1 and T2 have
// identical underlying types), a store to field f of struct S only field
// f of values of type S. Its call graph resolves interface calls to the
// runtime types implementing the interface and function-value calls to
// address-taken functions of identical signature. Its locations are
// type objects ("type:T" and "type:S.f"); MayAlias compares locations of
// either mode.
//
// # What is given up
//
// Every place where soundness or precision is given up is listed in
// Result.Warnings: unsafe.Pointer conversions (the address is kept but
// what a field offset means in the new type is not checked; offsets
// that fall outside the object are dropped; an access to the header cell
// of a block covers the block, and internal/reflectlite.Swapper, which
// sort.Slice swaps through, is modelled as the executor runs it:
// swapper.go), pointers made from integers (they point nowhere),
// functions without Go body (assembly, linkname: effects ignored, except
// the sync/atomic pointer operations, which are modelled), reflective
// calls (reflect.Value.Call, Method, MakeFunc: callees not discovered),
// and nil-assumed inputs. Result.ModComplete tells, per instruction,
// whether its mod set may miss writes for one of these reasons.
// Strings are immutable and not tracked as pointers.
package pointer
