package testgen

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"golang.org/x/tools/go/ssa"
)

// Package is the package tests are written for.
type Package struct {
	Dir   string         // the package directory; the file is written here
	Types *types.Package // the package under test; the file is in this package
}

// FuncTests are the cases found for one function.
type FuncTests struct {
	// Func is the function under test; for a method, Args[0] of each case
	// is the receiver. It may be an instance of a generic function.
	Func  *ssa.Function
	Cases []Case
}

// Case is one path's test.
type Case struct {
	// Summary is a short outcome ("returns \"equilateral\"", "panics"); the
	// subtest's name is made from it.
	Summary string
	// Pins are the branch outcomes the path pinned, as Go-like text.
	Pins []string
	// Covers are the blocks the path entered, for greedy selection.
	Covers []BlockID
	// Args has one value per parameter, the receiver first.
	Args []concrete.Value
	Want Outcome
}

// BlockID names a basic block of some function.
type BlockID struct {
	Func  *ssa.Function
	Index int
}

// Outcome is what the function did.
type Outcome struct {
	Panics        bool
	PanicMsg      string // fmt.Sprint of the recovered value, when PanicMsgKnown
	PanicMsgKnown bool
	Results       []Result // when it returned: one per result
}

// Result is one returned value.
type Result struct {
	Value concrete.Value
	// ErrMsg is the Error() text of a non-nil result of static type error.
	ErrMsg string
}

// Options tune Generate.
type Options struct {
	FileName string // default "gosymtest_generated_test.go"
	AllPaths bool   // keep every case, not only those that add coverage
	Validate bool   // run go test and drop failing cases
	GoCmd    string // default "go"
}

// Report says what Generate did.
type Report struct {
	Path string // the file written, or "" when there was nothing to write
	Kept int    // cases in the file
	// KeptPerFunc counts the file's cases by function under test.
	KeptPerFunc map[*ssa.Function]int
	Dropped     []Divergence
	Skipped     []string // cases left out before validation, and why
}

// Divergence is a case that failed under go test: the interpreter and Go
// disagree about it.
type Divergence struct {
	Test, Case, Inputs, Want, Got string
}

// DefaultFileName is the name of the file a package's tests go in.
const DefaultFileName = "gosymtest_generated_test.go"
