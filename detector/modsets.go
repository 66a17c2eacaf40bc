package detector

import (
	"go/types"
	"sync"

	"github.com/gosymtest/gosymtest/pointer"
	"github.com/gosymtest/gosymtest/symbolic/value"
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
// Where the analysis gives soundness up (pointer.Result.ModComplete is
// false), the answer is "may write".
type modSets struct {
	prog *ssa.Program

	mu       sync.Mutex
	entries  []*ssa.Function
	packages map[*ssa.Package]bool
	res      *pointer.Result
	answers  map[modQuestion]bool
}

type modQuestion struct {
	instr ssa.Instruction
	typ   types.Type
}

// newModSets returns the mod analysis of prog, with targets (the
// functions the run explores) as its entries.
func newModSets(prog *ssa.Program, targets []*ssa.Function) *modSets {
	m := &modSets{prog: prog, packages: map[*ssa.Package]bool{}}
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
	m.res, m.answers = res, map[modQuestion]bool{}
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
func (m *modSets) MayWrite(instr ssa.Instruction, obj value.ObjectValue) bool {
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
	r := m.res
	if r == nil || t == nil || !r.ModComplete(instr) {
		return true
	}
	return r.MayModify(instr, r.TypeLocation(t))
}
