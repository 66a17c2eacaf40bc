package inputs

import (
	"fmt"
	"go/types"
	"sync"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Which makers make a type with unexported fields. A caller of the
// package holds only what its API hands out: a value with private fields
// set any other way is a state no caller reaches, and its literal breaks
// the day a field is renamed. So such a parameter is made by its makers
// only, and never built field by field while it has one:
//   - a type of another package, by its exported constructor
//     (loader.Constructor), as before;
//   - a type of the package under test, by each of loader.Makings: its
//     constructor, exported or not (or the one of *T, dereferenced, for a
//     value type T), or the factory that returns it inside an interface
//     (asserted back to it), or a method of another of its types that
//     returns one, on a receiver made in turn (New().PushBack(v)), and
//     the package variables that hold one (base32.StdEncoding). Several
//     are a choice of input shape (choices.go) whose selector is
//     "name.(made)", k for the k-th.
//
// A type of the package that nothing of its API hands out keeps its
// literal, built field by field in one of the shapes the package's own
// literals build (shapeinputs.go). A part of an input built lazily cannot call a maker (it
// has no prologue frame to wait in): a pointer there to a type the API
// makes is nil, a value of it the zero value (var x T, which callers may
// write), and an interface there does not take it (madeByAPI).

// makersCache remembers, per program, function's package and type, the
// makers of the type (nil for none).
var makersCache sync.Map // ctorKey → []*maker

type ctorKey struct {
	prog *ssa.Program
	home string
	typ  string
}

// makersOf lists the makers of parameters of type t of functions of
// home's package, in order of preference; none when t is built as a
// literal.
func (e *Builder) makersOf(t types.Type, home *ssa.Function) []*maker {
	if !hasUnexportedFields(t) {
		return nil // before the cache: most inputs are of such types
	}
	var homePkg *types.Package
	if pkg := loader.PackageOf(home); pkg != nil {
		homePkg = pkg.Pkg
	}
	key := ctorKey{prog: e.Prog, typ: types.TypeString(t, nil)}
	if homePkg != nil {
		key.home = homePkg.Path()
	}
	if found, ok := makersCache.Load(key); ok {
		return found.([]*maker)
	}
	var makers []*maker
	switch {
	case e.isLocal(t, home):
		for _, mk := range loader.Makings(e.Prog, t, homePkg) {
			makers = append(makers, &maker{fn: mk.Func, global: mk.Global, typ: t, deref: mk.Deref, assert: mk.Assert, always: mk.Always, onMade: mk.OnMade})
		}
	default:
		if fn := loader.Constructor(e.Prog, t, homePkg); fn != nil {
			makers = append(makers, &maker{fn: fn, typ: t})
		}
	}
	makersCache.Store(key, makers)
	return makers
}

// madeByAPI reports whether t is a type of home's package that its API
// makes, which is never built field by field.
func (e *Builder) madeByAPI(t types.Type, home *ssa.Function) bool {
	return e.isLocal(t, home) && len(e.makersOf(t, home)) > 0
}

// chooseMaker picks which of makers makes the parameter name. Only what
// they make is tried, which the path records: it is no longer exhaustive.
func (e *Builder) chooseMaker(s *machine.State, name string, makers []*maker) *maker {
	if len(makers) == 1 {
		what := makers[0].String()
		if makers[0].fn != nil && !makers[0].deref && !makers[0].assert {
			what = makers[0].fn.Name()
		}
		s.Limit(fmt.Sprintf("%s is made by %s: only the values it makes are tried", name, what))
		return makers[0]
	}
	s.Limit(fmt.Sprintf("%s is made by its package's API: only the values of its %d makers are tried", name, len(makers)))
	sel := madeSelectorName(name)
	pins := make([]string, len(makers))
	for k, mk := range makers {
		pins[k] = name + " = " + mk.String()
	}
	return makers[e.Choose(s, sel, expr.BVVar(sel, 8), countTo(len(makers)-1), pins)]
}

// chosenMaker is the index of the maker of the parameter name under the
// model m, as chooseMaker picked it.
func chosenMaker(name string, makers []*maker, m expr.Assignment) int {
	if len(makers) == 1 {
		return 0
	}
	k := expr.Eval(expr.BVVar(madeSelectorName(name), 8), m)
	if k >= uint64(len(makers)) {
		return 0 // as Choose does in a replay
	}
	return int(k)
}

func madeSelectorName(name string) string { return name + ".(made)" }

// madeResult is the input that the prologue frame of fn, a call of mk,
// makes of its result v: v, what v points to (mk.deref), or v's dynamic
// value (mk.assert). It ends s as unsupported, and reports false, where
// the call's result makes none: a nil pointer, or an interface that
// holds another type (a factory that returns mk.typ on some paths only).
func (e *Builder) madeResult(s *machine.State, fn *ssa.Function, mk *maker, v value.Value) (value.Value, bool) {
	switch {
	case mk == nil || !mk.deref && !mk.assert:
		return v, true
	case mk.deref:
		p, ok := v.(value.Pointer)
		if !ok || p.NonNil.IsFalse() {
			e.Finish(s, machine.EndUnsupported, 0, "unsupported:input constructor "+fn.Name()+" returns nil")
			return nil, false
		}
		if !p.NonNil.IsTrue() {
			// The nil result has no test either: only the non-nil one
			// makes an input.
			s.Assume(p.NonNil, "")
		}
		return e.Load(s, p), true
	}
	if i, ok := v.(value.Interface); ok && i.Type != nil && types.Identical(i.Type, mk.typ) {
		return i.Value, true
	}
	e.Finish(s, machine.EndUnsupported, 0, "unsupported:input factory "+fn.Name()+" returns no "+types.TypeString(mk.typ, pkgName))
	return nil, false
}

// derefGlobal is what the package variable's pointer v points to, for a
// value type the package hands out as a pointer (*base32.StdEncoding).
// A variable still nil after the package's init makes no value; its zero
// value stands in, and the replay tells the disagreement.
func (e *Builder) derefGlobal(s *machine.State, name string, mk *maker, v value.Value) value.Value {
	p, ok := v.(value.Pointer)
	if !ok || !p.NonNil.IsTrue() {
		s.Limit(fmt.Sprintf("%s: %s is nil", name, mk.global.Name()))
		return value.Zero(mk.typ)
	}
	return e.Load(s, p)
}

// hasUnexportedFields reports whether t is a struct type, or a pointer to
// one, declared with an unexported field.
func hasUnexportedFields(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, named := types.Unalias(t).(*types.Named); !named {
		return false
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if !st.Field(i).Exported() {
			return true
		}
	}
	return false
}

// isLocal reports whether t (or what it points to) is declared in home's
// package.
func (e *Builder) isLocal(t types.Type, home *ssa.Function) bool {
	named, pkg := namedOf(t), loader.PackageOf(home)
	return named != nil && pkg != nil && named.Obj().Pkg() == pkg.Pkg
}

// namedOf is the named type t is, or points to.
func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	return named
}

// madeByAPILimit says why the part name of an input, of type t, is nil or
// zero.
func madeByAPILimit(name string, t types.Type) string {
	return fmt.Sprintf("%s is nil or zero: a %s is made by its package's API, which a part of an input cannot call", name, types.TypeString(t, pkgName))
}
