package symbolic

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// TestRepairBytesKeepsThePath: a byte left as the solver chose it becomes
// its position's letter, or the first letter the path condition allows;
// a byte the path needs as it is (a newline it compares with, a byte of a
// hash-like sum that no single change keeps) keeps its value; and the model
// given is not changed.
func TestRepairBytesKeepsThePath(t *testing.T) {
	s := make([]expr.Expr, 5)
	for i := range s {
		s[i] = expr.BVVar(elemName("s", i), 8)
	}
	c := func(b byte) expr.Expr { return expr.Const(8, uint64(b)) }
	cond := []expr.Expr{
		expr.Ne(s[0], c('a')),
		expr.Eq(s[2], c('\n')),
		expr.Eq(expr.BitXor(s[3], s[4]), c(0x80)),
	}
	model := &expr.Values{Scalars: map[expr.Expr]uint64{s[0]: '@', s[1]: 0, s[2]: '\n', s[3]: 0x80, s[4]: 0}}
	e := &Engine{}
	got := e.repairBytes(cond, model, s)
	want := []uint64{'b', 'b', '\n', 0x80, 0}
	for i, v := range s {
		if g := got.Scalar(v); g != want[i] {
			t.Errorf("%s = %q after repair, want %q", v.Name(), rune(g), rune(want[i]))
		}
	}
	for _, c := range cond {
		if !expr.EvalBool(c, got) {
			t.Errorf("the repaired model breaks %v", c)
		}
	}
	if model.Scalars[s[0]] != '@' || model.Scalars[s[1]] != 0 {
		t.Errorf("repairBytes changed the model it was given: %v", model.Scalars)
	}
}

// TestDiverseFillLeavesByteArraysZero: the fill of the diverse model
// (propagation.go) makes an unread pointer non-nil and an unread number 1,
// but leaves the unread bytes of an array at 0, so that a [1025]byte
// buffer no branch reads is not written out as a literal of ones; a string
// byte no branch reads still gets its letter, and a bound input keeps the
// model's value.
func TestDiverseFillLeavesByteArraysZero(t *testing.T) {
	buf := expr.BVVar(elemName("s.buf", 7), 8)
	text := expr.BVVar(elemName("s.name", 0), 8)
	count := expr.BVVar("s.count", 64)
	bound := expr.BVVar("s.pos", 64)
	e := &Engine{arrayBytes: map[string]bool{buf.Name(): true}}
	m := e.withFill(&expr.Values{Scalars: map[expr.Expr]uint64{bound: 5}}, map[expr.Expr]bool{bound: true}, 1)
	letter, _ := fillByte(text.Name())
	for v, want := range map[expr.Expr]uint64{buf: 0, text: uint64(letter), count: 1, bound: 5} {
		if got := m.Scalar(v); got != want {
			t.Errorf("%s = %d in the diverse fill, want %d", v.Name(), got, want)
		}
	}
}
