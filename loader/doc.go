// Package loader loads Go packages, builds SSA for the whole program and
// lists the functions that gosymtest explores.
//
// [Load] runs the go command (through golang.org/x/tools/go/packages) on a
// set of package patterns, parses and type-checks every package of the
// program from source, standard library included, and builds SSA with
// bodies for all of them: the symbolic executor interprets callees, so a
// dependency without a body would be a dead end. Generic functions are
// built once per concrete instantiation (ssa.InstantiateGenerics). The
// harness packages bytes, errors and strings are loaded with every
// program, though their functions are targets only when a pattern names
// them: the input harness makes readers with strings.NewReader, writers
// with new(bytes.Buffer) and errors with errors.New, also for a package
// that imports none of them (see harness.go).
//
// The program is loaded with the build tags purego and math_big_pure_go,
// under which the standard library compiles Go fallbacks for code that is
// otherwise assembly (math/big's arithmetic, crypto's block functions), so
// the executor has bodies to interpret there. When a matched package's own
// files mention one of these tags, the program is loaded without them, so
// the code under test is what go test compiles (see buildtags.go).
//
// For every package that matched the patterns and type-checked, Load lists
// its targets: the functions and methods declared in its non-test files
// (exported or not, on value or pointer receivers) and every concrete
// instantiation, anywhere in the loaded program, of a generic function or
// method declared in it; every method of an instance of a generic type
// one of whose methods the program instantiates, called or not; for a
// generic type none of whose methods has an instance, the instances of
// its methods with type arguments Load chooses (instantiate.go); and for
// an exported generic function that has none, an instance Load builds
// into the program with type arguments it chooses (genericfuncs.go). Left out are init functions and the package
// initializer, closures, other generic bodies that have no type arguments,
// instantiations whose type arguments are still type parameters,
// synthetic wrappers, blank (_) functions, and declarations without a Go
// body (assembly or go:linkname). [FuncName] names a target the way the
// user writes it: Func, Type.Method or Max[int].
//
// [Constructor] finds, by type, the function of a package that makes a
// value of that type (csv.NewReader for *csv.Reader), and
// [SentinelErrors] a package's error variables: the input harness makes
// parameters with them.
//
// Every list is in a fixed order, so that two runs explore the same
// paths: source order means by file name, then offset ([ComparePos]),
// never by token.Pos, whose order across files is the order in which
// go/packages happened to parse them.
//
// A package that fails to load, parse or type-check is reported as
// [LoadError] values with their positions and left out, and so is every
// package that imports one; the others are still built. Load assumes
// that the go command is on PATH and that patterns are given the way
// "go list" takes them. Because the go command never matches a directory
// named testdata with a wildcard, a pattern such as ./testdata/... is
// expanded by walking the directory tree here instead.
package loader
