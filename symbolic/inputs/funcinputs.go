package inputs

import (
	"fmt"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Func inputs. A parameter of func type (a callback, a less function, an
// iterator's yield) is nil or a constant function: one that ignores its
// arguments, has no effect, and returns the same results on every call.
// Its nilness is the variable "f != nil" and each result of plain data (a
// number, bool, string, float, or a struct or array of them) an input of
// its own, "f()" (or "f()#1", "f()#2" … when it has several), which the
// solver chooses like any other; a result of another type (an error, a
// pointer) is its zero value. A test writes such a function as a literal:
// func(int) bool { return true }.
//
// A path that calls the function holds only for constant functions, so it
// records the limit, and backs no claim of dead code; a path that only
// compares it with nil, or never reaches a call, holds for every function
// and records nothing.

// funcInputLimit is what a path that calls the func input called name
// records.
func funcInputLimit(name string) string {
	return name + " returns the same values on every call: func inputs are constant functions"
}

// funcResultName names result i of the func input called name, of n.
func funcResultName(name string, i, n int) string {
	if n == 1 {
		return name + "()"
	}
	return fmt.Sprintf("%s()#%d", name, i+1)
}

// plainData reports whether an input of type t is built without memory:
// numbers, bools, strings, floats, and structs and arrays of them. A func
// input's results of such types are inputs; others are zero.
func plainData(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsInteger|types.IsBoolean|types.IsString|types.IsFloat) != 0 && u.Kind() != types.Uintptr
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !plainData(u.Field(i).Type()) {
				return false
			}
		}
		return true
	case *types.Array:
		return plainData(u.Elem())
	}
	return false
}

// buildFunc makes the func input of signature sig called name.
func (in *Source) buildFunc(e *Builder, s *machine.State, name string, sig *types.Signature, depth int) value.Func {
	f := &value.FuncInput{Name: name, NonNil: in.Scalar(nilnessName(name), expr.BoolSort())}
	n := sig.Results().Len()
	for i := 0; i < n; i++ {
		t := sig.Results().At(i).Type()
		if !plainData(t) {
			f.Results = append(f.Results, value.Zero(t))
			continue
		}
		f.Results = append(f.Results, in.build(e, s, funcResultName(name, i, n), t, depth+1))
	}
	return value.Func{Input: f}
}

// callInputFunc runs a call of the func input f: it panics where f is
// nil, and returns f's results where it is not.
func (e *Builder) callInputFunc(s *machine.State, instr ssa.CallInstruction, f *value.FuncInput) {
	if !e.RequireNonNil(s, f.NonNil, nilnessName(f.Name), machine.PanicNilFunc) {
		return
	}
	s.Limit(funcInputLimit(f.Name))
	e.SetResults(s, instr, f.Results)
}

// funcInputLiteral is the literal of the func input called name of
// signature sig under a model, following buildFunc's naming.
func (e *Builder) funcInputLiteral(name string, t types.Type, sig *types.Signature, val func(string, expr.Sort) uint64,
	lit func(name string, t types.Type) concrete.Value) concrete.Value {
	if val(nilnessName(name), expr.BoolSort()) == 0 {
		return concrete.Value{Type: t, Kind: concrete.Nil}
	}
	v := concrete.Value{Type: t, Kind: concrete.FuncLit, Elems: []concrete.Value{}}
	n := sig.Results().Len()
	for i := 0; i < n; i++ {
		rt := sig.Results().At(i).Type()
		if !plainData(rt) {
			v.Elems = append(v.Elems, zeroLiteral(rt))
			continue
		}
		v.Elems = append(v.Elems, lit(funcResultName(name, i, n), rt))
	}
	return v
}
