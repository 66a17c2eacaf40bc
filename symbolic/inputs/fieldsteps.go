package inputs

import (
	"fmt"
	"go/types"
	"slices"
	"sync"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Field steps. A caller configures a value its constructor made by
// setting its exported fields before using it: r := csv.NewReader(in);
// r.Comma = ';'; w := csv.NewWriter(b); w.UseCRLF = true. A constructor
// leaves them as it likes, so the branches that read them stay out of
// reach without such an assignment. So a sequence (sequences.go) may
// also take steps that set an exported field of the made value to an
// input, "name.F", beside those that call a method.
//
// A field step is an alternative of the same choice as a method call,
// counted within the same Bounds.MaxCalls: one knob bounds how many
// states the set-ups multiply into, and a field costs one alternative
// per step (its value is symbolic, so the solver picks it), as a method
// does. The field steps of a sequence come first, in the order of the
// fields, each at most once: a caller configures, then uses, and two
// orders of the same assignments reach the same state, which would only
// double the paths.
//
// Only these fields are candidates:
//   - on a value that a constructor or factory made, a pointer to a
//     struct that the path allocated itself: a package variable
//     (StdEncoding), what the package's init made, or anything else the
//     tests share is never assigned to (fieldSetsFresh checks it when
//     the constructor returns, and ends the path as unsupported);
//   - exported fields declared in the struct itself, of plain kinds
//     (booleans, integers and runes, strings, floats), whose value an
//     input can be;
//   - fields the package reads (a FieldAddr that is not only stored to,
//     or a Field) in a function that the function under test, or a
//     method a later step calls, may reach (fieldreads.go): a field
//     nothing on the way reads changes no branch, and its assignment
//     would only multiply the states and show in cases as noise.
//
// A boolean or integer field is set to another value than the one the
// constructor left (assumeChanged): the same value is the state without
// the step. The values are stored when the constructor's frame returns,
// before any method step runs, in the replay as in the symbolic run; the
// literal writes them as assignments in the setup's func literal
// (concrete.Assign).

// fieldSet is the store a field step makes when the constructor's frame
// returns: the field's index in the struct and its input value.
type fieldSet struct {
	index int
	v     value.Value
}

// seqFields lists the field steps a sequence may take on a value of type
// t, a pointer to a struct type of home's package, in field order, when
// the sequence's steps may call methods among calls: the fields that
// home, or a method a later step calls, may read.
func (e *Builder) seqFields(t types.Type, home *ssa.Function, calls []seqStep) []seqStep {
	key := seqFieldsKey{home: home, typ: types.TypeString(t, nil), withCalls: e.Cfg.Bounds.MaxCalls > 1}
	if found, ok := seqFieldsCache.Load(key); ok {
		return found.([]seqStep)
	}
	steps := e.fieldSteps(t, home, calls)
	seqFieldsCache.Store(key, steps)
	return steps
}

// seqFieldsCache remembers seqFields' answers: the reach of the fields'
// reads walks the package.
var seqFieldsCache sync.Map // seqFieldsKey → []seqStep

// seqFieldsKey is what seqFields' answer depends on: the function under
// test, the type, and whether the methods of a sequence may read what a
// field step sets (the methods are the type's).
type seqFieldsKey struct {
	home      *ssa.Function
	typ       string
	withCalls bool
}

// fieldSteps is seqFields, not cached.
func (e *Builder) fieldSteps(t types.Type, home *ssa.Function, calls []seqStep) []seqStep {
	ptr, ok := t.(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	pkg := loader.PackageOf(home)
	if pkg == nil {
		return nil
	}
	roots := []*ssa.Function{home}
	if e.Cfg.Bounds.MaxCalls > 1 {
		// A field set before a call may be read by the call only.
		for _, c := range calls {
			roots = append(roots, c.fn)
		}
	}
	read := fieldsReadFrom(pkg, roots)
	var steps []seqStep
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Exported() || f.Embedded() || !plainKind(f.Type()) || !read[f.Origin()] {
			continue
		}
		steps = append(steps, seqStep{field: f, index: i})
	}
	return steps
}

// plainKind reports whether a value of type t is a boolean, an integer
// (a rune among them), a string or a float: a field an input can set.
func plainKind(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsInteger|types.IsString|types.IsFloat) != 0 && b.Kind() != types.UnsafePointer && b.Info()&types.IsUntyped == 0
}

