package testgen

import (
	"fmt"
	"go/types"
	"reflect"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// What a call changes. A function that returns nothing, or that also
// writes through its arguments (List.Remove, sort.Ints, hex.Decode into
// dst, a map filled), is checked by what it leaves in their memory, as a
// reviewer writes it: the table gets a want column for each such
// argument, and the test compares the argument with it after the call.
// Outcome.After is that memory; Outcome.Before is the same memory when
// the call started, so that only what some row's call changes becomes a
// column.
//
//   - A slice written in place, or a map, is compared whole: wantDst
//     []byte, with bytes.Equal for bytes and reflect.DeepEqual otherwise.
//     The table's slice is the one the call wrote: tt is a copy of the
//     row, but its slice shares the row's array (and a map is a
//     reference).
//   - A pointer whose pointee has a literal in every row is compared
//     whole: wantP T, with != when == means DeepEqual (check.go).
//   - A pointer to a struct that has none (a list whose root points to
//     itself) is compared field by field, for the scalar and string
//     fields at its first level that some row changes: wantLen int for
//     l.len, at most maxFieldChecks of them.
//
// A row that panics checks nothing of it; a column is made only when
// every row that returns knows its value.

// maxFieldChecks bounds the field columns of one argument.
const maxFieldChecks = 3

// afterColumn is the check of what one argument points to after the call.
type afterColumn struct {
	column
	param int
	// part is the index of the checked field of a pointer's struct
	// pointee; -1 checks the whole pointee or slice.
	part  int
	check comparison // checkEqual, checkValue or checkBytes
	got   string     // the expression compared, on tt: tt.l.len, *tt.p, tt.dst
	label string     // names it in failure messages: l.len, *p, dst
}

// afterColumns chooses the after-call checks of fn's table.
func afterColumns(t *table, cands []*candidate, l *literals, used map[string]bool) []afterColumn {
	var cols []afterColumn
	for i, p := range t.fn.Params {
		pt := p.Type()
		returned, ok := afterStates(i, cands)
		if !ok || len(returned) == 0 {
			continue
		}
		name := t.params[i].field
		tt := t.vars.tt + "." + name
		switch u := pt.Underlying().(type) {
		case *types.Map, *types.Slice:
			// A reference argument: its entries or elements as the call
			// left them, compared whole.
			if !changed(returned, nil) || !allLiteral(returned, nil, pt, l) {
				continue
			}
			typ, err := l.typeName(pt)
			if err != nil {
				continue
			}
			check := checkValue
			if sl, ok := u.(*types.Slice); ok {
				if b, ok := sl.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
					check = checkBytes
				}
			}
			cols = append(cols, afterColumn{column: column{uniqueField("want"+upperFirst(name), used), typ}, param: i, part: -1, check: check, got: tt, label: name})
		case *types.Pointer:
			if !allNonNil(returned) || !changed(returned, nil) {
				continue
			}
			if allLiteral(returned, nil, u.Elem(), l) {
				typ, err := l.typeName(u.Elem())
				if err != nil {
					continue
				}
				check := checkValue
				if plainlyComparable(u.Elem()) {
					check = checkEqual
				}
				cols = append(cols, afterColumn{column: column{uniqueField("want"+upperFirst(name), used), typ}, param: i, part: -1, check: check, got: "*" + tt, label: "*" + name})
				continue
			}
			cols = append(cols, fieldColumns(i, name, tt, u.Elem(), returned, l, used)...)
		}
	}
	return cols
}

// afterState is one returning row's view of an argument.
type afterState struct{ before, after concrete.Value }

// afterStates are the before and after of argument i in every row that
// returns; ok is false when some such row does not know them.
func afterStates(i int, cands []*candidate) ([]afterState, bool) {
	var out []afterState
	for _, c := range cands {
		if c.Want.Panics {
			continue
		}
		w := c.Want
		if i >= len(w.After) || i >= len(w.Before) {
			return nil, false
		}
		out = append(out, afterState{w.Before[i], w.After[i]})
	}
	return out, true
}

// allNonNil reports whether every row's argument points somewhere.
func allNonNil(states []afterState) bool {
	for _, s := range states {
		if s.after.Kind == 0 {
			return false
		}
	}
	return true
}

// pick is the part of a value a check reads: the field f of a struct, or
// the whole value for f < 0.
func pick(v concrete.Value, f int) (concrete.Value, bool) {
	if f < 0 {
		return v, true
	}
	if v.Kind != concrete.Struct || f >= len(v.Elems) {
		return concrete.Value{}, false
	}
	return v.Elems[f], true
}

// changed reports whether some row's call changed the part fields picks
// (nil: the whole value).
func changed(states []afterState, field *int) bool {
	f := -1
	if field != nil {
		f = *field
	}
	for _, s := range states {
		a, ok1 := pick(s.after, f)
		b, ok2 := pick(s.before, f)
		if ok1 && ok2 && !reflect.DeepEqual(a, b) {
			return true
		}
	}
	return false
}

