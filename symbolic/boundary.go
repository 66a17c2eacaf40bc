package symbolic

import (
	"context"
	"fmt"
	"go/token"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
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
// the point).
//
// A boundary case is handed to the Sink as a PathEnd with Boundary set.
// It claims nothing: it is not counted in the Summary's paths, ends or
// covered blocks, so coverage, dead code and exhaustiveness stand as the
// exploration found them; it is an extra test. Its comment is the branches
// of the explored path whose condition its inputs satisfy, when there is
// one (and then it took that path), or else the boundary text alone.
//
// The work is bounded: each comparison (a condition term and the side of
// the case) is tried once, at most maxBoundarySiteTerms distinct terms per
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
)

// boundaryWork is the work the boundary pass may spend, in Config.MaxWork
// units: about a hundred queries, and no more than an eighth of the
// function's work limit.
func (e *Engine) boundaryWork() int64 {
	n := int64(100 * QueryWork)
	if e.cfg.MaxWork > 0 {
		n = min(n, e.cfg.MaxWork/8)
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
	origins []*PathEnd
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

// noteComparison records that the if in, in fn, branches on the term cond,
// when it is an ordered comparison of integers in the package under test:
// a candidate for boundary cases once a path that decided it gives a test.
func (e *Engine) noteComparison(s *State, fn *ssa.Function, in *ssa.If, cond expr.Expr) {
	if e.cfg.NoBoundaries || s.replay || s.initializing || cond.IsConst() || e.boundary.sites == nil {
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
	if !ok || packageOf(fn) != packageOf(e.summary.Func) {
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

// packageOf is the package fn belongs to; an instance of a generic
// function belongs to its origin's.
func packageOf(fn *ssa.Function) *ssa.Package {
	if fn.Pkg == nil && fn.Origin() != nil {
		return fn.Origin().Pkg
	}
	return fn.Pkg
}

// noteBoundaryOrigin keeps a finished path whose test may lead to
// boundary cases: one that replayed, whose outcome does not depend on map
// order or on values a test cannot set.
func (e *Engine) noteBoundaryOrigin(end *PathEnd) {
	t := end.Test
	if e.cfg.NoBoundaries || t == nil || !t.Replayed || t.OrderDependent || t.Uncontrolled || len(end.Condition) == 0 {
		return
	}
	e.boundary.origins = append(e.boundary.origins, end)
}

// boundaryCandidate is one boundary case to try: the comparison decided
// at Condition[at] of origin, with its operands at the edge of side.
type boundaryCandidate struct {
	origin *PathEnd
	at     int
	site   *boundarySite
	cmp    expr.Expr // the comparison's term, whatever side the path took
	held   bool      // the side the path took
	side   bool      // the side the case sits on
}

// boundaryCandidates lists the cases to try, those of the function under
// test first, each comparison and side once, in the order the paths ended.
func (e *Engine) boundaryCandidates(fn *ssa.Function) []boundaryCandidate {
	type key struct {
		cmp  expr.Expr
		side bool
	}
	tried := make(map[key]bool)
	terms := make(map[expr.Expr]bool)
	var out []boundaryCandidate
	for _, own := range []bool{true, false} {
		for _, p := range e.boundary.origins {
			for i, c := range p.Condition {
				cmp, held := c, true
				if c.Op() == expr.OpNot {
					cmp, held = c.Arg(0), false
				}
				site := e.boundary.sites[cmp]
				if site == nil || (site.fn == fn) != own {
					continue
				}
				if !terms[cmp] {
					if site.terms == maxBoundarySiteTerms {
						continue
					}
					site.terms++
					terms[cmp] = true
				}
				for _, side := range []bool{held, !held} {
					if tried[key{cmp, side}] {
						continue
					}
					tried[key{cmp, side}] = true
					out = append(out, boundaryCandidate{origin: p, at: i, site: site, cmp: cmp, held: held, side: side})
				}
			}
		}
	}
	return out
}

// boundaryCases makes the boundary cases of fn once it is explored and
// hands them to the Sink. ctx is the exploration's context without the
// function's budget, which may be spent: the solver gets a little time of
// its own, as for the runs to the end.
func (e *Engine) boundaryCases(ctx context.Context, fn *ssa.Function) {
	if e.cfg.NoBoundaries || len(e.boundary.origins) == 0 || len(e.boundary.sites) == 0 || ctx.Err() != nil {
		return
	}
	cands := e.boundaryCandidates(fn)
	if len(cands) == 0 {
		return
	}
	solve := e.cfg.Budget / 4
	if solve <= 0 || solve > 2*time.Second {
		solve = 2 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, solve)
	defer cancel()
	saved := e.ctx
	e.ctx = ctx
	defer func() { e.ctx = saved }()

	start, limit := e.summary.Work, e.boundaryWork()
	var made [][]concrete.Value
	for _, c := range cands {
		if len(made) == maxBoundaryCases || e.summary.Work-start >= limit || ctx.Err() != nil {
			return
		}
		end := e.boundaryCase(fn, c)
		if end == nil || slices.ContainsFunc(made, func(args []concrete.Value) bool { return reflect.DeepEqual(args, end.Test.Args) }) {
			continue
		}
		made = append(made, end.Test.Args)
		e.summary.Boundaries++
		if e.cfg.Sink != nil {
			e.cfg.Sink.PathEnded(end)
		}
	}
}

// boundaryCase solves and runs one candidate; nil when no inputs were
// found or the run gives no test.
func (e *Engine) boundaryCase(fn *ssa.Function, c boundaryCandidate) *PathEnd {
	cond := c.origin.Condition
	edge := boundaryEdge(c.cmp, c.side)
	var tries [][]expr.Expr
	if c.side == c.held {
		// The edge implies the path's side: the whole path may keep it.
		tries = append(tries, append(slices.Clip(cond), edge))
		if c.at+1 < len(cond) {
			tries = append(tries, append(slices.Clone(cond[:c.at+1]), edge))
		}
	} else {
		// The other side leaves the path at this branch; what the path
		// decided after it is kept where it can be, to stay close.
		prefix := append(slices.Clone(cond[:c.at]), edge)
		if c.at+1 < len(cond) {
			tries = append(tries, append(slices.Clip(prefix), cond[c.at+1:]...))
		}
		tries = append(tries, prefix)
	}
	var resp solver.Response
	for _, q := range tries {
		if resp = e.readableModel(q); resp.Result == solver.Sat {
			break
		}
	}
	if resp.Result != solver.Sat {
		return nil
	}
	run := e.concreteRun(fn, resp, false, e.cfg.Bounds.MaxSteps)
	t := e.boundaryTest(fn, resp, run)
	if t == nil {
		return nil
	}
	text := boundaryText(c, resp.Model)
	end := &PathEnd{Func: fn, Kind: run.endKind, Condition: append(slices.Clip(cond[:c.at]), edge), Pins: []string{text}}
	if p := e.boundaryMatch(c.origin, run, resp.Model); p != nil {
		// Its inputs took an explored path: the case reads as that path.
		cp := *p
		end = &cp
	}
	end.Blocks, end.Edges = firstEntries(run.blocks), firstEntries(run.edges)
	end.Test, end.Boundary = t, text
	if run.endKind == EndPanic && run.panicked != nil {
		end.Panic = run.panicked.kind
	}
	return end
}

// boundaryEdge is the condition that puts the operands of the comparison
// cmp, a < b or a <= b, at its boundary on the given side: a+1 == b and
// a == b for a < b, a == b and a == b+1 for a <= b. The side itself is
// part of it, so that no wrap-around passes for the edge.
func boundaryEdge(cmp expr.Expr, side bool) expr.Expr {
	a, b := cmp.Arg(0), cmp.Arg(1)
	one := expr.Const(a.Width(), 1)
	strict := cmp.Op() == expr.OpUlt || cmp.Op() == expr.OpSlt
	switch {
	case strict && side:
		return expr.And(cmp, expr.Eq(expr.Add(a, one), b))
	case side, strict:
		return expr.Eq(a, b)
	}
	return expr.And(expr.Not(cmp), expr.Eq(a, expr.Add(b, one)))
}

// boundaryTest is the test of a concrete run of fn on the model in resp,
// nil when the run did not return or panic, or when its outcome could
// change under go test (map order, the clock).
func (e *Engine) boundaryTest(fn *ssa.Function, resp solver.Response, run *State) *Test {
	if run.uncontrolledCalls > 0 {
		return nil
	}
	t := &Test{Replayed: true}
	if !e.recordOutcome(t, run) {
		return nil
	}
	env, ok := testEnv(run)
	if !ok {
		return nil
	}
	t.Env = env
	if run.rangedOverMap {
		var other Test
		e.recordOutcome(&other, e.concreteRun(fn, resp, true, e.cfg.Bounds.MaxSteps))
		if !sameOutcome(t, &other) {
			return nil
		}
	}
	for i, p := range fn.Params {
		t.Args = append(t.Args, e.paramLiteral(paramName(fn, i), p.Type(), resp.Model, 0, fn, false))
	}
	return t
}

// boundaryMatch finds the tested path that the run on the model m took:
// one whose condition m satisfies, that ended alike and entered the same
// blocks. It tries origin first; nil when none is found.
func (e *Engine) boundaryMatch(origin *PathEnd, run *State, m expr.Assignment) *PathEnd {
	ev := expr.NewEvaluator(m)
	blocks := firstEntries(run.blocks)
	took := func(p *PathEnd) bool {
		if p.Kind != run.endKind || !slices.Equal(p.Blocks, blocks) {
			return false
		}
		for _, c := range p.Condition {
			if ev.Eval(c) != 1 {
				return false
			}
		}
		return true
	}
	if took(origin) {
		return origin
	}
	for i, p := range e.boundary.origins {
		if i == maxBoundaryMatch {
			break
		}
		if p != origin && took(p) {
			return p
		}
	}
	return nil
}

// boundaryText says where a case sits, in the source's terms: "score ==
// 90, the boundary of score >= 90" when the compared operands are equal,
// "score == 89, one past the boundary of score >= 90" when they are one
// apart; "limit == 3, the boundary of i < limit" when i is 3 on the path.
// Two operands that the inputs set are named together: "v == lo-1, one
// past the boundary of v < lo".
func boundaryText(c boundaryCandidate, m expr.Assignment) string {
	bin := c.site.cmp
	xt, yt := c.cmp.Arg(0), c.cmp.Arg(1)
	if c.site.swapped {
		xt, yt = yt, xt
	}
	x, y := expr.Eval(xt, m), expr.Eval(yt, m)
	w := c.cmp.Arg(0).Width()
	signed := c.cmp.Op() == expr.OpSlt || c.cmp.Op() == expr.OpSle
	num := func(v uint64) string {
		if signed {
			return strconv.FormatInt(expr.Const(w, v).SignedValue(), 10)
		}
		return strconv.FormatUint(v, 10)
	}
	// An operand the path has made constant (a loop counter) is named by
	// the other, which the inputs set.
	var eq string
	switch {
	case yt.IsConst():
		eq = pinOf(bin.X, true) + " == " + num(x)
	case xt.IsConst():
		eq = pinOf(bin.Y, true) + " == " + num(y)
	default:
		eq = pinOf(bin.X, true) + " == " + pinOf(bin.Y, true) + offset(x, y, w, signed)
	}
	where := "the boundary"
	if x != y {
		where = "one past the boundary"
	}
	return fmt.Sprintf("%s, %s of %s", eq, where, pinOf(bin, true))
}

// offset renders x-y, values of width w, as a suffix to y: "", "+1",
// "-1".
func offset(x, y uint64, w int, signed bool) string {
	switch {
	case x == y:
		return ""
	case signed:
		d := expr.Const(w, x).SignedValue() - expr.Const(w, y).SignedValue()
		if d < 0 {
			return strconv.FormatInt(d, 10)
		}
		return "+" + strconv.FormatInt(d, 10)
	case x < y:
		return "-" + strconv.FormatUint(y-x, 10)
	}
	return "+" + strconv.FormatUint(x-y, 10)
}
