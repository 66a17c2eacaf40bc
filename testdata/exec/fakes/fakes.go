// Package fakes takes an interface that only it defines and that nothing
// in the program implements, as container/heap does: only a fake the
// test declares can be passed.
package fakes

// Ordering is a sequence that can be compared and reordered in place.
type Ordering interface {
	Len() int
	Less(i, j int) bool
	Swap(i, j int)
	Name() (string, bool)
}

// FirstDescent is the first index, below 4, at which o's elements
// descend, or -1 when they do not.
func FirstDescent(o Ordering) int {
	n := o.Len()
	for i := 1; i < n && i < 4; i++ {
		if o.Less(i, i-1) {
			return i
		}
	}
	return -1
}

// Label is o's name, or "anonymous" when it has none.
func Label(o Ordering) string {
	if name, ok := o.Name(); ok {
		return name
	}
	return "anonymous"
}

// Spin compares o's first two elements until they are in order.
func Spin(o Ordering) int {
	n := 0
	for o.Less(1, 0) {
		o.Swap(0, 1)
		n++
	}
	return n
}

// source yields numbers; its method is unexported, so only a type of this
// package can implement it.
type source interface {
	next() int
}

// sumTwo adds the next two numbers of src, or says it cannot when the
// first is negative.
func sumTwo(src source) (int, bool) {
	a := src.next()
	if a < 0 {
		return 0, false
	}
	return a + src.next(), true
}

// Sorter holds the sequence it sorts: a field a fake fills.
type Sorter struct {
	Seq Ordering
}

// Empty reports whether the sequence has no elements.
func (s Sorter) Empty() bool {
	return s.Seq.Len() == 0
}
