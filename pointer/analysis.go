package pointer

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// analysis is the state of one Andersen run: the constraint graph, the
// objects, and the functions found reachable so far.
type analysis struct {
	prog  *ssa.Program
	lay   layouts
	nodes []*node
	work  []nodeid

	values  map[ssa.Value]nodeid // first node of each SSA value that can hold pointers
	objects []*Object
	siteObj map[ssa.Value]*Object // allocation site → its object
	funcObj map[*ssa.Function]*Object
	funcs   map[*ssa.Function]*funcInfo // reachable functions, in discovery order below
	order   []*ssa.Function
	inputs  map[*ssa.Parameter]*inputObjects

	// callees is the call graph discovered so far.
	callees map[ssa.CallInstruction][]*ssa.Function
	wired   map[callKey]bool

	panicVal nodeid // values passed to panic, returned by recover

	lcdDone map[edge]bool
	tarjan  tarjanState
	merged  int

	warnings []Warning
	warned   map[string]bool

	methodCache typeutil.Map // types.Type → map[string]*ssa.Function
	implCache   typeutil.Map // interface type → []types.Type (input candidates)
}

type callKey struct {
	site ssa.CallInstruction
	fn   *ssa.Function
}

// funcInfo holds the nodes of a reachable function.
type funcInfo struct {
	fn      *ssa.Function
	results nodeid // block of the result tuple; 0 if no result holds pointers
}

func newAnalysis(prog *ssa.Program) *analysis {
	a := &analysis{
		prog:    prog,
		values:  make(map[ssa.Value]nodeid),
		siteObj: make(map[ssa.Value]*Object),
		funcObj: make(map[*ssa.Function]*Object),
		funcs:   make(map[*ssa.Function]*funcInfo),
		inputs:  make(map[*ssa.Parameter]*inputObjects),
		callees: make(map[ssa.CallInstruction][]*ssa.Function),
		wired:   make(map[callKey]bool),
		lcdDone: make(map[edge]bool),
		warned:  make(map[string]bool),
	}
	a.newNodes(1, nil) // node 0: "no node"
	a.panicVal = a.newNodes(1, nil)
	return a
}

func (a *analysis) warn(pos token.Pos, category, key, msg string) {
	k := category + "\x00" + key
	if a.warned[k] {
		return
	}
	a.warned[k] = true
	a.warnings = append(a.warnings, Warning{Pos: pos, Category: category, Msg: msg})
}

// newObject allocates the cells of an object with layout l.
func (a *analysis) newObject(kind ObjectKind, site ssa.Value, t types.Type, l layout) *Object {
	o := &Object{Kind: kind, Site: site, Type: t, layout: l}
	o.id = a.newNodes(len(l), o)
	a.objects = append(a.objects, o)
	return o
}

// Layouts of the container objects. Slices point to an array object
// (header + one summary element); maps hold a key and a value summary;
// channels an element summary; boxes a dynamic type and a copy of the
// value.
func (a *analysis) arrayLayout(elem types.Type) layout {
	return a.lay.of(types.NewArray(elem, 1))
}

func (a *analysis) mapLayout(m *types.Map) layout {
	l := layout{{typ: m, header: true}}
	l = append(l, prefixed(a.lay.of(m.Key()), "[key]")...)
	return append(l, prefixed(a.lay.of(m.Elem()), "[value]")...)
}

func (a *analysis) chanLayout(c *types.Chan) layout {
	l := layout{{typ: c, header: true}}
	return append(l, prefixed(a.lay.of(c.Elem()), "[elem]")...)
}

func (a *analysis) boxLayout(t types.Type) layout {
	l := layout{{typ: t, header: true}}
	return append(l, prefixed(a.lay.of(t), "(payload)")...)
}

func prefixed(l layout, p string) layout {
	out := make(layout, len(l))
	for i, c := range l {
		c.path = p + c.path
		out[i] = c
	}
	return out
}

// siteObject returns the object of an allocation site, creating it.
func (a *analysis) siteObject(site ssa.Value, kind ObjectKind, t types.Type, l layout) *Object {
	if o, ok := a.siteObj[site]; ok {
		return o
	}
	o := a.newObject(kind, site, t, l)
	a.siteObj[site] = o
	return o
}

func (a *analysis) globalObject(g *ssa.Global) *Object {
	elem := g.Type().(*types.Pointer).Elem()
	return a.siteObject(g, KindGlobal, elem, a.lay.of(elem))
}

func (a *analysis) functionObject(fn *ssa.Function) *Object {
	if o, ok := a.funcObj[fn]; ok {
		return o
	}
	o := a.newObject(KindFunc, nil, fn.Signature, layout{{typ: fn.Signature, header: true}})
	o.Func = fn
	a.funcObj[fn] = o
	return o
}

