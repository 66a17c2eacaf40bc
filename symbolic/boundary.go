package symbolic

import (
	"context"
	"go/token"
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// Boundary cases. One test per path enters every block and edge, but it
// never tells `score >= 90` from `score > 90`: any score that takes the
// path will do, and the readable model picks a small one. A mutant that
// moves a comparison's boundary by one (the off-by-one a reviewer looks
// for) survives unless a case sits at the boundary.
//
// So once a function is explored, for each ordered comparison (<, <=, >,
// >=) of integers that a tested path decided at an if of the function
// under test or of its package, the engine asks for inputs that take the
// same path up to that branch with the comparison's operands at its
// boundary: once on each side of it (score == 90 and score == 89 for
// score >= 90). Each side is solved with the rest of the path kept where
// that is satisfiable, and with the path up to the branch alone
// otherwise. The inputs are run concretely, as every test's are; the case
// asserts what that run did, whichever path it took (the side the path
// did not take leads to another path, often of another outcome, which is
// the point). The rest of the path may hide the boundary (it returns by a
// later branch, whichever side this comparison took), so the case is made
// from each path that decided the comparison in turn, up to
// maxBoundaryOrigins of them, until one kills a mutant of the comparison
// (the comparisons whose mutants some test already kills come last);
// the states the redundant-state detector pruned count as such paths
// too, after those that gave a test.
//
// A boundary case is handed to the Sink as a PathEnd with Boundary set.
// It claims nothing: it is not counted in the Summary's paths, ends or
// covered blocks, so coverage, dead code and exhaustiveness stand as the
// exploration found them; it is an extra test. Its comment is the branches
// of the explored path whose condition its inputs satisfy, when there is
// one (and then it took that path), or else the boundary text alone.
//
// The work is bounded: each comparison (a condition term and the side of
// the case) gives one case, at most maxBoundarySiteTerms distinct terms per
// if (a loop's test is one if with a term per iteration), at most
// maxBoundaryCases cases per function, and the queries and runs are
// counted in Summary.Work, within boundaryWork on top of Config.MaxWork,
// so that a run gives the same cases every time. Config.NoBoundaries
// turns the pass off.

// Bounds of the boundary pass of one function.
const (
	maxBoundaryCases     = 24
	maxBoundarySiteTerms = 2
	// maxBoundaryMatch is how many of the function's tested paths a
	// boundary case's inputs are checked against to find the path it took.
	maxBoundaryMatch = 1024
	// maxBoundaryOrigins bounds the paths a comparison's case is made
	// from in turn, until one kills a mutant of the comparison.
	maxBoundaryOrigins = 4
	// maxBoundaryPruned bounds the pruned states kept as origins.
	maxBoundaryPruned = 256
)

// boundaryWork is the work the boundary pass may spend, in Config.MaxWork
// units: about four hundred queries, and no more than a quarter of the
// function's work limit. A case costs up to pick.ReadableQueries queries, and
// a function whose callees compare a byte against ten bounds (utf8's
// DecodeRune) has twenty cases to try; a hundred queries made half of
// them.
func (e *Engine) boundaryWork() int64 {
	n := int64(400 * machine.QueryWork)
	if e.Cfg.MaxWork > 0 {
		n = min(n, e.Cfg.MaxWork/4)
	}
	return n
}

// boundaryPass is what one exploration keeps for its boundary cases.
type boundaryPass struct {
	// sites are the ordered comparisons of integers the exploration
	// branched on, by the condition's term.
	sites map[expr.Expr]*boundarySite
	// ifs are the same sites by their if: a loop's test has one site and
	// a term per iteration.
	ifs map[*ssa.If]*boundarySite
	// origins are the paths that gave a test, in the order they ended.
	origins []*machine.PathEnd
	// pruned are the conditions of states the detector pruned (at most
	// maxBoundaryPruned), as PathEnds without a test, after the origins.
	pruned []*machine.PathEnd
}

func newBoundaryPass() boundaryPass {
	return boundaryPass{sites: make(map[expr.Expr]*boundarySite), ifs: make(map[*ssa.If]*boundarySite)}
}

// boundarySite is an if on an ordered comparison of integers, X op Y.
type boundarySite struct {
	fn  *ssa.Function
	cmp *ssa.BinOp
	// swapped tells that the condition's term has the source's operands
	// the other way round, (Y, X): the source said > or >=.
	swapped bool
	// terms counts the distinct condition terms of this if that got a
	// candidate.
	terms int
}

// boundaryWatch keeps the comparisons and the tested paths that the
// boundary cases start from.
type boundaryWatch struct{ e *Engine }

func (w boundaryWatch) Comparison(s *machine.State, fn *ssa.Function, in *ssa.If, cond expr.Expr) {
	w.e.noteComparison(s, fn, in, cond)
}

func (w boundaryWatch) Ended(s *machine.State, end *machine.PathEnd) {
	if end.Kind == machine.EndReturn || end.Kind == machine.EndPanic {
		w.e.noteBoundaryOrigin(end)
	}
}

// noteComparison records that the if in, in fn, branches on the term cond,
// when it is an ordered comparison of integers in the package under test:
// a candidate for boundary cases once a path that decided it gives a test.
func (e *Engine) noteComparison(s *machine.State, fn *ssa.Function, in *ssa.If, cond expr.Expr) {
	if e.Cfg.NoBoundaries || s.Replay || s.Initializing || cond.IsConst() || e.boundary.sites == nil {
		return
	}
	strict := cond.Op() == expr.OpUlt || cond.Op() == expr.OpSlt
	if !strict && cond.Op() != expr.OpUle && cond.Op() != expr.OpSle {
		return
	}
	if _, ok := e.boundary.sites[cond]; ok {
		return
	}
	bin, ok := in.Cond.(*ssa.BinOp)
	if !ok || !e.InExploredPackage(fn) {
		return
	}
	var swapped bool
	switch bin.Op {
	case token.LSS, token.LEQ:
	case token.GTR, token.GEQ:
		swapped = true
	default:
		return
	}
	if strict != (bin.Op == token.LSS || bin.Op == token.GTR) {
		return // the term was rewritten: it no longer reads as the source
	}
	site := e.boundary.ifs[in]
	if site == nil {
		site = &boundarySite{fn: fn, cmp: bin, swapped: swapped}
		e.boundary.ifs[in] = site
	}
	e.boundary.sites[cond] = site
}

// noteBoundaryOrigin keeps a finished path whose test may lead to
// boundary cases: one that replayed, whose outcome does not depend on map
// order or on values a test cannot set.
func (e *Engine) noteBoundaryOrigin(end *machine.PathEnd) {
	t := end.Test
	if e.Cfg.NoBoundaries || t == nil || !t.Replayed || t.OrderDependent || t.Uncontrolled || len(end.Condition) == 0 {
		return
	}
	e.boundary.origins = append(e.boundary.origins, end)
}

// noteBoundaryPrefix keeps the condition of a state the detector pruned:
// a path that covers nothing new, but whose decisions may be the ones
// that tell a comparison from its mutant (FullRune's p = {232, 128}
// returns false right after accept.hi < p[1]; the path kept goes on to
// test p[2] and returns true by it on either side).
func (e *Engine) noteBoundaryPrefix(s *machine.State) {
	if e.Cfg.NoBoundaries || e.boundary.sites == nil || len(s.PathCond) == 0 || s.Outside.UncontrolledCalls > 0 || len(e.boundary.pruned) == maxBoundaryPruned {
		return
	}
	e.boundary.pruned = append(e.boundary.pruned, &machine.PathEnd{Func: e.Summary.Func, Kind: machine.EndPruned, Condition: s.PathCond})
}

// boundaryCandidate is one boundary case to try: the comparison decided
// at Condition[at] of origin, with its operands at the edge of side.
type boundaryCandidate struct {
	origin *machine.PathEnd
	at     int
	site   *boundarySite
	cmp    expr.Expr // the comparison's term, whatever side the path took
	held   bool      // the side the path took
	side   bool      // the side the case sits on
}

// boundaryCandidates lists the cases to try, those of the function under
// test first, each comparison and side once, in the order the paths ended:
// each as up to maxBoundaryOrigins candidates, which the pass tries in
// turn: one per path that decided the comparison, then, past
// maxBoundarySiteTerms terms of its if, one per path that decided
// another term of the if (another iteration of a loop, or the same
// comparison over terms built otherwise), for the same side.
func (e *Engine) boundaryCandidates(fn *ssa.Function) [][]boundaryCandidate {
	type key struct {
		cmp  expr.Expr
		side bool
	}
	type siteSide struct {
		site *boundarySite
		side bool
	}
	groups := make(map[key]int)
	firsts := make(map[siteSide]int)
	terms := make(map[expr.Expr]bool)
	var out [][]boundaryCandidate
	add := func(g int, c boundaryCandidate) {
		if len(out[g]) < maxBoundaryOrigins && !slices.ContainsFunc(out[g], func(o boundaryCandidate) bool { return o.origin == c.origin }) {
			out[g] = append(out[g], c)
		}
	}
	origins := append(slices.Clip(e.boundary.origins), e.boundary.pruned...)
	for _, own := range []bool{true, false} {
		for _, p := range origins {
			for i, c := range p.Condition {
				cmp, held := c, true
				if c.Op() == expr.OpNot {
					cmp, held = c.Arg(0), false
				}
				site := e.boundary.sites[cmp]
				if site == nil || (site.fn == fn) != own {
					continue
				}
				if !terms[cmp] && site.terms < maxBoundarySiteTerms {
					site.terms++
					terms[cmp] = true
				}
				for _, side := range []bool{held, !held} {
					cand := boundaryCandidate{origin: p, at: i, site: site, cmp: cmp, held: held, side: side}
					if !terms[cmp] {
						if g, ok := firsts[siteSide{site, side}]; ok {
							add(g, cand)
						}
						continue
					}
					g, ok := groups[key{cmp, side}]
					if !ok {
						g = len(out)
						groups[key{cmp, side}] = g
						out = append(out, nil)
						if _, ok := firsts[siteSide{site, side}]; !ok {
							firsts[siteSide{site, side}] = g
						}
					}
					add(g, cand)
				}
			}
		}
	}
	return out
}

// extraPass starts a pass that makes extra cases once the function is
// explored (boundary or infection cases): the solver gets time of its
// own (afterExploration), and the pass may spend boundaryWork, the
// mutation pass's work on its cases aside (that is within the mutation
// pass's own allowance). over reports whether the pass must stop; done
// ends it.
func (e *Engine) extraPass(ctx context.Context) (over func() bool, done func()) {
	ctx, done = e.afterExploration(ctx)
	work := func() int64 { return e.Summary.Work - e.mpass.work }
	start, limit := work(), e.boundaryWork()
	return func() bool { return work()-start >= limit || ctx.Err() != nil }, done
}

// boundaryCases makes the boundary cases of fn once it is explored and
// hands them to the Sink. ctx is the exploration's context without the
// function's budget, which may be spent: the solver gets a little time of
// its own, as for the runs to the end.
func (e *Engine) boundaryCases(ctx context.Context, fn *ssa.Function) {
	if e.Cfg.NoBoundaries || len(e.boundary.origins) == 0 || len(e.boundary.sites) == 0 || ctx.Err() != nil {
		return
	}
	cands := e.boundaryCandidates(fn)
	if len(cands) == 0 {
		return
	}
	over, done := e.extraPass(ctx)
	defer done()
	var made [][]concrete.Value
	// The comparisons whose mutants some test already kills come last:
	// the allowance goes first to those whose mutants live.
	var later [][]boundaryCandidate
	for _, pass := range []int{0, 1} {
		if pass == 1 {
			cands = later
		}
		for _, alts := range cands {
			if len(made) == maxBoundaryCases || over() {
				return
			}
			if pass == 0 && e.comparisonKilled(alts[0].site.cmp) {
				later = append(later, alts)
				continue
			}
			end := e.boundaryCaseOf(fn, alts, made, over)
			if end == nil {
				continue
			}
			made = append(made, end.Test.Args)
			e.Summary.Boundaries++
			if e.Cfg.Sink != nil {
				e.Cfg.Sink.PathEnded(end)
			}
		}
	}
}

// boundaryCaseOf makes the case of one comparison and side from the first
// of alts whose inputs kill a mutant of that comparison, or else from the
// first that gives a new test at all. The rest of the path an origin
// decided is kept, and that can hide the boundary: FullRune's case for
// accept.hi == p[1], made from a path that goes on to test p[2] < locb,
// returns true by p[2] whether the comparison is < or <=; the path that
// returns after it tells them apart. Each case tried is weighed against
// the mutants (noteKills).
func (e *Engine) boundaryCaseOf(fn *ssa.Function, alts []boundaryCandidate, made [][]concrete.Value, over func() bool) *machine.PathEnd {
	var first *machine.PathEnd
	for _, c := range alts {
		if over() {
			break
		}
		end, model := e.boundaryCase(fn, c)
		if end == nil || madeBefore(made, end.Test) {
			continue
		}
		e.noteKills(fn, model, end.Test, true)
		if e.Cfg.NoMutants || e.killsAt(end.Test, c.site.cmp) {
			return end
		}
		if first == nil {
			first = end
		}
	}
	return first
}

// comparisonKilled reports whether some test already kills both mutants
// of the comparison in (its boundary moved, its negation), so that its
// boundary cases likely tell nothing new: they are made after the others.
// Without the mutation pass it is false.
func (e *Engine) comparisonKilled(in *ssa.BinOp) bool {
	if e.Cfg.NoMutants || e.mutSiteOf(in) == nil {
		return false
	}
	for _, to := range []token.Token{boundaryOp[in.Op], negatedOp[in.Op]} {
		if e.mpass.kills[mutantKey{pos: in.Pos(), from: in.Op, to: to}] == 0 {
			return false
		}
	}
	return true
}

// killsAt reports whether t kills a mutant of the operator of in.
func (e *Engine) killsAt(t *concrete.Test, in ssa.Instruction) bool {
	site := e.mutSiteOf(in)
	return site != nil && slices.ContainsFunc(t.Kills, func(m concrete.Mutant) bool { return m.Pos == site.pos })
}
