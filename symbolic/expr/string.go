package expr

import (
	"fmt"
	"strings"
)

// String prints e in a compact infix notation: signed and unsigned operators
// carry an s or u suffix (<s, /u), constants print in decimal when small and
// in hex otherwise, and shared subterms print once per use.
func (e Expr) String() string {
	if !e.IsValid() {
		return "<invalid>"
	}
	var b strings.Builder
	write(&b, e)
	return b.String()
}

func write(b *strings.Builder, e Expr) {
	op := e.Op()
	switch op {
	case OpConst:
		writeConst(b, e)
	case OpVar:
		b.WriteString(e.Name())
	case OpNot:
		b.WriteString("!")
		write(b, e.Arg(0))
	case OpBitNot, OpNeg:
		b.WriteString(op.String())
		write(b, e.Arg(0))
	case OpIte:
		call(b, "ite", e.Args()...)
	case OpZExt, OpSExt:
		call(b, fmt.Sprintf("%s%d", op, e.Width()), e.Arg(0))
	case OpExtract:
		write(b, e.Arg(0))
		fmt.Fprintf(b, "[%d:%d]", e.Lo()+e.Width()-1, e.Lo())
	case OpConcat:
		call(b, "concat", e.Args()...)
	case OpSelect:
		write(b, e.Arg(0))
		b.WriteString("[")
		write(b, e.Arg(1))
		b.WriteString("]")
	case OpStore:
		call(b, "store", e.Args()...)
	case OpConstArray:
		call(b, "constarray", e.Arg(0))
	default: // binary infix
		b.WriteString("(")
		write(b, e.Arg(0))
		b.WriteString(" " + op.String() + " ")
		write(b, e.Arg(1))
		b.WriteString(")")
	}
}

func writeConst(b *strings.Builder, e Expr) {
	switch v := e.Value(); {
	case e.Sort().IsBool():
		fmt.Fprint(b, v == 1)
	case v < 1<<16:
		fmt.Fprint(b, v)
	default:
		fmt.Fprintf(b, "%#x", v)
	}
}

func call(b *strings.Builder, name string, args ...Expr) {
	b.WriteString(name)
	b.WriteString("(")
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		write(b, a)
	}
	b.WriteString(")")
}
