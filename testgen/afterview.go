package testgen

import (
	"reflect"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/literal"
)

// What a call leaves in a pointee of the package's own type with private
// state is read through its getters, as its result would be
// (viewcheck.go): the executor recorded their values before and after
// the call (concrete.Value.Views), and a getter whose value some row's
// call changes gets a column. Its exported fields are checked as any
// pointee's (aftercheck.go).

// afterViewColumns are the checks of the getters of a pointer
// argument's pointee of the package's type (views of the pointer, before
// and after the call) that some row's call changes, at most max:
// wantLen for l.Len(). The String view is one of them when the type has
// it. Then the walks of the pointee that some row's call changes
// (walkcheck.go): wantFrontNextValues for the Values from l.Front() by
// Next(). With always, a view no row changes is checked too.
func afterViewColumns(param int, name, tt string, states []afterState, l *literal.Writer, used map[string]bool, max int, always bool) []afterColumn {
	if len(states) == 0 || max <= 0 {
		return nil
	}
	afters := make([]concrete.Value, len(states))
	befores := make([]concrete.Value, len(states))
	for k, s := range states {
		afters[k], befores[k] = s.after, s.before
	}
	var cols []afterColumn
	for _, m := range commonViews(afters) {
		if len(cols) == max {
			break
		}
		after, _ := viewOf(m, afters)
		before, ok := viewOf(m, befores)
		if !ok || !always && !viewChanged(before, after) {
			continue
		}
		typ, ok := viewType(m, afters, l)
		if !ok {
			continue
		}
		field := uniqueField("want"+upperFirst(m), used, "want"+upperFirst(name)+upperFirst(m))
		cols = append(cols, afterColumn{
			column: column{field, typ}, param: param, check: checkEqual, view: m,
			got: tt + "." + m + "()", label: name + "." + m + "()",
		})
	}
	for _, w := range walkViews(afters, l) {
		if len(cols) == max {
			break
		}
		after, _ := viewOf(w.Name(), afters)
		before, ok := viewOf(w.Name(), befores)
		if !ok || !always && !viewChanged(before, after) {
			continue
		}
		typ, err := l.TypeName(w.Value.Type)
		if err != nil {
			continue
		}
		field := uniqueField("want"+upperFirst(w.Name()), used, "want"+upperFirst(name)+upperFirst(w.Name()))
		cols = append(cols, afterColumn{
			column: column{field, typ}, param: param, check: checkValue, view: w.Name(), walk: w,
			got: tt, shown: name, label: walkNote(w, name),
		})
	}
	return cols
}

// viewChanged reports whether some row's view differs after the call.
func viewChanged(before, after []concrete.Value) bool {
	for k := range after {
		if !reflect.DeepEqual(before[k], after[k]) {
			return true
		}
	}
	return false
}
