// Package models holds the executor's models of library functions: Go
// functions without a Go body (assembly, or runtime linknames), and Go
// functions whose body the executor cannot follow.
//
// # Contract
//
// A model is a Func. It sees the path through a Machine, a handle with
// the few operations models need (load, store, allocate, fork, pin,
// panic, give up), not the executor. This follows go/ssa/interp's external.go,
// where each external function gets a frame, not the interpreter.
//
// Lookup is the one table, keyed by the function's full name, e.g.
// "internal/bytealg.IndexByteString" or "(*sync.Pool).Get". The
// executor asks it once per function.
//
// # What is modelled here
//
//   - internal/bytealg: byte and string search, count and compare, as
//     exact if-then-else terms over the bytes, so that no search forks.
//   - math's assembly and the float bit conversions.
//   - sync/atomic and the runtime hooks of sync: one goroutine runs, so
//     an atomic operation is its sequential meaning and a lock is never
//     contended.
//   - the runtime's fatal errors and code addresses, which end the path.
//   - internal/reflectlite's Swapper, under sort.Slice (sort.go).
//   - the types of reflect and reflectlite, on go/types: TypeOf, Kind,
//     String, Elem, Comparable, Implements, AssignableTo (reflect.go).
//   - the views of an interface as two words, a type word and a data
//     word: abi.TypeOf, reflect's unpackEface and packEface,
//     runtime.efaceOf (eface.go).
//   - reflect.Value's NumField, Field, Len, Index, Elem and Set, on
//     go/types over the executor's memory paths (reflectvalue.go).
//   - the functions a type descriptor holds: an interface's Equal and
//     Hasher, and the seed of the hash tables that call them
//     (typefuncs.go).
//   - unique.Make, as net/netip's initialiser calls it (unique.go).
//
// The standard streams, the environment and the uncontrolled calls
// (time, randomness) are still modelled inside the executor: they read
// its state beyond what a Machine shows.
package models
