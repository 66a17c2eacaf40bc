package testgen

import (
	"go/types"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"golang.org/x/tools/go/ssa"
)

// Package is the package tests are written for.
type Package struct {
	Dir   string         // the package directory; the file is written here
	Types *types.Package // the package under test; the file is in this package
	// GoVersion is the Go language version the package is compiled at,
	// "go1.20" (the go directive of its module's go.mod); the file uses
	// nothing newer. When empty, it is Types.GoVersion(), and when that
	// is empty too, the go.mod above Dir tells (see version.go).
	GoVersion string
}

// FuncTests are the cases found for one function.
type FuncTests struct {
	// Func is the function under test; for a method, Args[0] of each case
	// is the receiver. It may be an instance of a generic function, which
	// the test calls with its type arguments spelled out: Max[int](...).
	Func  *ssa.Function
	Cases []Case // in the executor's (deterministic) order
}

// Case is one path's test.
type Case struct {
	// Summary is a short outcome (`returns "equilateral"`,
	// "panics: index out of range"); the subtest's name is made from it.
	Summary string
	// Pins are the branch outcomes the path pinned, as Go-like text
	// ("a > 1000"); the row's comment joins them with " && ". They are
	// the fallback for a case without Branches.
	Pins []string
	// Branches are the same outcomes in source terms, in path order, for
	// the comment and the name of the case; nil when the executor could
	// not map them to the source.
	Branches []Branch
	// Boundary is set on a case made to sit on, or one past, the
	// boundary of a comparison the path decides ("n == 10, the boundary
	// of n < 10"); selection keeps such a case when it tells a mutated
	// comparison from the original where no other case does.
	Boundary string
	// Kills are the mutants of the package's code this case tells from
	// the original (its outcome differs with the mutant in place);
	// selection keeps a case that kills a mutant no kept case kills.
	Kills []Mutant
	// Covers are the blocks the path entered (in any function), for
	// greedy selection.
	Covers []BlockID
	// Args has one value per parameter, the receiver first; for a
	// variadic function the last one is the slice, passed with "...".
	Args []concrete.Value
	// Env is the environment the case sets before the call, nil when the
	// path read none.
	Env  *Env
	Want Outcome
	// Uncontrolled tells that the case's path depends on values the test
	// cannot set (the clock, the call stack): Go may run it down another
	// path. Such a case that fails under go test is left out quietly (in
	// Report.Skipped), not reported as a divergence.
	Uncontrolled bool
}

// Branch is one branch outcome of a path, in source terms.
type Branch struct {
	// Pos is where the condition is: the file's base name and the line,
	// "parse.go:42".
	Pos string
	// Cond is the condition as written in the source, for the side the
	// path took: "s[0] != 'v'" on the then side, "s[0] == 'v'" (or
	// "!(…)") on the else side; a switch case reads "x == 3".
	Cond string
	// Func names the function the branch is in when that is not the
	// function under test ("parseInt", "Reader.readRune"); "" otherwise.
	Func string
	// Edge is the edge the path took, into block Edge.Index from block
	// Edge.From-1 of Edge.Func, so that selection can tell which
	// branches gave a case the blocks and edges it adds.
	Edge BlockID
}

// BlockID names a basic block of some function or, when From is set, the
// edge into it from block From-1 (a continue or an empty else has no
// block of its own, only an edge).
type BlockID struct {
	Func  *ssa.Function
	Index int
	From  int
}

// Outcome is what the function did when the interpreter replayed the
// case's inputs.
type Outcome struct {
	Panics        bool
	PanicMsg      string // fmt.Sprint of the recovered value, when PanicMsgKnown
	PanicMsgKnown bool
	Results       []Result // when it returned: one per result
	// After is, when the function returned, what each pointer, slice or
	// map argument (the receiver included) points to after the call,
	// index-aligned with Case.Args: the pointee, the slice's elements or
	// the map's entries. The zero Value (Kind 0) where there is nothing
	// to check.
	After []concrete.Value
	// Before is what the same arguments pointed to when the call started
	// (after the inputs were built), so that only what a call changes is
	// checked; index-aligned like After.
	Before []concrete.Value
}

