package expr

import "fmt"

// Const is the bit-vector constant v of the given width; bits above the width
// are dropped.
func Const(width int, v uint64) Expr {
	checkWidth(width)
	return constant(width, v&mask(width))
}

// BVVar is Var(name, BV(width)).
func BVVar(name string, width int) Expr { return Var(name, BV(width)) }

// Add is a + b.
func Add(a, b Expr) Expr {
	if w, ok := bvConsts(a, b); ok {
		return constant(w, applyBinary(OpAdd, w, a.c, b.c))
	}
	w := mustBVPair("Add", a, b)
	a, b = constRight(a, b)
	switch {
	case a.IsConst():
		return Const(w, applyBinary(OpAdd, w, a.Value(), b.Value()))
	case isZero(b):
		return a
	case b.IsConst() && a.Op() == OpAdd && a.Arg(1).IsConst():
		// (x + c1) + c2 → x + (c1 + c2): keeps offsets flat.
		return Add(a.Arg(0), Const(w, a.Arg(1).Value()+b.Value()))
	}
	if r, ok := liftBinary(a, b, Add); ok {
		return r
	}
	return mk(OpAdd, BV(w), 0, "", a, b)
}

// Sub is a - b.
func Sub(a, b Expr) Expr {
	if w, ok := bvConsts(a, b); ok {
		return constant(w, applyBinary(OpSub, w, a.c, b.c))
	}
	w := mustBVPair("Sub", a, b)
	switch {
	case a.IsConst() && b.IsConst():
		return Const(w, applyBinary(OpSub, w, a.Value(), b.Value()))
	case a == b:
		return Const(w, 0)
	case b.IsConst():
		return Add(a, Const(w, -b.Value()))
	}
	if r, ok := liftBinary(a, b, Sub); ok {
		return r
	}
	return mk(OpSub, BV(w), 0, "", a, b)
}

// Mul is a * b.
func Mul(a, b Expr) Expr {
	if w, ok := bvConsts(a, b); ok {
		return constant(w, applyBinary(OpMul, w, a.c, b.c))
	}
	w := mustBVPair("Mul", a, b)
	a, b = constRight(a, b)
	switch {
	case a.IsConst():
		return Const(w, applyBinary(OpMul, w, a.Value(), b.Value()))
	case isZero(b):
		return b
	case isOne(b):
		return a
	}
	return mk(OpMul, BV(w), 0, "", a, b)
}

// UDiv is the unsigned quotient a / b (all ones when b is 0).
func UDiv(a, b Expr) Expr { return division(OpUDiv, a, b) }

// SDiv is the signed quotient a / b, truncated toward zero.
func SDiv(a, b Expr) Expr { return division(OpSDiv, a, b) }

// URem is the unsigned remainder a % b (a when b is 0).
func URem(a, b Expr) Expr { return division(OpURem, a, b) }

// SRem is the signed remainder a % b, with the sign of a.
func SRem(a, b Expr) Expr { return division(OpSRem, a, b) }

func division(op Op, a, b Expr) Expr {
	if w, ok := bvConsts(a, b); ok {
		return constant(w, applyBinary(op, w, a.c, b.c))
	}
	w := mustBVPair(op.String(), a, b)
	switch {
	case a.IsConst() && b.IsConst():
		return Const(w, applyBinary(op, w, a.Value(), b.Value()))
	case isOne(b) && (op == OpUDiv || op == OpSDiv):
		return a
	case isOne(b):
		return Const(w, 0)
	}
	return mk(op, BV(w), 0, "", a, b)
}

// BitAnd is a & b.
func BitAnd(a, b Expr) Expr {
	if w, ok := bvConsts(a, b); ok {
		return constant(w, applyBinary(OpBitAnd, w, a.c, b.c))
	}
	w := mustBVPair("BitAnd", a, b)
	a, b = constRight(a, b)
	switch {
	case a.IsConst():
		return Const(w, a.Value()&b.Value())
	case isZero(b) || a == b:
		return b
	case isOnes(b):
		return a
	}
	return mk(OpBitAnd, BV(w), 0, "", a, b)
}

// BitOr is a | b.
func BitOr(a, b Expr) Expr {
	if w, ok := bvConsts(a, b); ok {
		return constant(w, applyBinary(OpBitOr, w, a.c, b.c))
	}
	w := mustBVPair("BitOr", a, b)
	a, b = constRight(a, b)
	switch {
	case a.IsConst():
		return Const(w, a.Value()|b.Value())
	case isOnes(b) || a == b:
		return b
	case isZero(b):
		return a
	}
	return mk(OpBitOr, BV(w), 0, "", a, b)
}

// BitXor is a ^ b.
func BitXor(a, b Expr) Expr {
	if w, ok := bvConsts(a, b); ok {
		return constant(w, applyBinary(OpBitXor, w, a.c, b.c))
	}
	w := mustBVPair("BitXor", a, b)
	a, b = constRight(a, b)
	switch {
	case a.IsConst():
		return Const(w, a.Value()^b.Value())
	case a == b:
		return Const(w, 0)
	case isZero(b):
		return a
	case isOnes(b):
		return BitNot(a)
	}
	return mk(OpBitXor, BV(w), 0, "", a, b)
}

