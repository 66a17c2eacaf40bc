package testgen

import (
	"go/types"
	"strings"

	"github.com/gosymtest/gosymtest/testgen/literal"
	"golang.org/x/tools/go/ssa"
)

// Panics as findings. A case that panics is kept when the panic says
// something a caller needs to know:
//   - the package calls panic itself on that path: documented behaviour,
//     such as a Must function's;
//   - Go's runtime panics (a nil dereference, an index out of range) on
//     inputs that a caller can build: a crash a caller can hit, listed
//     as a finding with the call that triggers it.
//
// A runtime panic on an input that sets the private fields of one of the
// package's types is neither: no caller holds that value, so the case
// pins a misuse of the package's internals. Such cases are left out and
// counted (Report.PanicsDropped); Options.AllPaths keeps them.

// Finding is a case of the file in which Go's runtime panics.
type Finding struct {
	Func    *ssa.Function // the function under test
	Test    string        // the test function and its case: "TestDecode/panics_index_out_of_range"
	Call    string        // the call, with the case's inputs: "Decode([]byte{}, \"0\")"
	Message string        // the panic's message, "" when the interpreter did not know it
}

// privatePanic reports whether c panics in Go's runtime on an input that
// sets an unexported field of a type of home.
func privatePanic(c Case, home *types.Package) bool {
	if !c.Want.Panics || !c.Want.RuntimeError {
		return false
	}
	for _, a := range c.Args {
		if literal.SetsPrivateField(a, home) {
			return true
		}
	}
	return false
}

// findings are the rows of t that panic in Go's runtime.
func findings(t *table) []Finding {
	var found []Finding
	for _, r := range t.rows {
		if !r.panics || r.cand == nil || !r.cand.Want.RuntimeError {
			continue
		}
		f := Finding{Func: t.fn, Test: t.testName + "/" + r.name, Call: callText(t.fn, r.args)}
		if r.cand.Want.PanicMsgKnown {
			f.Message = r.cand.Want.PanicMsg
		}
		found = append(found, f)
	}
	return found
}

// callText writes the call of fn on args, as a caller writes it: the
// receiver first for a method.
func callText(fn *ssa.Function, args []string) string {
	name := fn.Name()
	if fn.Signature.Recv() != nil && len(args) > 0 {
		return "(" + args[0] + ")." + name + "(" + strings.Join(args[1:], ", ") + ")"
	}
	return name + "(" + strings.Join(args, ", ") + ")"
}
