package value

import "github.com/gosymtest/gosymtest/symbolic/expr"

// A Scalar does not fit in an interface word (an expr.Expr is two words),
// so storing one in a Value allocates. The interpreter's hot paths store
// results through ScalarOf, which hands out preallocated Values for the
// constants that are most frequent in concrete work: the two bools and
// small integers.

// smallScalars is how many integer constants of each width are preboxed.
const smallScalars = 256

var (
	boxedTrue, boxedFalse Value = Scalar{expr.True}, Scalar{expr.False}
	// boxedInts holds the values 0 … smallScalars-1 of widths 8, 16, 32 and
	// 64, one row per width (boxedIndex).
	boxedInts = func() (t [4][smallScalars]Value) {
		for i, w := range [4]int{8, 16, 32, 64} {
			for v := range t[i] {
				t[i][v] = Scalar{expr.Const(w, uint64(v))}
			}
		}
		return t
	}()
)

// boxedIndex is the row of boxedInts for a width, or -1.
func boxedIndex(width int) int {
	switch width {
	case 8:
		return 0
	case 16:
		return 1
	case 32:
		return 2
	case 64:
		return 3
	}
	return -1
}

// ScalarOf is Scalar{x} as a Value, allocated only when x is not a
// preboxed constant.
func ScalarOf(x expr.Expr) Value {
	if x.IsConst() {
		if x.Sort().IsBool() {
			if x.IsTrue() {
				return boxedTrue
			}
			return boxedFalse
		}
		if v := x.Value(); v < smallScalars {
			if i := boxedIndex(x.Width()); i >= 0 {
				return boxedInts[i][v]
			}
		}
	}
	return Scalar{x}
}
