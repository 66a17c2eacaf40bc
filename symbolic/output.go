package symbolic

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Output. A writer of the package made over an io.Writer keeps it, and
// what a call writes is what a caller checks: the text that reaches that
// writer. The harness's io.Writer is a new(bytes.Buffer), but the writer
// may hold it deep inside a value of another package (csv.Writer keeps a
// *bufio.Writer that keeps it), where no test can name it, and may hold
// the text back until it is flushed. So the replay reads it as its
// caller does: on a fork of the finished state, it calls the writer's
// Flush method when it has one, then finds the one bytes.Buffer the
// value reaches through pointers, fields and interfaces, and records its
// text as a view (concrete.View.Output). The test file holds that buffer
// itself and makes the writer over it (testgen/outputcolumn.go).

// maxOutputObjects bounds the objects searched for the buffer.
const maxOutputObjects = 64

// output is the output view of v, a non-nil pointer of the package's
// viewed type t, in s; ok is false when t writes to no single buffer.
func (e *Engine) output(s *machine.State, v value.Value, t types.Type) (concrete.View, bool) {
	view := concrete.View{Output: true}
	home := loader.PackageOf(e.Summary.Func)
	if home == nil {
		return view, false
	}
	if _, ok := loader.ViewedType(t, home.Pkg); !ok {
		return view, false
	}
	at := s
	if flush := e.flushMethod(t); flush != nil {
		end, _, ok := e.callMethod(s, flush, v)
		if !ok {
			return view, false
		}
		at, view.Method = end, flush.Name()
	}
	buf, bufType, ok := e.onlyBuffer(at, v, t)
	if !ok {
		return view, false
	}
	text, ok := concrete.BufferText(e.toConcrete(at, buf, bufType, map[value.ObjectID]bool{}))
	if !ok {
		return view, false
	}
	view.Value = concrete.Value{Type: types.Typ[types.String], Kind: concrete.String, Str: text}
	return view, true
}

// flushMethod is t's exported Flush method without parameters, returning
// nothing or an error; nil when it has none.
func (e *Engine) flushMethod(t types.Type) *ssa.Function {
	sel := e.Prog.MethodSets.MethodSet(t).Lookup(nil, "Flush")
	if sel == nil {
		return nil
	}
	sig := sel.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() > 1 ||
		sig.Results().Len() == 1 && !loader.IsErrorType(sig.Results().At(0).Type()) {
		return nil
	}
	return e.Prog.MethodValue(sel)
}

// onlyBuffer finds the *bytes.Buffer that v, of type t, reaches in s;
// ok is false when it reaches none, more than one, or too much memory to
// search.
func (e *Engine) onlyBuffer(s *machine.State, v value.Value, t types.Type) (value.Pointer, types.Type, bool) {
	var found []value.Pointer
	var bufType types.Type
	seen := map[value.ObjectID]bool{}
	var visit func(v value.Value, t types.Type) bool
	visit = func(v value.Value, t types.Type) bool {
		switch x := v.(type) {
		case value.Interface:
			if x.Value == nil || x.Type == nil {
				return true
			}
			return visit(x.Value, x.Type)
		case value.Struct:
			st, ok := t.Underlying().(*types.Struct)
			if !ok || st.NumFields() != len(x.Fields) {
				return true
			}
			for i, f := range x.Fields {
				if !visit(f, st.Field(i).Type()) {
					return false
				}
			}
		case value.Pointer:
			pt, ok := t.Underlying().(*types.Pointer)
			if !ok || !x.NonNil.IsTrue() || len(x.Sym) > 0 || len(x.Path) > 0 {
				return true
			}
			if loader.IsBytesBuffer(t) {
				for _, f := range found {
					if f.Obj == x.Obj {
						return true
					}
				}
				found, bufType = append(found, x), t
				return true
			}
			if seen[x.Obj] {
				return true
			}
			if seen[x.Obj] = true; len(seen) > maxOutputObjects {
				return false
			}
			return visit(e.Load(s, x), pt.Elem())
		}
		return true
	}
	if !visit(v, t) || len(found) != 1 {
		return value.Pointer{}, nil, false
	}
	return found[0], bufType, true
}
