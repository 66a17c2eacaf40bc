package green_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// check asks z about one conjunction and fails on Unknown.
func check(t testing.TB, z *z3.Solver, q ...expr.Expr) solver.Response {
	t.Helper()
	r := z.Check(context.Background(), solver.Query{Constraints: q})
	if r.Result == solver.Unknown {
		t.Fatalf("z3: unknown (%s) for %v", r.Reason, q)
	}
	return r
}

// prover proves many claims with few Z3 calls. One call proves that the
// premise implies all the claims at once: premise ∧ ¬(c1 ∧ … ∧ cn) is
// Unsat exactly when premise ∧ ¬ci is Unsat for every i, each one an
// instance. Batches are cheap when their claims are about one term (Z3
// refutes a big disjunction over unrelated terms slowly). On Sat, the
// claims the model falsifies are the counterexamples.
type prover struct {
	t      testing.TB
	z      *z3.Solver
	proved int // claims proven
	calls  int
}

func (p *prover) prove(premise expr.Expr, claims []expr.Expr, why func(i int) string) {
	p.t.Helper()
	if len(claims) == 0 {
		return
	}
	p.calls++
	r := check(p.t, p.z, premise, expr.Not(expr.And(claims...)))
	if r.Result == solver.Unsat {
		p.proved += len(claims)
		return
	}
	bad := 0
	for i, c := range claims {
		if !expr.EvalBool(c, r.Model) {
			bad++
			if bad <= 5 {
				p.t.Errorf("counterexample %v: %s", r.Model.Scalars, why(i))
			}
		}
	}
	if bad == 0 {
		p.t.Fatalf("z3 says sat but the model falsifies no claim of the batch")
	}
}

// iff is the Bool a == b.
func iff(a, b expr.Expr) expr.Expr { return expr.Eq(a, b) }

// sprint is fmt.Sprint, for failure messages.
func sprint(args ...any) string { return fmt.Sprint(args...) }

// abstract replaces, in a Bool formula that compares terms with constants,
// each term of vars by its variable. A claim about the values of terms
// that holds with fresh variables in their place holds for the terms
// (substitution keeps validity), and Z3 proves it much faster than over
// the arithmetic that computes them. Other subterms stay as they are.
func abstract(f expr.Expr, vars map[expr.Expr]expr.Expr) expr.Expr {
	if v, ok := vars[f]; ok {
		return v
	}
	arg := func(i int) expr.Expr { return abstract(f.Arg(i), vars) }
	switch f.Op() {
	case expr.OpNot:
		return expr.Not(arg(0))
	case expr.OpAnd:
		return expr.And(arg(0), arg(1))
	case expr.OpOr:
		return expr.Or(arg(0), arg(1))
	case expr.OpEq:
		return expr.Eq(arg(0), arg(1))
	case expr.OpUlt:
		return expr.Ult(arg(0), arg(1))
	case expr.OpUle:
		return expr.Ule(arg(0), arg(1))
	case expr.OpSlt:
		return expr.Slt(arg(0), arg(1))
	case expr.OpSle:
		return expr.Sle(arg(0), arg(1))
	}
	return f
}

// freshFor maps each term to a fresh variable of its width, named by the
// index of the term.
func freshFor(terms ...expr.Expr) map[expr.Expr]expr.Expr {
	vars := make(map[expr.Expr]expr.Expr, len(terms))
	for i, t := range terms {
		vars[t] = expr.BVVar(fmt.Sprintf("t%d_%d", i, t.Width()), t.Width())
	}
	return vars
}
