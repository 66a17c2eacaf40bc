// Package binomialheap is a Go port of the BinomialHeap subject of the
// GreenTrie paper's evaluation (§7): a binomial min-heap with insertion,
// extraction of the minimum and decrease-key, driven by a sequence of
// operations, written here for the solver bench (testdata/solverbench,
// bench's solver arms).
//
// Linking two trees compares their roots' keys, and finding the minimum
// compares every root's, so the path conditions are chains of
// comparisons among the inserted keys.
package binomialheap

import "errors"

// Bounds of Run's input: at most MaxOps operations, keys 0..MaxKey. Like
// the paper's loop bounds, they keep the exploration finite.
const (
	MaxOps = 4
	MaxKey = 15
)

// ErrBadInput is Run's answer to operations out of bounds.
var ErrBadInput = errors.New("binomialheap: too many operations or an operation out of range")

// Node is one key of the heap; Insert returns it as a handle for
// DecreaseKey.
type Node struct {
	key     int
	degree  int
	parent  *Node
	child   *Node // the child of highest degree
	sibling *Node // next root, or next child of the parent
}

// Key is the node's key.
func (n *Node) Key() int { return n.key }

// Heap is a binomial min-heap: a list of binomial trees of increasing
// degree, each heap-ordered.
type Heap struct {
	head *Node
	size int
}

// Len is the number of keys in the heap.
func (h *Heap) Len() int { return h.size }

// Insert adds key and returns its node.
func (h *Heap) Insert(key int) *Node {
	n := &Node{key: key}
	h.head = union(h.head, n)
	h.size++
	return n
}

// Min returns the smallest key; ok is false on an empty heap.
func (h *Heap) Min() (key int, ok bool) {
	_, m := minRoot(h.head)
	if m == nil {
		return 0, false
	}
	return m.key, true
}

// ExtractMin removes the node with the smallest key and returns it; ok
// is false on an empty heap.
func (h *Heap) ExtractMin() (min *Node, ok bool) {
	prev, m := minRoot(h.head)
	if m == nil {
		return nil, false
	}
	if prev == nil {
		h.head = m.sibling
	} else {
		prev.sibling = m.sibling
	}
	// m's children, highest degree first, become a heap of their own,
	// lowest degree first.
	var rev *Node
	for c := m.child; c != nil; {
		next := c.sibling
		c.parent, c.sibling = nil, rev
		rev, c = c, next
	}
	h.head = union(h.head, rev)
	h.size--
	m.child, m.sibling = nil, nil
	return m, true
}

// DecreaseKey lowers n's key to key, unless key is larger, and returns
// the node that holds the key afterwards: the key moves up the tree by
// swapping keys with its parents, not by moving nodes, so the handle of
// the decreased key is the node it stops in.
func (h *Heap) DecreaseKey(n *Node, key int) *Node {
	if key > n.key {
		return n
	}
	n.key = key
	for p := n.parent; p != nil && n.key < p.key; p = n.parent {
		n.key, p.key = p.key, n.key
		n = p
	}
	return n
}

// minRoot returns the root with the smallest key and the root before it.
func minRoot(head *Node) (prev, m *Node) {
	var before *Node
	for r := head; r != nil; before, r = r, r.sibling {
		if m == nil || r.key < m.key {
			prev, m = before, r
		}
	}
	return prev, m
}

// union merges two root lists, each sorted by degree, and links the
// trees of equal degree.
func union(a, b *Node) *Node {
	head := merge(a, b)
	if head == nil {
		return nil
	}
	var prev *Node
	x := head
	for next := x.sibling; next != nil; next = x.sibling {
		if x.degree != next.degree || next.sibling != nil && next.sibling.degree == x.degree {
			prev, x = x, next
			continue
		}
		if x.key <= next.key {
			x.sibling = next.sibling
			link(next, x)
			continue
		}
		if prev == nil {
			head = next
		} else {
			prev.sibling = next
		}
		link(x, next)
		x = next
	}
	return head
}

// merge merges two root lists by degree.
func merge(a, b *Node) *Node {
	var head Node
	tail := &head
	for a != nil && b != nil {
		if a.degree <= b.degree {
			tail.sibling, a = a, a.sibling
		} else {
			tail.sibling, b = b, b.sibling
		}
		tail = tail.sibling
	}
	if a != nil {
		tail.sibling = a
	} else {
		tail.sibling = b
	}
	return head.sibling
}

// link makes child, a root, the first child of parent, a root of the
// same degree.
func link(child, parent *Node) {
	child.parent = parent
	child.sibling = parent.child
	parent.child = child
	parent.degree++
}

// Run applies ops to an empty heap, in order: a key k in 0..MaxKey
// inserts k; -1 extracts the minimum, which is appended to out; and
// -1-d, for d in 1..MaxKey, decreases the key most recently inserted by
// d, if it is still in the heap. It returns the extracted keys.
func Run(ops []int) (out []int, err error) {
	if len(ops) > MaxOps {
		return nil, ErrBadInput
	}
	var h Heap
	var last *Node
	for _, op := range ops {
		switch {
		case op > MaxKey || op < -1-MaxKey:
			return nil, ErrBadInput
		case op >= 0:
			last = h.Insert(op)
		case op == -1:
			if m, ok := h.ExtractMin(); ok {
				out = append(out, m.key)
				if m == last {
					last = nil
				}
			}
		case last != nil:
			last = h.DecreaseKey(last, last.key-(-1-op))
		}
	}
	return out, nil
}
