package testgen

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// Package variables a test puts back. Every case's outcome was found from
// the state the package initialisers leave, but go test runs the cases
// and the tests of a file one after another in one process: a call that
// sets a package variable (uuid's SetNodeID sets ifname) would leave it
// set for the cases and tests after it, which would then fail, or pass
// only in the file's order. So each case saves the variables its function
// may change in place (loader.GlobalsChanged) and puts them back when it
// ends. A variable that holds a lock is left alone: copying it is what go
// vet's copylocks check forbids. So is one only a sync.Once's Do sets
// (loader.GlobalsChanged leaves it out): the Once stays done.

// restored is a package variable a case puts back, and the local that
// keeps its value meanwhile.
type restored struct{ name, saved string }

// restoredVars are the variables of the tests' package that a call of fn
// may change and a case can put back by assignment.
func restoredVars(fn *ssa.Function, home *types.Package, vars locals) []restored {
	var out []restored
	taken := map[string]bool{}
	for _, g := range loader.GlobalsChanged(fn) {
		if g.Pkg.Pkg != home || !referable(g.Name()) {
			continue
		}
		ptr, ok := g.Type().(*types.Pointer)
		if !ok || holdsLock(ptr.Elem(), map[types.Type]bool{}) {
			continue
		}
		saved := "saved" + upperFirst(g.Name())
		for vars.declared(saved) || taken[saved] {
			saved += "_"
		}
		taken[saved] = true
		out = append(out, restored{name: g.Name(), saved: saved})
	}
	return out
}

// referable reports whether name is an identifier a test can refer to: not
// blank, nor one of the SSA builder's own variables (init$guard).
func referable(name string) bool {
	return name != "_" && !strings.ContainsAny(name, "$.")
}

// holdsLock reports whether a value of type t contains a lock, as go vet
// sees one: a value of a type whose pointer has Lock and Unlock methods
// (sync.Mutex, and the noCopy field of sync/atomic's types), directly or
// in a field or an array element.
func holdsLock(t types.Type, seen map[types.Type]bool) bool {
	t = types.Unalias(t)
	if seen[t] {
		return false
	}
	seen[t] = true
	if _, ok := t.(*types.Named); ok {
		mset := types.NewMethodSet(types.NewPointer(t))
		if mset.Lookup(nil, "Lock") != nil && mset.Lookup(nil, "Unlock") != nil {
			return true
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsLock(u.Field(i).Type(), seen) {
				return true
			}
		}
	case *types.Array:
		return holdsLock(u.Elem(), seen)
	}
	return false
}

// restoreSetup prints, at the start of a row's subtest, the saving of the
// variables the call may change and the deferred assignment that puts
// them back.
func (e *emitter) restoreSetup(t *table) {
	if len(t.restore) == 0 {
		return
	}
	names := make([]string, len(t.restore))
	saved := make([]string, len(t.restore))
	for i, r := range t.restore {
		names[i], saved[i] = r.name, r.saved
	}
	fn := strings.TrimSuffix(t.label, "()")
	fmt.Fprintf(&e.b, "// %s may change %s: put %s back when the case ends.\n", fn, andList(names), pronoun(len(names)))
	fmt.Fprintf(&e.b, "%s := %s\n", strings.Join(saved, ", "), strings.Join(names, ", "))
	fmt.Fprintf(&e.b, "defer func() {\n%s = %s\n}()\n", strings.Join(names, ", "), strings.Join(saved, ", "))
}

// andList joins names as prose: "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
