// Package symbolic is gosymtest's executor: a forking interpreter of Go SSA
// (golang.org/x/tools/go/ssa) whose values are terms of package expr, in the
// style of KLEE (Cadar, Dunbar & Engler, OSDI 2008).
//
// # States and forking
//
// A State is one path: a stack of frames (function, block, previous block for
// φ-nodes, registers, deferred calls), a memory, and the path condition. At
// an If whose condition is symbolic the solver decides which sides are
// feasible; when both are, the state forks. Forking is cheap: frames and the
// memory's object map are shared copy-on-write, objects and values are
// immutable, and the path condition is a shared slice that each state only
// appends to.
//
// The main loop is select → step → update behind the Searcher interface:
// "covnew" (the default) alternates a coverage-seeking choice (states near
// blocks no path has entered) with a random-path choice, as KLEE does; "dfs",
// "bfs" and "random-path" are the others.
//
// # Values and memory
//
// Integers and bools are expr terms (constant when concrete, so concrete
// work folds and never reaches the solver). Strings are up to a bound of
// symbolic bytes plus a symbolic length. Memory is a set of objects, each an
// immutable value tree (structs and arrays nest); pointers name an object
// and a path of field and element indices. Maps are objects holding their
// entries; which entry a symbolic key hits is decided by forking on key
// equality, so the entry structure is known on every path.
//
// Symbolic indexing. An index into a value that is read (a string byte, an
// array element of scalar type) becomes an if-then-else over the positions,
// which is exact and does not fork. An index that yields an address
// (IndexAddr, slicing) forks over the index's feasible values, at most
// Bounds.MaxFork of them; more ends the path with EndDepth, so a claim of
// exhaustiveness is never made past it. Forking keeps every address concrete,
// which the redundant-state detector needs (it reasons about locations), and
// input containers are small (Bounds.MaxElems, MaxLen), so the fan-out is
// bounded.
//
// # Runtime panics are branches
//
// Nil dereference, index and slice bounds, division by zero, negative shift
// amounts, failed type assertions, assignment to a nil map and calls of nil
// funcs are each checked with the solver; where the check can fail, a forked
// state panics with Go's message. Panics unwind through deferred calls and
// can be recovered, with Go's rules (recover works only when called directly
// by a deferred call during a panic).
//
// # Inputs
//
// Parameters get symbolic values named by their Go access paths ("p.X",
// "len(s)", "s[2]", "p != nil"): integers and bools unconstrained, strings of
// up to MaxLen bytes, slices nil or up to MaxElems elements, pointers nil or
// a fresh object whose contents are created lazily on first read, structs
// and arrays field by field up to MaxDepth, and a parameter of a non-empty
// interface type nil or one of up to four implementing types of the program
// (see ifaceinputs.go), and a map parameter nil or 0 … MaxElems entries with
// distinct symbolic keys (see mapinputs.go). Maps, empty interfaces and
// interfaces nested in other inputs are nil and floats 0 for now; such a limitation is recorded on the
// path, which then is not exhaustive. Inputs never alias each other.
//
// # What a path gives
//
// Every path ends in one of a closed set of EndKinds and is handed to a Sink;
// the executor writes no files. For a path that returned or panicked, a model
// of the path condition gives concrete inputs, and replaying them
// concretely in the same interpreter gives the outcome the generated test
// asserts. Anything that makes a path less than general (a symbolic value
// pinned to one model value, an input kind not modelled) is recorded on it.
//
// # Assumptions
//
// A 64-bit platform (int is 64 bits). No goroutines, channels, select or
// reflection: paths that need them end as EndUnsupported with the feature
// named. Floating-point values are concrete. Functions without a body need
// a model (models.go); an unmodelled one ends the path with reason
// "unmodelled:<name>". A model also replaces a Go body the executor cannot
// follow (float bit casts, sync.Pool's per-P arrays).
//
// Unsafe is followed as the standard library uses it (unsafe.go): an
// unsafe.Pointer carries the pointer it came from and its element type, and
// converts back only to a pointer of the same layout (or to the first field
// of a struct); unsafe.String, StringData, Slice and SliceData work over
// whole array objects. Pointer arithmetic and reinterpreting memory stop the
// path. One goroutine runs, so sync's locks are never contended and run
// from their Go bodies over the atomic models; a semaphore wait would block
// forever and stops the path (syncmodels.go). os.Stdout and os.Stderr are
// stand-ins to which writes succeed and are dropped (osstreams.go). Of
// reflection, only what errors and fmt ask on their common paths is
// modelled on go/types (reflectlite.go, reflecttype.go): reflectlite's
// TypeOf, Elem and Comparable, and reflect.TypeOf(x).Kind(); other methods
// of reflect's type stop the path.
//
// UTF-8 is decoded symbolically with Go's rules (runes.go): a range over a
// string forks at each position over ASCII, two-, three- and four-byte
// sequences and an invalid byte, as does []rune(s), one rune a step;
// string(r) and string(runes) encode without forking.
//
// Package-level variables start at their zero values (running package
// initialisers is future work), and calls into os, net, syscall and
// time.Now are refused.
package symbolic
