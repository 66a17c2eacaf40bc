package testgen

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/literal"
	"golang.org/x/tools/go/ssa"
)

// A result of the package's own type that has unexported fields
// (loader.ViewedType: an *Encoding, a *List) is checked through what the
// package exports, as a caller would check it, never against a literal
// of its private fields: such a literal breaks the day a field is
// renamed, and shows a state no caller can name. The table gets a column
// per view of the result (viewColumn):
//
//   - the text of its String method, when it has one: wantString;
//   - else its exported fields (wantValue for got.Value) and the values
//     of its exported getters (wantLen for got.Len()), at most
//     maxViewColumns.
//
// The executor called the methods on the value its replay returned
// (concrete.Value.Views, symbolic/views.go); go test checks them again
// on the real code. A pointer result is first checked to be nil or not:
// with a wantNil column when the rows differ, else with a check that it
// is not nil. A type with nothing exported to read is checked for that
// alone, and a value of it not at all, which the test says in a comment.

// maxViewColumns bounds the view columns of one result.
const maxViewColumns = 6

// viewColumn is one view of a result or of an argument's pointee.
type viewColumn struct {
	column
	method string // the method called, "Len"; "" for a field; for a walk, its View.Name
	index  int    // the field's index, for a field view
	// walk, when its Step is set, is the walk the column checks
	// (walkcheck.go).
	walk  concrete.View
	check comparison
	// sel is what the test appends to the value to read the view:
	// ".Len()", ".Value".
	sel string
}

// viewPlan is how a viewed result is checked.
type viewPlan struct {
	cols []viewColumn
	// nilField is the wantNil column of a pointer result that is nil in
	// some rows and not in others; "" otherwise.
	nilField string
	// nonNil says every row returns a non-nil pointer: the test checks it.
	nonNil bool
	// bare names the type of a pointer result with no view: the test
	// says that only its nil-ness is checked.
	bare string
}

// viewedRows are the values of result i in the rows that return.
func viewedRows(i int, cands []*candidate) (vals []concrete.Value) {
	for _, c := range cands {
		if !c.Want.Panics {
			vals = append(vals, c.Want.Results[i].Value)
		}
	}
	return vals
}

// planViews chooses the view columns of result i, of viewed type rt. ok
// is false when the result is not checked through views after all: every
// row returns nil, which the usual comparison with nil checks, or some
// row's value is unknown (an opaque value without views: a result that
// depends on the clock), which is not checked. why says why a value
// result with no view is left unchecked.
func planViews(rt types.Type, i int, field string, cands []*candidate, l *literal.Writer, used map[string]bool) (p viewPlan, why string, ok bool) {
	vals := viewedRows(i, cands)
	var live []concrete.Value // the non-nil values
	for _, v := range vals {
		switch {
		case v.Kind == concrete.Nil:
		case v.Kind == concrete.Opaque && len(v.Views) == 0:
			return p, "", false
		default:
			live = append(live, v)
		}
	}
	if len(live) == 0 {
		return p, "", false
	}
	p.cols = viewColumns(rt, live, field, l, used)
	_, isPtr := rt.Underlying().(*types.Pointer)
	if isPtr && len(p.cols) == 0 {
		named, _ := loader.ViewedType(rt, l.Home)
		p.bare = named.Obj().Name()
	}
	switch {
	case isPtr && len(live) < len(vals):
		p.nilField = uniqueField(field+"Nil", used)
	case isPtr:
		p.nonNil = true
	case len(p.cols) == 0:
		named, _ := loader.ViewedType(rt, l.Home)
		return p, named.Obj().Name() + " has only unexported state, which a test does not compare", true
	}
	return p, "", true
}

