// Package generics holds generic fixtures.
package generics

import (
	"strconv"
	"sync"
)

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

// Guarded is a value behind a lock, as a generic cache keeps its entries.
type Guarded[T any] struct {
	mu    sync.Mutex
	value T
	reads int
}

// Read counts a read of g's value under its lock, and reports whether
// the reads reached the limit.
func (g *Guarded[T]) Read() (T, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.reads++
	return g.value, g.reads >= readLimit
}

// readLimit is set by the package's initialisation.
var readLimit = limitOf("3")

func limitOf(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// ReadInt instantiates Guarded.
func ReadInt(g *Guarded[int]) (int, bool) { return g.Read() }

// Store is a generic interface that only a generic type implements.
type Store[T any] interface {
	Put(x T)
	Len() int
}

// Bag is a Store of any element type.
type Bag[T any] struct{ items []T }

// Put adds x to the bag.
func (b *Bag[T]) Put(x T) { b.items = append(b.items, x) }

// Len is the number of items in the bag.
func (b *Bag[T]) Len() int { return len(b.items) }

// Fill puts x into s unless s holds two items already, and returns how
// many it holds then; -1 without a store.
func Fill(s Store[int], x int) int {
	if s == nil {
		return -1
	}
	if s.Len() >= 2 {
		return 0
	}
	s.Put(x)
	return s.Len()
}
