package pick

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
		s[i] = expr.BVVar(elem("s", i), 8)
	}
	c := func(b byte) expr.Expr { return expr.Const(8, uint64(b)) }
	cond := []expr.Expr{
		expr.Ne(s[0], c('a')),
		expr.Eq(s[2], c('\n')),
		expr.Eq(expr.BitXor(s[3], s[4]), c(0x80)),
	}
	model := &expr.Values{Scalars: map[expr.Expr]uint64{s[0]: '@', s[1]: 0, s[2]: '\n', s[3]: 0x80, s[4]: 0}}
	p := &Picker{}
	got := p.repairBytes(cond, model, s)
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
	buf := expr.BVVar(elem("s.buf", 7), 8)
	text := expr.BVVar(elem("s.name", 0), 8)
	count := expr.BVVar("s.count", 64)
	bound := expr.BVVar("s.pos", 64)
	p := &Picker{ArrayByte: func(name string) bool { return name == buf.Name() }}
	m := p.withFill(&expr.Values{Scalars: map[expr.Expr]uint64{bound: 5}}, map[expr.Expr]bool{bound: true}, 1)
	letter, _ := fillByte(text.Name())
	for v, want := range map[expr.Expr]uint64{buf: 0, text: uint64(letter), count: 1, bound: 5} {
		if got := m.Scalar(v); got != want {
			t.Errorf("%s = %d in the diverse fill, want %d", v.Name(), got, want)
		}
	}
}

// TestShrinkIntegersKeepsThePath: tabwriter's writePadding panics when
// (cellw+tw-1)/tw*tw - textw < 0, and the preference queries, cut on the
// division, left every input at the solver's 64-bit choice. Shrinking by
// evaluation brings them near zero, one after another (textw first lets
// cellw follow), keeps a value the path pins, leaves an unsigned input
// unsigned, and does not change the model it was given.
func TestShrinkIntegersKeepsThePath(t *testing.T) {
	textw, cellw, tw := expr.BVVar("textw", 64), expr.BVVar("cellw", 64), expr.BVVar("b.tabwidth", 64)
	pinned, mask := expr.BVVar("b.flags", 64), expr.BVVar("b.mask", 32)
	c := func(x int64) expr.Expr { return expr.Const(64, uint64(x)) }
	rounded := expr.Mul(expr.Div(expr.Sub(expr.Add(cellw, tw), c(1)), tw, true), tw)
	cond := []expr.Expr{
		expr.Ne(tw, c(0)),
		expr.Slt(expr.Sub(rounded, textw), c(0)),
		expr.Eq(pinned, c(123456)),
		expr.Ult(expr.Const(32, 1000), mask),
	}
	big := func(x int64) uint64 { return uint64(x) }
	model := &expr.Values{Scalars: map[expr.Expr]uint64{
		textw: big(1876198887973060738), cellw: big(-5023315710128987935), tw: big(2697240351),
		pinned: 123456, mask: 0xfffffff0,
	}}
	signed := map[string]bool{"textw": true, "cellw": true, "b.tabwidth": true, "b.flags": true}
	p := &Picker{Signed: func(name string) bool { return signed[name] }}
	got := p.shrinkIntegers(cond, model, []expr.Expr{textw, cellw, tw, pinned, mask})
	for _, term := range cond {
		if !expr.EvalBool(term, got) {
			t.Errorf("the shrunk model breaks %v", term)
		}
	}
	for _, v := range []expr.Expr{textw, cellw, tw} {
		if m := p.magnitude(v, got.Scalar(v)); m > 10 {
			t.Errorf("%s = %d after shrinking, want within ±10", v.Name(), expr.Const(64, got.Scalar(v)).SignedValue())
		}
	}
	if g := got.Scalar(pinned); g != 123456 {
		t.Errorf("b.flags = %d after shrinking, want the pinned 123456", g)
	}
	if g := got.Scalar(mask); g != 1001 {
		t.Errorf("b.mask = %d after shrinking, want 1001, the least above 1000", g)
	}
	if model.Scalars[textw] != big(1876198887973060738) {
		t.Errorf("shrinkIntegers changed the model it was given: %v", model.Scalars)
	}
}
