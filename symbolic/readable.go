package symbolic

import (
	"strings"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Readable inputs. A model of a path condition is correct but often ugly
// (-9223372036854775806, "\x80\x02"). Before a path's test is made, the
// engine asks for a model that also keeps integers small and string bytes
// lowercase letters: first all such preferences at once (one query), and
// when that is unsatisfiable, one variable at a time, keeping those that
// fit. The path condition is always kept, so the path is the same.

// maxReadableQueries bounds the one-at-a-time fallback per test.
const maxReadableQueries = 24

// readableModel returns a model of cond that prefers readable values.
func (e *Engine) readableModel(cond []expr.Expr) solver.Response {
	if len(cond) == 0 {
		// Nothing constrains the inputs: every variable is 0, as in the
		// solver's model completion, and 0 is as readable as it gets.
		return solver.Response{Result: solver.Sat, Model: &expr.Values{}}
	}
	base := e.check(solver.Query{Constraints: cond})
	if base.Result != solver.Sat {
		return base
	}
	var prefs []expr.Expr
	for _, v := range expr.Vars(cond...) {
		if isUncontrolled(v) {
			continue // no test sets it: readability does not apply
		}
		if p, ok := preference(v); ok {
			prefs = append(prefs, p)
		}
	}
	if len(prefs) == 0 {
		return base
	}
	all := append(cond[:len(cond):len(cond)], prefs...)
	if r := e.check(solver.Query{Constraints: all}); r.Result == solver.Sat {
		return r
	}
	best, kept := base, cond[:len(cond):len(cond)]
	for i, p := range prefs {
		if i >= maxReadableQueries {
			break
		}
		try := append(kept[:len(kept):len(kept)], p)
		if r := e.check(solver.Query{Constraints: try}); r.Result == solver.Sat {
			best, kept = r, try
		}
	}
	return best
}

// preference is the readable range for an input variable, by its name: a
// string byte ("s[2]") is a lowercase letter, a length is small, an integer
// is within ±100.
func preference(v expr.Expr) (expr.Expr, bool) {
	if !v.Sort().IsBV() {
		return expr.Expr{}, false
	}
	w, name := v.Width(), v.Name()
	c := func(x uint64) expr.Expr { return expr.Const(w, x) }
	switch {
	case w == 8 && strings.HasSuffix(name, "]"):
		return expr.And(expr.Ule(c('a'), v), expr.Ule(v, c('z'))), true
	case strings.HasPrefix(name, "len("):
		return expr.Ule(v, c(4)), true
	}
	// Signed and unsigned alike: -100 ≤ v ≤ 100 read as signed keeps an
	// unsigned value ≤ 100 too (its other values are huge as unsigned).
	return expr.And(expr.Sle(c(^uint64(99)), v), expr.Sle(v, c(100))), true // ^99 is -100
}