// valueNode returns the first node of v's block, creating it; 0 if v
// cannot hold a pointer.
func (a *analysis) valueNode(v ssa.Value) nodeid {
	if n, ok := a.values[v]; ok {
		return n
	}
	var n nodeid
	switch v := v.(type) {
	case *ssa.Global:
		n = a.newNodes(1, nil)
		a.addLabel(n, a.globalObject(v).id)
	case *ssa.Function:
		n = a.newNodes(1, nil)
		a.addLabel(n, a.functionObject(v).id)
	case *ssa.Range:
		n = a.newNodes(1, nil) // the iterator refers to the map
	default:
		if !a.lay.hasPointers(v.Type()) {
			a.values[v] = 0
			return 0
		}
		n = a.newNodes(a.lay.size(v.Type()), nil)
	}
	a.values[v] = n
	return n
}

// methodFor returns the method called name of dynamic type t.
func (a *analysis) methodFor(t types.Type, m *types.Func) *ssa.Function {
	byName, _ := a.methodCache.At(t).(map[string]*ssa.Function)
	if byName == nil {
		byName = make(map[string]*ssa.Function)
		a.methodCache.Set(t, byName)
	}
	key := m.Id()
	if fn, ok := byName[key]; ok {
		return fn
	}
	var fn *ssa.Function
	if sel := a.prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name()); sel != nil {
		fn = a.prog.MethodValue(sel)
	}
	byName[key] = fn
	return fn
}

// reach generates the constraints of fn the first time it becomes
// reachable.
func (a *analysis) reach(fn *ssa.Function) *funcInfo {
	if fi, ok := a.funcs[fn]; ok {
		return fi
	}
	fi := &funcInfo{fn: fn}
	a.funcs[fn] = fi
	a.order = append(a.order, fn)
	if res := fn.Signature.Results(); res.Len() > 0 && a.lay.hasPointers(res) {
		fi.results = a.newNodes(a.lay.size(res), nil)
	}
	if len(fn.Blocks) == 0 {
		return fi // intrinsic or external: handled at call sites
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			a.genInstr(fi, instr)
		}
	}
	return fi
}

// wireCall connects a call site to one callee: arguments flow into
// parameters and results back. For invoke calls recv is the first cell
// of the receiver (a box payload) of type recvType.
func (a *analysis) wireCall(site ssa.CallInstruction, fn *ssa.Function, recv nodeid, recvType types.Type) {
	k := callKey{site, fn}
	if a.wired[k] {
		return
	}
	a.wired[k] = true
	a.callees[site] = append(a.callees[site], fn)
	if a.swapper(site, fn) {
		return
	}
	fi := a.reach(fn)
	common := site.Common()
	args := common.Args
	if len(fn.Blocks) == 0 {
		a.intrinsic(site, fn, args)
		return
	}
	params := fn.Params
	if common.IsInvoke() {
		if len(params) > 0 && recv != 0 {
			a.addCopyN(a.valueNode(params[0]), recv, min(a.lay.size(recvType), a.lay.size(params[0].Type())))
		}
		params = params[1:]
	}
	for i, arg := range args {
		if i >= len(params) {
			break
		}
		src := a.valueNode(arg)
		dst := a.valueNode(params[i])
		if src != 0 && dst != 0 {
			a.addCopyN(dst, src, min(a.lay.size(arg.Type()), a.lay.size(params[i].Type())))
		}
	}
	if v := site.Value(); v != nil && fi.results != 0 {
		if dst := a.valueNode(v); dst != 0 {
			a.addCopyN(dst, fi.results, a.lay.size(fn.Signature.Results()))
		}
	}
}

// intrinsic models the functions without Go body whose pointer effects
// matter and warns about the others.
func (a *analysis) intrinsic(site ssa.CallInstruction, fn *ssa.Function, args []ssa.Value) {
	name := fn.String()
	res := nodeid(0)
	if v := site.Value(); v != nil {
		res = a.valueNode(v)
	}
	switch name {
	case "sync/atomic.LoadPointer":
		a.addConstraint(a.valueNode(args[0]), &loadC{dst: res, n: 1})
	case "sync/atomic.StorePointer":
		a.addConstraint(a.valueNode(args[0]), &storeC{src: a.valueNode(args[1]), n: 1})
	case "sync/atomic.SwapPointer":
		a.addConstraint(a.valueNode(args[0]), &loadC{dst: res, n: 1})
		a.addConstraint(a.valueNode(args[0]), &storeC{src: a.valueNode(args[1]), n: 1})
	case "sync/atomic.CompareAndSwapPointer":
		a.addConstraint(a.valueNode(args[0]), &storeC{src: a.valueNode(args[2]), n: 1})
	default:
		if !a.lay.hasPointers(fn.Signature.Params()) && !a.lay.hasPointers(fn.Signature.Results()) {
			return // cannot affect pointers (e.g. math.Sqrt in assembly)
		}
		a.warn(fn.Pos(), WarnNoBody, name, fmt.Sprintf("%s has no Go body; its effects on memory are ignored", name))
	}
}
