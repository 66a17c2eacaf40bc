// Package treemap is a Go port of the TreeMap subject of the GreenTrie
// paper's evaluation (§7): an ordered map on a red-black tree with put,
// remove and get, driven by a sequence of operations, written here for
// the solver bench (testdata/solverbench, bench's solver arms).
//
// The tree is Sedgewick's left-leaning red-black tree, the shortest
// red-black tree to write: every operation compares its key down one
// path of the tree, and the rotations that rebalance it depend on the
// keys inserted before.
package treemap

import "errors"

// Bounds of Run's input: at most MaxOps operations on keys 0..MaxKey.
// Like the paper's loop bounds, they keep the exploration finite.
const (
	MaxOps = 3
	MaxKey = 7
)

// ErrBadInput is Run's answer to operations out of bounds.
var ErrBadInput = errors.New("treemap: too many operations or key out of range")

// node is one entry of the map; red is the colour of the link from its
// parent.
type node struct {
	key, value  int
	left, right *node
	red         bool
}

// Map is an ordered map from int to int.
type Map struct {
	root *node
	size int
}

// Len is the number of entries.
func (m *Map) Len() int { return m.size }

// Get returns the value of key; ok is false when key is absent.
func (m *Map) Get(key int) (value int, ok bool) {
	for n := m.root; n != nil; {
		switch {
		case key < n.key:
			n = n.left
		case key > n.key:
			n = n.right
		default:
			return n.value, true
		}
	}
	return 0, false
}

// Put sets key's value.
func (m *Map) Put(key, value int) {
	m.root = m.put(m.root, key, value)
	m.root.red = false
}

func (m *Map) put(n *node, key, value int) *node {
	if n == nil {
		m.size++
		return &node{key: key, value: value, red: true}
	}
	switch {
	case key < n.key:
		n.left = m.put(n.left, key, value)
	case key > n.key:
		n.right = m.put(n.right, key, value)
	default:
		n.value = value
	}
	return balance(n)
}

// Remove deletes key and reports whether it was there.
func (m *Map) Remove(key int) bool {
	if _, ok := m.Get(key); !ok {
		return false
	}
	if !isRed(m.root.left) && !isRed(m.root.right) {
		m.root.red = true
	}
	m.root = remove(m.root, key)
	if m.root != nil {
		m.root.red = false
	}
	m.size--
	return true
}

// remove deletes key, which is in the subtree n.
func remove(n *node, key int) *node {
	if key < n.key {
		if !isRed(n.left) && !isRed(n.left.left) {
			n = moveRedLeft(n)
		}
		n.left = remove(n.left, key)
		return balance(n)
	}
	if isRed(n.left) {
		n = rotateRight(n)
	}
	if key == n.key && n.right == nil {
		return nil
	}
	if !isRed(n.right) && !isRed(n.right.left) {
		n = moveRedRight(n)
	}
	if key == n.key {
		min := n.right
		for min.left != nil {
			min = min.left
		}
		n.key, n.value = min.key, min.value
		n.right = removeMin(n.right)
	} else {
		n.right = remove(n.right, key)
	}
	return balance(n)
}

// removeMin deletes the smallest key of the subtree n.
func removeMin(n *node) *node {
	if n.left == nil {
		return nil
	}
	if !isRed(n.left) && !isRed(n.left.left) {
		n = moveRedLeft(n)
	}
	n.left = removeMin(n.left)
	return balance(n)
}

func isRed(n *node) bool { return n != nil && n.red }

func rotateLeft(n *node) *node {
	x := n.right
	n.right, x.left = x.left, n
	x.red, n.red = n.red, true
	return x
}

func rotateRight(n *node) *node {
	x := n.left
	n.left, x.right = x.right, n
	x.red, n.red = n.red, true
	return x
}

func flipColors(n *node) {
	n.red = !n.red
	n.left.red = !n.left.red
	n.right.red = !n.right.red
}

func moveRedLeft(n *node) *node {
	flipColors(n)
	if isRed(n.right.left) {
		n.right = rotateRight(n.right)
		n = rotateLeft(n)
		flipColors(n)
	}
	return n
}

func moveRedRight(n *node) *node {
	flipColors(n)
	if isRed(n.left.left) {
		n = rotateRight(n)
		flipColors(n)
	}
	return n
}

// balance restores the left-leaning invariants at n on the way up.
func balance(n *node) *node {
	if isRed(n.right) && !isRed(n.left) {
		n = rotateLeft(n)
	}
	if isRed(n.left) && isRed(n.left.left) {
		n = rotateRight(n)
	}
	if isRed(n.left) && isRed(n.right) {
		flipColors(n)
	}
	return n
}

// Run applies ops to an empty map, in order: a key k ≥ 0 puts k with the
// operation's index as its value, and ^k (a negative op, -k-1) removes k.
// It then returns the value of get, and whether it is there.
func Run(ops []int, get int) (value int, ok bool, err error) {
	if len(ops) > MaxOps {
		return 0, false, ErrBadInput
	}
	var m Map
	for i, op := range ops {
		if op < ^MaxKey || op > MaxKey {
			return 0, false, ErrBadInput
		}
		if op >= 0 {
			m.Put(op, i)
		} else {
			m.Remove(^op)
		}
	}
	value, ok = m.Get(get)
	return value, ok, nil
}