// viewColumns are the columns of the views every value in vals has (all
// non-nil): String alone when the type has it, else the exported fields
// and getters.
func viewColumns(rt types.Type, vals []concrete.Value, field string, l *literal.Writer, used map[string]bool) []viewColumn {
	var cols []viewColumn
	for _, m := range commonViews(vals) {
		typ, ok := viewType(m, vals, l)
		if !ok {
			continue
		}
		c := viewColumn{method: m, check: checkEqual, sel: "." + m + "()"}
		if m == "String" {
			c.column = column{uniqueField(field+"String", used), typ}
			return []viewColumn{c}
		}
		c.column.typ = typ
		cols = append(cols, c)
	}
	cols = append(exportedFieldViews(rt, vals, l), cols...)
	var walks []viewColumn
	for _, w := range walkViews(vals, l) {
		if typ, err := l.TypeName(w.Value.Type); err == nil {
			walks = append(walks, viewColumn{column: column{typ: typ}, method: w.Name(), walk: w, check: checkValue})
		}
	}
	// The walks come last, within the bound: they say more of a
	// container than a sixth getter.
	if len(cols)+len(walks) > maxViewColumns {
		cols = cols[:maxViewColumns-len(walks)]
	}
	cols = append(cols, walks...)
	for k := range cols {
		name := cols[k].method
		if name == "" {
			name = strings.TrimPrefix(cols[k].sel, ".")
		}
		cols[k].field = uniqueField(field+upperFirst(name), used)
	}
	return cols
}

// commonViews are the methods whose views every value has, in the order
// of the first value's.
func commonViews(vals []concrete.Value) []string {
	var out []string
	for _, v := range vals[0].Views {
		if v.Walks() || v.Output {
			continue // walkViews, outputView
		}
		if _, ok := viewOf(v.Method, vals); ok {
			out = append(out, v.Method)
		}
	}
	return out
}

