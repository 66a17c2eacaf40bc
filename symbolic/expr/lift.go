package expr

// Operators pushed into an if-then-else of constants. A library function
// that returns a position computes it as a chain of if-then-else terms with
// constant leaves: strings.IndexByte(s, c) is ite(s[0] == c, 0, ite(s[1] ==
// c, 1, …, -1)). The caller then does arithmetic on it (i+1, len-1) and
// compares it (i < 0, i+1 == n), and Z3 bit-blasts every such step into
// 64-bit adders and comparators over a multiplexer of the chain: csv's
// readRecord spent about a second on each query over one. Applied to the
// leaves instead, the arithmetic folds (ite(c, 3, 5) + 1 is ite(c, 4, 6)),
// and a comparison leaves only the conditions of the chain, Boolean terms
// over the bytes (ite(c, 3, 5) == 4 is c). The rewrite is exact: an
// operator with one operand fixed is a function, and a function of an
// if-then-else is the if-then-else of the function.

// maxLiftLeaves bounds the leaves of an if-then-else an operator is pushed
// into: the rewrite builds a term as large as the one it rewrites, which
// must stay about the size of a chain over the longest input the bounds
// let grow (a string of 256 bytes).
const maxLiftLeaves = 512

// constLeaves reports whether a is an if-then-else whose branches end in
// constants only, at most maxLiftLeaves of them.
func constLeaves(a Expr) bool {
	if a.Op() != OpIte {
		return false
	}
	n := 0
	var leaves func(x Expr) bool
	leaves = func(x Expr) bool {
		switch {
		case x.IsConst():
			n++
			return n <= maxLiftLeaves
		case x.Op() == OpIte:
			return leaves(x.Arg(1)) && leaves(x.Arg(2))
		}
		return false
	}
	return leaves(a)
}

// mapLeaves is a with f applied to each of its leaves, a an if-then-else
// for which constLeaves holds.
func mapLeaves(a Expr, f func(Expr) Expr) Expr {
	if a.Op() != OpIte {
		return f(a)
	}
	return Ite(a.Arg(0), mapLeaves(a.Arg(1), f), mapLeaves(a.Arg(2), f))
}

// liftBinary is op(a, b) pushed into whichever operand is an if-then-else
// of constants while the other is a constant, and ok when one is.
func liftBinary(a, b Expr, op func(a, b Expr) Expr) (Expr, bool) {
	switch {
	case b.IsConst() && constLeaves(a):
		return mapLeaves(a, func(x Expr) Expr { return op(x, b) }), true
	case a.IsConst() && constLeaves(b):
		return mapLeaves(b, func(y Expr) Expr { return op(a, y) }), true
	}
	return Expr{}, false
}

// liftUnary is op(a) pushed into a, and ok when a is an if-then-else of
// constants.
func liftUnary(a Expr, op func(Expr) Expr) (Expr, bool) {
	if !constLeaves(a) {
		return Expr{}, false
	}
	return mapLeaves(a, op), true
}
