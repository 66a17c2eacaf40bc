// Package loader loads Go packages, builds SSA for the whole program and
// lists the functions that gosymtest explores.
//
// No paper covers this part. It is gosymtest's front end, built on
// golang.org/x/tools/go/packages and golang.org/x/tools/go/ssa.
//
// # Contract
//
// [Load] takes a [Config]: a directory and package patterns, as "go list"
// takes them. It returns a [Program]:
//
//   - Program.SSA is the SSA program, with bodies for every package,
//     the standard library included. The executor interprets callees, so
//     a dependency without a body would be a dead end.
//   - Program.Packages are the packages that matched and type-checked,
//     sorted by import path. Each [Package] has its Targets.
//   - Program.Errors are [LoadError] values: a package that fails to
//     load, parse or type-check, with file, line and column.
//
// Load returns an error only when nothing at all could be loaded. A
// broken package is left out, and so is every package that imports it.
// The others are still built. Load needs the go command on PATH.
//
// Generic functions are built once per instance
// (ssa.InstantiateGenerics). The go command never matches a testdata
// directory with a wildcard, so Load expands a pattern such as
// ./testdata/... itself.
//
// # Targets
//
// The targets of a package are:
//
//   - the functions and methods declared in its non-test files, exported
//     or not, on value or pointer receivers;
//   - every instance, anywhere in the program, of a generic function or
//     method declared in it;
//   - every method of an instance of a generic type, when the program
//     instantiates one of that instance's methods, called or not;
//   - for a generic type none of whose methods has an instance, its
//     methods instantiated with type arguments Load chooses
//     (instantiate.go);
//   - for an exported generic function that has no instance, an instance
//     Load builds into the program (genericfuncs.go).
//
// Load gives each type parameter the first of int and string that its
// constraint admits. For a function, failing those, it takes the one type
// the constraint names: S ~[]T gets []int.
//
// Left out are init functions, closures, generic bodies without type
// arguments, synthetic wrappers, blank functions, and functions without a
// Go body (assembly, go:linkname).
//
// Also left out are the methods of a type that only the package's own
// functions build (builders.go): an unexported struct type that no
// function returns nor hands out otherwise ([Makings]), and whose every
// literal in the package sets one of its unexported fields.
// go/build/constraint builds its exprParser only in parseExpr, as
// &exprParser{s: text}. A test of exprParser.or on its own would have to
// write such a literal of private fields, on a receiver no caller can
// hold. So the methods are tested through the targets that hold the
// literals, and Package.Through lists them with those targets. A type
// whose literals are all in functions that are not targets (a package
// variable's initializer) keeps its methods as targets.
//
// [FuncName] names a target as a user writes it: Func, Type.Method or
// Max[int]. That is what -run matches.
//
// # Order
//
// Every list is in a fixed order, so that two runs explore the same paths.
// Source order means by file name, then offset ([ComparePos]). It is never
// token.Pos order, which follows the order go/packages parsed the files.
//
// # Build tags
//
// The program is loaded with the build tags purego and math_big_pure_go.
// Under them the standard library compiles Go fallbacks for code that is
// otherwise assembly (math/big, crypto's block functions). The executor
// then has bodies to interpret. When a matched package's own files
// mention one of these tags, the program is loaded without them, so the
// code under test is what go test compiles (buildtags.go).
//
// # The input harness
//
// The packages bytes, errors and strings are loaded with every program.
// The executor makes readers with strings.NewReader, writers with
// new(bytes.Buffer) and errors with errors.New, even for a package that
// imports none of them. They are targets only when a pattern names them
// (harness.go).
//
// # Helpers for the other packages
//
// The executor, the points-to analysis and the test writer ask loader
// about the program:
//
//   - [Constructor] finds the function that makes a value of a type
//     (csv.NewReader for *csv.Reader); the executor builds inputs with it.
//   - [SentinelErrors] lists a package's error variables (io.EOF), which
//     inputs and checks may name.
//   - [InputTypes], [ConcreteTypes] and [AssertedTypes] list the types an
//     interface input may hold. The executor and package pointer must
//     agree on them.
//   - [GlobalsChanged] lists the package variables a call may change; the
//     test writer saves and restores them. [ChangedIn] and
//     [ChangesGlobal] answer the same per instruction, for the executor.
//   - [Importable], [MayImport] and [ImportsPath] apply the go command's
//     import rules, so that a generated file never imports what it may
//     not.
package loader
