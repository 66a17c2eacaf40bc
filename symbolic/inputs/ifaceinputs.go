package inputs

import (
	"fmt"
	"go/types"
	"slices"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Interface inputs. An input of interface type is nil or a value of one of
// at most maxImplementations concrete types (for any, as many as the
// function itself asserts to, up to maxAssertedAlternatives). The choice is a choice of
// input shape (choices.go) whose selector is "name.(type)": 0 for nil, k
// for the k-th type; the dynamic value's parts are named "name.(T)…".
//
// Which types: for a non-empty interface, the named types of the program
// that implement it, the home package's first; for an instance of a
// generic interface (Set[int]) these include the instances of the
// program's generic types with its type arguments (threadUnsafeSet[int]).
// When none does and no value is made through an API (below), a fake the
// test declares stands in (fakeinputs.go); its parts are named "name.M#k",
// not "name.(T)…".
// For the empty interface, which every type implements, the types the
// function, then its package, asserts to or switches on (those are what
// the code tells apart), then int and string. A type of another package
// is tried only when a test of the home package can write it (exported,
// importable: never internal/poll.DeadlineExceededError).
//
// A parameter (of the function under test or of a constructor) may also
// take values made through a package's API (apimakers.go): an io.Reader a
// strings.NewReader or a reader that fails after its data, an io.Writer a
// new(bytes.Buffer) or a writer that fails (iofail.go), an error the
// package's sentinels and errors.New, a context.Context
// context.Background(). These come first, and then only the home
// package's own types follow. A constructor's interface argument is never
// nil and takes only the made values; a context parameter is never nil.
// An interface a parameter holds (a struct field, an element) takes the
// made values that need no call: new(bytes.Buffer) and the sentinels, so
// that what a method writes to its receiver's io.Writer field is a text
// the test can check.
// When the list is cut short, holds made values, or the interface is
// empty, the paths record that not every dynamic type was tried, so they
// are never exhaustive.

const maxImplementations = 4

// maxAssertedAlternatives bounds the types tried for an input of type any
// whose function tells more than maxImplementations of them apart (a type
// switch over every integer kind): each type it switches on is tried, up
// to this many.
const maxAssertedAlternatives = 16

// maxErrorAlternatives bounds the non-nil values tried for an error
// parameter: the package's sentinels, errors.New, its error types.
const maxErrorAlternatives = 6

// implSet is the list of alternatives tried for an interface input, and
// whether they hold every type that could stand there.
type implSet struct {
	alts     []implAlt
	complete bool
}

// implAlt is one non-nil alternative of an interface input: a value of
// typ built as inputs are, or one made through the package's API (only
// for parameters, see ctorinputs.go).
type implAlt struct {
	typ  types.Type
	made *maker
	// fake is set for the fake of an interface nothing implements
	// (fakeinputs.go); typ is its pointer type.
	fake *fakeType
}

func typeSelectorName(name string) string { return name + ".(type)" }

func dynamicName(name string, t types.Type) string {
	return name + ".(" + types.TypeString(t, func(p *types.Package) string { return p.Name() }) + ")"
}

// implementations lists, in a fixed order, the alternatives for an input
// of interface type t of the function home; atParam says the input is a
// parameter, which may be made by a constructor.
func (e *Builder) implementations(t types.Type, home *ssa.Function, atParam bool) implSet {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return implSet{}
	}
	// The list depends on home's package, and for any on home itself.
	pkg := loader.PackageOf(home)
	key := types.TypeString(t, nil)
	switch {
	case home != nil && iface.Empty():
		key += " in " + home.String()
	case pkg != nil:
		key += " in " + pkg.Pkg.Path()
	}
	if atParam {
		key += " as a parameter"
	}
	if e.impls == nil {
		e.impls = make(map[string]implSet)
	}
	if found, ok := e.impls[key]; ok {
		return found
	}
	var homePkg *types.Package
	if pkg != nil {
		homePkg = pkg.Pkg
	}
	var cands []types.Type
	var made []*maker
	complete := true
	limit := maxImplementations
	if iface.Empty() {
		limit = max(limit, min(len(loader.OwnAssertedTypes(home)), maxAssertedAlternatives))
		for _, c := range loader.AssertedTypes(home) {
			if named, ok := types.Unalias(c).(*types.Named); !ok || homePkg == nil ||
				named.Obj().Pkg() == homePkg || writableElsewhere(named, homePkg, 0) {
				cands = append(cands, c)
			}
		}
		cands = append(cands, types.Typ[types.Int], types.Typ[types.String])
	} else {
		made = e.apiMakers(iface, t, pkg)
		if !atParam {
			made = slices.DeleteFunc(made, func(m *maker) bool { return !lazyMakeable(m) })
		}
		if len(made) > 0 && loader.IsErrorType(t) {
			limit = maxErrorAlternatives
		}
		var left bool
		cands, left = e.namedImplementations(t, pkg)
		complete = !left && len(made) == 0
		if len(made) > 0 {
			// What callers pass (a strings.Reader, a sentinel) and the
			// package's own types; not whatever else the program has
			// (an io.LimitedReader over a nil reader).
			cands = slices.DeleteFunc(cands, func(c types.Type) bool { return !e.isLocal(c, home) })
		}
	}
	if !atParam {
		// See madeByAPI: a part of an input cannot call the maker of such
		// a type, and no caller holds one made otherwise.
		n := len(cands)
		cands = slices.DeleteFunc(cands, func(c types.Type) bool { return e.madeByAPI(c, home) })
		complete = complete && len(cands) == n
	}
	set := implSet{complete: complete && !iface.Empty()}
	if len(made) == 0 && len(cands) == 0 && !iface.Empty() {
		// Nothing implements it (heap.Interface, which callers
		// implement): a fake the test declares stands in. Its results
		// are every implementation's, but not its effects, so the list
		// is not complete.
		if f := e.fakeFor(t, homePkg); f != nil {
			set.alts = append(set.alts, implAlt{typ: f.ptr, fake: f})
			set.complete = false
		}
	}
	for _, m := range made {
		if len(set.alts) < limit {
			set.alts = append(set.alts, implAlt{typ: m.typ, made: m})
		}
	}
	for _, c := range cands {
		if len(set.alts) >= limit {
			set.complete = false
			break
		}
		if !slices.ContainsFunc(set.alts, func(a implAlt) bool { return a.made == nil && types.Identical(a.typ, c) }) {
			set.alts = append(set.alts, implAlt{typ: c})
		}
	}
	e.impls[key] = set
	return set
}

