package report

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// funcState is one target's view of the blocks of its declaration.
type funcState struct {
	fi     *fileIndex
	decl   int
	gaps   map[int]Gap // uncovered blocks by index
	report *FuncReport
}

func newFuncState(in Input, x *index, pkgPath string, f *Func) *funcState {
	fs := &funcState{decl: -1, gaps: map[int]Gap{}}
	fr := &FuncReport{Name: f.Name, Skipped: f.Skipped, Through: f.through, Uncovered: []Gap{}}
	fs.report = fr
	fi, p := x.local(f.Fn.Pos())
	if fi != nil {
		fr.Pos = relPos(in.BaseDir, x.fset.Position(f.Fn.Pos()))
		for d, di := range fi.fb.decls {
			if di.namePos == p {
				fs.fi, fs.decl = fi, d
			}
		}
	}
	if fr.Pos == "" {
		fr.Pos = relPos(in.BaseDir, x.fset.Position(f.Fn.Pos()))
	}
	sum := f.Summary
	if sum != nil {
		fr.Exhausted = sum.Exhausted
		fr.Finished = sum.FinishedEarly > 0
		if sum.Exhausted {
			fr.BlocksDead = sum.Blocks - sum.Covered
		}
	}
	if fs.fi == nil {
		return fs
	}
	mine := funcSet(f.Fn)
	c := coverage{counts: func(fn *ssa.Function) bool { return mine[fn] }, covered: func(*ssa.BasicBlock) bool { return false }}
	if sum != nil {
		c.covered = func(b *ssa.BasicBlock) bool { return sum.CoveredBlocks[b] }
	}
	memo := map[int]value{}
	var explain *why
	if sum != nil && !sum.Exhausted {
		explain = newWhy(in, f, fs.fi, mine)
	}
	for _, i := range fs.fi.order {
		b := fs.fi.fb.blocks[i]
		if b.decl != fs.decl {
			continue
		}
		fr.Statements += b.stmts
		v := fs.fi.eval(i, c, memo)
		start, end := fs.fi.fb.fset.Position(b.start), fs.fi.fb.fset.Position(b.end)
		covered := v == ran
		if v == ran {
			fr.ExecutorCovered += b.stmts
		}
		if in.Tested != nil {
			file := pkgPath + "/" + filepath.Base(start.Filename)
			covered = in.Tested.ran(profileKey(file, start.Line, start.Column, end.Line, end.Column, b.stmts))
		}
		if covered {
			fr.Covered += b.stmts
			continue
		}
		g := Gap{Pos: relPos(in.BaseDir, start), End: fmt.Sprintf("%d:%d", end.Line, end.Column), Statements: b.stmts}
		switch {
		case v == ran:
			// Only with Input.Tested: explored, but no emitted test ran it.
			g.Reason, g.Detail = "no-test", noTestDetail(f, fs.fi, mine, i)
		case len(f.through) > 0:
			g.Reason, g.Detail = "through", "tested through "+strings.Join(f.through, ", ")
		case f.Skipped != "" || sum == nil:
			g.Reason, g.Detail = "skipped", f.Skipped
		case sum.Exhausted && v == notRun:
			g.Reason = "dead"
			fr.Dead += b.stmts
		case sum.Exhausted:
			g.Reason = "closure"
		default:
			g.Reason, g.Detail = explain.reason(i, c, memo)
		}
		fs.gaps[i] = g
		fr.Uncovered = append(fr.Uncovered, g)
	}
	return fs
}

// funcSet is fn with its function literals.
func funcSet(fn *ssa.Function) map[*ssa.Function]bool {
	set := map[*ssa.Function]bool{}
	var add func(*ssa.Function)
	add = func(f *ssa.Function) {
		set[f] = true
		for _, a := range f.AnonFuncs {
			add(a)
		}
	}
	add(fn)
	return set
}

// Reason ranks: a lower rank is the more specific explanation of a gap
// when a path that stopped reached toward it.
const (
	rankUnsupported = iota
	rankUnknown
	rankConcretized
	rankBounds
	rankBudget
	rankInternal
	ranks
)

// why finds the reason a block of a non-exhausted exploration stayed
// uncovered.
type why struct {
	in     Input
	f      *Func
	fi     *fileIndex
	mine   map[*ssa.Function]bool
	byRank [ranks][]*machine.PathEnd
	// outOfTime: the exploration stopped on its budget.
	outOfTime bool
}

func newWhy(in Input, f *Func, fi *fileIndex, mine map[*ssa.Function]bool) *why {
	w := &why{in: in, f: f, fi: fi, mine: mine}
	sum := f.Summary
	// States stopped by a budget point at the clock only when neither the
	// work nor the path budget was spent: those stop the exploration
	// between steps, never a query half-way.
	// The finish rule cuts states too, with the clock far off.
	w.outOfTime = (in.Budget > 0 && sum.SearchTime >= machine.SearchBudget(in.Budget)) ||
		(sum.Ends[machine.EndBudget] > 0 && sum.FinishedEarly == 0 && !w.outOfWork() && !w.outOfPaths())
	for _, p := range f.Paths {
		if r, ok := pathRank(p); ok {
			if r == rankUnknown && w.outOfTime {
				// When the budget runs out the solver is interrupted and
				// answers unknown: the budget is the cause.
				r = rankBudget
			}
			w.byRank[r] = append(w.byRank[r], p)
		}
	}
	return w
}

