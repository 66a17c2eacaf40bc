package detector

import (
	"go/types"
	"sync"

	"github.com/gosymtest/gosymtest/pointer"
	"github.com/gosymtest/gosymtest/symbolic"
	"golang.org/x/tools/go/ssa"
)

// modSets is the mod analysis that narrows the slicer's potential
// dependences (slicing.ModSets, §3.2.1): package pointer's type-based mod
// sets, where a write through *T may reach every object that holds a
// cell of type T. Objects are named by their type because the slicer
// knows an object by its contents: the type-based mode needs no
// allocation site. One modSets serves all the detectors of a run; it is
// safe for concurrent use.
//
// Where the analysis gives soundness up, the answer is "may write":
// a call that may reach a function without Go body (assembly, linkname:
// its effects are not modelled), or one using unsafe.Pointer conversions
// (a store's static type need not be the type of what it writes), a
// dynamic call whose callees the analysis did not find, and an
// instruction in a function the analysis did not reach.
type modSets struct {
	prog *ssa.Program

	mu       sync.Mutex
	entries  []*ssa.Function
	packages map[*ssa.Package]bool
	res      *pointer.Result
	// dirty memoises, per function, whether it may reach a function whose
	// effects the analysis does not model; unsafe whether it converts
	// from unsafe.Pointer.
	dirty   map[*ssa.Function]bool
	unsafe  map[*ssa.Function]bool
	answers map[modQuestion]bool
}

type modQuestion struct {
	instr ssa.Instruction
	typ   types.Type
}

// newModSets returns the mod analysis of prog, with targets (the
// functions the run explores) as its entries.
func newModSets(prog *ssa.Program, targets []*ssa.Function) *modSets {
	m := &modSets{prog: prog, packages: map[*ssa.Package]bool{}, unsafe: map[*ssa.Function]bool{}}
	m.entries = append(m.entries, targets...)
	return m
}

// prepare makes sure the analysis has reached fn: the first time, and
// whenever fn is not among the functions reached, it runs again with fn
// and the functions of fn's package added to its entries.
func (m *modSets) prepare(fn *ssa.Function) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.res != nil && m.res.Reachable(fn) {
		return
	}
	m.entries = append(m.entries, fn)
	if pkg := fn.Pkg; pkg != nil && !m.packages[pkg] {
		m.packages[pkg] = true
		m.entries = append(m.entries, packageFuncs(m.prog, pkg)...)
	}
	res, err := pointer.Analyze(pointer.Config{Program: m.prog, Entries: m.entries, Mode: pointer.TypeBased})
	if err != nil {
		res = nil // every answer is then "may write"
	}
	m.res, m.dirty, m.answers = res, map[*ssa.Function]bool{}, map[modQuestion]bool{}
}

// packageFuncs lists the non-generic functions and the methods of the
// non-generic named types that pkg declares.
func packageFuncs(prog *ssa.Program, pkg *ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	for _, mem := range pkg.Members {
		switch mem := mem.(type) {
		case *ssa.Function:
			if mem.TypeParams().Len() == 0 { // a generic body has no code
				out = append(out, mem)
			}
		case *ssa.Type:
			named, ok := mem.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 {
				continue
			}
			for _, t := range []types.Type{named, types.NewPointer(named)} {
				ms := prog.MethodSets.MethodSet(t)
				for i := 0; i < ms.Len(); i++ {
					if fn := prog.MethodValue(ms.At(i)); fn != nil {
						out = append(out, fn)
					}
				}
			}
		}
	}
	return out
}

// MayWrite implements slicing.ModSets.
func (m *modSets) MayWrite(instr ssa.Instruction, obj symbolic.ObjectValue) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	q := modQuestion{instr, obj.Type}
	if a, ok := m.answers[q]; ok {
		return a
	}
	a := m.mayWrite(instr, obj.Type)
	m.answers[q] = a
	return a
}

// mayWrite is MayWrite's answer for an object of type t, before it is
// memoised.
func (m *modSets) mayWrite(instr ssa.Instruction, t types.Type) bool {
	r, fn := m.res, instr.Parent()
	if r == nil || fn == nil || t == nil || !r.Reachable(fn) || m.convertsUnsafe(fn) {
		return true
	}
	if site, ok := instr.(ssa.CallInstruction); ok {
		if _, builtin := site.Common().Value.(*ssa.Builtin); !builtin {
			callees := r.Callees(site)
			if len(callees) == 0 {
				return true
			}
			for _, c := range callees {
				if m.reachesUnmodelled(c) {
					return true
				}
			}
		}
	}
	return r.MayModify(instr, r.TypeLocation(t))
}

// reachesUnmodelled reports whether fn, or a function it may call,
// transitively, has effects the analysis does not model.
func (m *modSets) reachesUnmodelled(fn *ssa.Function) bool {
	if d, ok := m.dirty[fn]; ok {
		return d
	}
	seen := map[*ssa.Function]bool{fn: true}
	work := []*ssa.Function{fn}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if d, ok := m.dirty[f]; ok {
			if d {
				m.dirty[fn] = true
				return true
			}
			continue // clean: so is everything it calls
		}
		if m.unmodelled(f) {
			m.dirty[fn] = true
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
				callees := m.res.Callees(site)
				if len(callees) == 0 {
					m.dirty[fn] = true
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
		m.dirty[f] = false
	}
	return false
}

// unmodelled reports whether fn itself has effects the analysis may miss:
// it was not reached, has no Go body (but for the packages whose
// assembly writes no memory of the caller's), or converts from
// unsafe.Pointer.
func (m *modSets) unmodelled(fn *ssa.Function) bool {
	if !m.res.Reachable(fn) || m.convertsUnsafe(fn) {
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
func (m *modSets) convertsUnsafe(fn *ssa.Function) bool {
	if u, ok := m.unsafe[fn]; ok {
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
	m.unsafe[fn] = u
	return u
}

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}
