// Package generics holds generic fixtures.
package generics

// Number is an integer type.
type Number interface{ ~int | ~int8 | ~uint16 }

// Max is a generic maximum.
func Max[T Number](a, b T) T {
	if a > b {
		return a
	}
	return b
}

// UseMax instantiates Max with two types.
func UseMax(a int, b int8) int {
	return Max(a, 3) + int(Max(b, -2))
}

// Pair is a generic struct.
type Pair[K comparable, V any] struct {
	Key K
	Val V
}

// Swap swaps a pair of ints.
func Swap(p Pair[int, int]) Pair[int, int] {
	return Pair[int, int]{Key: p.Val, Val: p.Key}
}

// Getter is a generic interface.
type Getter[T any] interface{ Get() T }

// Boxed holds a value and gets it.
type Boxed struct{ V int }

// Get gives the value.
func (b Boxed) Get() any { return b.V }

// GetAny asserts x to a Getter[any]. Go's message when x is not one
// names the interface as the runtime does: generics.Getter[interface {}].
func GetAny(x any) any { return x.(Getter[any]).Get() }