// allLiteral reports whether every row's after value (or its field) can
// be written as a literal in a slot of type slot (nil: the value's own).
func allLiteral(states []afterState, field *int, slot types.Type, l *literals) bool {
	f := -1
	if field != nil {
		f = *field
	}
	for _, s := range states {
		v, ok := pick(s.after, f)
		if !ok {
			return false
		}
		if v.Kind == 0 {
			continue // a nil slice: nil
		}
		if ok, _ := v.Literal(); !ok || hasNaN(v) || !canWrite(v, slot, l) {
			return false
		}
	}
	return true
}

// canWrite reports whether l can write v, trying it on a copy of l so
// that a literal that fails half-way records no import or helper.
func canWrite(v concrete.Value, slot types.Type, l *literals) bool {
	trial := *l
	trial.imp = newImports(l.home)
	trial.usedHelpers = make(map[string]bool)
	if slot == nil {
		slot = v.Type
	}
	_, err := trial.inSlot(v, slot, false)
	return err == nil
}

// fieldColumns are the checks of the scalar and string fields of a
// struct pointee that some row changes.
func fieldColumns(param int, name, tt string, elem types.Type, states []afterState, l *literals, used map[string]bool) []afterColumn {
	st, ok := elem.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var cols []afterColumn
	for f := 0; f < st.NumFields() && len(cols) < maxFieldChecks; f++ {
		fv := st.Field(f)
		if fv.Name() == "_" || !scalarField(fv.Type()) || !visibleField(fv, l) {
			continue
		}
		if !changed(states, &f) || !allLiteral(states, &f, fv.Type(), l) {
			continue
		}
		typ, err := l.typeName(fv.Type())
		if err != nil {
			continue
		}
		field := uniqueField("want"+upperFirst(fv.Name()), used, "want"+upperFirst(name)+upperFirst(fv.Name()))
		cols = append(cols, afterColumn{
			column: column{field, typ}, param: param, part: f, check: checkEqual,
			got: tt + "." + fv.Name(), label: name + "." + fv.Name(),
		})
	}
	return cols
}

// scalarField reports whether a field is a number, a bool or a string.
func scalarField(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsNumeric|types.IsBoolean|types.IsString) != 0 && b.Info()&types.IsComplex == 0
}

// visibleField reports whether the test file may read the field: it is
// exported or the struct is the package's own (the file is in the
// package).
func visibleField(f *types.Var, l *literals) bool {
	return f.Exported() || f.Pkg() == nil || f.Pkg().Path() == l.home.Path()
}

// afterWants are a returning row's want literals of the after columns.
func afterWants(t *table, c *candidate, l *literals) ([]string, error) {
	if c.Want.Panics || len(t.after) == 0 {
		return nil, nil
	}
	out := make([]string, len(t.after))
	for k, col := range t.after {
		v, ok := pick(c.Want.After[col.param], col.part)
		if !ok {
			return nil, fmt.Errorf("after-call state of %s", col.label)
		}
		slot := t.fn.Params[col.param].Type()
		if col.part >= 0 {
			slot = v.Type
		} else if p, ok := slot.Underlying().(*types.Pointer); ok {
			slot = p.Elem()
		}
		if v.Kind == 0 {
			continue // a nil slice stays nil: the column's zero value
		}
		src, err := l.inSlot(v, slot, false)
		if err != nil {
			return nil, fmt.Errorf("after-call state of %s: %w", col.label, err)
		}
		out[k] = src
	}
	return out, nil
}

// afterChecks prints the comparisons of the after columns, after the
// call, in the file's style: "List.Remove() l.len:\n got 3\nwant 4".
func (e *emitter) afterChecks(t *table) {
	v := t.vars
	for _, col := range t.after {
		want := v.tt + "." + col.field
		label := t.label + " " + col.label
		switch col.check {
		case checkBytes:
			fmt.Fprintf(&e.b, "if !%s.Equal(%s, %s) {\n%s.Errorf(%s, %[2]s, %[3]s)\n}\n",
				e.imp.name("bytes", "bytes"), col.got, want, v.t, message(label, "got %q", "want %q"))
		case checkValue:
			fmt.Fprintf(&e.b, "if !%s.DeepEqual(%s, %s) {\n%s.Errorf(%s, %[2]s, %[3]s)\n}\n",
				e.imp.name("reflect", "reflect"), col.got, want, v.t, message(label, "got %#v", "want %#v"))
		default:
			fmt.Fprintf(&e.b, "if %s != %s {\n%s.Errorf(%s, %[1]s, %[2]s)\n}\n",
				col.got, want, v.t, message(label, "got %#v", "want %#v"))
		}
	}
}
