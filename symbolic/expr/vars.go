package expr

// Vars lists the free variables of the terms, each once, in the order a
// depth-first, left-to-right walk first meets them (so the order is the same
// in every run).
func Vars(terms ...Expr) []Expr {
	var vars []Expr
	seen := make(map[Expr]bool)
	var walk func(Expr)
	walk = func(e Expr) {
		if seen[e] {
			return
		}
		seen[e] = true
		if e.IsVar() {
			vars = append(vars, e)
			return
		}
		for i, n := 0, e.NumArgs(); i < n; i++ {
			walk(e.Arg(i))
		}
	}
	for _, t := range terms {
		walk(t)
	}
	return vars
}

// Conjuncts splits a Bool term into the terms of its top-level conjunction:
// a && (b && c) gives a, b, c. True gives none.
func Conjuncts(e Expr) []Expr {
	mustBool("Conjuncts", e)
	var out []Expr
	var walk func(Expr)
	walk = func(e Expr) {
		switch {
		case e.Op() == OpAnd:
			walk(e.Arg(0))
			walk(e.Arg(1))
		case !e.IsTrue():
			out = append(out, e)
		}
	}
	walk(e)
	return out
}
