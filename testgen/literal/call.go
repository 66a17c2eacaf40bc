package literal

import (
	"go/types"
	"strings"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// Values made through a package's API (see symbolic's ctorinputs.go) are
// written as the same calls: csv.NewReader(strings.NewReader("a,b\n")),
// new(bytes.Buffer), errors.New("x"), or a package variable such as
// io.EOF; a value of a helper type the file declares is &errWriter{…}
// (helpers.go).

// callLit writes a call of a constructor with its arguments' literals, or
// new(T).
func (w *Writer) callLit(v concrete.Value) (string, error) {
	if v.IsHelper() {
		return w.helperLit(v)
	}
	if v.Func == nil {
		ptr, ok := v.Type.Underlying().(*types.Pointer)
		if !ok {
			return "", errNoLiteral{"malformed new() value of type " + shortType(v.Type)}
		}
		name, err := w.TypeName(ptr.Elem())
		if err != nil {
			return "", err
		}
		return "new(" + name + ")", nil
	}
	sig := v.Func.Type().(*types.Signature)
	var fn string
	switch recv := sig.Recv(); {
	case recv != nil && v.Elem != nil:
		// A method of another type, on a receiver its API made:
		// New().PushBack(v).
		src, err := w.madeReceiver(*v.Elem, recv.Type())
		if err != nil {
			return "", err
		}
		fn = src + "." + v.Func.Name()
	case recv != nil:
		// An Init method, called on new(T).
		ptr, ok := recv.Type().(*types.Pointer)
		if !ok || !v.Func.Exported() && v.Func.Pkg().Path() != w.Home.Path() {
			return "", errNoLiteral{"method " + v.Func.Name() + " makes no value a test can write"}
		}
		name, err := w.TypeName(ptr.Elem())
		if err != nil {
			return "", err
		}
		fn = "new(" + name + ")." + v.Func.Name()
	default:
		var err error
		if fn, err = w.qualifiedObject(v.Func); err != nil {
			return "", err
		}
	}
	args, err := w.callArgs(v)
	if err != nil {
		return "", err
	}
	return fn + args, nil
}

// madeReceiver writes the receiver r, of type t, of a method call: in
// parentheses unless it is a call or a variable, which bind tighter
// than the selector.
func (w *Writer) madeReceiver(r concrete.Value, t types.Type) (string, error) {
	src, err := w.InSlot(r, t, false)
	if err != nil {
		return "", err
	}
	if r.Kind != concrete.Call && r.Kind != concrete.Global {
		src = "(" + src + ")"
	}
	return src, nil
}

// callArgs writes the parenthesized arguments, v.Elems, of the call v of
// v.Func (a method's receiver is not among them).
func (w *Writer) callArgs(v concrete.Value) (string, error) {
	sig := v.Func.Type().(*types.Signature)
	if sig.Params().Len() != len(v.Elems) {
		return "", errNoLiteral{"malformed call of " + v.Func.Name()}
	}
	args := make([]string, 0, len(v.Elems))
	for i, a := range v.Elems {
		pt := sig.Params().At(i).Type()
		variadic := sig.Variadic() && i == len(v.Elems)-1
		if variadic && a.Kind == concrete.Nil {
			break // f(x) passes a nil ...T
		}
		if variadic && a.Kind == concrete.Slice && len(a.Elems) > 0 {
			// f(a, b) rather than f([]T{a, b}...). An empty slice stays
			// f([]T{}...): f() would pass nil, which a callee that
			// keeps the slice can tell from it.
			elem := pt.Underlying().(*types.Slice).Elem()
			for _, e := range a.Elems {
				src, err := w.InSlot(e, elem, false)
				if err != nil {
					return "", err
				}
				args = append(args, src)
			}
			break
		}
		src, err := w.InSlot(a, pt, false)
		if err != nil {
			return "", err
		}
		if variadic {
			src += "..."
		}
		args = append(args, src)
	}
	return "(" + strings.Join(args, ", ") + ")", nil
}

// globalLit names a package-level variable.
func (w *Writer) globalLit(v concrete.Value) (string, error) {
	if v.Var == nil {
		return "", errNoLiteral{"package variable without its name"}
	}
	return w.qualifiedObject(v.Var)
}

// qualifiedObject spells a package-level function or variable in the test
// file, or says why it cannot.
func (w *Writer) qualifiedObject(obj types.Object) (string, error) {
	pkg := obj.Pkg()
	if pkg == nil || pkg.Path() == w.Home.Path() {
		return obj.Name(), nil
	}
	if !obj.Exported() {
		return "", errNoLiteral{"unexported " + pkg.Name() + "." + obj.Name()}
	}
	switch {
	case pkg.Name() == "main":
		return "", errNoLiteral{obj.Name() + " of a main package"}
	case !loader.MayImport(w.Home.Path(), pkg.Path()):
		return "", errNoLiteral{obj.Name() + " of internal package " + pkg.Path()}
	case loader.ImportsPath(pkg, w.Home.Path(), make(map[*types.Package]bool)):
		return "", errNoLiteral{obj.Name() + " of " + pkg.Path() + ", which imports the package under test"}
	}
	return w.Imports.Name(pkg.Path(), pkg.Name()) + "." + obj.Name(), nil
}

// NameableVar reports, without importing anything, whether a test file in
// package home can name the package variable v, as a literal of it would
// (a concrete.Global).
func NameableVar(home *types.Package, v *types.Var) bool {
	if v == nil {
		return false
	}
	pkg := v.Pkg()
	if pkg == nil || pkg.Path() == home.Path() {
		return true
	}
	return v.Exported() && pkg.Name() != "main" && loader.MayImport(home.Path(), pkg.Path()) &&
		!loader.ImportsPath(pkg, home.Path(), make(map[*types.Package]bool))
}

// derefLit writes *call or *Var: a value type its package hands out as a
// pointer. The operator binds looser than the call and the selector, so
// *pkg.New(x) needs no parentheses.
func (w *Writer) derefLit(v concrete.Value) (string, error) {
	if v.Elem == nil || v.Elem.Kind != concrete.Call && v.Elem.Kind != concrete.Global {
		return "", errNoLiteral{"dereference of no call or package variable"}
	}
	src, err := w.write(*v.Elem, false, false)
	if err != nil {
		return "", err
	}
	return "*" + src, nil
}

// assertLit writes call.(T): the dynamic value of the interface a
// package's factory returns.
func (w *Writer) assertLit(v concrete.Value) (string, error) {
	if v.Elem == nil || v.Elem.Kind != concrete.Call || v.Elem.Func == nil {
		return "", errNoLiteral{"type assertion of no call"}
	}
	src, err := w.write(*v.Elem, false, false)
	if err != nil {
		return "", err
	}
	name, err := w.TypeName(v.Type)
	if err != nil {
		return "", err
	}
	return src + ".(" + name + ")", nil
}
