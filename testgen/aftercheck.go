package testgen

import (
	"cmp"
	"fmt"
	"go/types"
	"reflect"
	"slices"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/literal"
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
//   - A pointer to a struct that has none (a ring whose root points to
//     itself, a scanner over a strings.Reader) is compared field by
//     field, for the scalar and string fields that some row changes, at
//     its first level and in the structs it holds by value: wantLine for
//     s.Position.Line. The exported fields come
//     first, as they are what a caller sees, then the others, at most
//     maxFieldChecks in all: the executor judges a case's kills on the
//     whole state, so a field left unchecked is a mutant it counts as
//     killed and the test does not catch.
//   - A pointer to the package's own type with unexported fields is
//     read as a caller reads it (viewcheck.go): its exported fields as
//     above, then the getters whose values some row's call changes,
//     wantLen for l.Len(); never a literal or a check of its private
//     fields. The text a writer field holds (bufcheck.go) is the call's
//     output, and is checked as for any pointee.
//
// A row that panics checks nothing of it; a column is made only when
// every row that returns knows its value.

// maxFieldChecks bounds the field columns of one argument.
const maxFieldChecks = 8

// maxFieldDepth bounds the nesting of the structs held by value whose
// fields are checked.
const maxFieldDepth = 2

// afterColumn is the check of what one argument points to after the call.
type afterColumn struct {
	column
	param int
	// part is the path of field indices to the checked field of a
	// pointer's struct pointee; nil checks the whole pointee or slice.
	part  []int
	check comparison // checkEqual, checkValue or checkBytes
	got   string     // the expression compared, on tt: tt.l.len, *tt.p, tt.dst
	label string     // names it in failure messages: l.len, *p, dst
	// buffer, when set, compares the text of the bytes.Buffer the part
	// holds (bufcheck.go): got is the part, the String call is added.
	buffer bufferKind
	// view, when set, is the getter whose view of the pointee is
	// compared (viewcheck.go): got is tt.l.Len(). For a walk it is the
	// walk's View.Name, walk is the walk, and got the receiver walked,
	// tt.l (walkcheck.go).
	view string
	walk concrete.View
	// shown names the receiver of a walk in its comment and failure
	// message: l.
	shown string
	// output marks the check of what a writer wrote to the loop's
	// buffer (outputcolumn.go): got is out.String().
	output bool
}

// afterColumns chooses the after-call checks of fn's table.
func afterColumns(t *table, cands []*candidate, l *literal.Writer, used map[string]bool) []afterColumn {
	var cols []afterColumn
	// A call whose results say nothing (l.MoveToFront(e)) is checked by
	// the state it leaves, even when no row's call changed what a getter
	// or a walk reads: a table must assert something, and the state
	// staying as it was is what such a row tests.
	bare := checksNoResult(t)
	args := t.argExprs()
	for i, p := range t.fn.Params {
		if _, handed := t.handed[i]; handed {
			continue // the table holds no value of it (handedcolumn.go)
		}
		pt := p.Type()
		returned, ok := afterStates(i, cands)
		if !ok || len(returned) == 0 {
			continue
		}
		name := t.params[i].field
		tt := args[i]
		switch u := pt.Underlying().(type) {
		case *types.Interface:
			// An io.Writer made as new(bytes.Buffer): what the call wrote.
			if kind := bufferOf(pt, returned, nil); kind != noBuffer {
				cols = append(cols, afterColumn{column: column{uniqueField("want"+upperFirst(name), used), "string"}, param: i, check: checkEqual, got: tt, label: name, buffer: kind})
			}
		case *types.Map, *types.Slice:
			// A reference argument: its entries or elements as the call
			// left them, compared whole.
			if !changed(returned, nil) || !allLiteral(returned, nil, pt, l) {
				continue
			}
			typ, err := l.TypeName(pt)
			if err != nil {
				continue
			}
			check := checkValue
			if sl, ok := u.(*types.Slice); ok {
				if b, ok := sl.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
					check = checkBytes
				}
			}
			cols = append(cols, afterColumn{column: column{uniqueField("want"+upperFirst(name), used), typ}, param: i, check: check, got: tt, label: name})
		case *types.Pointer:
			_, viewed := loader.ViewedType(pt, l.Home)
			if !allNonNil(returned) || !changed(returned, nil) && !(viewed && bare) {
				continue
			}
			if viewed {
				// The package's private state: read through its exported
				// fields and getters, never its private fields
				// (viewcheck.go).
				buffers := t.output == nil || t.output.param != i
				cols = append(cols, fieldColumns(i, name, tt, u.Elem(), returned, l, used, true, bare, buffers)...)
				continue
			}
			if allLiteral(returned, nil, u.Elem(), l) {
				typ, err := l.TypeName(u.Elem())
				if err != nil {
					continue
				}
				check := checkValue
				if plainlyComparable(u.Elem()) {
					check = checkEqual
				}
				cols = append(cols, afterColumn{column: column{uniqueField("want"+upperFirst(name), used), typ}, param: i, check: check, got: "*" + tt, label: "*" + name})
				continue
			}
			cols = append(cols, fieldColumns(i, name, tt, u.Elem(), returned, l, used, false, false, true)...)
		}
	}
	if t.output != nil {
		// Last: the Flush before it changes what the others read.
		cols = append(cols, outputAfterColumn(t, used))
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

// pick is the part of a value a check reads: the field at path of a
// struct, or the whole value for an empty path.
func pick(v concrete.Value, path []int) (concrete.Value, bool) {
	for _, f := range path {
		if v.Kind != concrete.Struct || f >= len(v.Elems) {
			return concrete.Value{}, false
		}
		v = v.Elems[f]
	}
	return v, true
}

// changed reports whether some row's call changed the part f picks
// (nil: the whole value).
func changed(states []afterState, f []int) bool {
	for _, s := range states {
		a, ok1 := pick(s.after, f)
		b, ok2 := pick(s.before, f)
		if ok1 && ok2 && !reflect.DeepEqual(a, b) {
			return true
		}
	}
	return false
}

// allLiteral reports whether every row's after value (or its field at
// path f) can be written as a literal in a slot of type slot (nil: the
// value's own) that sets no unexported field of the package's types.
func allLiteral(states []afterState, f []int, slot types.Type, l *literal.Writer) bool {
	if slot != nil && loader.HasPrivateState(slot, l.Home) {
		return false // no literal of the package's private state (viewcheck.go)
	}
	for _, s := range states {
		v, ok := pick(s.after, f)
		if !ok {
			return false
		}
		if v.Kind == 0 {
			continue // a nil slice: nil
		}
		if ok, _ := v.Literal(); !ok || literal.HasNaN(v) || holdsPrivate(v, l.Home) || !canWrite(v, slot, l) {
			return false
		}
	}
	return true
}

// canWrite reports whether l can write v (tryWrite).
func canWrite(v concrete.Value, slot types.Type, l *literal.Writer) bool {
	return tryWrite(v, slot, l) == nil
}

// tryWrite says why l cannot write v, or nil when it can. It tries on a
// copy of l, so that a literal that fails half-way, or one that is never
// written, records no import or helper.
func tryWrite(v concrete.Value, slot types.Type, l *literal.Writer) error {
	trial := *l
	trial.Imports = newImports(l.Home)
	trial.UsedHelpers = make(map[string]bool)
	trial.Fakes = l.Fakes.Trial()
	if slot == nil {
		slot = v.Type
	}
	_, err := trial.InSlot(v, slot, false)
	return err
}

// fieldColumns are the checks of the scalar and string fields of a
// struct pointee, and of the structs it holds by value, that some row
// changes: exported first, at most maxFieldChecks. With exported, the
// pointee is the package's private state: only its exported fields are
// read, then the getters whose views some row changes, or, with always,
// every getter and walk. With buffers, the text of a bytes.Buffer a
// field holds is checked too (bufcheck.go).
func fieldColumns(param int, name, tt string, elem types.Type, states []afterState, l *literal.Writer, used map[string]bool, exported, always, buffers bool) []afterColumn {
	leaves := fieldLeaves(elem, scalarField, nil, "", l, 0)
	if exported {
		leaves = slices.DeleteFunc(leaves, func(f fieldLeaf) bool { return !f.exported })
	}
	slices.SortStableFunc(leaves, func(a, b fieldLeaf) int {
		return cmp.Compare(b2i(!a.exported), b2i(!b.exported))
	})
	var cols []afterColumn
	for _, f := range fieldLeaves(elem, bufferField, nil, "", l, 0) {
		if !buffers {
			break
		}
		if kind := bufferOf(f.typ, states, f.path); kind != noBuffer && len(cols) < maxFieldChecks {
			field := uniqueField("want"+upperFirst(f.name), used, "want"+upperFirst(name)+upperFirst(f.name))
			cols = append(cols, afterColumn{
				column: column{field, "string"}, param: param, part: f.path, check: checkEqual,
				got: tt + f.selector, label: name + f.selector, buffer: kind,
			})
		}
	}
	for _, f := range leaves {
		if len(cols) == maxFieldChecks {
			break
		}
		if !changed(states, f.path) || !allLiteral(states, f.path, f.typ, l) {
			continue
		}
		typ, err := l.TypeName(f.typ)
		if err != nil {
			continue
		}
		field := uniqueField("want"+upperFirst(f.name), used, "want"+upperFirst(name)+upperFirst(f.name))
		cols = append(cols, afterColumn{
			column: column{field, typ}, param: param, part: f.path, check: checkEqual,
			got: tt + f.selector, label: name + f.selector,
		})
	}
	if exported {
		cols = append(cols, afterViewColumns(param, name, tt, states, l, used, maxFieldChecks-len(cols), always)...)
	}
	return cols
}

// fieldLeaf is a scalar or string field of a struct, at a path of field
// indices below the struct a check starts from.
type fieldLeaf struct {
	path     []int
	selector string // ".Position.Line"
	name     string // "Line"
	typ      types.Type
	exported bool // every field on the path is exported
}

// fieldLeaves lists in declaration order the fields of t that the test
// file may read and whose type isLeaf accepts, descending into the
// structs t holds by value down to maxFieldDepth: the scalar fields a
// check compares (scalarField), or those that may hold a bytes.Buffer
// (bufferField).
func fieldLeaves(t types.Type, isLeaf func(types.Type) bool, path []int, selector string, l *literal.Writer, depth int) []fieldLeaf {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []fieldLeaf
	for f := 0; f < st.NumFields(); f++ {
		fv := st.Field(f)
		if fv.Name() == "_" || !visibleField(fv, l) {
			continue
		}
		p := append(slices.Clip(path), f)
		sel := selector + "." + fv.Name()
		switch {
		case isLeaf(fv.Type()):
			out = append(out, fieldLeaf{path: p, selector: sel, name: fv.Name(), typ: fv.Type(), exported: fv.Exported()})
		case depth+1 < maxFieldDepth:
			for _, leaf := range fieldLeaves(fv.Type(), isLeaf, p, sel, l, depth+1) {
				leaf.exported = leaf.exported && fv.Exported()
				out = append(out, leaf)
			}
		}
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// scalarField reports whether a field is a number, a bool or a string.
func scalarField(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsNumeric|types.IsBoolean|types.IsString) != 0 && b.Info()&types.IsComplex == 0
}

// visibleField reports whether the test file may read the field: it is
// exported or the struct is the package's own (the file is in the
// package).
func visibleField(f *types.Var, l *literal.Writer) bool {
	return f.Exported() || f.Pkg() == nil || f.Pkg().Path() == l.Home.Path()
}

// afterWants are a returning row's want literals of the after columns.
func afterWants(t *table, c *candidate, l *literal.Writer) ([]string, error) {
	if c.Want.Panics || len(t.after) == 0 {
		return nil, nil
	}
	out := make([]string, len(t.after))
	for k, col := range t.after {
		if col.output {
			src, err := outputWant(c.Want.After[col.param], l)
			if err != nil {
				return nil, fmt.Errorf("output of %s: %w", t.params[col.param].field, err)
			}
			out[k] = src
			continue
		}
		if col.view != "" {
			views, ok := viewOf(col.view, []concrete.Value{c.Want.After[col.param]})
			if !ok {
				return nil, fmt.Errorf("after-call state of %s", col.label)
			}
			var src string
			var err error
			if col.walk.Walks() {
				src, err = walkLiteral(views[0], l)
			} else {
				src, err = l.InSlot(views[0], views[0].Type, false)
			}
			if err != nil {
				return nil, fmt.Errorf("after-call state of %s: %w", col.label, err)
			}
			out[k] = src
			continue
		}
		v, ok := pick(c.Want.After[col.param], col.part)
		if !ok {
			return nil, fmt.Errorf("after-call state of %s", col.label)
		}
		slot := t.fn.Params[col.param].Type()
		if col.part != nil {
			slot = v.Type
		} else if p, ok := slot.Underlying().(*types.Pointer); ok {
			slot = p.Elem()
		}
		if col.buffer != noBuffer {
			text, ok := concrete.BufferText(v)
			if !ok {
				continue // no buffer in this row: not checked
			}
			v, slot = concrete.Value{Type: types.Typ[types.String], Kind: concrete.String, Str: text}, types.Typ[types.String]
		}
		if v.Kind == 0 {
			continue // a nil slice stays nil: the column's zero value
		}
		src, err := l.InSlot(v, slot, false)
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
		if col.walk.Walks() {
			e.walkCheck(t, col.walk, col.got, col.shown, col.field, col.typ, t.label)
			continue
		}
		if col.output {
			if t.output.flush != "" {
				fmt.Fprintf(&e.b, "%s.%s()\n", t.output.local, t.output.flush)
			}
			fmt.Fprintf(&e.b, "if %s != %s {\n%s.Errorf(%s, %[1]s, %[2]s)\n}\n", col.got, want, v.t, message(label, "got %q", "want %q"))
			continue
		}
		if col.buffer != noBuffer {
			fmt.Fprintf(&e.b, "if %s {\n%s.Errorf(%s, buf.String(), %s)\n}\n",
				bufferCheck(col.got, want, col.buffer, e.imp.Name("bytes", "bytes")), v.t, message(label, "got %q", "want %q"), want)
			continue
		}
		switch col.check {
		case checkBytes:
			fmt.Fprintf(&e.b, "if !%s.Equal(%s, %s) {\n%s.Errorf(%s, %[2]s, %[3]s)\n}\n",
				e.imp.Name("bytes", "bytes"), col.got, want, v.t, message(label, "got %q", "want %q"))
		case checkValue:
			fmt.Fprintf(&e.b, "if !%s.DeepEqual(%s, %s) {\n%s.Errorf(%s, %[2]s, %[3]s)\n}\n",
				e.imp.Name("reflect", "reflect"), col.got, want, v.t, message(label, "got %#v", "want %#v"))
		default:
			fmt.Fprintf(&e.b, "if %s != %s {\n%s.Errorf(%s, %[1]s, %[2]s)\n}\n",
				col.got, want, v.t, message(label, "got %#v", "want %#v"))
		}
	}
}

// checksNoResult reports whether t compares none of its call's results.
func checksNoResult(t *table) bool {
	for _, r := range t.results {
		if r.check != unchecked {
			return false
		}
	}
	return true
}
