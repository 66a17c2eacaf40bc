package cdg

import (
	"sort"

	"golang.org/x/tools/go/ssa"
)

// Context-sensitive queries: a branch that controls a call site controls
// the callee's segments in that context. Segments of the callee that run
// whenever it is entered (no intraprocedural controllers) are directly
// controlled by whatever controls the call site, and so on up the stack.

// ContextControllers returns the outcomes that directly control segment s
// when its function was called through stack, innermost call site first
// (stack[0] calls s's function, stack[1] calls stack[0]'s function, ...).
// They are s's own controllers if it has any, else those of the segment
// holding stack[0] in the context stack[1:], and so on; nil when nothing
// on the stack decides whether s runs.
func (a *Analysis) ContextControllers(stack []ssa.CallInstruction, s Segment) []Outcome {
	for {
		if c := a.Func(s.Func()).Controllers(s); len(c) > 0 || len(stack) == 0 {
			return c
		}
		site, ok := a.Func(stack[0].Parent()).SegmentOf(stack[0])
		if !ok {
			return nil
		}
		s, stack = site, stack[1:]
	}
}

// ContextAncestors returns every outcome with a control dependence path to
// s in the context of stack (innermost call site first): the transitive
// closure of ContextControllers, sorted. These are the branches whose
// outcome may decide whether s runs in that context.
func (a *Analysis) ContextAncestors(stack []ssa.CallInstruction, s Segment) []Outcome {
	type item struct {
		s     Segment
		depth int // how many frames of stack have been left
	}
	seen := map[Outcome]bool{}
	visited := map[item]bool{}
	work := []item{{s, 0}}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		if visited[it] {
			continue
		}
		visited[it] = true
		ctrl := a.Func(it.s.Func()).Controllers(it.s)
		if len(ctrl) == 0 && it.depth < len(stack) {
			site := stack[it.depth]
			if seg, ok := a.Func(site.Parent()).SegmentOf(site); ok {
				work = append(work, item{seg, it.depth + 1})
			}
			continue
		}
		for _, o := range ctrl {
			seen[o] = true
			f := a.Func(o.Branch.Func())
			work = append(work, item{f.BranchSegment(o.Branch), it.depth})
		}
	}
	out := make([]Outcome, 0, len(seen))
	for o := range seen {
		out = append(out, o)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].less(out[j]) })
	return out
}
