// Package shapes is the fixture of testgen's tests: functions of many
// kinds of signature, whose cases the tests write by hand.
package shapes

import (
	"cmp"
	"errors"
	"math"

	"github.com/gosymtest/gosymtest/testdata/testgen/shapes/units"
)

// Kind is a kind of triangle.
type Kind int

const (
	Invalid Kind = iota
	Equilateral
	Isosceles
	Scalene
)

// String has a value receiver.
func (k Kind) String() string {
	switch k {
	case Equilateral:
		return "equilateral"
	case Isosceles:
		return "isosceles"
	case Scalene:
		return "scalene"
	}
	return "invalid"
}

// Classify says what kind of triangle the sides make.
func Classify(a, b, c int) Kind {
	if a <= 0 || b <= 0 || c <= 0 || a+b <= c || a+c <= b || b+c <= a {
		return Invalid
	}
	if a == b && b == c {
		return Equilateral
	}
	if a == b || b == c || a == c {
		return Isosceles
	}
	return Scalene
}

// Abs is |x|.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// abs8 is unexported and works on int8.
func abs8(x int8) int8 {
	if x < 0 {
		return -x
	}
	return x
}

// Point is a point on a grid.
type Point struct{ X, Y int }

// Predicate is a named func type, for the literals of func inputs.
type Predicate func(int) bool

// Add has a value receiver and a struct result.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Scale has a pointer receiver and no result; a nil receiver panics.
func (p *Point) Scale(k int) {
	p.X *= k
	p.Y *= k
}

// Norm1 is |X| + |Y| of a point that must not be nil.
func Norm1(p *Point) int { return Abs(p.X) + Abs(p.Y) }

// Nearer returns the point nearer the origin, as a pointer.
func Nearer(p, q Point) *Point {
	if Norm1(&p) <= Norm1(&q) {
		return &p
	}
	return &q
}

// Max is generic.
func Max[T cmp.Ordered](a, b T) T {
	if a > b {
		return a
	}
	return b
}

// Larger instantiates Max, so that Max[int] and Max[string] are targets.
func Larger(a, b int, s, t string) (int, string) { return Max(a, b), Max(s, t) }

// At panics with an index out of range.
func At(xs []int, i int) int { return xs[i] }

// Ratio returns NaN and infinities.
func Ratio(a, b float64) float64 {
	if b == 0 {
		if a == 0 {
			return math.NaN()
		}
		return math.Inf(int(a))
	}
	return a / b
}

// Half works on float32.
func Half(x float32) float32 { return x / 2 }

// ErrEmpty is returned for empty input.
var ErrEmpty = errors.New("shapes: empty")

// Mean fails on empty input.
func Mean(xs ...int) (mean int, err error) {
	if len(xs) == 0 {
		return 0, ErrEmpty
	}
	sum := 0
	for _, x := range xs {
		sum += x
	}
	return sum / len(xs), nil
}

// Area multiplies lengths of another package's exported type.
func Area(w, h units.Length) units.Length { return w * h / units.Meter }

// Mint returns another package's unexported type inside an interface.
func Mint(n int) any { return units.NewToken(n) }

// Coin returns another package's unexported type inside that package's
// interface, which a test spells with an import.
func Coin(n int) units.Valuer { return units.NewValuer(n) }

// Adder returns a func, which has no literal.
func Adder(n int) func(int) int { return func(x int) int { return x + n } }

// handlers are the funcs registered by name: none.
var handlers = map[string]func() int{}

// Handler is the func registered under name, or nil.
func Handler(name string) func() int { return handlers[name] }

// Holds reports whether v is a non-nil value.
func Holds(v any) bool { return v != nil }

// Deref reads through a pointer to a value that has no composite literal.
func Deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

// Price takes a struct of another package with an unexported field.
func Price(m units.Money) int { return m.Cents }

// Cursor walks a slice from a position no caller sets: only NewCursor
// and Next do.
type Cursor struct{ pos int }

// NewCursor starts at the beginning.
func NewCursor() *Cursor { return &Cursor{} }

// Next is the element at c's position, then moves on.
func (c *Cursor) Next(xs []int) int {
	x := xs[c.pos]
	c.pos++
	return x
}
