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

// The records of a case are package concrete's, shared with the
// executor that makes them.
type (
	Case    = concrete.Case
	Branch  = concrete.Branch
	BlockID = concrete.BlockID
	Outcome = concrete.Outcome
	Mutant  = concrete.Mutant
	Result  = concrete.Result
	Env     = concrete.Env
	EnvVar  = concrete.EnvVar
)

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
	// PanicsFound are the file's cases in which Go's runtime panics
	// (findings.go): crashes a caller can hit, each with its call.
	PanicsFound []Finding
	// PanicsDropped counts the cases left out because they panic in
	// Go's runtime on inputs no caller can build (findings.go).
	PanicsDropped int
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
