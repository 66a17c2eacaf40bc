package value

// Arrays are persistent vectors: a radix tree of arrayWidth-element leaves
// (the idea of Bagwell's array-mapped tries, as Clojure's vectors use it).
// A store into one element copies the leaf and the inner nodes on its way,
// O(arrayWidth · log n), where copying a flat slice cost O(n): a package
// initialiser that fills an 88,064-element table element by element was
// quadratic. An array of one repeated value (a zero value, make) shares its
// full leaves, so it costs O(n / arrayWidth) to build.

const (
	arrayBits  = 5
	arrayWidth = 1 << arrayBits
	arrayMask  = arrayWidth - 1
)

// Array is the value of an array: its elements, read with Len and At and
// replaced with Set (which returns a new array). The zero Array is empty.
type Array struct {
	n     int
	shift uint // arrayBits times the number of inner levels
	root  *arrayNode
}

// arrayNode is a leaf (vals) or an inner node (kids); both are immutable
// once built.
type arrayNode struct {
	kids []*arrayNode
	vals []Value
}

// ArrayOf is an array holding elems (copied).
func ArrayOf(elems []Value) Array {
	var leaves []*arrayNode
	for lo := 0; lo < len(elems); lo += arrayWidth {
		hi := min(lo+arrayWidth, len(elems))
		leaves = append(leaves, &arrayNode{vals: append([]Value(nil), elems[lo:hi]...)})
	}
	return arrayOfLeaves(len(elems), leaves)
}

// FilledArray is an array of n copies of v, sharing its full leaves.
func FilledArray(n int, v Value) Array {
	full := &arrayNode{vals: make([]Value, arrayWidth)}
	for i := range full.vals {
		full.vals[i] = v
	}
	leaves := make([]*arrayNode, 0, (n+arrayMask)/arrayWidth)
	for lo := 0; lo < n; lo += arrayWidth {
		if n-lo >= arrayWidth {
			leaves = append(leaves, full)
			continue
		}
		leaves = append(leaves, &arrayNode{vals: full.vals[: n-lo : n-lo]})
	}
	return arrayOfLeaves(n, leaves)
}

// arrayOfLeaves builds the inner levels over the leaves of an n-element
// array.
func arrayOfLeaves(n int, level []*arrayNode) Array {
	if n == 0 {
		return Array{}
	}
	shift := uint(0)
	for len(level) > 1 {
		var up []*arrayNode
		for lo := 0; lo < len(level); lo += arrayWidth {
			hi := min(lo+arrayWidth, len(level))
			up = append(up, &arrayNode{kids: level[lo:hi:hi]})
		}
		level = up
		shift += arrayBits
	}
	return Array{n: n, shift: shift, root: level[0]}
}

// Len is the number of elements.
func (a Array) Len() int { return a.n }

// At is element i, which must be in range.
func (a Array) At(i int) Value {
	if i < 0 || i >= a.n {
		panic(internalError("array index %d of %d", i, a.n))
	}
	node := a.root
	for sh := a.shift; sh > 0; sh -= arrayBits {
		node = node.kids[(i>>sh)&arrayMask]
	}
	return node.vals[i&arrayMask]
}

// Set returns a with element i replaced by v; a itself is unchanged.
func (a Array) Set(i int, v Value) Array {
	if i < 0 || i >= a.n {
		panic(internalError("array index %d of %d", i, a.n))
	}
	a.root = setInNode(a.root, a.shift, i, v)
	return a
}

func setInNode(node *arrayNode, shift uint, i int, v Value) *arrayNode {
	if shift == 0 {
		vals := append([]Value(nil), node.vals...)
		vals[i&arrayMask] = v
		return &arrayNode{vals: vals}
	}
	kids := append([]*arrayNode(nil), node.kids...)
	k := (i >> shift) & arrayMask
	kids[k] = setInNode(kids[k], shift-arrayBits, i, v)
	return &arrayNode{kids: kids}
}

// Elems returns the elements in a new slice, which the caller may modify.
func (a Array) Elems() []Value {
	out := make([]Value, 0, a.n)
	var walk func(node *arrayNode)
	walk = func(node *arrayNode) {
		if node.kids == nil {
			out = append(out, node.vals...)
			return
		}
		for _, k := range node.kids {
			walk(k)
		}
	}
	if a.root != nil {
		walk(a.root)
	}
	return out
}

// SharesTree reports whether a and b are one tree, which then holds the
// same elements for both.
func (a Array) SharesTree(b Array) bool { return a.root == b.root }
