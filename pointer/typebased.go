package pointer

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/container/intsets"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// typeBased is the fallback mode. Locations are types: "every cell of
// type T" (any(T)) or "field f of every struct of type S" (field(S,f)).
// Types are compared by their underlying types, because Go converts
// *T1 to *T2 when T1 and T2 have identical underlying types. The call
// graph is class-hierarchy-like, built from the entries on the fly:
// interface calls reach the methods of every runtime type implementing
// the interface, function-value calls every address-taken function of
// identical signature.
type typeBased struct {
	prog      *ssa.Program
	reachable map[*ssa.Function]bool
	order     []*ssa.Function
	warnings  []Warning

	typeObjs map[string]*Object
	locs     []Location       // interned locations; the id is the index
	locIDs   map[Location]int // reverse
	contains map[[2]string]bool

	callees   map[ssa.CallInstruction][]*ssa.Function
	takenBy   typeutil.Map // signature → []*ssa.Function (address-taken)
	dynSites  typeutil.Map // signature → []ssa.CallInstruction
	implTypes []types.Type // runtime types plus input candidates
	methods   typeutil.Map // interface → []types.Type implementing it
}

func newTypeBased(prog *ssa.Program, entries []*ssa.Function) *typeBased {
	tb := &typeBased{
		prog:      prog,
		reachable: make(map[*ssa.Function]bool),
		typeObjs:  make(map[string]*Object),
		locIDs:    make(map[Location]int),
		contains:  make(map[[2]string]bool),
		callees:   make(map[ssa.CallInstruction][]*ssa.Function),
	}
	tb.implTypes = prog.RuntimeTypes()
	a := &analysis{prog: prog}
	tb.implTypes = append(tb.implTypes, a.inputCandidates()...)
	var work []*ssa.Function
	reach := func(fn *ssa.Function) {
		if fn != nil && !tb.reachable[fn] {
			tb.reachable[fn] = true
			tb.order = append(tb.order, fn)
			work = append(work, fn)
		}
	}
	for _, pkg := range prog.AllPackages() {
		reach(pkg.Func("init"))
	}
	for _, fn := range entries {
		reach(fn)
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				tb.scan(instr, reach)
			}
		}
	}
	return tb
}

// scan records address-taken functions and call edges of one
// instruction.
func (tb *typeBased) scan(instr ssa.Instruction, reach func(*ssa.Function)) {
	site, isCall := instr.(ssa.CallInstruction)
	var rands []*ssa.Value
	rands = instr.Operands(rands)
	for i, op := range rands {
		if op == nil || *op == nil {
			continue
		}
		fn, ok := (*op).(*ssa.Function)
		if !ok || (isCall && i == 0 && !site.Common().IsInvoke() && site.Common().Value == fn) {
			continue
		}
		if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
			// a closure: address-taken with its own signature
		}
		tb.addressTaken(fn, reach)
	}
	if !isCall {
		return
	}
	common := site.Common()
	switch {
	case common.IsInvoke():
		iface := common.Value.Type().Underlying().(*types.Interface)
		for _, t := range tb.implementing(iface) {
			if sel := tb.prog.MethodSets.MethodSet(t).Lookup(common.Method.Pkg(), common.Method.Name()); sel != nil {
				fn := tb.prog.MethodValue(sel)
				tb.addCallee(site, fn)
				reach(fn)
			}
		}
	case common.StaticCallee() != nil:
		fn := common.StaticCallee()
		tb.addCallee(site, fn)
		reach(fn)
	default:
		if _, ok := common.Value.(*ssa.Builtin); ok {
			return
		}
		sig := common.Signature()
		sites, _ := tb.dynSites.At(sig).([]ssa.CallInstruction)
		tb.dynSites.Set(sig, append(sites, site))
		fns, _ := tb.takenBy.At(sig).([]*ssa.Function)
		for _, fn := range fns {
			tb.addCallee(site, fn)
			reach(fn)
		}
	}
}

func (tb *typeBased) addressTaken(fn *ssa.Function, reach func(*ssa.Function)) {
	sig := fn.Signature
	fns, _ := tb.takenBy.At(sig).([]*ssa.Function)
	for _, f := range fns {
		if f == fn {
			return
		}
	}
	tb.takenBy.Set(sig, append(fns, fn))
	sites, _ := tb.dynSites.At(sig).([]ssa.CallInstruction)
	for _, s := range sites {
		tb.addCallee(s, fn)
		reach(fn)
	}
}

