package expr

import (
	"math/rand/v2"
	"testing"
)

// The constructors rewrite as they build. These tests check the rewrites
// both ways: a table that they fire where they should, and a random test
// that they never change a term's meaning.

func TestRewritesFire(t *testing.T) {
	x, y := BVVar("x", 32), BVVar("y", 32)
	c := BoolVar("c")
	a := ArrayVar("mem", 8, 8)
	i, v := BVVar("i", 8), BVVar("v", 8)
	d := BoolVar("d")
	// strings.IndexByte's form: the first of two positions, or -1.
	index := Ite(c, Const(32, 0), Ite(d, Const(32, 1), Const(32, 0xffffffff)))
	cases := []struct {
		name      string
		got, want Expr
	}{
		{"x+0", Add(x, Const(32, 0)), x},
		{"0+x", Add(Const(32, 0), x), x},
		{"(x+1)+2", Add(Add(x, Const(32, 1)), Const(32, 2)), Add(x, Const(32, 3))},
		{"x-x", Sub(x, x), Const(32, 0)},
		{"x-1 is x+(-1)", Sub(x, Const(32, 1)), Add(x, Const(32, 0xffffffff))},
		{"x*1", Mul(x, Const(32, 1)), x},
		{"x*0", Mul(Const(32, 0), x), Const(32, 0)},
		{"x/1", SDiv(x, Const(32, 1)), x},
		{"x%1", URem(x, Const(32, 1)), Const(32, 0)},
		{"x&x", BitAnd(x, x), x},
		{"x|0", BitOr(x, Const(32, 0)), x},
		{"x^x", BitXor(x, x), Const(32, 0)},
		{"x^ones", BitXor(x, Const(32, 0xffffffff)), BitNot(x)},
		{"^^x", BitNot(BitNot(x)), x},
		{"--x", Neg(Neg(x)), x},
		{"x<<0", Shl(x, Const(8, 0)), x},
		{"x<<40", Shl(x, Const(64, 40)), Const(32, 0)},
		{"x>>s 40", AShr(x, Const(64, 40)), AShr(x, Const(32, 31))},
		{"x==x", Eq(x, y), Eq(x, y)},
		{"x==x is true", Eq(x, x), True},
		{"const left in ==", Eq(Const(32, 5), x), Eq(x, Const(32, 5))},
		{"c==true", Eq(c, True), c},
		{"c==false", Eq(c, False), Not(c)},
		{"!!c", Not(Not(c)), c},
		{"c&&!c", And(c, Not(c)), False},
		{"c||!c", Or(c, Not(c)), True},
		{"ite(c,x,x)", Ite(c, x, x), x},
		{"ite(!c,x,y)", Ite(Not(c), x, y), Ite(c, y, x)},
		{"ite(c,true,false)", Ite(c, True, False), c},
		{"x<x", Slt(x, x), False},
		{"x<u0", Ult(x, Const(32, 0)), False},
		{"0<=ux", Ule(Const(32, 0), x), True},
		{"zext same width", ZExt(x, 32), x},
		{"zext zext", ZExt(ZExt(BVVar("b", 8), 16), 32), ZExt(BVVar("b", 8), 32)},
		{"sext of zext", SExt(ZExt(BVVar("b", 8), 16), 32), ZExt(BVVar("b", 8), 32)},
		{"trunc of zext", Trunc(ZExt(BVVar("b", 8), 32), 8), BVVar("b", 8)},
		{"high bits of zext", Extract(ZExt(BVVar("b", 8), 32), 31, 8), Const(24, 0)},
		{"extract of extract", Extract(Extract(x, 23, 8), 7, 0), Extract(x, 15, 8)},
		{"rejoin slices", Concat(Extract(x, 15, 8), Extract(x, 7, 0)), Trunc(x, 16)},
		{"extract of concat low", Extract(Concat(y, x), 31, 0), x},
		{"extract of concat high", Extract(Concat(Trunc(y, 16), Trunc(x, 16)), 31, 16), Trunc(y, 16)},
		{"select of store, same index", Select(Store(a, i, v), i), v},
		{"select past a store at another constant", Select(Store(a, Const(8, 1), v), Const(8, 2)), Select(a, Const(8, 2))},
		{"select of constarray", Select(ConstArray(ArraySort(8, 8), v), i), v},
		{"store over store", Store(Store(a, i, v), i, Const(8, 3)), Store(a, i, Const(8, 3))},
		{"ite(c,true,y)", Ite(c, True, d), Or(c, d)},
		{"ite(c,false,y)", Ite(c, False, d), And(Not(c), d)},
		{"ite(c,y,true)", Ite(c, d, True), Or(Not(c), d)},
		{"ite(c,y,false)", Ite(c, d, False), And(c, d)},
		{"ite of constants + 1", Add(Ite(c, Const(32, 3), Const(32, 5)), Const(32, 1)), Ite(c, Const(32, 4), Const(32, 6))},
		{"1 - ite of constants", Sub(Const(32, 1), Ite(c, Const(32, 3), Const(32, 5))), Ite(c, Const(32, 0xfffffffe), Const(32, 0xfffffffc))},
		{"ite of constants == a leaf", Eq(Ite(c, Const(32, 3), Const(32, 5)), Const(32, 3)), c},
		{"ite of constants == no leaf", Eq(Ite(c, Const(32, 3), Const(32, 5)), Const(32, 4)), False},
		{"index chain < 0", Slt(index, Const(32, 0)), And(Not(c), Not(d))},
		{"0 <= index chain + 1", Sle(Const(32, 1), Add(index, Const(32, 1))), Or(c, d)},
		{"index chain <u 1", Ult(index, Const(32, 1)), c},
		{"index chain <=u 0", Ule(index, Const(32, 0)), c},
		{"zext of index chain", ZExt(Ite(c, Const(8, 1), Const(8, 0xff)), 16), Ite(c, Const(16, 1), Const(16, 0xff))},
		{"sext of index chain", SExt(Ite(c, Const(8, 1), Const(8, 0xff)), 16), Ite(c, Const(16, 1), Const(16, 0xffff))},
		{"low byte of index chain", Trunc(Ite(c, Const(32, 0x101), Const(32, 2)), 8), Ite(c, Const(8, 1), Const(8, 2))},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	// An if-then-else with a leaf that is not a constant is not rewritten:
	// its arithmetic does not fold.
	if got := Add(Ite(c, x, Const(32, 5)), Const(32, 1)); got.Op() != OpAdd {
		t.Errorf("pushed an addition into an if-then-else with a variable leaf: %v", got)
	}
	// A store at a symbolic index may alias, so select must not skip it.
	if got := Select(Store(a, i, v), Const(8, 2)); got.Op() != OpSelect || got.Arg(0).Op() != OpStore {
		t.Errorf("select skipped a store that may alias: %v", got)
	}
}

// tree is an unsimplified term description with its own reference
// evaluation, so the simplified Expr can be checked against it.
type tree struct {
	expr Expr
	eval func(env *Values) uint64
}

type termGen struct {
	r     *rand.Rand
	width int
	vars  []Expr
	array Expr
}

func (g *termGen) bv(depth int) tree {
	w := g.width
	if depth == 0 || g.r.IntN(5) == 0 {
		if g.r.IntN(2) == 0 {
			v := g.vars[g.r.IntN(len(g.vars))]
			return tree{v, func(env *Values) uint64 { return env.Scalars[v] }}
		}
		k := Const(w, operand[uint64](g.r))
		return tree{k, func(*Values) uint64 { return k.Value() }}
	}
	switch g.r.IntN(7) {
	case 4:
		return g.constChain(depth)
	case 0:
		op := []Op{OpNeg, OpBitNot}[g.r.IntN(2)]
		a := g.bv(depth - 1)
		build := map[Op]func(Expr) Expr{OpNeg: Neg, OpBitNot: BitNot}[op]
		return tree{build(a.expr), func(env *Values) uint64 { return applyUnary(op, w, a.eval(env)) }}
	case 1:
		c, a, b := g.boolean(depth-1), g.bv(depth-1), g.bv(depth-1)
		return tree{Ite(c.expr, a.expr, b.expr), func(env *Values) uint64 {
			if c.eval(env) == 1 {
				return a.eval(env)
			}
			return b.eval(env)
		}}
	case 2: // narrow and widen again
		a := g.bv(depth - 1)
		n := 1 + g.r.IntN(w)
		lo := g.r.IntN(w - n + 1)
		signed := g.r.IntN(2) == 0
		return tree{Resize(Extract(a.expr, lo+n-1, lo), w, signed), func(env *Values) uint64 {
			part := applyExtract(n, lo, a.eval(env))
			if signed {
				return applyExtend(OpSExt, n, w, part)
			}
			return part
		}}
	case 3:
		idx := g.bv(depth - 1)
		narrowIdx := Trunc(idx.expr, 8)
		val := Trunc(g.bv(depth-1).expr, 8)
		at := Const(8, uint64(g.r.IntN(4)))
		mem := Store(g.array, narrowIdx, val)
		sel := ZExt(Select(mem, at), w)
		valTree := val
		return tree{sel, func(env *Values) uint64 {
			if applyExtract(8, 0, idx.eval(env)) == at.Value() {
				return Eval(valTree, env)
			}
			return env.Element(g.array, at.Value())
		}}
	}
	ops := []Op{OpAdd, OpSub, OpMul, OpUDiv, OpSDiv, OpURem, OpSRem, OpBitAnd, OpBitOr, OpBitXor, OpShl, OpLShr, OpAShr}
	builders := []func(a, b Expr) Expr{Add, Sub, Mul, UDiv, SDiv, URem, SRem, BitAnd, BitOr, BitXor, Shl, LShr, AShr}
	k := g.r.IntN(len(ops))
	a, b := g.bv(depth-1), g.bv(depth-1)
	return tree{builders[k](a.expr, b.expr), func(env *Values) uint64 { return applyBinary(ops[k], w, a.eval(env), b.eval(env)) }}
}

// constChain is an if-then-else chain of up to five constant leaves, the
// form of strings.IndexByte's result, which operators with a constant
// operand are pushed into.
func (g *termGen) constChain(depth int) tree {
	k := Const(g.width, operand[uint64](g.r))
	chain := tree{k, func(*Values) uint64 { return k.Value() }}
	for range 1 + g.r.IntN(4) {
		c, leaf, rest := g.boolean(depth-1), Const(g.width, operand[uint64](g.r)), chain
		chain = tree{Ite(c.expr, leaf, rest.expr), func(env *Values) uint64 {
			if c.eval(env) == 1 {
				return leaf.Value()
			}
			return rest.eval(env)
		}}
	}
	return chain
}

func (g *termGen) boolean(depth int) tree {
	if depth == 0 || g.r.IntN(6) == 0 {
		b := g.r.IntN(2) == 0
		return tree{BoolConst(b), func(*Values) uint64 { return boolBit(b) }}
	}
	switch g.r.IntN(4) {
	case 0:
		a := g.boolean(depth - 1)
		return tree{Not(a.expr), func(env *Values) uint64 { return a.eval(env) ^ 1 }}
	case 1:
		a, b := g.boolean(depth-1), g.boolean(depth-1)
		if g.r.IntN(2) == 0 {
			return tree{And(a.expr, b.expr), func(env *Values) uint64 { return a.eval(env) & b.eval(env) }}
		}
		return tree{Or(a.expr, b.expr), func(env *Values) uint64 { return a.eval(env) | b.eval(env) }}
	}
	ops := []Op{OpEq, OpUlt, OpUle, OpSlt, OpSle}
	builders := []func(a, b Expr) Expr{Eq, Ult, Ule, Slt, Sle}
	k := g.r.IntN(len(ops))
	a, b := g.bv(depth-1), g.bv(depth-1)
	return tree{builders[k](a.expr, b.expr), func(env *Values) uint64 { return applyBinary(ops[k], g.width, a.eval(env), b.eval(env)) }}
}

func TestRewritesPreserveMeaning(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for _, w := range []int{8, 16, 32, 64} {
		g := &termGen{r: r, width: w, vars: []Expr{BVVar("x", w), BVVar("y", w)}, array: ArrayVar("mem", 8, 8)}
		for n := 0; n < 3000; n++ {
			term := g.boolean(4)
			for k := 0; k < 8; k++ {
				env := &Values{
					Scalars: map[Expr]uint64{g.vars[0]: operand[uint64](r) & mask(w), g.vars[1]: operand[uint64](r) & mask(w)},
					Arrays:  map[Expr]ArrayValue{g.array: {Default: r.Uint64() & 0xff, Entries: map[uint64]uint64{uint64(r.IntN(4)): r.Uint64() & 0xff}}},
				}
				if got, want := Eval(term.expr, env), term.eval(env); got != want {
					t.Fatalf("width %d: %v evaluates to %d, the unsimplified term to %d (env %v)", w, term.expr, got, want, env.Scalars)
				}
			}
		}
	}
}
