package expr

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// This file is the property test of Go's integer semantics: for every Go
// integer operator, every integer type (widths 8–64, signed and unsigned) and
// ≥ 10,000 random operand pairs, folding a term built from constants gives
// exactly the bits the compiled Go operation gives, and so does evaluating
// the same term built over variables.

const casesPerOp = 10000

type goInt interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

func widthOf[T goInt]() int {
	var z T
	return int(unsafe.Sizeof(z)) * 8
}

func signedType[T goInt]() bool {
	var z T
	return z-1 < 0
}

// bitsOf is the two's-complement bit pattern of v in its own width.
func bitsOf[T goInt](v T) uint64 { return uint64(v) & mask(widthOf[T]()) }

func boolBits(b bool) uint64 { return boolBit(b) }

// operands draws values that favour the edges of the type: 0, ±1, the
// extremes and their neighbours, then uniformly random bits.
func operand[T goInt](r *rand.Rand) T {
	w := widthOf[T]()
	edges := []uint64{0, 1, mask(w), mask(w) - 1, mask(w) >> 1, mask(w)>>1 + 1, mask(w)>>1 - 1, 2}
	if r.IntN(4) == 0 {
		return T(edges[r.IntN(len(edges))])
	}
	return T(r.Uint64())
}

// shiftAmount draws amounts around the width, where Go's rule matters.
func shiftAmount[A goInt](r *rand.Rand) A {
	var a A
	if r.IntN(8) == 0 {
		a = A(r.Uint64())
	} else {
		a = A(r.IntN(80))
	}
	if a < 0 {
		a = -(a + 1) // Go panics on a negative amount; the executor branches on it
	}
	return a
}

type binaryOp[T goInt] struct {
	name   string
	build  func(a, b Expr, signed bool) Expr
	native func(a, b T) (uint64, bool) // false: the operation panics in Go
}

func binaryOps[T goInt]() []binaryOp[T] {
	always := func(f func(a, b T) uint64) func(a, b T) (uint64, bool) {
		return func(a, b T) (uint64, bool) { return f(a, b), true }
	}
	unsignedOnly := func(f func(a, b Expr) Expr) func(a, b Expr, _ bool) Expr {
		return func(a, b Expr, _ bool) Expr { return f(a, b) }
	}
	return []binaryOp[T]{
		{"+", unsignedOnly(Add), always(func(a, b T) uint64 { return bitsOf(a + b) })},
		{"-", unsignedOnly(Sub), always(func(a, b T) uint64 { return bitsOf(a - b) })},
		{"*", unsignedOnly(Mul), always(func(a, b T) uint64 { return bitsOf(a * b) })},
		{"/", Div, func(a, b T) (uint64, bool) {
			if b == 0 {
				return 0, false
			}
			return bitsOf(a / b), true
		}},
		{"%", Rem, func(a, b T) (uint64, bool) {
			if b == 0 {
				return 0, false
			}
			return bitsOf(a % b), true
		}},
		{"&", unsignedOnly(BitAnd), always(func(a, b T) uint64 { return bitsOf(a & b) })},
		{"|", unsignedOnly(BitOr), always(func(a, b T) uint64 { return bitsOf(a | b) })},
		{"^", unsignedOnly(BitXor), always(func(a, b T) uint64 { return bitsOf(a ^ b) })},
		{"&^", unsignedOnly(AndNot), always(func(a, b T) uint64 { return bitsOf(a &^ b) })},
		{"==", unsignedOnly(Eq), always(func(a, b T) uint64 { return boolBits(a == b) })},
		{"!=", unsignedOnly(Ne), always(func(a, b T) uint64 { return boolBits(a != b) })},
		{"<", Lt, always(func(a, b T) uint64 { return boolBits(a < b) })},
		{"<=", Le, always(func(a, b T) uint64 { return boolBits(a <= b) })},
		{">", Gt, always(func(a, b T) uint64 { return boolBits(a > b) })},
		{">=", Ge, always(func(a, b T) uint64 { return boolBits(a >= b) })},
	}
}

// checkAgainstGo checks one operator on one type: the constant-built term
// must fold to the native bits, and the variable-built term must evaluate to
// them.
func checkAgainstGo[T goInt](t *testing.T, r *rand.Rand, op binaryOp[T]) {
	w, signed := widthOf[T](), signedType[T]()
	x, y := BVVar("x", w), BVVar("y", w)
	symbolic := op.build(x, y, signed)
	checked := 0
	for checked < casesPerOp {
		a, b := operand[T](r), operand[T](r)
		want, ok := op.native(a, b)
		if !ok {
			continue
		}
		checked++
		folded := op.build(Const(w, bitsOf(a)), Const(w, bitsOf(b)), signed)
		if !folded.IsConst() || folded.Value() != want {
			t.Fatalf("%T: %v %s %v folded to %v, Go gives %#x", a, a, op.name, b, folded, want)
		}
		env := &Values{Scalars: map[Expr]uint64{x: bitsOf(a), y: bitsOf(b)}}
		if got := Eval(symbolic, env); got != want {
			t.Fatalf("%T: %v %s %v evaluated to %#x, Go gives %#x (term %v)", a, a, op.name, b, got, want, symbolic)
		}
	}
}