// viewOf is the value of method m's view of each value; ok is false
// when one has none.
func viewOf(m string, vals []concrete.Value) ([]concrete.Value, bool) {
	out := make([]concrete.Value, len(vals))
	for k, v := range vals {
		found := false
		for _, view := range v.Views {
			if view.Name() == m {
				out[k], found = view.Value, true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return out, true
}

// viewType is the type of method m's column, as written in the file;
// ok is false when some value's view has no literal.
func viewType(m string, vals []concrete.Value, l *literal.Writer) (string, bool) {
	views, ok := viewOf(m, vals)
	if !ok || len(views) == 0 {
		return "", false
	}
	for _, v := range views {
		if tryWrite(v, v.Type, l) != nil {
			return "", false
		}
	}
	typ, err := l.TypeName(views[0].Type)
	return typ, err == nil
}

// exportedFieldViews are the views of the exported fields of the struct
// rt is or points to, at its first level, whose values every value of
// vals shows and can be written: got.Value. A field that holds private
// state itself is left out, and so is every field of a value the
// executor could not read whole (a list element in a cycle).
func exportedFieldViews(rt types.Type, vals []concrete.Value, l *literal.Writer) []viewColumn {
	named, _ := loader.ViewedType(rt, l.Home)
	st := named.Underlying().(*types.Struct)
	structs := make([]concrete.Value, len(vals))
	for k, v := range vals {
		if v.Kind == concrete.Pointer && v.Elem != nil {
			v = *v.Elem
		}
		if v.Kind != concrete.Struct || len(v.Elems) != st.NumFields() {
			return nil
		}
		structs[k] = v
	}
	var cols []viewColumn
	for f := 0; f < st.NumFields(); f++ {
		fv := st.Field(f)
		if !fv.Exported() || fv.Embedded() || loader.HasPrivateState(fv.Type(), l.Home) {
			continue
		}
		writable := true
		for _, s := range structs {
			v := s.Elems[f]
			if literal.HasNaN(v) || (v.Kind != concrete.Nil && tryWrite(v, fv.Type(), l) != nil) {
				writable = false
				break
			}
		}
		typ, err := l.TypeName(fv.Type())
		if !writable || err != nil {
			continue
		}
		check := checkValue
		if plainlyComparable(fv.Type()) {
			check = checkEqual
		}
		cols = append(cols, viewColumn{column: column{typ: typ}, index: f, check: check, sel: "." + fv.Name()})
	}
	return cols
}

// viewLiteral is the literal of column c's view of v, a non-nil value
// of the viewed type rt; "" for the zero value of a field, which the row
// leaves out.
func viewLiteral(c viewColumn, v concrete.Value, rt types.Type, l *literal.Writer) (string, error) {
	if c.method != "" {
		views, ok := viewOf(c.method, []concrete.Value{v})
		if !ok {
			return "", fmt.Errorf("no view %s", c.method)
		}
		if c.walk.Walks() {
			return walkLiteral(views[0], l)
		}
		return l.InSlot(views[0], views[0].Type, false)
	}
	if v.Kind == concrete.Pointer && v.Elem != nil {
		v = *v.Elem
	}
	if c.index >= len(v.Elems) {
		return "", fmt.Errorf("no field %s", c.sel)
	}
	f := v.Elems[c.index]
	if f.Kind == concrete.Nil {
		return "", nil
	}
	named, _ := loader.ViewedType(rt, l.Home)
	return l.InSlot(f, named.Underlying().(*types.Struct).Field(c.index).Type(), false)
}

// viewWants fills a returning row's view literals of result i.
func viewWants(rc resultColumn, v concrete.Value, rt types.Type, l *literal.Writer) (nilWant string, lits []string, err error) {
	if v.Kind == concrete.Nil {
		if rc.views.nilField != "" {
			nilWant = "true"
		}
		return nilWant, nil, nil
	}
	lits = make([]string, len(rc.views.cols))
	for k, c := range rc.views.cols {
		if lits[k], err = viewLiteral(c, v, rt, l); err != nil {
			return "", nil, err
		}
	}
	return "", lits, nil
}

// checkViews prints the checks of a viewed result: its nil-ness, then
// each view against its column.
func (e *emitter) checkViews(t *table, i int, label string) {
	v, r := t.vars, t.results[i]
	b := &e.b
	indent := ""
	if r.views.bare != "" {
		fmt.Fprintf(b, "// Only whether %s is nil is checked: %s has only unexported state.\n", r.got, r.views.bare)
	}
	switch {
	case r.views.nilField != "":
		want := v.tt + "." + r.views.nilField
		fmt.Fprintf(b, "if (%s == nil) != %s {\n%s.Fatalf(%s, %[1]s == nil, %[2]s)\n}\nif !%[2]s {\n",
			r.got, want, v.t, message(label, "got nil: %v", "want nil: %v"))
		indent = "}\n"
	case r.views.nonNil:
		fmt.Fprintf(b, "if %s == nil {\n%s.Fatalf(%s)\n}\n", r.got, v.t, message(label, "got nil", "want non-nil"))
	}
	for _, c := range r.views.cols {
		if c.walk.Walks() {
			e.walkCheck(t, c.walk, r.got, r.got, c.field, c.typ, label)
			continue
		}
		got := r.got + c.sel
		want := v.tt + "." + c.field
		l := label + " " + strings.TrimPrefix(c.sel, ".")
		if c.check == checkValue {
			fmt.Fprintf(b, "if !%s.DeepEqual(%s, %s) {\n%s.Errorf(%s, %[2]s, %[3]s)\n}\n",
				e.imp.Name("reflect", "reflect"), got, want, v.t, message(l, "got %#v", "want %#v"))
			e.usesReflect = true
			continue
		}
		fmt.Fprintf(b, "if %s != %s {\n%s.Errorf(%s, %[1]s, %[2]s)\n}\n", got, want, v.t, message(l, "got %#v", "want %#v"))
	}
	b.WriteString(indent)
}

// viewFields are a row's fields of a viewed result: "wantNil: true" for
// a nil one, else "wantLen: 3", … for the views it shows.
func viewFields(rc resultColumn, nilWant string, lits []string) []string {
	var out []string
	if nilWant != "" {
		out = append(out, rc.views.nilField+": "+nilWant)
	}
	for k, lit := range lits {
		if lit != "" {
			out = append(out, rc.views.cols[k].field+": "+lit)
		}
	}
	return out
}

// viewedResult plans the views of result i when its type is the
// package's own with unexported fields (planViews); ok is false for any
// other result, which is compared as usual.
func viewedResult(fn *ssa.Function, i int, field string, cands []*candidate, l *literal.Writer, used map[string]bool) (viewPlan, string, bool) {
	rt := fn.Signature.Results().At(i).Type()
	if loader.IsErrorType(rt) {
		return viewPlan{}, "", false
	}
	if _, ok := loader.ViewedType(rt, l.Home); !ok {
		return viewPlan{}, "", false
	}
	return planViews(rt, i, field, cands, l, used)
}
