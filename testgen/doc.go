// Package testgen writes the tests gosymtest found: one table-driven test
// per function in gosymtest_generated_test.go, in the package's own
// directory and package, so unexported functions can be called.
//
// # What a file holds
//
// Each function gets Test<Func> (Test<Type>_<Method> for methods, with the
// type arguments of a generic instance spelled out: TestMax_int). Its cases
// are rows of a table: the inputs as Go literals, the expected results
// (compared with reflect.DeepEqual; an error by its message, or nil), or the
// expected panic (checked with recover, with its message when known). A row's
// comment says which branch outcomes it pins. A result that has no literal
// (a func, a chan, a value of another package's unexported type) is not
// asserted, but the call still runs; a case whose inputs have no literal is
// left out and reported.
//
// # Choosing cases
//
// Only cases that add coverage are kept, greedily in the order the executor
// found them: a case is kept when it enters a block no kept case entered.
// Options.AllPaths keeps every case.
//
// # Validation
//
// A file is only written after it passed. testgen runs `go test -json` on
// the package with the candidate file laid over the package directory by
// `go test -overlay`, so the directory is not touched while checking. A
// failing case is a divergence between the interpreter and real Go: it is
// removed and reported with its inputs, expected and actual values, and the
// rest is checked again. The passing file is written to a temporary name in
// the directory and renamed, so an interrupted run never leaves a partial
// file. Two runs with the same input write byte-identical files.
package testgen
