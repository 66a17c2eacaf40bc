package symbolic

import (
	"fmt"
	"go/types"
	"slices"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// Interface inputs. An input of interface type is nil or a value of one of
// at most maxImplementations concrete types. The choice is a choice of
// input shape (choices.go) whose selector is "name.(type)": 0 for nil, k
// for the k-th type; the dynamic value's parts are named "name.(T)…".
//
// Which types: for a non-empty interface, the named types of the program
// that implement it, the home package's first. For the empty interface,
// which every type implements, the types the function, then its package,
// asserts to or switches on (those are what the code tells apart), then
// int and string.
// When the list is cut short, or the interface is empty, the paths record
// that not every dynamic type was tried, so they are never exhaustive.

const maxImplementations = 4

// implSet is the list of types tried for an interface input, and whether
// it holds every type that could stand there.
type implSet struct {
	types    []types.Type
	complete bool
}

func typeSelectorName(name string) string { return name + ".(type)" }

func dynamicName(name string, t types.Type) string {
	return name + ".(" + types.TypeString(t, func(p *types.Package) string { return p.Name() }) + ")"
}

// implementations lists, in a fixed order, the concrete types that can
// stand for an input of interface type t of the function home.
func (e *Engine) implementations(t types.Type, home *ssa.Function) implSet {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return implSet{}
	}
	// The list depends on home's package, and for any on home itself.
	key := types.TypeString(t, nil)
	switch {
	case home != nil && iface.Empty():
		key += " in " + home.String()
	case home != nil && home.Pkg != nil:
		key += " in " + home.Pkg.Pkg.Path()
	}
	if e.impls == nil {
		e.impls = make(map[string]implSet)
	}
	if found, ok := e.impls[key]; ok {
		return found
	}
	var cands []types.Type
	complete := true
	if iface.Empty() {
		for _, c := range loader.AssertedTypes(home) {
			if named, ok := types.Unalias(c).(*types.Named); !ok || home == nil || home.Pkg == nil ||
				named.Obj().Pkg() == home.Pkg.Pkg || writableElsewhere(named, 0) {
				cands = append(cands, c)
			}
		}
		cands = append(cands, types.Typ[types.Int], types.Typ[types.String])
	} else {
		var pkg *ssa.Package
		if home != nil {
			pkg = home.Pkg
		}
		var left bool
		cands, left = e.namedImplementations(iface, pkg)
		complete = !left
	}
	set := implSet{complete: complete && !iface.Empty()}
	for _, c := range cands {
		if len(set.types) == maxImplementations {
			set.complete = false
			break
		}
		if !slices.ContainsFunc(set.types, func(u types.Type) bool { return types.Identical(u, c) }) {
			set.types = append(set.types, c)
		}
	}
	e.impls[key] = set
	return set
}

// writableElsewhere reports whether a test outside t's package can write
// any value of t as a literal: t is exported, and so is every field of it,
// down to the fields of structs it holds by value.
func writableElsewhere(t types.Type, depth int) bool {
	if named, ok := t.(*types.Named); ok && named.Obj().Pkg() != nil && !named.Obj().Exported() {
		return false
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || depth > 4 {
		return true
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Exported() || !writableElsewhere(f.Type(), depth+1) {
			return false
		}
	}
	return true
}

// namedImplementations are the named types of the program (the value type
// if it implements iface, else the pointer) that implement iface and that
// a test in home's package can write: those of home first, then the
// others by package path and name.
// left tells that some implementations were left out as unwritable.
func (e *Engine) namedImplementations(iface *types.Interface, home *ssa.Package) (impls []types.Type, left bool) {
	var local, others []types.Type
	for _, named := range loader.ConcreteTypes(e.prog) {
		for _, c := range []types.Type{named, types.NewPointer(named)} {
			if !types.Implements(c, iface) {
				continue
			}
			switch {
			case home != nil && named.Obj().Pkg() == home.Pkg:
				local = append(local, c)
			case writableElsewhere(named, 0):
				others = append(others, c)
			default:
				left = true
			}
			break
		}
	}
	return append(local, others...), left
}

// buildInterface makes the input of interface type t called name.
func (e *Engine) buildInterface(s *State, name string, t types.Type, depth int) Value {
	in := s.inputs
	set := e.implementations(t, in.home)
	if len(set.types) == 0 {
		in.limit(s, fmt.Sprintf("%s is a nil interface: no type of the program implements %s", name, t))
		return Interface{}
	}
	if depth >= in.bounds.MaxDepth {
		in.limit(s, fmt.Sprintf("%s is a nil interface: nesting bound %d", name, in.bounds.MaxDepth))
		return Interface{}
	}
	if !set.complete {
		in.limit(s, fmt.Sprintf("%s: only %d of the types that implement %s are tried", name, len(set.types), t))
	}
	var qualify types.Qualifier
	if in.home != nil && in.home.Pkg != nil {
		qualify = types.RelativeTo(in.home.Pkg.Pkg)
	}
	pins := []string{name + " == nil"}
	for _, t := range set.types {
		pins = append(pins, name+" is "+types.TypeString(t, qualify))
	}
	k := e.choose(s, typeSelectorName(name), expr.BVVar(typeSelectorName(name), 8), countTo(len(set.types)), pins)
	if k == 0 {
		return Interface{}
	}
	// The dynamic value is no deeper than the interface that holds it:
	// depth bounds the nesting of values inside values.
	dyn := set.types[k-1]
	return Interface{Type: dyn, Value: in.build(e, s, dynamicName(name, dyn), dyn, depth)}
}

// countTo is 0, 1, …, n.
func countTo(n int) []uint64 {
	vals := make([]uint64, n+1)
	for i := range vals {
		vals[i] = uint64(i)
	}
	return vals
}

// interfaceLiteral is the concrete value of an interface input under a
// model, following buildInterface's naming.
func (e *Engine) interfaceLiteral(name string, t types.Type, m expr.Assignment, depth int, home *ssa.Function) concrete.Value {
	set := e.implementations(t, home)
	k := int(expr.Eval(expr.BVVar(typeSelectorName(name), 8), m))
	if len(set.types) == 0 || depth >= e.cfg.Bounds.MaxDepth || k == 0 || k > len(set.types) {
		return concrete.Value{Type: t, Kind: concrete.Nil}
	}
	dyn := set.types[k-1]
	v := e.argLiteral(dynamicName(name, dyn), dyn, m, depth, home)
	return concrete.Value{Type: t, Kind: concrete.Interface, Elem: &v}
}
