package testgen

import (
	"fmt"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/literal"
)

// A container of the package's type is also checked by walking it, as
// its own tests do: from l.Front() by Next(), collecting each element's
// Value, and back from l.Back() by Prev(). Len and Value say how much a
// list holds and what its ends hold; only a walk sees a link that a
// mutant broke in the middle, or a prev link that disagrees with next.
// The executor walked the replayed value (concrete.View.Walks,
// symbolic/walks.go); the test walks the real one with the same calls:
//
//	var gotFrontNextValues []any
//	for e := got.Front(); e != nil && len(gotFrontNextValues) <= len(tt.wantFrontNextValues); e = e.Next() {
//		gotFrontNextValues = append(gotFrontNextValues, e.Value)
//	}
//
// The loop stops one element past the want, so that a cycle a bug made
// fails the test instead of hanging it, and a nil returned anywhere ends
// it, so that no row's walk dereferences nil. The values are compared
// with reflect.DeepEqual: an element's field may hold any value, and the
// want's literal has the dynamic type the replay saw.

// maxWalkColumns bounds the walks one value is checked by: one per
// direction of a list.
const maxWalkColumns = 2

// walkViews are the walks every value of vals shows whose values every
// row can write, kept when some row's walk reaches two elements: a walk
// of one element says no more than its start's field, and a walk that
// turns back at once (Front, then Prev) is that. At most maxWalkColumns,
// in the first value's order.
func walkViews(vals []concrete.Value, l *literal.Writer) []concrete.View {
	var out []concrete.View
	for _, v := range vals[0].Views {
		if !v.Walks() || len(out) == maxWalkColumns {
			continue
		}
		walks, ok := viewOf(v.Name(), vals)
		if !ok || !writableWalks(walks, l) {
			continue
		}
		long := false
		for _, w := range walks {
			long = long || len(w.Elems) >= 2
		}
		if long {
			out = append(out, concrete.View{Method: v.Method, Step: v.Step, Field: v.Field, Value: concrete.Value{Type: v.Value.Type}})
		}
	}
	return out
}

// writableWalks reports whether every walk's values have a literal.
func writableWalks(walks []concrete.Value, l *literal.Writer) bool {
	for _, w := range walks {
		if w.Kind == concrete.Nil {
			continue
		}
		if literal.HasNaN(w) || tryWrite(w, w.Type, l) != nil {
			return false
		}
	}
	return true
}

// walkLiteral is a row's want of a walk: "" for a walk that reached no
// element, which the row leaves out (a nil slice).
func walkLiteral(w concrete.Value, l *literal.Writer) (string, error) {
	if w.Kind == concrete.Nil {
		return "", nil
	}
	return l.InSlot(w, w.Type, false)
}

// walkNote describes a walk of recv for its column's comment and its
// failure message: "Value from l.Front() by Next()".
func walkNote(w concrete.View, recv string) string {
	return fmt.Sprintf("%s from %s by %s()", w.Field, walkStart(w, recv), w.Step)
}

// walkStart is the expression a walk of recv starts from.
func walkStart(w concrete.View, recv string) string {
	return recv + "." + w.Method + "()"
}

// walkCheck prints the walk w of recv into a slice named after the want
// column, and its comparison with it; shown is recv as the failure
// message names it: got, l.
func (e *emitter) walkCheck(t *table, w concrete.View, recv, shown, field, typ, label string) {
	v := t.vars
	want := v.tt + "." + field
	got := "got" + upperFirst(strings.TrimPrefix(field, "want"))
	fmt.Fprintf(&e.b, "var %s %s\n", got, typ)
	fmt.Fprintf(&e.b, "for e := %s; e != nil && len(%s) <= len(%s); e = e.%s() {\n%[2]s = append(%[2]s, e.%[5]s)\n}\n",
		walkStart(w, recv), got, want, w.Step, w.Field)
	fmt.Fprintf(&e.b, "if !%s.DeepEqual(%s, %s) {\n%s.Errorf(%s, %[2]s, %[3]s)\n}\n",
		e.imp.Name("reflect", "reflect"), got, want, v.t, message(label+" "+walkNote(w, shown), "got %#v", "want %#v"))
	e.usesReflect = true
}