func (tb *typeBased) addCallee(site ssa.CallInstruction, fn *ssa.Function) {
	for _, f := range tb.callees[site] {
		if f == fn {
			return
		}
	}
	tb.callees[site] = append(tb.callees[site], fn)
}

func (tb *typeBased) calleesOf(site ssa.CallInstruction) []*ssa.Function { return tb.callees[site] }

func (tb *typeBased) implementing(iface *types.Interface) []types.Type {
	if ts, ok := tb.methods.At(iface).([]types.Type); ok {
		return ts
	}
	var ts []types.Type
	for _, t := range tb.implTypes {
		if !types.IsInterface(t) && types.Implements(t, iface) {
			ts = append(ts, t)
		}
	}
	tb.methods.Set(iface, ts)
	return ts
}

// typeObject is the type object of t (keyed by underlying type).
func (tb *typeBased) typeObject(t types.Type) *Object {
	if t == nil {
		return nil
	}
	k := typeKey(t)
	if o := tb.typeObjs[k]; o != nil {
		return o
	}
	o := &Object{Kind: KindType, Type: t}
	tb.typeObjs[k] = o
	return o
}

// anyLoc is every cell of type t; fieldLoc field i of structs of type s.
func (tb *typeBased) anyLoc(t types.Type) Location {
	return Location{Obj: tb.typeObject(t)}
}

func (tb *typeBased) fieldLoc(s types.Type, i int) Location {
	st := s.Underlying().(*types.Struct)
	return Location{Obj: tb.typeObject(s), Path: "." + st.Field(i).Name(), off: int32(i), n: 1}
}

func (tb *typeBased) intern(l Location) int {
	if id, ok := tb.locIDs[l]; ok {
		return id
	}
	// Different *Object for one type never happens (typeObject
	// memoises), so Location equality is location identity.
	id := len(tb.locs)
	tb.locs = append(tb.locs, l)
	tb.locIDs[l] = id
	return id
}

// location maps a path inside an object of type t to a type location.
func (tb *typeBased) location(t types.Type, path FieldPath) Location {
	loc := tb.anyLoc(t)
	for _, i := range path {
		switch u := t.Underlying().(type) {
		case *types.Struct:
			if i < 0 || i >= u.NumFields() {
				return Location{}
			}
			loc = tb.fieldLoc(t, i)
			t = u.Field(i).Type()
		case *types.Array:
			t = u.Elem()
			loc = tb.anyLoc(t)
		case *types.Slice:
			t = u.Elem()
			loc = tb.anyLoc(t)
		default:
			return loc // map and channel contents: the container type
		}
	}
	return loc
}

// addrLoc is the location a store through addr writes.
func (tb *typeBased) addrLoc(addr ssa.Value, val types.Type) Location {
	if fa, ok := addr.(*ssa.FieldAddr); ok {
		return tb.fieldLoc(fa.X.Type().Underlying().(*types.Pointer).Elem(), fa.Field)
	}
	return tb.anyLoc(val)
}