// writableElsewhere reports whether a test in package home (outside t's
// package) can write any value of t as a literal: t is exported, its
// package importable, and so is every field of it, down to the fields of
// structs it holds by value.
func writableElsewhere(t types.Type, home *types.Package, depth int) bool {
	if named, ok := t.(*types.Named); ok && named.Obj().Pkg() != nil &&
		(!named.Obj().Exported() || !loader.Importable(home, named.Obj().Pkg())) {
		return false
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || depth > 4 {
		return true
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Exported() || !writableElsewhere(f.Type(), home, depth+1) {
			return false
		}
	}
	return true
}

// namedImplementations are the named types of the program (the value type
// if it implements the interface t, else the pointer; the pointer for a
// type of home that its package builds only as &T{…}, builtOnlyAsPointer)
// that implement t
// and that a test in home's package can write: those of home first, then
// the others by package path and name, among loader.InputTypes.
// left tells that some implementations were left out as unwritable.
func (e *Builder) namedImplementations(t types.Type, home *ssa.Package) (impls []types.Type, left bool) {
	iface := t.Underlying().(*types.Interface)
	var local, others []types.Type
	for _, named := range loader.InputTypes(e.Prog, t) {
		for _, c := range []types.Type{named, types.NewPointer(named)} {
			if !types.Implements(c, iface) || c == named && home != nil && named.Obj().Pkg() == home.Pkg && builtOnlyAsPointer(e.Prog, named) {
				continue
			}
			switch {
			case home != nil && named.Obj().Pkg() == home.Pkg:
				local = append(local, c)
			case writableElsewhere(named, homePkg(home), 0):
				others = append(others, c)
			default:
				left = true
			}
			break
		}
	}
	leavesFirst(local, t)
	leavesFirst(others, t)
	return append(local, others...), left
}

// leavesFirst orders the types cands that implement t so that those
// holding no value of t come first: the leaves of a tree of t (a tag,
// not an and of two expressions). A tree input then ends in leaves on
// its first paths, as the values callers build do; a node first would
// nest nodes down to the nesting bound before any path returns.
func leavesFirst(cands []types.Type, t types.Type) {
	slices.SortStableFunc(cands, func(a, b types.Type) int {
		return cmpBool(holds(a, t), holds(b, t))
	})
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// holds reports whether a struct c (or one c points to) has a field of
// type t, or a slice, array or pointer of t.
func holds(c, t types.Type) bool {
	if p, ok := c.Underlying().(*types.Pointer); ok {
		c = p.Elem()
	}
	st, ok := c.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i).Type()
		for {
			switch u := f.Underlying().(type) {
			case *types.Pointer:
				f = u.Elem()
				continue
			case *types.Slice:
				f = u.Elem()
				continue
			case *types.Array:
				f = u.Elem()
				continue
			}
			break
		}
		if types.Identical(f, t) {
			return true
		}
	}
	return false
}

