package slicing

import (
	"go/token"

	"github.com/gosymtest/gosymtest/cdg"
	"golang.org/x/tools/go/ssa"
)

// static caches what slicing asks cdg about each instruction: whether it
// is a dynamic branch (an If, or an implicit branch of cdg), which static
// branches control its segment, and for a branch whether an outcome may
// write memory in the segments it decides (potential dependence, §3.2.1).
type static struct {
	a      *cdg.Analysis
	funcs  map[*ssa.Function]*funcInfo
	instrs map[ssa.Instruction]*instrInfo
	defers map[*ssa.Function]bool // memo of hasDefer
}

// funcInfo is what static knows of one function.
type funcInfo struct {
	f        *cdg.Func
	branches map[ssa.Instruction]cdg.Branch
	writers  map[cdg.Outcome][]ssa.Instruction // memo of writersUnder
	reach    map[*ssa.BasicBlock][]bool
}

// instrInfo is what static knows of one instruction.
type instrInfo struct {
	fn       *funcInfo
	isBranch bool
	branch   cdg.Branch
	// ctrls are the distinct static branches whose outcomes control the
	// instruction's segment; nil when the segment runs whenever its
	// function is entered.
	ctrls []cdg.Branch
}

func newStatic(a *cdg.Analysis) *static {
	return &static{a: a, funcs: map[*ssa.Function]*funcInfo{}, instrs: map[ssa.Instruction]*instrInfo{}, defers: map[*ssa.Function]bool{}}
}

func (st *static) fn(fn *ssa.Function) *funcInfo {
	if fi, ok := st.funcs[fn]; ok {
		return fi
	}
	f := st.a.Func(fn)
	fi := &funcInfo{f: f, branches: map[ssa.Instruction]cdg.Branch{}, writers: map[cdg.Outcome][]ssa.Instruction{}}
	for _, b := range f.Branches() {
		fi.branches[b.Instr()] = b
	}
	st.funcs[fn] = fi
	return fi
}

// instr returns the static facts of instr.
func (st *static) instr(instr ssa.Instruction) *instrInfo {
	if ii, ok := st.instrs[instr]; ok {
		return ii
	}
	if instr.Block() == nil || instr.Parent() == nil {
		// Nothing cdg can say: no branch, controlled by its entry.
		ii := &instrInfo{}
		st.instrs[instr] = ii
		return ii
	}
	fi := st.fn(instr.Parent())
	ii := &instrInfo{fn: fi}
	if b, ok := fi.branches[instr]; ok {
		ii.isBranch, ii.branch = true, b
	} else if _, isIf := instr.(*ssa.If); isIf {
		// An If cdg did not list (unreachable by its reckoning): still a
		// branch of the path.
		ii.isBranch = true
		blk := instr.Block()
		ii.branch = cdg.Branch{Block: blk, Index: len(blk.Instrs) - 1}
	}
	if seg, ok := fi.f.SegmentOf(instr); ok {
		seen := map[cdg.Branch]bool{}
		for _, o := range fi.f.Controllers(seg) {
			if !seen[o.Branch] {
				seen[o.Branch] = true
				ii.ctrls = append(ii.ctrls, o.Branch)
			}
		}
	}
	st.instrs[instr] = ii
	return ii
}

// mayWriteOther reports whether some outcome of branch b other than taken
// (every outcome when taken is not known) decides, directly or through
// a chain of control dependences, a segment holding an instruction that
// may write memory or the defer stack. That is the conservative
// potential dependence of §3.2.1: our locations are whole objects, so any
// such write may alias a relevant object.
func (fi *funcInfo) mayWriteOther(b cdg.Branch, taken cdg.Kind, known bool) bool {
	if b.Implicit() {
		// The panic outcome unwinds: deferred calls may write anything
		// and a recover may resume.
		return true
	}
	for _, o := range fi.f.Outcomes(b) {
		if known && o.Kind == taken {
			continue
		}
		if fi.mayWriteUnder(o) {
			return true
		}
	}
	return false
}

// mayWriteUnder reports whether a segment that depends on o, transitively,
// holds an instruction that may write.
func (fi *funcInfo) mayWriteUnder(o cdg.Outcome) bool { return len(fi.writersUnder(o)) > 0 }

// writersUnder lists the instructions that may write in the segments
// that depend on o, directly or through a chain of control dependences.
func (fi *funcInfo) writersUnder(o cdg.Outcome) []ssa.Instruction {
	if w, ok := fi.writers[o]; ok {
		return w
	}
	var out []ssa.Instruction
	seen := map[cdg.Outcome]bool{o: true}
	work := []cdg.Outcome{o}
	for len(work) > 0 {
		o := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range fi.f.Dependents(o) {
			instrs := segmentInstrs(fi.f, s)
			for _, in := range instrs {
				if mayWrite(in) {
					out = append(out, in)
				}
			}
			if len(instrs) == 0 {
				continue
			}
			last := instrs[len(instrs)-1]
			if b, ok := fi.branches[last]; ok {
				for _, p := range fi.f.Outcomes(b) {
					if !seen[p] {
						seen[p] = true
						work = append(work, p)
					}
				}
			}
		}
	}
	fi.writers[o] = out
	return out
}

// segmentInstrs lists the instructions of segment s.
func segmentInstrs(f *cdg.Func, s cdg.Segment) []ssa.Instruction {
	end := len(s.Block.Instrs)
	for _, t := range f.BlockSegments(s.Block) {
		if t.Start > s.Start && t.Start < end {
			end = t.Start
		}
	}
	return s.Block.Instrs[s.Start:end]
}

// mayWrite reports whether instr may write a location other than its own
// register. It lists what surely does not, so that an instruction it does
// not know counts as a write (soundness first): allocations count too,
// since they change which object a later number names.
func mayWrite(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.BinOp, *ssa.Phi, *ssa.If, *ssa.Jump, *ssa.Return,
		*ssa.Field, *ssa.FieldAddr, *ssa.Index, *ssa.IndexAddr,
		*ssa.Extract, *ssa.Convert, *ssa.ChangeType, *ssa.ChangeInterface,
		*ssa.TypeAssert, *ssa.Lookup, *ssa.DebugRef,
		*ssa.SliceToArrayPointer, *ssa.MultiConvert:
		return false
	case *ssa.UnOp:
		return in.Op == token.ARROW // a receive changes the channel
	}
	return true
}
