package pick

import (
	"slices"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// DiverseQueries bounds the queries of one diverse model.
const DiverseQueries = 6

// Diverse is a model of cond whose inputs differ from those of m
// where cond allows (DiverseQueries queries at most: all at once, then by
// halves), with the inputs cond does not mention at values that are not
// the default.
func (p *Picker) Diverse(cond []expr.Expr, m expr.Assignment) solver.Response {
	vars := expr.Vars(cond...)
	spans := inputSpans(vars)
	var prefs []expr.Expr
	for _, v := range vars {
		if p.uncontrolled(v) || !v.IsVar() {
			continue
		}
		val := m.Scalar(v)
		switch {
		case v.Sort().IsBool():
			prefs = append(prefs, expr.Eq(v, expr.BoolConst(val == 0)))
		case v.Sort().IsBV():
			pref := expr.Ne(v, expr.Const(v.Width(), val))
			if l, ok := p.ladder(v, spans); ok {
				pref = expr.And(pref, l[readableRounds-1])
			}
			prefs = append(prefs, pref)
		}
	}
	best := solver.Response{}
	budget := DiverseQueries
	kept := slices.Clip(cond)
	var try func(group []expr.Expr)
	try = func(group []expr.Expr) {
		if len(group) == 0 || budget == 0 {
			return
		}
		budget--
		q := append(slices.Clip(kept), group...)
		resp := p.check(solver.Query{Constraints: q, ResourceLimit: ReadableRlimit})
		switch {
		case resp.Result == solver.Sat:
			best, kept = resp, q
		case resp.Result == solver.Unsat && len(group) > 1:
			h := len(group) / 2
			try(group[:h])
			try(group[h:])
		}
	}
	try(prefs)
	if best.Result != solver.Sat {
		if best = p.check(solver.Query{Constraints: cond}); best.Result != solver.Sat {
			return best
		}
	}
	best.Model = p.withFill(best.Model, setOf(vars), 1)
	return best
}
