package expr

// Rebuild is e's operator over the operands args, in place of e's own:
// one argument per e.NumArgs(), each of the sort e's operator needs
// there. It goes through the same constructors as any term, so constant
// operands fold. A leaf is returned as it is.
func Rebuild(e Expr, args []Expr) Expr {
	switch op := e.Op(); op {
	case OpConst, OpVar:
		return e
	case OpNot:
		return Not(args[0])
	case OpAnd:
		return And(args[0], args[1])
	case OpOr:
		return Or(args[0], args[1])
	case OpEq:
		return Eq(args[0], args[1])
	case OpIte:
		return Ite(args[0], args[1], args[2])
	case OpBitNot:
		return BitNot(args[0])
	case OpNeg:
		return Neg(args[0])
	case OpZExt:
		return ZExt(args[0], e.Width())
	case OpSExt:
		return SExt(args[0], e.Width())
	case OpExtract:
		return Extract(args[0], e.Lo()+e.Width()-1, e.Lo())
	case OpConcat:
		return Concat(args[0], args[1])
	case OpSelect:
		return Select(args[0], args[1])
	case OpStore:
		return Store(args[0], args[1], args[2])
	case OpConstArray:
		return ConstArray(e.Sort(), args[0])
	default:
		return binaryBuilders[op](args[0], args[1])
	}
}

// binaryBuilders build the binary bit-vector operators.
var binaryBuilders = map[Op]func(a, b Expr) Expr{
	OpAdd: Add, OpSub: Sub, OpMul: Mul,
	OpUDiv: UDiv, OpSDiv: SDiv, OpURem: URem, OpSRem: SRem,
	OpBitAnd: BitAnd, OpBitOr: BitOr, OpBitXor: BitXor,
	OpShl: Shl, OpLShr: LShr, OpAShr: AShr,
	OpUlt: Ult, OpUle: Ule, OpSlt: Slt, OpSle: Sle,
}
