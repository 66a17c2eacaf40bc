package cdg

import (
	"go/types"
	"sort"
	"sync"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// defaultCallees is the resolver used when Options.Callees is nil:
//
//   - a call with a static callee calls it;
//   - an interface method call (invoke mode) may call that method of every
//     concrete type of the program that implements the interface, the
//     types being the package-level named types (T and *T) of every
//     package and the program's runtime types (those converted to an
//     interface somewhere);
//   - any other call through a func value calls nothing known: the
//     callee is left out of the interprocedural graph.
//
// It is the class-hierarchy answer: sound for interfaces as far as the
// types listed go, and no help at all for closures, which is what a
// points-to analysis plugged in through Options.Callees is for.
type defaultCallees struct {
	prog *ssa.Program

	mu    sync.Mutex
	types []types.Type // concrete candidate types, built on first use
	cache typeutil.Map // interface type -> map[method name][]*ssa.Function
}

func newDefaultCallees(prog *ssa.Program) *defaultCallees {
	return &defaultCallees{prog: prog}
}

// DefaultCallees is the default resolver of Options.Callees, exported so
// that a custom resolver can fall back on it.
func (a *Analysis) DefaultCallees(site ssa.CallInstruction) []*ssa.Function {
	if c := site.Common().StaticCallee(); c != nil {
		return []*ssa.Function{c}
	}
	return a.callees.resolve(site)
}

func (d *defaultCallees) resolve(site ssa.CallInstruction) []*ssa.Function {
	c := site.Common()
	if c.StaticCallee() != nil {
		return []*ssa.Function{c.StaticCallee()}
	}
	if !c.IsInvoke() {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	iface := c.Value.Type()
	byName, _ := d.cache.At(iface).(map[string][]*ssa.Function)
	if byName == nil {
		byName = map[string][]*ssa.Function{}
		d.cache.Set(iface, byName)
	}
	name := c.Method.Name()
	if fns, ok := byName[name]; ok {
		return fns
	}
	it, _ := iface.Underlying().(*types.Interface)
	var fns []*ssa.Function
	seen := map[*ssa.Function]bool{}
	for _, t := range d.candidates() {
		if it == nil || !types.Implements(t, it) {
			continue
		}
		sel := d.prog.MethodSets.MethodSet(t).Lookup(c.Method.Pkg(), name)
		if sel == nil {
			continue
		}
		if fn := d.prog.MethodValue(sel); fn != nil && !seen[fn] {
			seen[fn] = true
			fns = append(fns, fn)
		}
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].String() < fns[j].String() })
	byName[name] = fns
	return fns
}

// candidates lists the concrete types once.
func (d *defaultCallees) candidates() []types.Type {
	if d.types != nil {
		return d.types
	}
	var seen typeutil.Map
	add := func(t types.Type) {
		if types.IsInterface(t) || seen.At(t) != nil {
			return
		}
		if n, ok := t.(*types.Named); ok && n.TypeParams().Len() > 0 && n.TypeArgs().Len() == 0 {
			return // generic, not instantiated
		}
		seen.Set(t, true)
		d.types = append(d.types, t)
	}
	for _, pkg := range d.prog.AllPackages() {
		for _, m := range pkg.Members {
			if tn, ok := m.(*ssa.Type); ok {
				t := tn.Type()
				add(t)
				if !types.IsInterface(t) {
					add(types.NewPointer(t))
				}
			}
		}
	}
	for _, t := range d.prog.RuntimeTypes() {
		add(t)
	}
	if d.types == nil {
		d.types = []types.Type{}
	}
	return d.types
}
