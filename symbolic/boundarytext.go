package symbolic

import (
	"fmt"
	"strconv"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// boundaryText says where a case sits, in the source's terms: "score ==
// 90, the boundary of score >= 90" when the compared operands are equal,
// "score == 89, one past the boundary of score >= 90" when they are one
// apart; "limit == 3, the boundary of i < limit" when i is 3 on the path.
// Two operands that the inputs set are named together: "v == lo-1, one
// past the boundary of v < lo".
func (e *Engine) boundaryText(c boundaryCandidate, m expr.Assignment) string {
	bin := c.site.cmp
	src := e.Src.Bin(bin)
	xt, yt := c.cmp.Arg(0), c.cmp.Arg(1)
	if c.site.swapped {
		xt, yt = yt, xt
	}
	x, y := expr.Eval(xt, m), expr.Eval(yt, m)
	w := c.cmp.Arg(0).Width()
	signed := c.cmp.Op() == expr.OpSlt || c.cmp.Op() == expr.OpSle
	num := func(v uint64) string {
		if signed {
			return strconv.FormatInt(expr.Const(w, v).SignedValue(), 10)
		}
		return strconv.FormatUint(v, 10)
	}
	// A value compared with a character literal is one too where it is
	// printable ASCII: c == '0', not c == 48 (a negative one has its
	// high bits set, and stays a number).
	value := func(v uint64, other string) string {
		if isCharLiteral(other) && v >= ' ' && v <= '~' {
			return strconv.QuoteRune(rune(v))
		}
		return num(v)
	}
	// An operand the path has made constant (a loop counter) is named by
	// the other, which the inputs set.
	var eq string
	switch {
	case yt.IsConst():
		eq = src.X + " == " + value(x, src.Y)
	case xt.IsConst():
		eq = src.Y + " == " + value(y, src.X)
	default:
		eq = src.X + " == " + src.Y + offset(x, y, w, signed)
	}
	where := "the boundary"
	if x != y {
		where = "one past the boundary"
	}
	return fmt.Sprintf("%s, %s of %s", eq, where, src.Whole)
}

// isCharLiteral reports whether an operand as written is a character
// literal: '0', '\n'.
func isCharLiteral(operand string) bool {
	return len(operand) >= 3 && operand[0] == '\'' && operand[len(operand)-1] == '\''
}

// offset renders x-y, values of width w, as a suffix to y: "", "+1",
// "-1".
func offset(x, y uint64, w int, signed bool) string {
	switch {
	case x == y:
		return ""
	case signed:
		d := expr.Const(w, x).SignedValue() - expr.Const(w, y).SignedValue()
		if d < 0 {
			return strconv.FormatInt(d, 10)
		}
		return "+" + strconv.FormatInt(d, 10)
	case x < y:
		return "-" + strconv.FormatUint(y-x, 10)
	}
	return "+" + strconv.FormatUint(x-y, 10)
}
