package symbolic

import (
	"context"
	"go/token"
	"slices"
	"strings"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// Infection cases. The mutation pass (mutants.go) weighs the tests that
// the exploration found, but it only chooses among them: an arithmetic
// mutant survives every one of them when no path's readable inputs make
// the mutated operator compute another value. The readable model picks
// the smallest numbers, and x+0 is x-0, -0 is 0, x*1 is x/1. A mutant
// that is never infected can never be killed, whatever the assertions.
//
// So, once the boundary cases are made, for each arithmetic mutant
// (+ and -, * and /, % for *, a dropped negation) of an operation that a
// path executed on symbolic operands and that no test kills yet, the
// engine asks for inputs that take that path up to the operation with
// the mutant's value there differing from the original's: the
// constraint-based test generation of DeMillo and Offutt, one mutant at
// a time. The inputs run concretely, as every test's do, and the test
// is weighed against the mutants; it is handed to the Sink only when it
// kills the mutant it was made for (infection is necessary, not
// sufficient: the difference must also reach what the test asserts).
//
// Like a boundary case, an infection case claims nothing: it is an extra
// test, not a path of the exploration, and is not counted in the
// Summary's paths, ends or covered blocks. The writer keeps it as it
// keeps any case that kills a mutant no kept case kills.
//
// Bounded by counts: maxInfectionTerms operand pairs per operation,
// maxInfectionCases cases per function, and the queries and runs within
// the boundary pass's work allowance (boundaryWork), so that a run gives
// the same cases every time. Config.NoMutants turns the pass off with
// the rest of the mutation pass.

const (
	// maxInfectionTerms bounds the operand pairs kept per operation: a
	// loop's operation has a pair per iteration, and the first two are
	// the likeliest to be solvable cheaply.
	maxInfectionTerms = 2
	// maxInfectionCases bounds one function's infection cases: each is
	// one more row, and the writer keeps only so many cases for their
	// mutants (half of them for these).
	maxInfectionCases = 8
)

// infectionSite is one symbolic execution of a mutable arithmetic
// operation: its operands' terms, and the path condition when it ran.
type infectionSite struct {
	in   ssa.Instruction // *ssa.BinOp or a negating *ssa.UnOp
	x, y expr.Expr       // y is invalid for a negation
	// signed tells the operands' class, for / and %.
	signed bool
	cond   []expr.Expr
}

// infectionPass is what one exploration keeps for its infection cases.
type infectionPass struct {
	// sites are in the order the paths ran them.
	sites []infectionSite
	// of indexes sites by operation: at most maxInfectionTerms each.
	of map[ssa.Instruction][]int
}

// infectionWatch keeps the arithmetic that infection cases start from.
type infectionWatch struct{ e *Engine }

func (w infectionWatch) Arithmetic(s *machine.State, in ssa.Instruction, x, y expr.Expr, signed bool) {
	w.e.noteArithmetic(s, in, x, y, signed)
}

// noteArithmetic records that in, an arithmetic operation of the package
// under test that a mutant may change, ran on x and y (y the invalid Expr
// for a negation), at least one of them symbolic, on an explored path.
func (e *Engine) noteArithmetic(s *machine.State, in ssa.Instruction, x, y expr.Expr, signed bool) {
	if e.Cfg.NoMutants || s.Replay || s.Initializing || s.Mut != nil {
		return
	}
	if x.IsConst() && (!y.IsValid() || y.IsConst()) {
		return
	}
	kept := e.infection.of[in]
	if len(kept) == maxInfectionTerms || e.mutSiteOf(in) == nil {
		return
	}
	for _, i := range kept {
		if site := e.infection.sites[i]; site.x == x && site.y == y {
			return
		}
	}
	if e.infection.of == nil {
		e.infection.of = make(map[ssa.Instruction][]int)
	}
	e.infection.of[in] = append(kept, len(e.infection.sites))
	e.infection.sites = append(e.infection.sites, infectionSite{in: in, x: x, y: y, signed: signed, cond: slices.Clone(s.PathCond)})
}

// infects is the condition under which the mutant key computes another
// value than the original at site (or panics where it does not); the
// invalid Expr when the mutant is no arithmetic one.
func (site infectionSite) infects(key mutantKey) expr.Expr {
	if !site.y.IsValid() {
		return expr.Ne(site.x, expr.Neg(site.x))
	}
	value := func(op token.Token) expr.Expr {
		switch op {
		case token.ADD:
			return expr.Add(site.x, site.y)
		case token.SUB:
			return expr.Sub(site.x, site.y)
		case token.MUL:
			return expr.Mul(site.x, site.y)
		case token.QUO:
			return expr.Div(site.x, site.y, site.signed)
		case token.REM:
			return expr.Rem(site.x, site.y, site.signed)
		}
		return expr.Expr{}
	}
	from, to := value(key.from), value(key.to)
	if !from.IsValid() || !to.IsValid() {
		return expr.Expr{}
	}
	differs := expr.Ne(from, to)
	if key.to == token.QUO {
		// x*0 is 0, but x/0 panics: that too tells them apart.
		differs = expr.Or(expr.Eq(site.y, expr.Const(site.y.Width(), 0)), differs)
	}
	return differs
}

// keys are the arithmetic mutants of the site's operation.
func (site infectionSite) keys() []mutantKey {
	switch in := site.in.(type) {
	case *ssa.UnOp:
		return []mutantKey{{pos: in.Pos(), from: token.SUB, to: token.ILLEGAL}}
	case *ssa.BinOp:
		if to, ok := arithmeticOp[in.Op]; ok {
			return []mutantKey{{pos: in.Pos(), from: in.Op, to: to}}
		}
		if in.Op == token.REM {
			return []mutantKey{{pos: in.Pos(), from: token.REM, to: token.MUL}}
		}
	}
	return nil
}

// infectionCases makes the infection cases of fn once its boundary cases
// are made, and hands them to the Sink. ctx is as for boundaryCases.
func (e *Engine) infectionCases(ctx context.Context, fn *ssa.Function) {
	if e.Cfg.NoMutants || len(e.infection.sites) == 0 || ctx.Err() != nil {
		return
	}
	over, done := e.extraPass(ctx)
	defer done()
	var made [][]concrete.Value
	for _, site := range e.infection.sites {
		for _, key := range site.keys() {
			if len(made) == maxInfectionCases || over() {
				return
			}
			if e.mpass.kills[key] > 0 {
				continue
			}
			end, model := e.infectionCase(fn, site, key)
			if end == nil || madeBefore(made, end.Test) {
				continue
			}
			e.noteKills(fn, model, end.Test, true)
			if e.mpass.kills[key] == 0 {
				continue // infected, but the difference never reached the outcome
			}
			killsFirst(end.Test, e.mutantOf(key, e.mutSiteOf(site.in)))
			made = append(made, end.Test.Args)
			e.Summary.Infections++
			if e.Cfg.Sink != nil {
				e.Cfg.Sink.PathEnded(end)
			}
		}
	}
}

// killsFirst moves the mutant a case was made for to the front of its
// Kills: the writer names a case kept for its mutants after the first.
func killsFirst(t *concrete.Test, target concrete.Mutant) {
	if i := slices.Index(t.Kills, target); i > 0 {
		t.Kills = slices.Insert(slices.Delete(t.Kills, i, i+1), 0, target)
	}
}

// infectionCase solves and runs the case for the mutant key at site; nil
// when the mutant cannot be infected there or the run gives no test.
func (e *Engine) infectionCase(fn *ssa.Function, site infectionSite, key mutantKey) (*machine.PathEnd, expr.Assignment) {
	infects := site.infects(key)
	if !infects.IsValid() || infects.IsConst() {
		return nil, nil // never infected, or always: solving adds nothing
	}
	cond := append(slices.Clip(site.cond), infects)
	resp := e.picker().Readable(cond)
	if resp.Result != solver.Sat {
		return nil, nil
	}
	model := e.extraModel(resp, cond)
	end := e.extraCase(fn, model, nil, cond, infectionText(e.mutantOf(key, e.mutSiteOf(site.in))))
	if end == nil {
		return nil, nil
	}
	end.Boundary, end.Infection = "", true
	return end, model
}

// infectionText is the pin of an infection case that took no explored
// path: where the operation is, and that its mutant computes another
// value ("calc.go:12: x - y differs with + for -").
func infectionText(m concrete.Mutant) string {
	pos := m.Pos
	if i := strings.LastIndexByte(pos, ':'); i > 0 && strings.Count(pos, ":") == 2 {
		pos = pos[:i]
	}
	if m.To == "" {
		return pos + ": " + m.Expr + " differs without its negation"
	}
	return pos + ": " + m.Expr + " differs with " + m.To + " for " + m.From
}
