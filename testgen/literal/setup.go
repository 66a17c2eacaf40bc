package literal

import (
	"go/scanner"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"unicode"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// A value made by its package's API and then used (symbolic's
// sequences.go: a concrete.Setup) is written as a person sets one up.
// When every call is a builder, whose result is the value, it is a chain:
// NewEncoding(s).WithPadding('*'). Otherwise it is a func literal called
// at once, which makes the value, calls the methods in order and returns
// it, so the table keeps one expression per input:
//
//	func() *Writer { w := NewWriter(new(bytes.Buffer)); w.Write([]byte("ab")); return w }()
//
// A call's results are dropped by the call statement itself; a builder's
// result is assigned back to the variable. A step that sets a field
// (concrete.Assign) is an assignment, which no chain can hold:
//
//	func() *Writer { w := NewWriter(new(bytes.Buffer)); w.Comma = ';'; return w }()

// setupLit writes the Setup value v.
func (w *Writer) setupLit(v concrete.Value) (string, error) {
	src, chain, err := w.setupBody(v)
	if err != nil || chain {
		return src, err
	}
	typ, err := w.TypeName(v.Type)
	if err != nil {
		return "", err
	}
	return "func() " + typ + " " + src + "()", nil
}

// setupBody writes the Setup value v as a chain, when every call is a
// builder (chain is true), or else as the body of the func literal that
// makes it: { w := NewWriter(b); w.Comma = ';'; return w }.
func (w *Writer) setupBody(v concrete.Value) (src string, chain bool, err error) {
	if v.Elem == nil || v.Elem.Kind != concrete.Call && v.Elem.Kind != concrete.Assert && v.Elem.Kind != concrete.Global || len(v.Elems) == 0 {
		return "", false, errNoLiteral{"setup of no call"}
	}
	made, err := w.write(*v.Elem, false, false)
	if err != nil {
		return "", false, err
	}
	calls := make([]string, len(v.Elems))
	chain = true
	for i, c := range v.Elems {
		if c.Kind == concrete.Assign {
			calls[i], err = w.fieldAssign(c)
		} else {
			calls[i], err = w.methodCall(c)
		}
		if err != nil {
			return "", false, err
		}
		chain = chain && isBuilder(c, v.Type)
	}
	if chain {
		return made + "." + strings.Join(calls, "."), true, nil
	}
	name := freeName(v.Type, append([]string{made}, calls...))
	var b strings.Builder
	b.WriteString("{ " + name + " := " + made + "; ")
	for i, c := range v.Elems {
		if isBuilder(c, v.Type) {
			b.WriteString(name + " = ")
		}
		b.WriteString(name + "." + calls[i] + "; ")
	}
	b.WriteString("return " + name + " }")
	return b.String(), false, nil
}

// isBuilder reports whether the method call c of a setup of a value of
// type t gives the value from then on.
func isBuilder(c concrete.Value, t types.Type) bool {
	return c.Type != nil && types.Identical(c.Type, t)
}

// fieldAssign writes the assignment c of a field, without its
// receiver: Comma = ';'. The field's type gives the value its type, as
// an argument's parameter does.
func (w *Writer) fieldAssign(c concrete.Value) (string, error) {
	if c.Var == nil || c.Elem == nil || !c.Var.IsField() {
		return "", errNoLiteral{"setup step that is no field assignment"}
	}
	if !c.Var.Exported() && c.Var.Pkg().Path() != w.Home.Path() {
		return "", errNoLiteral{"unexported field " + c.Var.Name()}
	}
	src, err := w.InSlot(*c.Elem, c.Var.Type(), false)
	if err != nil {
		return "", err
	}
	return c.Var.Name() + " = " + src, nil
}

// methodCall writes the call c of a method, without its receiver:
// Write([]byte("ab")).
func (w *Writer) methodCall(c concrete.Value) (string, error) {
	if c.Kind != concrete.Call || c.Func == nil {
		return "", errNoLiteral{"setup step that is no method call"}
	}
	sig, ok := c.Func.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return "", errNoLiteral{"setup step that is no method call"}
	}
	if !c.Func.Exported() && c.Func.Pkg().Path() != w.Home.Path() {
		return "", errNoLiteral{"unexported method " + c.Func.Name()}
	}
	src, err := w.callArgs(c)
	if err != nil {
		return "", err
	}
	return c.Func.Name() + src, nil
}

// freeName is the variable a setup func literal holds its value in: the
// type's initial, lower-cased (w for a *Writer), or, if the sources use
// that identifier, the first of v, v1, v2, … they do not.
func freeName(t types.Type, sources []string) string {
	used := map[string]bool{}
	for _, src := range sources {
		var sc scanner.Scanner
		fset := token.NewFileSet()
		sc.Init(fset.AddFile("", -1, len(src)), []byte(src), nil, 0)
		for {
			_, tok, lit := sc.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.IDENT {
				used[lit] = true
			}
		}
	}
	name := "v"
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if r := []rune(n.Obj().Name()); len(r) > 0 && r[0] < unicode.MaxASCII && unicode.IsLetter(r[0]) {
			name = string(unicode.ToLower(r[0]))
		}
	}
	if used[name] {
		name = "v"
	}
	for i := 1; used[name]; i++ {
		name = "v" + strconv.Itoa(i)
	}
	return name
}