// buildInterface makes the input of interface type t called name; dest
// is set when it is a parameter, field when it is a struct field.
func (e *Builder) buildInterface(s *machine.State, name string, t types.Type, depth int, dest *paramSlot, field types.Object) value.Value {
	in := Of(s)
	set := e.implementations(t, in.home, dest != nil)
	set.alts = ctorArgAlts(set.alts, dest)
	if len(set.alts) == 0 {
		s.Limit(fmt.Sprintf("%s is a nil interface: no type of the program implements %s", name, t))
		return value.Interface{}
	}
	k := e.interfaceChoice(s, name, t, set, depth, dest, field)
	if k == 0 {
		return value.Interface{}
	}
	// The dynamic value is no deeper than the interface that holds it:
	// depth bounds the nesting of values inside values.
	a := set.alts[k-1]
	if a.fake != nil {
		return value.Interface{Type: a.typ, Value: e.buildFake(s, name, a.fake, depth)}
	}
	if a.made != nil {
		// A part of a parameter, built lazily, has no slot: its makers
		// call nothing (lazyMakeable), so none is needed.
		var slot paramSlot
		switch {
		case dest != nil:
			slot = *dest
		case !lazyMakeable(a.made):
			panic(machine.InternalError("%s: a made alternative that needs a constructor call for a value that is no parameter", name))
		}
		if !types.IsInterface(a.made.typ) {
			slot.wrap = a.made.typ
		}
		v := e.buildMade(s, dynamicName(name, a.typ), a.made, depth, slot)
		if _, ok := v.(value.Interface); ok {
			return v
		}
		return value.Interface{Type: a.typ, Value: v}
	}
	if dest != nil {
		in.dest = &paramSlot{frame: dest.frame, param: dest.param, wrap: a.typ}
	}
	v := in.build(e, s, dynamicName(name, a.typ), a.typ, depth)
	in.dest = nil
	if p, ok := v.(value.Pointer); ok && e.nonNilDynamic(set, t, a.typ, in.home) && in.model == nil && !p.NonNil.IsConst() {
		s.Assume(p.NonNil, "")
	}
	return value.Interface{Type: a.typ, Value: v}
}

// nilExpected reports whether the code expects nil of the interface
// input that is the parameter dest of home, or the struct field field,
// or neither (nilcompared.go).
func (e *Builder) nilExpected(home *ssa.Function, dest *paramSlot, field types.Object) bool {
	if e.Cfg.NilAnywhere || home == nil {
		return true
	}
	switch {
	case dest != nil && dest.frame == 0 && dest.param < len(home.Params):
		return comparedWithNil(home.Pkg, home.Params[dest.param].Object())
	case dest == nil && field != nil && field.Pkg() != nil:
		// The package that declares the field is the one that sets it.
		return comparedWithNil(e.Prog.Package(field.Pkg()), field)
	}
	return true
}

