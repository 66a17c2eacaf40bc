package expr

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// String prints e in a compact infix notation: signed and unsigned operators
// carry an s or u suffix (<s, /u), constants print in decimal when small and
// in hex otherwise, and shared subterms print once per use. A term longer
// than maxStringLen bytes is cut there and ends in "…": printed once per
// use, a term shared along a chain of stores or of ites is exponentially
// longer than the term itself (a loop over a string input builds one),
// and the messages String goes into only need its beginning.
func (e Expr) String() string {
	if !e.IsValid() {
		return "<invalid>"
	}
	var b strings.Builder
	write(&b, e)
	out := b.String()
	if len(out) <= maxStringLen {
		return out
	}
	cut := maxStringLen
	for !utf8.RuneStart(out[cut]) {
		cut-- // a name may have runes of several bytes
	}
	return out[:cut] + "…"
}

// maxStringLen bounds String's output in bytes.
const maxStringLen = 1000

func write(b *strings.Builder, e Expr) {
	if b.Len() > maxStringLen {
		return // the rest is cut; walking it could take exponential time
	}
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