// pathRank classifies a path that stopped early or lost generality.
func pathRank(p *machine.PathEnd) (int, bool) {
	switch p.Kind {
	case machine.EndUnsupported:
		return rankUnsupported, true
	case machine.EndSolverUnknown:
		return rankUnknown, true
	case machine.EndDepth:
		return rankBounds, true
	case machine.EndBudget:
		return rankBudget, true
	case machine.EndInternal:
		return rankInternal, true
	}
	if len(p.Concretized) > 0 {
		if onlyBounds(p.Concretized) {
			return rankBounds, true
		}
		return rankConcretized, true
	}
	return 0, false
}

// onlyBounds tells input limitations that are size or nesting bounds
// ("p is nil: pointer nesting bound 3") from lost generality.
func onlyBounds(notes []string) bool {
	for _, n := range notes {
		if !strings.Contains(n, "bound") {
			return false
		}
	}
	return true
}

// reason explains why block i stayed uncovered: the paths that reached its
// nearest covered enclosing block and stopped there, or else the function.
func (w *why) reason(i int, c coverage, memo map[int]value) (string, string) {
	anc := w.fi.fb.blocks[i].parent
	for anc >= 0 && w.fi.eval(anc, c, memo) != ran {
		anc = w.fi.fb.blocks[anc].parent
	}
	if anc >= 0 {
		for r := range ranks {
			for _, p := range w.byRank[r] {
				if w.reached(p, anc) {
					return w.describe(r, p)
				}
			}
		}
	}
	return w.functionReason()
}

// reached tells whether path p ran block anc.
func (w *why) reached(p *machine.PathEnd, anc int) bool {
	set := make(map[*ssa.BasicBlock]bool, len(p.Blocks))
	for _, b := range p.Blocks {
		set[b] = true
	}
	c := coverage{counts: func(fn *ssa.Function) bool { return w.mine[fn] }, covered: func(b *ssa.BasicBlock) bool { return set[b] }}
	return w.fi.eval(anc, c, map[int]value{}) == ran
}

func (w *why) describe(rank int, p *machine.PathEnd) (string, string) {
	switch rank {
	case rankUnsupported:
		if strings.HasPrefix(p.Reason, "unsupported:") || strings.HasPrefix(p.Reason, "unmodelled:") {
			return p.Reason, ""
		}
		return "unsupported:" + p.Reason, ""
	case rankUnknown:
		return "solver-unknown", p.Reason
	case rankConcretized:
		return "concretized", strings.Join(p.Concretized, "; ")
	case rankBounds:
		if p.Kind == machine.EndDepth {
			return "bounds", p.Reason
		}
		return "bounds", strings.Join(p.Concretized, "; ")
	case rankBudget:
		if p.Kind == machine.EndBudget && p.Reason == machine.FinishedEarlyReason {
			return "finished", finishedDetail
		}
		if p.Kind == machine.EndSolverUnknown {
			return "budget", w.budgetDetail() + " (the solver was interrupted)"
		}
		return "budget", w.budgetDetail()
	}
	return "internal", p.Reason
}

// functionReason is the reason of the function as a whole, in the order
// the package documentation gives.
func (w *why) functionReason() (string, string) {
	sum := w.f.Summary
	if sum.Ends[machine.EndSolverUnknown] > 0 && !w.outOfTime {
		return "solver-unknown", "the solver could not decide a branch"
	}
	for r := range ranks {
		if r == rankUnknown {
			continue
		}
		if len(w.byRank[r]) > 0 {
			return w.describe(r, w.byRank[r][0])
		}
	}
	// Not exhausted without a stopped path: the finish rule or the
	// budget ended the search.
	if sum.FinishedEarly > 0 && !w.outOfWork() && !w.outOfPaths() && !w.outOfTime {
		return "finished", finishedDetail
	}
	return "budget", w.budgetDetail()
}

// finishedDetail explains the gaps of a search the finish rule ended.
const finishedDetail = "the search finished early: no state left could reach it (-no-finish-early searches on)"

// budgetDetail names the budget that stopped the exploration: the
// deterministic ones first, since the work limit usually cuts a long
// exploration well before the clock would (cmd/gosymtest's
// defaultMaxWork), and a report that blamed the clock then would send the
// user to the wrong flag.
func (w *why) budgetDetail() string {
	if w.outOfPaths() {
		return fmt.Sprintf("path budget %d", w.in.MaxPaths)
	}
	if w.outOfWork() {
		return fmt.Sprintf("work budget %d (-max-work)", w.in.MaxWork)
	}
	if w.in.Budget > 0 {
		return "time budget " + w.in.Budget.String()
	}
	return "budget"
}

// outOfWork tells whether the exploration spent its whole work budget.
func (w *why) outOfWork() bool {
	return w.in.MaxWork > 0 && w.f.Summary.ExplorationWork() >= w.in.MaxWork
}

// outOfPaths tells whether the exploration ended as many paths as it
// could.
func (w *why) outOfPaths() bool {
	return w.in.MaxPaths > 0 && w.f.Summary.Paths >= w.in.MaxPaths
}
