package inputs

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// A word replaces the length and bytes of its input, and nothing else;
// its size raises the input's bound for a replay, and an unrelated
// input's bound is left as it grew.
func TestWithWordGivesTheWholeWord(t *testing.T) {
	base := &expr.Values{Scalars: map[expr.Expr]uint64{
		expr.Var(LenName("s"), expr.BV(64)):    2,
		expr.Var(ElemName("s", 0), expr.BV(8)): 'x',
		expr.Var("n", expr.BV(64)):             7,
	}}
	m := WithWord(base, "s", []byte("release-1.2"))
	if got := expr.Eval(expr.Var(LenName("s"), expr.BV(64)), m); got != 11 {
		t.Errorf("len(s) = %d, want 11", got)
	}
	if got := expr.Eval(expr.Var(ElemName("s", 0), expr.BV(8)), m); got != 'r' {
		t.Errorf("s[0] = %q, want 'r'", rune(got))
	}
	if got := expr.Eval(expr.Var(nilnessName("s"), expr.BoolSort()), m); got != 1 {
		t.Errorf("s != nil is %d: a []byte word is not nil", got)
	}
	if got := expr.Eval(expr.Var("n", expr.BV(64)), m); got != 7 {
		t.Errorf("n = %d, want the model's 7", got)
	}
	grown := map[string]int{"p": 32}
	sizes := withWordSizes(grown, wordSizes(m))
	if sizes["s"] != 11 || sizes["p"] != 32 || len(grown) != 1 {
		t.Errorf("bounds %v from %v: want s at 11, p at 32, and the map grown untouched", sizes, grown)
	}
	if got := withWordSizes(grown, wordSizes(base)); got["s"] != 0 || len(got) != 1 {
		t.Errorf("a model without words changed the bounds: %v", got)
	}
}
