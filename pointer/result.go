package pointer

import (
	"errors"
	"go/types"
	"sort"

	"golang.org/x/tools/container/intsets"
	"golang.org/x/tools/go/ssa"
)

// Result is the outcome of Analyze. Queries are not safe for concurrent
// use (mod and ref sets are computed on first use).
type Result struct {
	Mode     Mode
	Warnings []Warning

	a  *analysis  // Andersen mode
	tb *typeBased // type-based mode
	mr *modRef    // computed on demand

	// dirty memoises, per function, whether it may reach a function
	// whose effects the analysis does not model; unsafe whether it
	// converts from unsafe.Pointer (complete.go).
	dirty  map[*ssa.Function]bool
	unsafe map[*ssa.Function]bool
}

// Analyze runs the analysis on the whole program reachable from the
// package initializers and cfg.Entries.
func Analyze(cfg Config) (*Result, error) {
	if cfg.Program == nil {
		return nil, errors.New("pointer: Config.Program is nil")
	}
	r := &Result{Mode: cfg.Mode}
	if cfg.Mode == TypeBased {
		r.tb = newTypeBased(cfg.Program, cfg.Entries)
		r.Warnings = r.tb.warnings
		return r, nil
	}
	a := newAnalysis(cfg.Program)
	for _, pkg := range cfg.Program.AllPackages() {
		if init := pkg.Func("init"); init != nil {
			a.reach(init)
		}
	}
	for _, fn := range cfg.Entries {
		a.reach(fn)
		for _, p := range fn.Params {
			a.makeInput(p)
		}
	}
	a.solve()
	r.a = a
	r.Warnings = a.warnings
	sort.SliceStable(r.Warnings, func(i, j int) bool {
		if r.Warnings[i].Category != r.Warnings[j].Category {
			return r.Warnings[i].Category < r.Warnings[j].Category
		}
		return r.Warnings[i].Msg < r.Warnings[j].Msg
	})
	return r, nil
}

// Set is a points-to set: cells of abstract objects.
type Set struct {
	r     *Result
	cells []int
}