// splitFieldSteps separates the leading field steps of steps from the
// method calls after them.
func splitFieldSteps(steps []seqStep) (fields, calls []seqStep) {
	k := 0
	for k < len(steps) && steps[k].field != nil {
		k++
	}
	return steps[:k], steps[k:]
}

// buildFieldSets builds the values of the field steps of the sequence on
// the input name, and adds their stores to fill, the constructor's.
func (e *Builder) buildFieldSets(s *machine.State, name string, fields []seqStep, fill *seqFill, depth int) {
	in := Of(s)
	for _, f := range fields {
		in.dest = nil
		fill.sets = append(fill.sets, fieldSet{index: f.index, v: in.build(e, s, fieldName(name, f.field.Name()), f.field.Type(), depth+1)})
	}
}

// fieldSetsFresh stores the field steps' values into v, the value the
// constructor f made, and reports whether s goes on. A value the path
// did not allocate itself (the package's init did), or a package
// variable's, is one the test would share: the path ends as unsupported
// rather than assign to it, and so does one that may be nil, as no
// caller assigns through nil. An Init method's receiver is the path's
// own (new(T), allocated before the prologue), so it may be set.
func (e *Builder) fieldSetsFresh(s *machine.State, f *machine.Frame, fill *prologueFill, v value.Value) bool {
	sets := fill.seq.sets
	if len(sets) == 0 {
		return true
	}
	p, ok := v.(value.Pointer)
	if !ok || p.NonNil.IsFalse() || p.Obj < Of(s).fresh || isGlobalObject(s, p.Obj) || len(p.Sym) > 0 {
		e.Finish(s, machine.EndUnsupported, 0, "unsupported:input constructor "+f.Fn.Name()+" returns no value of its own, whose fields a caller sets")
		return false
	}
	if !p.NonNil.IsTrue() {
		s.Assume(p.NonNil, "")
	}
	for _, set := range sets {
		at := value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.With(set.index)}
		if !e.assumeChanged(s, e.Load(s, at), set.v) {
			return false
		}
		e.Store(s, at, set.v)
	}
	return true
}

// isGlobalObject reports whether id is a package variable's object, which
// may be allocated only when the path first reads the variable.
func isGlobalObject(s *machine.State, id value.ObjectID) bool {
	for _, g := range s.Mem.Globals() {
		if g == id {
			return true
		}
	}
	return false
}

// assumeChanged keeps s only where the value a field step sets, v,
// differs from old, the constructor's: an assignment of the value the
// field holds reaches the state without the step, which alternative 0
// explores already, and would read as a setting that matters
// (r.LazyQuotes = false). Booleans and integers only; a string or float
// field may be set to what it holds.
func (e *Builder) assumeChanged(s *machine.State, old, v value.Value) bool {
	o, ok1 := old.(value.Scalar)
	n, ok2 := v.(value.Scalar)
	if !ok1 || !ok2 || o.E.Sort() != n.E.Sort() {
		return true
	}
	return e.AssumeBuilt(s, expr.Ne(o.E, n.E), "a field set to the value it holds")
}

// fieldStepLiteral is the assignment of the field step st of the
// sequence on the input name, under the model m.
func (e *Builder) fieldStepLiteral(name string, st seqStep, m expr.Assignment, depth int, home *ssa.Function) concrete.Value {
	v := e.ParamLiteral(fieldName(name, st.field.Name()), st.field.Type(), m, depth+1, home, true)
	return concrete.Value{Type: st.field.Type(), Kind: concrete.Assign, Var: st.field, Elem: &v}
}

// seqLimit is what a path whose input name took a sequence of steps
// among cands says of the bound: fields are named only where they are
// candidates, so that the message of a type without them stays as it was.
func seqLimit(name string, cands []seqStep, maxCalls int) string {
	what := "method calls"
	if slices.ContainsFunc(cands, func(c seqStep) bool { return c.field != nil }) {
		what = "method calls or field assignments"
	}
	return fmt.Sprintf("%s: only sequences of up to %d %s are tried", name, maxCalls, what)
}

// fieldStepPin says the field step st of the sequence on the input name
// in the tests' comments.
func fieldStepPin(name string, st seqStep) string {
	return fmt.Sprintf("%s.%s set", name, st.field.Name())
}
