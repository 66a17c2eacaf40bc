package expr

// This file holds the concrete meaning of every bit-vector and Boolean
// operator on uint64 carriers. Constant folding and Eval both use it, so the
// folder, the evaluator and (through the solver's tests) Z3 cannot disagree.

// applyUnary computes a unary operator on a value of the given width.
func applyUnary(op Op, width int, a uint64) uint64 {
	m := mask(width)
	switch op {
	case OpNot:
		return a ^ 1
	case OpBitNot:
		return ^a & m
	case OpNeg:
		return -a & m
	}
	panic("expr: applyUnary of " + op.String())
}

// applyBinary computes a binary operator on two values of the given width.
// Comparisons and Eq give 0 or 1.
func applyBinary(op Op, width int, a, b uint64) uint64 {
	m := mask(width)
	switch op {
	case OpAnd:
		return a & b
	case OpOr:
		return a | b
	case OpEq:
		return boolBit(a == b)
	case OpAdd:
		return (a + b) & m
	case OpSub:
		return (a - b) & m
	case OpMul:
		return (a * b) & m
	case OpUDiv:
		if b == 0 {
			return m // SMT-LIB: x / 0 is all ones
		}
		return a / b
	case OpURem:
		if b == 0 {
			return a // SMT-LIB: x % 0 is x
		}
		return a % b
	case OpSDiv:
		if b == 0 {
			// SMT-LIB: -1 for a non-negative dividend, 1 for a negative one.
			if signExtend(a, width) < 0 {
				return 1
			}
			return m
		}
		// Go's int64 division truncates toward zero and gives MinInt64 for
		// MinInt64 / -1; for narrower widths the exact quotient fits in int64
		// and masking wraps it the way the narrow type would.
		return uint64(signExtend(a, width)/signExtend(b, width)) & m
	case OpSRem:
		if b == 0 {
			return a
		}
		return uint64(signExtend(a, width)%signExtend(b, width)) & m
	case OpBitAnd:
		return a & b
	case OpBitOr:
		return a | b
	case OpBitXor:
		return a ^ b
	case OpShl:
		if b >= uint64(width) {
			return 0
		}
		return (a << b) & m
	case OpLShr:
		if b >= uint64(width) {
			return 0
		}
		return a >> b
	case OpAShr:
		if b >= uint64(width) {
			b = uint64(width) - 1 // every bit becomes the sign bit
		}
		return uint64(signExtend(a, width)>>b) & m
	case OpUlt:
		return boolBit(a < b)
	case OpUle:
		return boolBit(a <= b)
	case OpSlt:
		return boolBit(signExtend(a, width) < signExtend(b, width))
	case OpSle:
		return boolBit(signExtend(a, width) <= signExtend(b, width))
	}
	panic("expr: applyBinary of " + op.String())
}

// applyExtend computes a zero or sign extension from one width to a wider one.
func applyExtend(op Op, from, to int, a uint64) uint64 {
	if op == OpSExt {
		return uint64(signExtend(a, from)) & mask(to)
	}
	return a
}

// applyExtract takes width bits of a starting at bit lo.
func applyExtract(width, lo int, a uint64) uint64 { return (a >> uint(lo)) & mask(width) }

// applyConcat puts hi above the loWidth bits of lo.
func applyConcat(loWidth int, hi, lo uint64) uint64 {
	if loWidth >= 64 {
		return lo
	}
	return hi<<uint(loWidth) | lo
}

func boolBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