func (tb *typeBased) directModRef(instr ssa.Instruction, mod, ref *intsets.Sparse) {
	add := func(s *intsets.Sparse, l Location) { s.Insert(tb.intern(l)) }
	elemOf := func(v ssa.Value) Location {
		switch u := v.Type().Underlying().(type) {
		case *types.Slice:
			return tb.anyLoc(u.Elem())
		case *types.Pointer: // *array
			if arr, ok := u.Elem().Underlying().(*types.Array); ok {
				return tb.anyLoc(arr.Elem())
			}
		}
		return tb.anyLoc(v.Type()) // maps and channels: their contents
	}
	switch in := instr.(type) {
	case *ssa.Store:
		add(mod, tb.addrLoc(in.Addr, in.Val.Type()))
	case *ssa.UnOp:
		switch in.Op {
		case token.MUL:
			add(ref, tb.addrLoc(in.X, in.Type()))
		case token.ARROW: // a receive takes the value out of the buffer
			add(mod, tb.anyLoc(in.X.Type()))
			add(ref, tb.anyLoc(in.X.Type()))
		}
	case *ssa.MapUpdate:
		add(mod, tb.anyLoc(in.Map.Type()))
	case *ssa.Lookup:
		if _, ok := in.X.Type().Underlying().(*types.Map); ok {
			add(ref, tb.anyLoc(in.X.Type()))
		}
	case *ssa.Next:
		if !in.IsString {
			add(ref, tb.anyLoc(in.Iter.(*ssa.Range).X.Type()))
		}
	case *ssa.Send:
		add(mod, tb.anyLoc(in.Chan.Type()))
	case *ssa.Select:
		for _, st := range in.States {
			add(mod, tb.anyLoc(st.Chan.Type()))
			if st.Dir == types.RecvOnly {
				add(ref, tb.anyLoc(st.Chan.Type()))
			}
		}
	case ssa.CallInstruction:
		b, ok := in.Common().Value.(*ssa.Builtin)
		if !ok {
			return
		}
		args := in.Common().Args
		switch b.Name() {
		case "append":
			add(mod, elemOf(args[0]))
			add(ref, elemOf(args[0]))
		case "copy":
			add(mod, elemOf(args[0]))
			if _, ok := args[1].Type().Underlying().(*types.Slice); ok {
				add(ref, elemOf(args[1]))
			}
		case "clear", "delete":
			add(mod, elemOf(args[0]))
		case "close":
			add(mod, tb.anyLoc(args[0].Type()))
		}
	}
}

// mayPointTo: a pointer of type *T may point to objects of type T
// (identical underlying types), in type-based mode.
func (tb *typeBased) mayPointTo(v ssa.Value, o *Object) bool {
	var elem types.Type
	switch u := v.Type().Underlying().(type) {
	case *types.Pointer:
		elem = u.Elem()
	case *types.Slice:
		elem = u.Elem()
	default:
		return true
	}
	return tb.containsType(o.Type, elem)
}

// containsType reports whether a value of type outer contains a cell of
// type inner (or is one), through struct fields and array elements.
func (tb *typeBased) containsType(outer, inner types.Type) bool {
	k := [2]string{typeKey(outer), typeKey(inner)}
	if v, ok := tb.contains[k]; ok {
		return v
	}
	res := containsType(outer, inner)
	tb.contains[k] = res
	return res
}

func containsType(outer, inner types.Type) bool {
	if types.Identical(outer.Underlying(), inner.Underlying()) {
		return true
	}
	switch u := outer.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if containsType(u.Field(i).Type(), inner) {
				return true
			}
		}
	case *types.Array:
		return containsType(u.Elem(), inner)
	}
	return false
}

// abstractLoc maps an Andersen location to the type-based location that
// covers it: the field of its struct when its last selector is a
// field, every cell of its type otherwise; the contents of maps and
// channels to their container type.
func abstractLoc(l Location) Location {
	if l.Obj.Kind == KindType {
		return l
	}
	o := l.Obj
	if o.Kind == KindMap || o.Kind == KindChan || isMapLayout(o) || isChanLayout(o) {
		if l.off > 0 {
			return Location{Obj: &Object{Kind: KindType, Type: o.Type}}
		}
	}
	if st, f, ok := l.Field(); ok {
		return Location{Obj: &Object{Kind: KindType, Type: st}, Path: "." + st.Field(f).Name(), off: int32(f), n: 1}
	}
	return Location{Obj: &Object{Kind: KindType, Type: l.Type()}}
}

// typeLocAlias reports whether two type-based locations may overlap.
// Regions of type T are any(T); field(S,f) is the f part of every S.
// Two regions overlap when one lies inside the other.
func typeLocAlias(x, y Location) bool {
	if x.n == 0 && y.n == 0 {
		return containsType(x.Obj.Type, y.Obj.Type) || containsType(y.Obj.Type, x.Obj.Type)
	}
	if x.n == 0 {
		x, y = y, x
	}
	// x is field(S,f) with type F.
	s, f := x.Obj.Type, x.Type()
	if y.n == 0 {
		u := y.Obj.Type
		return containsType(f, u) || containsType(u, s)
	}
	s2, g := y.Obj.Type, y.Type()
	if types.Identical(s.Underlying(), s2.Underlying()) && x.off == y.off {
		return true
	}
	return containsType(f, s2) || containsType(g, s)
}
