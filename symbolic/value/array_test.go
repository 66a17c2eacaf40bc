package value

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// TestArrayStoresArePersistent: Set leaves the array it was called on
// unchanged, reads back what was stored, and arrays of every size up to
// three levels of the tree hold their elements in order.
func TestArrayStoresArePersistent(t *testing.T) {
	for _, n := range []int{0, 1, arrayWidth - 1, arrayWidth, arrayWidth + 1, arrayWidth * arrayWidth, arrayWidth*arrayWidth + 3} {
		elems := make([]Value, n)
		for i := range elems {
			elems[i] = Scalar{expr.Const(64, uint64(i))}
		}
		a := ArrayOf(elems)
		zero := FilledArray(n, Scalar{expr.Const(64, 0)})
		if a.Len() != n || zero.Len() != n || len(a.Elems()) != n {
			t.Fatalf("n=%d: lengths %d %d %d", n, a.Len(), zero.Len(), len(a.Elems()))
		}
		for i := range n {
			if a.At(i).(Scalar).E.Value() != uint64(i) {
				t.Fatalf("n=%d: element %d is %v", n, i, a.At(i))
			}
			b := zero.Set(i, Scalar{expr.Const(64, 7)})
			if b.At(i).(Scalar).E.Value() != 7 || zero.At(i).(Scalar).E.Value() != 0 {
				t.Fatalf("n=%d: Set %d changed the original or did not store", n, i)
			}
			if i > 0 && b.At(i-1).(Scalar).E.Value() != 0 {
				t.Fatalf("n=%d: Set %d changed its neighbour", n, i)
			}
		}
	}
}

// BenchmarkArrayStore: stores into a 100,000-element array, as the flat
// slice the executor used before (each store copies the elements) and as
// the persistent vector, side by side.
func BenchmarkArrayStore(b *testing.B) {
	const n = 100000
	v := Scalar{expr.Const(64, 1)}
	b.Run("flat", func(b *testing.B) {
		elems := make([]Value, n)
		for i := 0; i < b.N; i++ {
			next := append([]Value(nil), elems...)
			next[i*7919%n] = v
			elems = next
		}
	})
	b.Run("persistent", func(b *testing.B) {
		a := FilledArray(n, Scalar{expr.Const(64, 0)})
		for i := 0; i < b.N; i++ {
			a = a.Set(i*7919%n, v)
		}
	})
}
