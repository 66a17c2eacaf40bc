// Package composite holds struct, array, pointer and slice fixtures.
package composite

// Point is a point in the plane.
type Point struct{ X, Y int }

// Quadrant says which quadrant p is in.
func Quadrant(p Point) int {
	switch {
	case p.X > 0 && p.Y > 0:
		return 1
	case p.X < 0 && p.Y > 0:
		return 2
	case p.X < 0 && p.Y < 0:
		return 3
	case p.X > 0 && p.Y < 0:
		return 4
	}
	return 0
}

// Scale moves a point through a pointer (nil is a panic).
func Scale(p *Point, k int) {
	p.X *= k
	p.Y *= k
}

// NewPoint returns a pointer from a callee.
func NewPoint(x int) *Point {
	p := new(Point)
	p.X = x
	if x > 10 {
		p.Y = 1
	}
	return p
}

// Sum adds the elements of a slice.
func Sum(xs []int) int {
	total := 0
	for _, x := range xs {
		total += x
	}
	return total
}

// At indexes a slice (out of range is a panic).
func At(xs []int, i int) int {
	return xs[i]
}

// Grow appends to a slice and copies it.
func Grow(xs []byte, b byte) []byte {
	ys := append(xs, b, b)
	out := make([]byte, len(ys))
	copy(out, ys)
	if len(out) > 3 && out[0] == 'x' {
		return out[:1]
	}
	return out
}

// Matrix uses an array and a symbolic index.
func Matrix(i int) int {
	m := [4]int{10, 20, 30, 40}
	if i < 0 || i >= len(m) {
		return -1
	}
	return m[i]
}

// Node is a linked list node.
type Node struct {
	Val  int
	Next *Node
}

// Second returns the value of the second node.
func Second(n *Node) int {
	if n == nil || n.Next == nil {
		return -1
	}
	return n.Next.Val
}

// Tail slices from i (past the length is a panic).
func Tail(xs []int, i int) []int {
	return xs[i:]
}

// Roster is a list whose members point back to it.
type Roster struct{ Size int }

// Member belongs to a roster.
type Member struct{ Team *Roster }

// Owns reports whether m belongs to r. The inputs the executor makes
// never alias, so m.Team == r is never tried, though a caller may pass
// m with m.Team == r.
func (r *Roster) Owns(m *Member) int {
	if r.Size < 0 {
		return -1
	}
	if m.Team != r {
		return 0
	}
	return 1
}