// interfaceChoice is the alternative of set, numbered from 1 (0 for
// nil), that the interface input name on s takes. A replay takes what its
// model says, as the test's literal does (interfaceLiteral), whatever the
// rules below chose on the symbolic path: a model read past a path's cut
// names choices that path never made (PastTheCut).
func (e *Builder) interfaceChoice(s *machine.State, name string, t types.Type, set implSet, depth int, dest *paramSlot, field types.Object) int {
	in := Of(s)
	if in.model != nil {
		k := int(expr.Eval(expr.BVVar(typeSelectorName(name), 8), in.model))
		if k > len(set.alts) || depth >= 2*in.bounds.MaxDepth {
			return 0
		}
		return k
	}
	nilOK := e.nilExpected(in.home, dest, field)
	atBound := depth >= in.bounds.MaxDepth
	if atBound && (nilOK || depth >= 2*in.bounds.MaxDepth) {
		s.Limit(fmt.Sprintf("%s is a nil interface: nesting bound %d", name, in.bounds.MaxDepth))
		return 0
	}
	if !set.complete {
		s.Limit(fmt.Sprintf("%s: only %d of the values that implement %s are tried", name, len(set.alts), t))
	}
	var qualify types.Qualifier
	if pkg := loader.PackageOf(in.home); pkg != nil {
		qualify = types.RelativeTo(pkg.Pkg)
	}
	pins := []string{name + " == nil"}
	for _, a := range set.alts {
		switch {
		case a.fake != nil:
			pins = append(pins, name+" is a fake "+types.TypeString(t, qualify))
		case a.made != nil && a.made.global != nil:
			pins = append(pins, name+" == "+a.made.String())
		case a.made != nil:
			pins = append(pins, name+" = "+a.made.String())
		default:
			pins = append(pins, name+" is "+types.TypeString(a.typ, qualify))
		}
	}
	vals := countTo(len(set.alts))
	first := 0
	switch {
	case dest != nil && (dest.ctorArg || isContextType(t) && len(set.alts) > 0 && set.alts[0].made != nil):
		// A constructor's interface argument is never nil, and neither is
		// a context: "Do not pass a nil Context" (package context).
		first = 1
	case !nilOK:
		first = 1
		if !onlyInvoked(in.home, dest) {
			s.Limit(name + " is not nil: the code does not compare it with nil")
		}
	}
	last := len(vals)
	if atBound {
		// Where nil is no value of it, an interface as deep as the bound
		// takes one type: the pointers in it are nil for the bound, and
		// the path ends there when it reads them (boundnil.go).
		s.Limit(fmt.Sprintf("only %s: nesting bound %d", pins[first], in.bounds.MaxDepth))
		last = first + 1
	}
	return first + e.Choose(s, typeSelectorName(name), expr.BVVar(typeSelectorName(name), 8), vals[first:last], pins[first:last])
}

// nonNilDynamic reports whether a dynamic value of type dyn, a pointer,
// is made non-nil in an input of interface type t. A nil *T of another
// package in a non-nil interface is a value callers hardly ever pass
// ((*io.LimitedReader)(nil) as a reader), which the code under test
// cannot tell apart; where the types tried are not every
// implementation, the path already speaks for some dynamic values only,
// so leaving it out claims nothing more. The package's own types, and
// those an empty interface's assertions name, keep their nil: the code
// may test for it.
func (e *Builder) nonNilDynamic(set implSet, t, dyn types.Type, home *ssa.Function) bool {
	iface, ok := t.Underlying().(*types.Interface)
	return ok && !iface.Empty() && !set.complete && !e.isLocal(dyn, home)
}

// ctorArgAlts are the alternatives tried for an interface parameter of a
// constructor: only the made ones when there are any (they come first), as
// callers pass a strings.Reader to csv.NewReader, not whatever implements
// io.Reader in the program.
func ctorArgAlts(alts []implAlt, dest *paramSlot) []implAlt {
	if dest == nil || !dest.ctorArg {
		return alts
	}
	n := 0
	for n < len(alts) && alts[n].made != nil {
		n++
	}
	if n == 0 {
		return alts
	}
	return alts[:n]
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
// model, following buildInterface's naming; dest is set for a parameter.
func (e *Builder) interfaceLiteral(name string, t types.Type, m expr.Assignment, depth int, home *ssa.Function, dest *paramSlot) concrete.Value {
	set := e.implementations(t, home, dest != nil)
	set.alts = ctorArgAlts(set.alts, dest)
	k := int(expr.Eval(expr.BVVar(typeSelectorName(name), 8), m))
	if len(set.alts) == 0 || depth >= 2*e.Cfg.Bounds.MaxDepth || k == 0 || k > len(set.alts) {
		return concrete.Value{Type: t, Kind: concrete.Nil}
	}
	a := set.alts[k-1]
	var v concrete.Value
	switch {
	case a.fake != nil:
		v = e.fakeLiteral(name, a.fake, m, depth, home)
	case a.made != nil:
		v = e.madeLiteral(dynamicName(name, a.typ), a.made, m, depth, home)
		if types.IsInterface(v.Type) {
			v.Type = t
			return v
		}
	case dest != nil:
		v = e.ParamLiteral(dynamicName(name, a.typ), a.typ, m, depth, home, false)
	default:
		v = e.argLiteral(dynamicName(name, a.typ), a.typ, m, depth, home)
	}
	return concrete.Value{Type: t, Kind: concrete.Interface, Elem: &v}
}
