package concrete

import (
	"golang.org/x/tools/go/ssa"
)

// The records of one test case, as the executor hands them to the test
// writer: what to call with, what to expect, and which blocks, branches
// and mutants the case stands for. They are defined here, once, so that
// the executor and the writer share them.

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
	// Word names the parameter of a case whose value is one of the
	// package's words (a constant, an example's literal, a string its
	// regexp matches); selection keeps such a case when it covers
	// something new, or when it is the first to succeed where every kept
	// case fails.
	Word string
	// Kills are the mutants of the package's code this case tells from
	// the original (its outcome differs with the mutant in place);
	// selection keeps a case that kills a mutant no kept case kills.
	Kills []Mutant
	// Covers are the blocks the path entered (in any function), for
	// greedy selection.
	Covers []BlockID
	// Args has one value per parameter, the receiver first; for a
	// variadic function the last one is the slice, passed with "...".
	Args []Value
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
	// Hex are the variables the condition compares, alone or masked or
	// shifted (x, x&0xf0, x>>4), with an integer constant written in hex:
	// the writer writes such an input in hex too.
	Hex []string
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
	// RuntimeError marks a panic that Go's runtime raised (a nil
	// dereference, an index out of range), not a call of panic.
	RuntimeError bool
	Results      []Result // when it returned: one per result
	// After is, when the function returned, what each pointer, slice or
	// map argument (the receiver included) points to after the call,
	// index-aligned with Case.Args: the pointee, the slice's elements or
	// the map's entries. The zero Value (Kind 0) where there is nothing
	// to check.
	After []Value
	// Before is what the same arguments pointed to when the call started
	// (after the inputs were built), so that only what a call changes is
	// checked; index-aligned like After.
	Before []Value
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
	Value Value
	// ErrMsg is the Error() text of a non-nil result of static type error.
	// Such results are compared by message; a nil one (Value.Kind ==
	// Nil) is compared with nil. A non-nil error with an empty
	// ErrMsg (message unknown) is compared by nil-ness only.
	ErrMsg string
}

// Env is the environment a test sets before the call.
type Env struct {
	// Vars are the variables the path looked up, in order, set to Value
	// or Unset, then those the code under test wrote without reading them
	// first, Unset. When Exact, they are the whole environment, all set,
	// in the order os.Environ must list them.
	Vars  []EnvVar
	Exact bool
}

// EnvVar is one environment variable of a test.
type EnvVar struct {
	Key, Value string
	Unset      bool
}

// Clone is a copy of env that shares nothing with it; nil for nil.
func (env *Env) Clone() *Env {
	if env == nil {
		return nil
	}
	return &Env{Vars: append([]EnvVar(nil), env.Vars...), Exact: env.Exact}
}