// Labels returns the locations pointed to, sorted by label.
func (s Set) Labels() []Location {
	var out []Location
	for _, c := range s.cells {
		out = append(out, s.r.cellLocation(nodeid(c)))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// Strings returns the labels as strings ("alloc@L12", "global:g.f").
func (s Set) Strings() []string {
	var out []string
	for _, l := range s.Labels() {
		out = append(out, l.String())
	}
	return out
}

// Len is the number of cells in the set.
func (s Set) Len() int { return len(s.cells) }

// Objects returns the distinct objects pointed into.
func (s Set) Objects() []*Object {
	seen := map[*Object]bool{}
	var out []*Object
	for _, c := range s.cells {
		o := s.r.a.nodes[c].obj
		if !seen[o] {
			seen[o] = true
			out = append(out, o)
		}
	}
	return out
}

// Contains reports whether the set holds location l (any cell of it).
func (s Set) Contains(l Location) bool {
	if l.Obj == nil || s.r.a == nil {
		return false
	}
	lo, hi := int(l.Obj.id)+int(l.off), int(l.Obj.id)+int(l.off)+int(l.n)
	for _, c := range s.cells {
		if c >= lo && c < hi {
			return true
		}
	}
	return false
}

// PointsTo returns the points-to set of the pointer-like value v (its
// first cell for aggregate values). In type-based mode the set is
// empty: use the type-based Location and MayAlias instead.
func (r *Result) PointsTo(v ssa.Value) Set {
	if r.a == nil {
		return Set{r: r}
	}
	n, ok := r.a.values[v]
	if !ok || n == 0 {
		return Set{r: r}
	}
	return Set{r: r, cells: r.a.nodes[r.a.find(n)].pts.AppendTo(nil)}
}

// cellLocation is the location of the single cell c.
func (r *Result) cellLocation(c nodeid) Location {
	o := r.a.nodes[c].obj
	off := int32(c - o.id)
	return Location{Obj: o, Path: o.layout[off].path, off: off, n: 1}
}

// Reachable reports whether fn was found reachable from the entries.
func (r *Result) Reachable(fn *ssa.Function) bool {
	if r.a != nil {
		_, ok := r.a.funcs[fn]
		return ok
	}
	return r.tb.reachable[fn]
}

// Callees returns the functions a call site may call (dynamic calls
// included, as discovered by the analysis).
func (r *Result) Callees(site ssa.CallInstruction) []*ssa.Function {
	if r.a != nil {
		return r.a.callees[site]
	}
	return r.tb.calleesOf(site)
}

// Object returns the abstract object of an allocation site: an
// *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan,
// *ssa.MakeInterface, *ssa.Global, or the *ssa.Call of an append. For a
// *ssa.Parameter of an entry it is the input object its pointer
// parameter points to (see InputObject for deeper inputs). Nil if the
// site was never reached.
func (r *Result) Object(site ssa.Value) *Object {
	if r.a == nil {
		return r.tb.typeObject(siteType(site))
	}
	if p, ok := site.(*ssa.Parameter); ok {
		if in := r.a.inputs[p]; in != nil {
			return in.byKey["obj:"+typeKey(p.Type())]
		}
		return nil
	}
	return r.a.siteObj[site]
}

// Objects lists every abstract object (Andersen mode).
func (r *Result) Objects() []*Object {
	if r.a == nil {
		return nil
	}
	return r.a.objects
}

// InputObject returns the input object of type t reachable from entry
// parameter p: the executor's object of type t created (at any depth)
// for the input p maps to it. For slices, t is the slice type; for maps
// and channels their type; pointed-to objects are named by their own
// type T (not *T).
func (r *Result) InputObject(p *ssa.Parameter, t types.Type) *Object {
	if r.a == nil {
		return r.tb.typeObject(t)
	}
	in := r.a.inputs[p]
	if in == nil {
		return nil
	}
	for _, key := range inputKeys(t) {
		if o := in.byKey[key]; o != nil {
			return o
		}
	}
	return nil
}

// Location returns the location at path inside the object allocated at
// site (see Object). Nil Obj if unknown.
func (r *Result) Location(site ssa.Value, path FieldPath) Location {
	return r.ObjectLocation(r.Object(site), path)
}

// ObjectLocation returns the location at path inside o. In type-based
// mode o is a type object and the result is the type-based location
// (type of the cell, field if the last step selects one).
func (r *Result) ObjectLocation(o *Object, path FieldPath) Location {
	if o == nil {
		return Location{}
	}
	if o.Kind == KindType {
		return r.tb.location(o.Type, path)
	}
	off, ok := walkPath(&r.a.lay, o, path)
	if !ok {
		return Location{}
	}
	c := o.layout[off]
	n := 1
	switch {
	case off == 0:
		n = len(o.layout) // the whole object
	case c.header:
		n = r.a.lay.size(c.typ)
	}
	return Location{Obj: o, Path: c.path, off: int32(off), n: int32(n)}
}

// TypeLocation returns, in type-based mode, every cell of a value of
// type t: what a whole object of type t occupies, to ask MayModify
// about an object whose allocation site is not known. In Andersen mode
// it returns a location with nil Obj, which nothing modifies.
func (r *Result) TypeLocation(t types.Type) Location {
	if r.tb == nil || t == nil {
		return Location{}
	}
	return r.tb.location(t, nil)
}

// MayPointToSite reports whether the pointer-like value v may point to
// (any cell of) the object allocated at site: the dynamic soundness
// check asks it at every dereference, with the site of the object the
// executor actually reached (for inputs, the *ssa.Parameter whose input
// object it is, or use InputObject and MayPointTo).
func (r *Result) MayPointToSite(v ssa.Value, site ssa.Value) bool {
	if g, ok := v.(*ssa.Global); ok && site == g {
		// A global is the address of its own object, by definition; the
		// analysis makes no node for a global that holds no pointers.
		return true
	}
	return r.MayPointTo(v, r.Object(site))
}

// MayPointTo reports whether v may point into object o.
func (r *Result) MayPointTo(v ssa.Value, o *Object) bool {
	if o == nil {
		return false
	}
	if r.a == nil {
		return r.tb.mayPointTo(v, o)
	}
	return r.PointsTo(v).Contains(Location{Obj: o, n: int32(len(o.layout))})
}

// MayAlias reports whether two locations may overlap. Locations of the
// two modes can be compared: an Andersen location is then abstracted to
// its type (and field).
func (r *Result) MayAlias(x, y Location) bool {
	if x.Obj == nil || y.Obj == nil {
		return false
	}
	if x.Obj.Kind == KindType || y.Obj.Kind == KindType {
		return typeLocAlias(abstractLoc(x), abstractLoc(y))
	}
	if x.Obj != y.Obj {
		return false
	}
	return x.off < y.off+y.n && y.off < x.off+x.n
}

// cellsOf returns the cells of location l as a set of node ids.
func (l Location) cells(s *intsets.Sparse) {
	for i := int32(0); i < l.n; i++ {
		if !l.Obj.layout[l.off+i].header {
			s.Insert(int(l.Obj.id) + int(l.off+i))
		}
	}
}