// AndNot is Go's a &^ b.
func AndNot(a, b Expr) Expr { return BitAnd(a, BitNot(b)) }

// BitNot is the bitwise complement ^a.
func BitNot(a Expr) Expr {
	w := mustBV("BitNot", a)
	switch {
	case a.IsConst():
		return Const(w, applyUnary(OpBitNot, w, a.Value()))
	case a.Op() == OpBitNot:
		return a.Arg(0)
	}
	return mk(OpBitNot, BV(w), 0, "", a)
}

// Neg is the two's-complement negation -a.
func Neg(a Expr) Expr {
	w := mustBV("Neg", a)
	switch {
	case a.IsConst():
		return Const(w, applyUnary(OpNeg, w, a.Value()))
	case a.Op() == OpNeg:
		return a.Arg(0)
	}
	return mk(OpNeg, BV(w), 0, "", a)
}

// Shl is a << amount. The amount is read as unsigned and may have any width;
// an amount of at least a's width gives 0, as in Go.
func Shl(a, amount Expr) Expr { return shift(OpShl, a, amount) }

// LShr is the logical (zero-filling) shift a >> amount; see Shl for amount.
func LShr(a, amount Expr) Expr { return shift(OpLShr, a, amount) }

// AShr is the arithmetic (sign-filling) shift a >> amount; see Shl for amount.
func AShr(a, amount Expr) Expr { return shift(OpAShr, a, amount) }

func shift(op Op, a, amount Expr) Expr {
	w := mustBV(op.String(), a)
	aw := mustBV(op.String(), amount)
	if amount.IsConst() {
		v := amount.Value()
		switch {
		case v == 0:
			return a
		case v >= uint64(w) && op != OpAShr:
			return Const(w, 0)
		case v >= uint64(w):
			v = uint64(w) - 1
		}
		if a.IsConst() {
			return Const(w, applyBinary(op, w, a.Value(), v))
		}
		return mk(op, BV(w), 0, "", a, Const(w, v))
	}
	switch {
	case aw < w:
		return mk(op, BV(w), 0, "", a, ZExt(amount, w))
	case aw > w:
		// The operator wants operands of one width. Truncating the amount is
		// only right when the amount is below the width, so guard it.
		inRange := Ult(amount, Const(aw, uint64(w)))
		narrow := mk(op, BV(w), 0, "", a, Extract(amount, w-1, 0))
		return Ite(inRange, narrow, shiftAll(op, a))
	}
	return mk(op, BV(w), 0, "", a, amount)
}

// shiftAll is what a shift by at least the width gives.
func shiftAll(op Op, a Expr) Expr {
	w := a.Width()
	if op == OpAShr {
		return AShr(a, Const(w, uint64(w-1)))
	}
	return Const(w, 0)
}

// Ult is the unsigned a < b.
func Ult(a, b Expr) Expr {
	if w, ok := bvConsts(a, b); ok {
		return BoolConst(applyBinary(OpUlt, w, a.c, b.c) == 1)
	}
	mustBVPair("Ult", a, b)
	switch {
	case a.IsConst() && b.IsConst():
		return BoolConst(a.Value() < b.Value())
	case a == b || isZero(b) || isOnes(a):
		return False
	}
	if r, ok := liftBinary(a, b, Ult); ok {
		return r
	}
	return mk(OpUlt, BoolSort(), 0, "", a, b)
}

// Ule is the unsigned a <= b.
func Ule(a, b Expr) Expr {
	if w, ok := bvConsts(a, b); ok {
		return BoolConst(applyBinary(OpUle, w, a.c, b.c) == 1)
	}
	mustBVPair("Ule", a, b)
	switch {
	case a.IsConst() && b.IsConst():
		return BoolConst(a.Value() <= b.Value())
	case a == b || isZero(a) || isOnes(b):
		return True
	}
	if r, ok := liftBinary(a, b, Ule); ok {
		return r
	}
	return mk(OpUle, BoolSort(), 0, "", a, b)
}

// Slt is the signed a < b.
func Slt(a, b Expr) Expr {
	if w, ok := bvConsts(a, b); ok {
		return BoolConst(applyBinary(OpSlt, w, a.c, b.c) == 1)
	}
	w := mustBVPair("Slt", a, b)
	switch {
	case a.IsConst() && b.IsConst():
		return BoolConst(applyBinary(OpSlt, w, a.Value(), b.Value()) == 1)
	case a == b:
		return False
	}
	if r, ok := liftBinary(a, b, Slt); ok {
		return r
	}
	return mk(OpSlt, BoolSort(), 0, "", a, b)
}

// Sle is the signed a <= b.
func Sle(a, b Expr) Expr {
	if w, ok := bvConsts(a, b); ok {
		return BoolConst(applyBinary(OpSle, w, a.c, b.c) == 1)
	}
	w := mustBVPair("Sle", a, b)
	switch {
	case a.IsConst() && b.IsConst():
		return BoolConst(applyBinary(OpSle, w, a.Value(), b.Value()) == 1)
	case a == b:
		return True
	}
	if r, ok := liftBinary(a, b, Sle); ok {
		return r
	}
	return mk(OpSle, BoolSort(), 0, "", a, b)
}

