package value

import (
	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Lookups in constant tables. A table such as uuid's xvalues ([256]byte:
// 255 but for the hex digits) or utf8's first is read at a symbolic index
// as one value (symbolic/symindex.go); as a chain of one if-then-else per element,
// that value is 256 terms deep, and a path through a dozen such lookups
// asks Z3 queries it cannot answer in time. When every candidate element
// is a constant, the lookup is written by stretches instead: the
// elements split into runs of consecutive indices on which the value is
// an arithmetic progression (base + k·step, modulo the width: a constant
// run, or '0'..'9' → 0..9), the runs on one progression share one
// branch, and the progression with the most runs is the default. xvalues
// becomes four branches: '0'..'9', 'a'..'f', 'A'..'F', and 255 for the
// rest. The value at every candidate index is the same as the chain's
// (consttable_test.go checks them all), so the path conditions mean what
// they meant; only their size changes.

// progression is value(k) = base + k·step, modulo 2^width.
type progression struct{ base, step uint64 }

// indexRun is a stretch lo..hi of consecutive candidate indices on one
// progression.
type indexRun struct {
	lo, hi uint64
	prog   progression
}

// ConstLookup is the element at index i (a 64-bit term) of a table whose
// candidate indices ks (ascending) hold the constants vals of sort
// elemSort (bit-vectors of at most 64 bits, or bool as 0 and 1). As with
// the chain, an i that is no candidate is ruled out by the path already
// (the bounds check), so the default branch needs no condition.
func ConstLookup(i expr.Expr, ks []uint64, vals []uint64, elemSort expr.Sort) expr.Expr {
	width := 1
	if !elemSort.IsBool() {
		width = elemSort.Width()
	}
	runs := progressionRuns(ks, vals, width, elemSort.IsBool())
	var order []progression
	byProg := map[progression][]indexRun{}
	for _, r := range runs {
		if _, seen := byProg[r.prog]; !seen {
			order = append(order, r.prog)
		}
		byProg[r.prog] = append(byProg[r.prog], r)
	}
	def := 0
	for n, p := range order {
		if len(byProg[p]) > len(byProg[order[def]]) {
			def = n
		}
	}
	out := progressionValue(i, order[def], width, elemSort)
	for n := len(order) - 1; n >= 0; n-- {
		if n == def {
			continue
		}
		var in []expr.Expr
		for _, r := range byProg[order[n]] {
			in = append(in, r.contains(i))
		}
		out = expr.Ite(expr.Or(in...), progressionValue(i, order[n], width, elemSort), out)
	}
	return out
}

// progressionRuns splits the candidates into maximal runs of consecutive
// indices whose values step by one amount; a bool table's runs are
// constant.
func progressionRuns(ks, vals []uint64, width int, constOnly bool) []indexRun {
	mask := lowBits(width)
	var runs []indexRun
	for j := 0; j < len(ks); {
		end := j
		step := uint64(0)
		if !constOnly && j+1 < len(ks) && ks[j+1] == ks[j]+1 {
			step = (vals[j+1] - vals[j]) & mask
		}
		for end+1 < len(ks) && ks[end+1] == ks[end]+1 && (vals[end+1]-vals[end])&mask == step {
			end++
		}
		base := (vals[j] - ks[j]*step) & mask
		runs = append(runs, indexRun{lo: ks[j], hi: ks[end], prog: progression{base, step}})
		j = end + 1
	}
	return runs
}

// contains is the condition lo <= i <= hi.
func (r indexRun) contains(i expr.Expr) expr.Expr {
	if r.lo == r.hi {
		return expr.Eq(i, expr.Const(64, r.lo))
	}
	upTo := expr.Ule(i, expr.Const(64, r.hi))
	if r.lo == 0 {
		return upTo
	}
	return expr.And(expr.Ule(expr.Const(64, r.lo), i), upTo)
}

// progressionValue is base + i·step in the element's sort.
func progressionValue(i expr.Expr, p progression, width int, elemSort expr.Sort) expr.Expr {
	if elemSort.IsBool() {
		return expr.BoolConst(p.base != 0)
	}
	base := expr.Const(width, p.base)
	if p.step == 0 {
		return base
	}
	k := i
	if width < 64 {
		k = expr.Trunc(i, width)
	}
	return expr.Add(base, expr.Mul(k, expr.Const(width, p.step)))
}

// ConstTerms are the values of terms when every one is a constant of one
// sort, a bit-vector of at most 64 bits or a bool, and there are more
// than two of them (two are one if-then-else either way).
func ConstTerms(terms []expr.Expr) (vals []uint64, sort expr.Sort, ok bool) {
	if len(terms) <= 2 {
		return nil, sort, false
	}
	sort = terms[0].Sort()
	if !sort.IsBool() && (!sort.IsBV() || sort.Width() > 64) {
		return nil, sort, false
	}
	for _, t := range terms {
		if !t.IsConst() || t.Sort() != sort {
			return nil, sort, false
		}
		vals = append(vals, t.Value())
	}
	return vals, sort, true
}

// constSelect is vals[i] for a table of constants, def where i is past
// its end: the runs of ConstLookup, guarded by the bound when i can pass
// it.
func constSelect(vals []uint64, sort expr.Sort, i expr.Expr, def expr.Expr) expr.Expr {
	wide := i
	if i.Width() < 64 {
		wide = expr.ZExt(i, 64)
	}
	n := uint64(len(vals))
	out := ConstLookup(wide, indicesTo(len(vals)-1), vals, sort)
	if i.Width() >= 64 || n <= lowBits(i.Width()) {
		out = expr.Ite(expr.Ult(i, expr.Const(i.Width(), n)), out, def)
	}
	return out
}

// lowBits keeps the low w bits.
func lowBits(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// indicesTo is 0, 1, …, n.
func indicesTo(n int) []uint64 {
	vals := make([]uint64, n+1)
	for i := range vals {
		vals[i] = uint64(i)
	}
	return vals
}
