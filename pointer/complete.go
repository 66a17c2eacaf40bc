package pointer

import "golang.org/x/tools/go/ssa"

// ModComplete reports whether Mod(instr) lists all that instr may write:
// false where the analysis gives soundness up, namely an instruction in
// a function the analysis did not reach or that converts from
// unsafe.Pointer (a store's static type need not be the type of what it
// writes), and a call that may reach, transitively, such a function, a
// function without Go body (assembly, linkname: its effects are not
// modelled; but for internal/bytealg and math, whose assembly writes no
// memory it is given), or a dynamic call whose callees the analysis did
// not find.
func (r *Result) ModComplete(instr ssa.Instruction) bool {
	fn := instr.Parent()
	if fn == nil {
		return false
	}
	if r.dirty == nil {
		r.dirty, r.unsafe = map[*ssa.Function]bool{}, map[*ssa.Function]bool{}
	}
	if !r.Reachable(fn) || r.convertsUnsafe(fn) {
		return false
	}
	if site, ok := instr.(ssa.CallInstruction); ok {
		if _, builtin := site.Common().Value.(*ssa.Builtin); !builtin {
			callees := r.Callees(site)
			if len(callees) == 0 {
				return false
			}
			for _, c := range callees {
				if r.reachesUnmodelled(c) {
					return false
				}
			}
		}
	}
	return true
}

// reachesUnmodelled reports whether fn, or a function it may call,
// transitively, has effects the analysis does not model.
func (r *Result) reachesUnmodelled(fn *ssa.Function) bool {
	if d, ok := r.dirty[fn]; ok {
		return d
	}
	seen := map[*ssa.Function]bool{fn: true}
	work := []*ssa.Function{fn}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if d, ok := r.dirty[f]; ok {
			if d {
				r.dirty[fn] = true
				return true
			}
			continue // clean: so is everything it calls
		}
		if r.unmodelled(f) {
			r.dirty[fn] = true
			return true
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				site, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if _, builtin := site.Common().Value.(*ssa.Builtin); builtin {
					continue
				}
				callees := r.Callees(site)
				if len(callees) == 0 {
					r.dirty[fn] = true
					return true
				}
				for _, c := range callees {
					if !seen[c] {
						seen[c] = true
						work = append(work, c)
					}
				}
			}
		}
	}
	for f := range seen {
		r.dirty[f] = false
	}
	return false
}

// unmodelled reports whether fn itself has effects the analysis may miss:
// it was not reached, has no Go body (but for the packages whose
// assembly writes no memory of the caller's), or converts from
// unsafe.Pointer.
func (r *Result) unmodelled(fn *ssa.Function) bool {
	if !r.Reachable(fn) || r.convertsUnsafe(fn) {
		return true
	}
	if len(fn.Blocks) > 0 {
		return false
	}
	if fn.Pkg != nil {
		switch fn.Pkg.Pkg.Path() {
		case "internal/bytealg", "math":
			return false
		}
	}
	return true
}

// convertsUnsafe reports whether fn converts an unsafe.Pointer to another
// type: its stores may write cells of a type other than their static one.
func (r *Result) convertsUnsafe(fn *ssa.Function) bool {
	if u, ok := r.unsafe[fn]; ok {
		return u
	}
	u := false
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ssa.Convert); ok && isUnsafePointer(c.X.Type()) {
				u = true
			}
		}
	}
	r.unsafe[fn] = u
	return u
}
