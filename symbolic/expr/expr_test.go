package expr

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestHashConsing(t *testing.T) {
	x := BVVar("x", 32)
	a := Add(Mul(x, BVVar("y", 32)), Const(32, 7))
	b := Add(Mul(BVVar("x", 32), BVVar("y", 32)), Const(32, 7))
	if a != b {
		t.Fatalf("structurally equal terms are different Exprs: %v, %v", a, b)
	}
	if BVVar("x", 32) == BVVar("x", 64) {
		t.Error("variables of different widths must differ")
	}
	if Const(8, 1) == Const(16, 1) {
		t.Error("constants of different widths must differ")
	}
	if Const(8, 0x101) != Const(8, 1) {
		t.Error("Const must drop the bits above its width")
	}
	if a.Hash() != b.Hash() || a.Hash() == Add(Mul(x, x), Const(32, 7)).Hash() {
		t.Error("structural hash does not follow structure")
	}
	// The hash must not depend on addresses: this value is fixed for all runs.
	if got := Add(BVVar("x", 32), Const(32, 1)).Hash(); got != 0x308275133f43c54d {
		t.Errorf("structural hash of x+1 is %#x; it changed, or depends on memory addresses", got)
	}
	if a.Size() != 5 {
		t.Errorf("size of %v is %d, want 5", a, a.Size())
	}
}

func TestCompareIsTotalAndDeterministic(t *testing.T) {
	terms := []Expr{BVVar("b", 8), BVVar("a", 8), Const(8, 3), Add(BVVar("a", 8), Const(8, 1)), True, BoolVar("p")}
	sorted := slices.Clone(terms)
	slices.SortFunc(sorted, Compare)
	again := slices.Clone(terms)
	slices.Reverse(again)
	slices.SortFunc(again, Compare)
	if !slices.Equal(sorted, again) {
		t.Fatalf("Compare depends on input order: %v vs %v", sorted, again)
	}
	for i := 1; i < len(sorted); i++ {
		if Compare(sorted[i-1], sorted[i]) >= 0 || Compare(sorted[i], sorted[i-1]) <= 0 {
			t.Fatalf("Compare is not a strict order at %v, %v", sorted[i-1], sorted[i])
		}
	}
}

func TestString(t *testing.T) {
	x, y := BVVar("x", 32), BVVar("y", 32)
	cases := []struct {
		term Expr
		want string
	}{
		{And(Slt(Const(32, 1000), x), Ult(y, Const(32, 0x12345678))), "((1000 <s x) && (y <u 0x12345678))"},
		{Not(Eq(x, y)), "!(x == y)"},
		{Ite(BoolVar("c"), Neg(x), BitNot(y)), "ite(c, -x, ^y)"},
		{SExt(Extract(x, 15, 8), 64), "sext64(x[15:8])"},
		{Select(Store(ArrayVar("m", 8, 8), BVVar("i", 8), Const(8, 9)), BVVar("j", 8)), "store(m, i, 9)[j]"},
		{Concat(BVVar("h", 8), BVVar("l", 8)), "concat(h, l)"},
		{False, "false"},
	}
	for _, c := range cases {
		if got := c.term.String(); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
	if s := (Expr{}).String(); s != "<invalid>" {
		t.Errorf("zero Expr prints %q", s)
	}
}

func TestVarsAndConjuncts(t *testing.T) {
	x, y, z := BVVar("x", 8), BVVar("y", 8), BoolVar("z")
	term := And(Ult(y, x), Or(z, Eq(x, Const(8, 3))))
	if got, want := Vars(term), []Expr{y, x, z}; !slices.Equal(got, want) {
		t.Errorf("Vars = %v, want %v", got, want)
	}
	parts := Conjuncts(And(Ult(y, x), And(z, Eq(x, y))))
	if len(parts) != 3 || parts[0] != Ult(y, x) || parts[1] != z || parts[2] != Eq(x, y) {
		t.Errorf("Conjuncts = %v", parts)
	}
	if len(Conjuncts(True)) != 0 {
		t.Error("True has no conjuncts")
	}
}

func TestMisuseIsReported(t *testing.T) {
	mustPanic := func(name, wantIn string, f func()) {
		t.Helper()
		defer func() {
			r := recover()
			if r == nil || !strings.Contains(r.(string), wantIn) {
				t.Errorf("%s: panic %v, want one mentioning %q", name, r, wantIn)
			}
		}()
		f()
	}
	mustPanic("width mismatch", "one width", func() { Add(BVVar("a", 8), BVVar("b", 16)) })
	mustPanic("bool in arithmetic", "bit-vector", func() { Add(True, True) })
	mustPanic("bv in And", "Bool", func() { And(BVVar("a", 8)) })
	mustPanic("bad width", "width 65", func() { Const(65, 0) })
	mustPanic("narrowing extend", "narrower", func() { ZExt(BVVar("a", 16), 8) })
	mustPanic("bad extract", "Extract", func() { Extract(BVVar("a", 8), 8, 0) })
	mustPanic("zero Expr", "zero Expr", func() { Not(Expr{}) })
}

func TestEvalArrays(t *testing.T) {
	mem := ArrayVar("mem", 8, 8)
	i := BVVar("i", 8)
	env := &Values{
		Scalars: map[Expr]uint64{i: 4},
		Arrays:  map[Expr]ArrayValue{mem: {Default: 9, Entries: map[uint64]uint64{2: 5}}},
	}
	stored := Store(mem, i, Const(8, 77))
	cases := []struct {
		term Expr
		want uint64
	}{
		{Select(mem, Const(8, 2)), 5},
		{Select(mem, Const(8, 3)), 9},
		{Select(stored, Const(8, 4)), 77},
		{Select(stored, Const(8, 2)), 5},
		{Select(Ite(BoolVar("p"), stored, mem), Const(8, 4)), 9}, // p is unassigned: false
	}
	for _, c := range cases {
		if got := Eval(c.term, env); got != c.want {
			t.Errorf("%v = %d, want %d", c.term, got, c.want)
		}
	}
}

// A term that shares a subterm at every level is exponentially longer
// printed than built: String prints its beginning only, and returns at
// once. Unbounded, the term below prints 2^64 selects.
func TestStringOfASharedTermIsCut(t *testing.T) {
	a := ArrayVar("a", 8, 8)
	for i := range 64 {
		k, j := BVVar(fmt.Sprint("k", i), 8), BVVar(fmt.Sprint("j", i), 8)
		a = Store(a, k, Select(a, j))
	}
	s := a.String()
	if len(s) > maxStringLen+len("…") || !strings.HasSuffix(s, "…") {
		t.Fatalf("String of a shared term: %d bytes, ending %q; want at most %d, ending …", len(s), s[max(0, len(s)-10):], maxStringLen)
	}
	if !strings.HasPrefix(s, "store(store(") {
		t.Errorf("String of a shared term starts %q, want the outer stores first", s[:20])
	}

	// A cut never splits a rune: after "!", the two-byte runes of this
	// name start at odd offsets, and maxStringLen is even.
	s = Not(BoolVar(strings.Repeat("ĵ", maxStringLen))).String()
	if !utf8.ValidString(s) || !strings.HasSuffix(s, "ĵ…") {
		t.Errorf("String cut a rune: it ends %q", s[len(s)-10:])
	}
}
