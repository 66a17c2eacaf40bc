package symbolic

import (
	"go/types"
	"sort"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// Interface inputs. A parameter of a non-empty interface type is nil or a
// value of one of the concrete types of the program that implement it: at
// most maxImplementations of them, the function's own package first. The
// choice is a variable, "name.(type)" (0 for nil, k for the k-th type), so
// it is part of the model, and the initial state forks once per choice;
// the dynamic value's parts are named "name.(T)…". Interfaces nested in
// other inputs stay nil for now (recorded as a limitation), as do empty
// interfaces, which every type implements.

const maxImplementations = 4

func typeSelectorName(name string) string { return name + ".(type)" }

func dynamicName(name string, t types.Type) string {
	return name + ".(" + types.TypeString(t, func(p *types.Package) string { return p.Name() }) + ")"
}

// implementations lists the concrete types that can stand for an input of
// interface type t, in a fixed order.
func (e *Engine) implementations(t types.Type, home *ssa.Package) []types.Type {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok || iface.Empty() {
		return nil
	}
	key := types.TypeString(t, nil)
	if e.impls == nil {
		e.impls = make(map[string][]types.Type)
	}
	if found, ok := e.impls[key]; ok {
		return found
	}
	type cand struct {
		t     types.Type
		local bool
		name  string
	}
	var cands []cand
	for _, pkg := range e.prog.AllPackages() {
		for _, m := range pkg.Members {
			tm, ok := m.(*ssa.Type)
			if !ok {
				continue
			}
			named, ok := tm.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
				continue
			}
			for _, c := range []types.Type{named, types.NewPointer(named)} {
				if types.Implements(c, iface) {
					cands = append(cands, cand{c, pkg == home, pkg.Pkg.Path() + "." + types.TypeString(c, nil)})
					break // the value type if it implements, else the pointer
				}
			}
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].local != cands[j].local {
			return cands[i].local
		}
		return cands[i].name < cands[j].name
	})
	var out []types.Type
	for i := 0; i < len(cands) && i < maxImplementations; i++ {
		out = append(out, cands[i].t)
	}
	e.impls[key] = out
	return out
}

// forkInterfaceInputs splits the initial state s once per choice of
// dynamic type of each interface parameter, setting the parameter's value
// in each. It returns the states.
func (e *Engine) forkInterfaceInputs(s *State, fn *ssa.Function) []*State {
	states := []*State{s}
	for i, p := range fn.Params {
		impls := e.implementations(p.Type(), fn.Pkg)
		if len(impls) == 0 {
			continue
		}
		name := paramName(fn, i)
		sel := expr.BVVar(typeSelectorName(name), 8)
		var next []*State
		for _, st := range states {
			// Fork first, then pin: a fork copies the path condition, so
			// pinning before forking would pin every copy.
			group := []*State{st}
			for range impls {
				e.nextID++
				group = append(group, st.fork(e.nextID))
			}
			for k, t := range group {
				t.assume(expr.Eq(sel, expr.Const(8, uint64(k))), "")
				e.setParam(t, i, e.interfaceInput(t, name, impls, k))
			}
			next = append(next, group...)
		}
		states = next
	}
	return states
}

// interfaceInput builds the value for choice k (0 is nil).
func (e *Engine) interfaceInput(s *State, name string, impls []types.Type, k int) Value {
	if k == 0 {
		return Interface{}
	}
	dyn := impls[k-1]
	return Interface{Type: dyn, Value: s.inputs.build(e, s, dynamicName(name, dyn), dyn, 1)}
}

// setParam replaces the value of parameter i in the entry frame.
func (e *Engine) setParam(s *State, i int, v Value) {
	f := s.stack[0]
	if f.frozen {
		c := *f
		c.regs = append([]Value(nil), f.regs...)
		c.frozen = false
		f = &c
		s.stack[0] = f
	}
	f.regs[f.info.index[f.fn.Params[i]]] = v
}

// replayInterfaceInputs gives the interface parameters of a replay state
// the dynamic types the model chose.
func (e *Engine) replayInterfaceInputs(s *State, fn *ssa.Function, m expr.Assignment) {
	for i, p := range fn.Params {
		impls := e.implementations(p.Type(), fn.Pkg)
		if len(impls) == 0 {
			continue
		}
		name := paramName(fn, i)
		k := int(expr.Eval(expr.BVVar(typeSelectorName(name), 8), m))
		if k > len(impls) {
			k = 0
		}
		e.setParam(s, i, e.interfaceInput(s, name, impls, k))
	}
}

// interfaceLiteral is the concrete value of an interface input under a
// model, following interfaceInput's naming.
func (e *Engine) interfaceLiteral(name string, t types.Type, home *ssa.Package, m expr.Assignment) (concrete.Value, bool) {
	impls := e.implementations(t, home)
	if len(impls) == 0 {
		return concrete.Value{}, false
	}
	k := int(expr.Eval(expr.BVVar(typeSelectorName(name), 8), m))
	if k == 0 || k > len(impls) {
		return concrete.Value{Type: t, Kind: concrete.Nil}, true
	}
	dyn := impls[k-1]
	v := argLiteral(dynamicName(name, dyn), dyn, m, 1, e.cfg.Bounds)
	return concrete.Value{Type: t, Kind: concrete.Interface, Elem: &v}, true
}
