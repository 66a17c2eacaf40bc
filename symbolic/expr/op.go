package expr

// Op is the operator at the root of a term.
type Op uint8

// The operators. Arguments are listed as they are stored (Arg(0), Arg(1), …).
const (
	OpInvalid Op = iota

	// Leaves.
	OpConst // a Bool or BV constant; Value() holds it (a Bool is 0 or 1)
	OpVar   // a free variable of any sort; Name() holds its name

	// Boolean connectives over Bool.
	OpNot // (a)
	OpAnd // (a, b)
	OpOr  // (a, b)

	// Polymorphic.
	OpEq  // (a, b) of the same sort, gives Bool
	OpIte // (cond, then, else)

	// Bit-vector arithmetic: (a, b) of one width, gives that width.
	OpAdd
	OpSub
	OpMul
	OpUDiv
	OpSDiv
	OpURem
	OpSRem
	OpBitAnd
	OpBitOr
	OpBitXor
	OpShl  // amount of the same width, unsigned; amount ≥ width gives 0
	OpLShr // as OpShl
	OpAShr // as OpShl, but amount ≥ width gives the sign fill

	// Bit-vector unary: (a).
	OpBitNot
	OpNeg

	// Bit-vector comparisons: (a, b) of one width, gives Bool.
	OpUlt
	OpUle
	OpSlt
	OpSle

	// Width changes.
	OpZExt    // (a) to the wider width of the term's sort
	OpSExt    // (a) to the wider width of the term's sort
	OpExtract // (a), bits Lo()+width-1 … Lo() of a
	OpConcat  // (hi, lo): hi's bits above lo's

	// Arrays.
	OpSelect     // (array, index)
	OpStore      // (array, index, value)
	OpConstArray // (value): every index maps to value

	numOps
)

var opNames = [numOps]string{
	OpInvalid:    "invalid",
	OpConst:      "const",
	OpVar:        "var",
	OpNot:        "!",
	OpAnd:        "&&",
	OpOr:         "||",
	OpEq:         "==",
	OpIte:        "ite",
	OpAdd:        "+",
	OpSub:        "-",
	OpMul:        "*",
	OpUDiv:       "/u",
	OpSDiv:       "/s",
	OpURem:       "%u",
	OpSRem:       "%s",
	OpBitAnd:     "&",
	OpBitOr:      "|",
	OpBitXor:     "^",
	OpShl:        "<<",
	OpLShr:       ">>u",
	OpAShr:       ">>s",
	OpBitNot:     "^",
	OpNeg:        "-",
	OpUlt:        "<u",
	OpUle:        "<=u",
	OpSlt:        "<s",
	OpSle:        "<=s",
	OpZExt:       "zext",
	OpSExt:       "sext",
	OpExtract:    "extract",
	OpConcat:     "concat",
	OpSelect:     "select",
	OpStore:      "store",
	OpConstArray: "constarray",
}

func (op Op) String() string {
	if op < numOps {
		return opNames[op]
	}
	return "invalid"
}

// Ops lists every operator, for tests and for translators that must cover all.
func Ops() []Op {
	ops := make([]Op, 0, numOps-1)
	for op := OpConst; op < numOps; op++ {
		ops = append(ops, op)
	}
	return ops
}

// commutative reports whether the operands of op may be swapped.
func (op Op) commutative() bool {
	switch op {
	case OpAnd, OpOr, OpEq, OpAdd, OpMul, OpBitAnd, OpBitOr, OpBitXor:
		return true
	}
	return false
}