// ZExt widens a to width by adding zero bits.
func ZExt(a Expr, width int) Expr { return extend(OpZExt, a, width) }

// SExt widens a to width by copying its sign bit.
func SExt(a Expr, width int) Expr { return extend(OpSExt, a, width) }

func extend(op Op, a Expr, width int) Expr {
	from := mustBV(op.String(), a)
	checkWidth(width)
	switch {
	case width < from:
		panic(fmt.Sprintf("expr: %s of %s to narrower width %d", op, describe(a), width))
	case width == from:
		return a
	case a.IsConst():
		return Const(width, applyExtend(op, from, width, a.Value()))
	case a.Op() == op:
		return extend(op, a.Arg(0), width) // zext(zext(x)) is one zext
	case op == OpSExt && a.Op() == OpZExt:
		return ZExt(a.Arg(0), width) // the sign bit of a zext is 0
	}
	if r, ok := liftUnary(a, func(x Expr) Expr { return extend(op, x, width) }); ok {
		return r
	}
	return mk(op, BV(width), 0, "", a)
}

// Extract is bits hi … lo of a, inclusive, as a bit-vector of width hi-lo+1.
func Extract(a Expr, hi, lo int) Expr {
	from := mustBV("Extract", a)
	if lo < 0 || hi < lo || hi >= from {
		panic(fmt.Sprintf("expr: Extract [%d:%d] of %s", hi, lo, describe(a)))
	}
	width := hi - lo + 1
	switch {
	case width == from:
		return a
	case a.IsConst():
		return Const(width, applyExtract(width, lo, a.Value()))
	case a.Op() == OpExtract:
		return Extract(a.Arg(0), hi+a.Lo(), lo+a.Lo())
	case a.Op() == OpConcat:
		hiPart, loPart := a.Arg(0), a.Arg(1)
		lw := loPart.Width()
		if hi < lw {
			return Extract(loPart, hi, lo)
		}
		if lo >= lw {
			return Extract(hiPart, hi-lw, lo-lw)
		}
	case (a.Op() == OpZExt || a.Op() == OpSExt) && hi < a.Arg(0).Width():
		return Extract(a.Arg(0), hi, lo)
	case a.Op() == OpZExt && lo >= a.Arg(0).Width():
		return Const(width, 0)
	}
	if r, ok := liftUnary(a, func(x Expr) Expr { return Extract(x, hi, lo) }); ok {
		return r
	}
	return mk(OpExtract, BV(width), uint64(lo), "", a)
}

// Trunc keeps the low width bits of a.
func Trunc(a Expr, width int) Expr { return Extract(a, width-1, 0) }

// Concat puts hi's bits above lo's; the widths must add up to at most 64.
func Concat(hi, lo Expr) Expr {
	hw := mustBV("Concat", hi)
	lw := mustBV("Concat", lo)
	width := hw + lw
	checkWidth(width)
	switch {
	case hi.IsConst() && lo.IsConst():
		return Const(width, applyConcat(lw, hi.Value(), lo.Value()))
	case isZero(hi):
		return ZExt(lo, width)
	case hi.Op() == OpExtract && lo.Op() == OpExtract &&
		hi.Arg(0) == lo.Arg(0) && hi.Lo() == lo.Lo()+lw:
		// Adjacent slices of one term join back: x[15:8] ++ x[7:0] → x[15:0].
		return Extract(hi.Arg(0), hi.Lo()+hw-1, lo.Lo())
	}
	return mk(OpConcat, BV(width), 0, "", hi, lo)
}

// bvConsts reports whether a and b are constants of one bit-vector sort,
// and gives its width: the fast path of the binary constructors, which
// concrete execution takes on nearly every operation. Constants of one sort
// share their node, so one comparison of handles tells.
func bvConsts(a, b Expr) (width int, ok bool) {
	if a.h != b.h || a.h == (Expr{}).h {
		return 0, false
	}
	n := a.h.Value()
	if n.op != OpConst || n.sort.kind != KindBV {
		return 0, false
	}
	return int(n.sort.width), true
}

func constRight(a, b Expr) (Expr, Expr) {
	if a.IsConst() && !b.IsConst() {
		return b, a
	}
	return a, b
}

func isZero(a Expr) bool { return a.IsConst() && a.Value() == 0 }
func isOne(a Expr) bool  { return a.IsConst() && a.Value() == 1 }
func isOnes(a Expr) bool { return a.IsConst() && a.Value() == mask(a.Width()) }

func mustBV(who string, a Expr) int {
	if !a.IsValid() || !a.Sort().IsBV() {
		panic(fmt.Sprintf("expr: %s wants a bit-vector, got %s", who, describe(a)))
	}
	return a.Width()
}

func mustBVPair(who string, a, b Expr) int {
	w := mustBV(who, a)
	if mustBV(who, b) != w {
		panic(fmt.Sprintf("expr: %s wants operands of one width, got %s and %s", who, describe(a), describe(b)))
	}
	return w
}
