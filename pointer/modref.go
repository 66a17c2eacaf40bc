package pointer

import (
	"sort"

	"golang.org/x/tools/container/intsets"
	"golang.org/x/tools/go/ssa"
)

// modRef holds the mod and ref sets of instructions and functions, as
// sets of location ids: cells in Andersen mode, interned type-based
// locations in type-based mode.
type modRef struct {
	direct  func(instr ssa.Instruction, mod, ref *intsets.Sparse)
	callees func(site ssa.CallInstruction) []*ssa.Function
	mod     map[*ssa.Function]*intsets.Sparse
	ref     map[*ssa.Function]*intsets.Sparse
}

// summarise computes the transitive mod and ref sets of funcs (the
// reachable functions): one pass over the strongly connected components
// of the call graph, callees first, so that every member of a recursive
// cycle shares one set.
func (m *modRef) summarise(funcs []*ssa.Function) {
	m.mod = make(map[*ssa.Function]*intsets.Sparse, len(funcs))
	m.ref = make(map[*ssa.Function]*intsets.Sparse, len(funcs))
	index := make(map[*ssa.Function]int, len(funcs))
	low := make(map[*ssa.Function]int, len(funcs))
	onStack := make(map[*ssa.Function]bool)
	var stack []*ssa.Function
	next := 0

	calleesOf := func(fn *ssa.Function) []*ssa.Function {
		var out []*ssa.Function
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if site, ok := instr.(ssa.CallInstruction); ok {
					out = append(out, m.callees(site)...)
				}
			}
		}
		return out
	}
	type frame struct {
		fn      *ssa.Function
		callees []*ssa.Function
		i       int
	}
	var frames []frame
	enter := func(fn *ssa.Function) {
		index[fn], low[fn] = next, next
		next++
		stack = append(stack, fn)
		onStack[fn] = true
		frames = append(frames, frame{fn: fn, callees: calleesOf(fn)})
	}
	for _, root := range funcs {
		if _, seen := index[root]; seen {
			continue
		}
		enter(root)
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			if f.i < len(f.callees) {
				c := f.callees[f.i]
				f.i++
				if _, seen := index[c]; !seen {
					enter(c)
				} else if onStack[c] && index[c] < low[f.fn] {
					low[f.fn] = index[c]
				}
				continue
			}
			fn := f.fn
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				p := frames[len(frames)-1].fn
				if low[fn] < low[p] {
					low[p] = low[fn]
				}
			}
			if low[fn] != index[fn] {
				continue
			}
			var scc []*ssa.Function
			for {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[top] = false
				scc = append(scc, top)
				if top == fn {
					break
				}
			}
			m.summariseSCC(scc)
		}
	}
}

func (m *modRef) summariseSCC(scc []*ssa.Function) {
	mod, ref := new(intsets.Sparse), new(intsets.Sparse)
	for _, fn := range scc {
		m.mod[fn], m.ref[fn] = mod, ref
	}
	for _, fn := range scc {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				m.direct(instr, mod, ref)
				site, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				for _, c := range m.callees(site) {
					if cm := m.mod[c]; cm != nil && cm != mod {
						mod.UnionWith(cm)
						ref.UnionWith(m.ref[c])
					}
				}
			}
		}
	}
}

// instr returns the mod and ref sets of one instruction, calls included.
func (m *modRef) instr(instr ssa.Instruction) (mod, ref *intsets.Sparse) {
	mod, ref = new(intsets.Sparse), new(intsets.Sparse)
	m.direct(instr, mod, ref)
	if site, ok := instr.(ssa.CallInstruction); ok {
		for _, c := range m.callees(site) {
			if cm := m.mod[c]; cm != nil {
				mod.UnionWith(cm)
				ref.UnionWith(m.ref[c])
			}
		}
	}
	return mod, ref
}

// modRefs returns the mod/ref engine, computing function summaries on
// first use.
func (r *Result) modRefs() *modRef {
	if r.mr != nil {
		return r.mr
	}
	if r.a != nil {
		r.mr = &modRef{direct: r.a.directModRef, callees: func(s ssa.CallInstruction) []*ssa.Function { return r.a.callees[s] }}
		r.mr.summarise(r.a.order)
	} else {
		r.mr = &modRef{direct: r.tb.directModRef, callees: r.tb.calleesOf}
		r.mr.summarise(r.tb.order)
	}
	return r.mr
}

// Mod returns the locations that instr may write: for *ssa.Store,
// *ssa.MapUpdate, *ssa.Send, receives, *ssa.Select and the builtins
// append, copy, clear, delete and close, what they write directly; for
// calls (Call, Go, Defer), what their callees write, transitively. Sorted
// by label.
func (r *Result) Mod(instr ssa.Instruction) []Location {
	mod, _ := r.modRefs().instr(instr)
	return r.locations(mod)
}

// Ref returns the locations instr may read through pointers.
func (r *Result) Ref(instr ssa.Instruction) []Location {
	_, ref := r.modRefs().instr(instr)
	return r.locations(ref)
}

// FuncMod returns the locations fn and its callees may write.
func (r *Result) FuncMod(fn *ssa.Function) []Location {
	return r.locations(r.modRefs().mod[fn])
}

// FuncRef returns the locations fn and its callees may read.
func (r *Result) FuncRef(fn *ssa.Function) []Location {
	return r.locations(r.modRefs().ref[fn])
}

// MayModify reports whether instr may write (part of) location l: the
// redundant-state detector asks it with the location a path just wrote.
func (r *Result) MayModify(instr ssa.Instruction, l Location) bool {
	mod, _ := r.modRefs().instr(instr)
	return r.setMayModify(mod, l)
}

// FuncMayModify reports whether fn (or its callees) may write l.
func (r *Result) FuncMayModify(fn *ssa.Function, l Location) bool {
	return r.setMayModify(r.modRefs().mod[fn], l)
}

// setMayModify reports whether the mod set may write l: by shared cells
// for an Andersen location, by aliasing for a type-based one.
func (r *Result) setMayModify(mod *intsets.Sparse, l Location) bool {
	if mod == nil || l.Obj == nil {
		return false
	}
	if r.a != nil && l.Obj.Kind != KindType {
		var cells intsets.Sparse
		l.cells(&cells)
		return cells.Intersects(mod)
	}
	for _, m := range r.locations(mod) {
		if r.MayAlias(m, l) {
			return true
		}
	}
	return false
}

func (r *Result) locations(s *intsets.Sparse) []Location {
	if s == nil {
		return nil
	}
	var out []Location
	for _, id := range s.AppendTo(nil) {
		if r.a != nil {
			out = append(out, r.cellLocation(nodeid(id)))
		} else {
			out = append(out, r.tb.locs[id])
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}
