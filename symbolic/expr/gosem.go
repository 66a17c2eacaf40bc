package expr

// This file maps Go's integer operators, whose meaning depends on whether the
// operand type is signed, onto the sign-explicit operators of this package.

// Div is Go's a / b for operands of a signed or unsigned type. The caller
// must already have branched away the division by zero, which panics in Go.
func Div(a, b Expr, signed bool) Expr {
	if signed {
		return SDiv(a, b)
	}
	return UDiv(a, b)
}

// Rem is Go's a % b; see Div.
func Rem(a, b Expr, signed bool) Expr {
	if signed {
		return SRem(a, b)
	}
	return URem(a, b)
}

// Shr is Go's a >> amount: sign-filling for signed a. The amount is read as
// unsigned; a negative signed amount panics in Go and must be branched away
// by the caller.
func Shr(a, amount Expr, signed bool) Expr {
	if signed {
		return AShr(a, amount)
	}
	return LShr(a, amount)
}

// Lt is Go's a < b.
func Lt(a, b Expr, signed bool) Expr {
	if signed {
		return Slt(a, b)
	}
	return Ult(a, b)
}

// Le is Go's a <= b.
func Le(a, b Expr, signed bool) Expr {
	if signed {
		return Sle(a, b)
	}
	return Ule(a, b)
}

// Gt is Go's a > b.
func Gt(a, b Expr, signed bool) Expr { return Lt(b, a, signed) }

// Ge is Go's a >= b.
func Ge(a, b Expr, signed bool) Expr { return Le(b, a, signed) }

// Resize is Go's conversion between integer types: it truncates to a
// narrower width, and widens by sign extension when the source type is
// signed and by zero extension otherwise.
func Resize(a Expr, width int, signedSource bool) Expr {
	from := mustBV("Resize", a)
	switch {
	case width < from:
		return Trunc(a, width)
	case signedSource:
		return SExt(a, width)
	}
	return ZExt(a, width)
}
