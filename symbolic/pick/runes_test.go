package pick

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// TestRepairRunesKeepsThePath: a run of bytes that decodes to a character
// no one can read (U+0080, U+40000) becomes a familiar printable character
// of a length the path allows, while an invalid byte the path needs
// (\xc7 alone) and a character the path pins byte by byte (U+083F) keep
// their bytes; and the model given is not changed.
func TestRepairRunesKeepsThePath(t *testing.T) {
	text := func(name string, n int) []expr.Expr {
		vars := make([]expr.Expr, n)
		for i := range vars {
			vars[i] = expr.BVVar(elem(name, i), 8)
		}
		return vars
	}
	c := func(b byte) expr.Expr { return expr.Const(8, uint64(b)) }
	continuation := func(v expr.Expr) expr.Expr { return expr.Eq(expr.BitAnd(v, c(0xc0)), c(0x80)) }
	s, u, w, x := text("s", 3), text("u", 3), text("w", 4), text("x", 1)
	cond := []expr.Expr{
		expr.Ule(c(0xc0), s[0]), continuation(s[1]), expr.Eq(s[2], c('d')),
		expr.Eq(u[0], c(0xe0)), expr.Eq(u[1], c(0xa0)), expr.Eq(u[2], c(0xbf)),
		expr.Ule(c(0xf0), w[0]), continuation(w[1]), continuation(w[2]), continuation(w[3]),
		expr.Eq(x[0], c(0xc7)),
	}
	model := &expr.Values{Scalars: map[expr.Expr]uint64{
		s[0]: 0xc2, s[1]: 0x80, s[2]: 'd',
		u[0]: 0xe0, u[1]: 0xa0, u[2]: 0xbf,
		w[0]: 0xf1, w[1]: 0x80, w[2]: 0x80, w[3]: 0x80,
		x[0]: 0xc7,
	}}
	vars := append(append(append(append([]expr.Expr{}, s...), u...), w...), x...)
	got := (&Picker{}).repairRunes(cond, model, vars)
	for _, tc := range []struct {
		vars []expr.Expr
		want string
	}{
		{s, "éd"},
		{u, "\u083f"},
		{w, "😀"},
		{x, "\xc7"},
	} {
		b := make([]byte, len(tc.vars))
		for i, v := range tc.vars {
			b[i] = byte(got.Scalar(v))
		}
		if string(b) != tc.want {
			t.Errorf("%s after repair = %q, want %q", tc.vars[0].Name(), b, tc.want)
		}
	}
	for _, term := range cond {
		if !expr.EvalBool(term, got) {
			t.Errorf("the repaired model breaks %v", term)
		}
	}
	if model.Scalars[s[0]] != 0xc2 || model.Scalars[w[0]] != 0xf1 {
		t.Errorf("repairRunes changed the model it was given: %v", model.Scalars)
	}
}

// TestRepairRunesStopsAtTheLength: a byte past the text's length in the
// model is no part of the literal, so a lone invalid byte at the end
// ("\xc0", with s[1] mentioned under a guard) is not half of a character
// whose other half would be cut off.
func TestRepairRunesStopsAtTheLength(t *testing.T) {
	s0, s1 := expr.BVVar(elem("s", 0), 8), expr.BVVar(elem("s", 1), 8)
	n := expr.BVVar(lenName("s"), 64)
	cond := []expr.Expr{
		expr.Eq(n, expr.Const(64, 1)),
		expr.Ule(expr.Const(8, 0xc0), s0),
		expr.Or(expr.Ule(n, expr.Const(64, 1)), expr.Eq(s1, expr.Const(8, 'x'))),
	}
	model := &expr.Values{Scalars: map[expr.Expr]uint64{n: 1, s0: 0xc0, s1: 0}}
	got := (&Picker{}).repairRunes(cond, model, []expr.Expr{n, s0, s1})
	if b := got.Scalar(s0); b != 0xc0 {
		t.Errorf("s[0] = %#x after repair, want 0xc0: the one byte of s cannot hold a character", b)
	}
}
