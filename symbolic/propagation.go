package symbolic

import (
	"context"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// Propagation cases. A mutant that a test infects (the mutated operator
// computes another value on its inputs) still survives when the
// difference never reaches what the test asserts, and the readable
// model's defaults are often what stops it: container/list's
// Element.Next returns e.next, which the model leaves nil, so with
// `e.list != nil && p != &e.list.root` negated it returns nil as well.
//
// So, once the infection cases are made, for each mutant that an explored
// path's test infected and no test kills (mutationPass.lived, at most
// maxLivedOrigins paths per mutant), that path's condition is solved
// again for other values: each input the condition mentions is pushed
// away from the first model's value where the condition allows (and kept
// printable, or within ±10,000), and each input it does not mention,
// which any value drives alike, gets a value that is not the default: a
// pointer non-nil, a bool true, a number 1, a byte its letter. The inputs
// run concretely, as a boundary case's do, and the test is handed to the
// Sink only when it kills the mutant it was made for. Like a boundary
// case it claims nothing: it is an extra test (PathEnd.Propagation,
// Summary.Propagations), not a path of the exploration.
//
// Bounded by counts (maxPropagationCases cases per function, and
// pick.DiverseQueries queries per case) and by the boundary pass's work
// allowance (boundaryWork), so that a run gives the same cases every
// time. Config.NoMutants turns it off with the rest of the mutation pass.

const (
	// maxLivedOrigins bounds the paths kept per surviving mutant.
	maxLivedOrigins = 2
	// maxPropagationCases bounds one function's propagation cases.
	maxPropagationCases = 8
)

// livedMutant is a mutant a test infected and did not kill, and the
// source reading of its operator.
type livedMutant struct {
	key  mutantKey
	site *mutSite
}

// livedOrigin is an explored path whose test infected a mutant that
// survived it: its condition and the model its test came from.
type livedOrigin struct {
	cond  []expr.Expr
	model expr.Assignment
}

// noteLived records the path of condition cond, whose test (of model m)
// infected the mutants lived without killing them.
func (e *Engine) noteLived(cond []expr.Expr, m expr.Assignment, lived []livedMutant) {
	if len(lived) == 0 || len(cond) == 0 {
		return
	}
	if e.mpass.lived == nil {
		e.mpass.lived = make(map[mutantKey][]livedOrigin)
	}
	for _, l := range lived {
		origins := e.mpass.lived[l.key]
		if len(origins) == maxLivedOrigins {
			continue
		}
		if origins == nil {
			e.mpass.livedOrder = append(e.mpass.livedOrder, l)
		}
		e.mpass.lived[l.key] = append(origins, livedOrigin{cond: cond, model: m})
	}
}

// propagationCases makes the propagation cases of fn once its infection
// cases are made. ctx is as for boundaryCases.
func (e *Engine) propagationCases(ctx context.Context, fn *ssa.Function) {
	if e.Cfg.NoMutants || len(e.mpass.livedOrder) == 0 || ctx.Err() != nil {
		return
	}
	over, done := e.extraPass(ctx)
	defer done()
	var made [][]concrete.Value
	for _, l := range e.mpass.livedOrder {
		key := l.key
		for _, o := range e.mpass.lived[key] {
			if len(made) == maxPropagationCases || over() {
				return
			}
			if e.mpass.kills[key] > 0 {
				break
			}
			resp := e.picker().Diverse(o.cond, o.model)
			if resp.Result != solver.Sat {
				continue
			}
			model := e.extraModel(resp, o.cond)
			end := e.extraCase(fn, model, nil, o.cond, "")
			if end == nil || madeBefore(made, end.Test) {
				continue
			}
			e.noteKills(fn, model, end.Test, true)
			if e.mpass.kills[key] == 0 {
				continue
			}
			killsFirst(end.Test, e.mutantOf(key, l.site))
			end.Boundary, end.Propagation = "", true
			made = append(made, end.Test.Args)
			e.Summary.Propagations++
			if e.Cfg.Sink != nil {
				e.Cfg.Sink.PathEnded(end)
			}
		}
	}
}
