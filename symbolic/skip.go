package symbolic

import (
	"golang.org/x/tools/go/ssa"
)

// SkipReason says why fn is not explored at all, or "" when it is. A
// function that can make a system call, touch the network or the file
// system, or sleep would give tests that depend on their environment. The
// reach is found by following static calls up to a call the machine
// refuses (machine's refuse.go): "reaches os.Open: the file system".
// Dynamic calls are refused when they happen.
func SkipReason(fn *ssa.Function) string {
	const limit = 5000 // functions to look through; the rest is checked at run time
	seen := map[*ssa.Function]bool{fn: true}
	work := []*ssa.Function{fn}
	for len(work) > 0 && len(seen) < limit {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil || seen[callee] {
					continue
				}
				if hasModel(callee) {
					// A model runs instead (os.Getenv, outside/environ.go;
					// os.Getpid, outside/uncontrolled.go).
					seen[callee] = true
					continue
				}
				if what := refusals.Does(callee); what != "" {
					return "reaches " + callee.String() + ": " + what
				}
				seen[callee] = true
				work = append(work, callee)
			}
		}
	}
	return ""
}
