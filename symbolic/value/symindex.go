package value

import "github.com/gosymtest/gosymtest/symbolic/expr"

// This file reads and writes values at a symbolic index, as a Pointer's
// Sym steps select them. A read merges the candidate elements into one
// if-then-else value. A write rewrites each candidate. Neither forks:
// where the candidates cannot be merged, ok is false.

// ReadSym is the value at path inside v, where the steps of p.Sym select by
// symbolic index: an if-then-else over the candidate elements. v must be
// materialised along every candidate path.
func ReadSym(v Value, p Pointer, depth int) (Value, bool) {
	for ; depth < len(p.Path); depth++ {
		i, sym := p.SymIndexAt(depth)
		if !sym {
			v = At(v, p.Path[depth:depth+1])
			continue
		}
		arr := v.(Array)
		var ks []uint64
		var els []Value
		for k := range arr.Len() {
			if expr.Eq(i, expr.Const(64, uint64(k))).IsFalse() {
				continue
			}
			el, ok := ReadSym(arr.At(k), p, depth+1)
			if !ok {
				return nil, false
			}
			ks, els = append(ks, uint64(k)), append(els, el)
		}
		if len(els) == 0 {
			panic(internalError("symbolic index selects no element"))
		}
		if terms, ok := scalarTerms(els); ok {
			if vals, sort, ok := ConstTerms(terms); ok {
				return Scalar{E: ConstLookup(i, ks, vals, sort)}, true
			}
		}
		out := els[len(els)-1] // the last candidate: the bounds check rules out the rest
		for n := len(els) - 2; n >= 0; n-- {
			var ok bool
			if out, ok = Ite(expr.Eq(i, expr.Const(64, ks[n])), els[n], out); !ok {
				return nil, false
			}
		}
		return out, true
	}
	return v, true
}

// WriteSym returns v with every candidate element of p (from depth on)
// replaced by ite(cond ∧ selected, x, old).
func WriteSym(v Value, p Pointer, depth int, cond expr.Expr, x Value) (Value, bool) {
	if depth == len(p.Path) {
		return Ite(cond, x, v)
	}
	i, sym := p.SymIndexAt(depth)
	if !sym {
		step := p.Path[depth]
		switch c := v.(type) {
		case Struct:
			f, ok := WriteSym(c.Fields[step], p, depth+1, cond, x)
			if !ok {
				return nil, false
			}
			fields := append([]Value(nil), c.Fields...)
			fields[step] = f
			return Struct{Fields: fields}, true
		case Array:
			el, ok := WriteSym(c.At(step), p, depth+1, cond, x)
			if !ok {
				return nil, false
			}
			return c.Set(step, el), true
		}
		panic(internalError("path step %d into %T", step, v))
	}
	arr := v.(Array)
	elems := arr.Elems()
	for k := range elems {
		hit := expr.And(cond, expr.Eq(i, expr.Const(64, uint64(k))))
		if hit.IsFalse() {
			continue
		}
		el, ok := WriteSym(elems[k], p, depth+1, hit, x)
		if !ok {
			return nil, false
		}
		elems[k] = el
	}
	return ArrayOf(elems), true
}

// IndexArray is x[i] for an array value and a symbolic i: the elements
// merged into one if-then-else value, or ok false when they cannot be.
func IndexArray(x Array, i expr.Expr) (Value, bool) {
	if terms, ok := scalarTerms(x.Elems()); ok {
		return Scalar{E: SelectTerm(terms, i, terms[0])}, true
	}
	return ReadSym(x, Pointer{Path: Path{0}, Sym: []SymStep{{At: 0, Index: i}}}, 0)
}

// scalarTerms gives the terms of values that are all scalars.
func scalarTerms(vs []Value) ([]expr.Expr, bool) {
	terms := make([]expr.Expr, len(vs))
	for i, v := range vs {
		sc, ok := v.(Scalar)
		if !ok {
			return nil, false
		}
		terms[i] = sc.E
	}
	return terms, len(terms) > 0
}