// checkShifts checks << and >> with an amount of type A.
func checkShifts[T, A goInt](t *testing.T, r *rand.Rand) {
	w, aw, signed := widthOf[T](), widthOf[A](), signedType[T]()
	x, s := BVVar("x", w), BVVar("s", aw)
	shifts := []struct {
		name   string
		build  func(a, s Expr) Expr
		native func(a T, s A) T
	}{
		{"<<", Shl, func(a T, s A) T { return a << s }},
		{">>", func(a, s Expr) Expr { return Shr(a, s, signed) }, func(a T, s A) T { return a >> s }},
	}
	for _, sh := range shifts {
		symbolic := sh.build(x, s)
		for i := 0; i < casesPerOp; i++ {
			a, amt := operand[T](r), shiftAmount[A](r)
			want := bitsOf(sh.native(a, amt))
			folded := sh.build(Const(w, bitsOf(a)), Const(aw, bitsOf(amt)))
			if !folded.IsConst() || folded.Value() != want {
				t.Fatalf("%T %v %s %T %v folded to %v, Go gives %#x", a, a, sh.name, amt, amt, folded, want)
			}
			env := &Values{Scalars: map[Expr]uint64{x: bitsOf(a), s: bitsOf(amt)}}
			if got := Eval(symbolic, env); got != want {
				t.Fatalf("%T %v %s %T %v evaluated to %#x, Go gives %#x (term %v)", a, a, sh.name, amt, amt, got, want, symbolic)
			}
		}
	}
}

func checkUnary[T goInt](t *testing.T, r *rand.Rand) {
	w := widthOf[T]()
	x := BVVar("x", w)
	unary := []struct {
		name   string
		build  func(Expr) Expr
		native func(T) T
	}{
		{"-", Neg, func(a T) T { return -a }},
		{"^", BitNot, func(a T) T { return ^a }},
	}
	for _, u := range unary {
		symbolic := u.build(x)
		for i := 0; i < casesPerOp; i++ {
			a := operand[T](r)
			want := bitsOf(u.native(a))
			if folded := u.build(Const(w, bitsOf(a))); !folded.IsConst() || folded.Value() != want {
				t.Fatalf("%T: %s%v folded to %v, Go gives %#x", a, u.name, a, folded, want)
			}
			if got := Eval(symbolic, &Values{Scalars: map[Expr]uint64{x: bitsOf(a)}}); got != want {
				t.Fatalf("%T: %s%v evaluated to %#x, Go gives %#x", a, u.name, a, got, want)
			}
		}
	}
}

// checkConversion checks the Go conversion To(from) for every pair of types.
func checkConversion[F, To goInt](t *testing.T, r *rand.Rand) {
	fw, tw := widthOf[F](), widthOf[To]()
	x := BVVar("x", fw)
	symbolic := Resize(x, tw, signedType[F]())
	for i := 0; i < casesPerOp; i++ {
		a := operand[F](r)
		want := bitsOf(To(a))
		if folded := Resize(Const(fw, bitsOf(a)), tw, signedType[F]()); !folded.IsConst() || folded.Value() != want {
			t.Fatalf("%T(%T %v) folded to %v, Go gives %#x", To(0), a, a, folded, want)
		}
		if got := Eval(symbolic, &Values{Scalars: map[Expr]uint64{x: bitsOf(a)}}); got != want {
			t.Fatalf("%T(%T %v) evaluated to %#x, Go gives %#x", To(0), a, a, got, want)
		}
	}
}

func checkConversionsFrom[F goInt](t *testing.T, r *rand.Rand) {
	checkConversion[F, int8](t, r)
	checkConversion[F, int16](t, r)
	checkConversion[F, int32](t, r)
	checkConversion[F, int64](t, r)
	checkConversion[F, uint8](t, r)
	checkConversion[F, uint16](t, r)
	checkConversion[F, uint32](t, r)
	checkConversion[F, uint64](t, r)
}

func checkType[T goInt](t *testing.T) {
	var z T
	t.Run(fmt.Sprintf("%T", z), func(t *testing.T) {
		t.Parallel()
		r := rand.New(rand.NewPCG(uint64(widthOf[T]()), boolBit(signedType[T]())))
		for _, op := range binaryOps[T]() {
			checkAgainstGo(t, r, op)
		}
		checkUnary[T](t, r)
		checkShifts[T, uint8](t, r)
		checkShifts[T, uint64](t, r)
		checkShifts[T, T](t, r) // the amount in the operand's own type: wider, narrower or equal
		checkConversionsFrom[T](t, r)
	})
}

func TestFoldingMatchesGo(t *testing.T) {
	checkType[int8](t)
	checkType[int16](t)
	checkType[int32](t)
	checkType[int64](t)
	checkType[uint8](t)
	checkType[uint16](t)
	checkType[uint32](t)
	checkType[uint64](t)
}

// TestDivisionByZeroFollowsSMTLIB pins the values the folder gives where Go
// would panic, because the solver (Z3) gives the same ones.
func TestDivisionByZeroFollowsSMTLIB(t *testing.T) {
	zero := Const(8, 0)
	cases := []struct {
		term Expr
		want uint64
	}{
		{UDiv(Const(8, 7), zero), 0xff},
		{URem(Const(8, 7), zero), 7},
		{SDiv(Const(8, 7), zero), 0xff},              // non-negative dividend: -1
		{SDiv(Const(8, 0xf9), zero), 1},              // negative dividend: 1
		{SRem(Const(8, 0xf9), zero), 0xf9},           // the dividend
		{SDiv(Const(8, 0x80), Const(8, 0xff)), 0x80}, // MinInt8 / -1 == MinInt8
		{SRem(Const(8, 0x80), Const(8, 0xff)), 0},
	}
	for _, c := range cases {
		if !c.term.IsConst() || c.term.Value() != c.want {
			t.Errorf("got %v, want %#x", c.term, c.want)
		}
	}
}