// Mutant is one small change to one operation of the package's code, as a
// mutation tool makes it.
type Mutant struct {
	Pos      string // the operator: file base name, line, column: "lev.go:26:16"
	Expr     string // the operation as written: "y <= n"
	From, To string // the operator and its replacement: "<=", "<" ("" drops a negation)
}

// Result is one returned value.
type Result struct {
	// Value is compared (with !=, by its bits for a float NaN or -0, or
	// with reflect.DeepEqual where == would not do) when it can be written
	// as a literal, and not checked otherwise.
	Value concrete.Value
	// ErrMsg is the Error() text of a non-nil result of static type error.
	// Such results are compared by message; a nil one (Value.Kind ==
	// concrete.Nil) is compared with nil. A non-nil error with an empty
	// ErrMsg (message unknown) is compared by nil-ness only.
	ErrMsg string
}

// Options tune Generate.
type Options struct {
	FileName string // default DefaultFileName; must end in _test.go
	AllPaths bool   // keep every case, not only those that add coverage
	// CheckAll runs every case under go test before the cases that add
	// coverage are chosen (it needs Validate), so that every disagreement
	// between the interpreter and Go is found and reported in
	// Report.Dropped, not only those of the cases the file keeps.
	CheckAll bool
	Validate bool   // run go test and drop failing cases
	GoCmd    string // default "go"
	// Timeout bounds one run of the test binary (go test -timeout), so a
	// case that hangs in real Go is dropped instead of blocking the run.
	// Default DefaultTimeout.
	Timeout time.Duration
	// Cover makes validation measure the statement coverage of the
	// generated tests alone (go test -coverprofile -coverpkg=the package,
	// -run limited to the generated test functions), kept in
	// Report.CoverProfile for the run that passed. It needs Validate.
	Cover bool
}

// Report says what Generate did.
type Report struct {
	Path string // the file written, or "" when there was nothing to write
	Kept int    // cases in the file
	// KeptPerFunc counts the file's cases by function under test.
	KeptPerFunc map[*ssa.Function]int
	// Dropped are the cases removed because they failed under go test (or
	// did not compile), in the order validation found them: those go
	// test's output named, a round at a time, in file order, and those
	// bisection found (isolate.go).
	Dropped []Divergence
	// Skipped are the cases left out, and why: those left out before
	// validation, sorted, then the Uncontrolled cases that failed under go
	// test, in file order.
	Skipped []string
	// TestRuns counts the runs of go test that validation made: the
	// rounds of the file, and the parts bisection ran (isolate.go).
	TestRuns int
	// CoverProfile is the coverprofile (mode set) of the validation run
	// whose tests all passed: what the written file's tests execute in the
	// package, and nothing else. Set with Options.Cover when a file was
	// written; nil otherwise.
	CoverProfile []byte
}

// Divergence is a case that failed under go test: the interpreter and Go
// disagree about it (or the test did not compile).
type Divergence struct {
	Func   *ssa.Function // the function under test
	Test   string        // the test function, "TestAbs"
	Case   string        // the subtest, "returns_3"
	Inputs string        // "x: -3"
	Want   string        // what the interpreter said: "3", `panics: "boom"`
	Got    string        // what Go did: "-3", `panic "boom"`, "crashed: fatal error: stack overflow"
	// NotCompiled: the row (or its test) did not compile. That is a bug
	// in writing the test, not a disagreement between the interpreter and
	// Go; Got then starts with "does not compile: ".
	NotCompiled bool
}

// DefaultFileName is the name of the file a package's tests go in.
const DefaultFileName = "gosymtest_generated_test.go"

// DefaultTimeout is the default Options.Timeout.
const DefaultTimeout = 2 * time.Minute
