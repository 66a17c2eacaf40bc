// Package bintree is a Go port of the BinTree subject of the GreenTrie
// paper's evaluation (§7): a binary search tree with insertion, removal
// and lookup, driven by a sequence of operations, written here for the
// solver bench (testdata/solverbench, bench's solver arms).
//
// Each operation walks the tree comparing its key with the keys inserted
// before, so a path condition is a chain of comparisons between the
// inputs, and the conditions of sibling paths differ only at the end.
package bintree

import "errors"

// Bounds of Run's input: at most MaxOps operations on keys 0..MaxKey.
// Like the paper's loop bounds, they keep the exploration finite.
const (
	MaxOps = 3
	MaxKey = 7
)

// ErrBadInput is Run's answer to operations out of bounds.
var ErrBadInput = errors.New("bintree: too many operations or key out of range")

// node is one key of the tree.
type node struct {
	key         int
	left, right *node
}

// Tree is a binary search tree of distinct ints.
type Tree struct {
	root *node
	size int
}

// Insert adds key and reports whether it was new.
func (t *Tree) Insert(key int) bool {
	link := &t.root
	for *link != nil {
		switch n := *link; {
		case key < n.key:
			link = &n.left
		case key > n.key:
			link = &n.right
		default:
			return false
		}
	}
	*link = &node{key: key}
	t.size++
	return true
}

// Remove deletes key and reports whether it was there. A node with two
// children takes the smallest key of its right subtree.
func (t *Tree) Remove(key int) bool {
	link := &t.root
	for *link != nil && (*link).key != key {
		if key < (*link).key {
			link = &(*link).left
		} else {
			link = &(*link).right
		}
	}
	n := *link
	if n == nil {
		return false
	}
	switch {
	case n.left == nil:
		*link = n.right
	case n.right == nil:
		*link = n.left
	default:
		succ := &n.right
		for (*succ).left != nil {
			succ = &(*succ).left
		}
		n.key = (*succ).key
		*succ = (*succ).right
	}
	t.size--
	return true
}

// Find reports whether key is in the tree.
func (t *Tree) Find(key int) bool {
	n := t.root
	for n != nil {
		switch {
		case key < n.key:
			n = n.left
		case key > n.key:
			n = n.right
		default:
			return true
		}
	}
	return false
}

// Len is the number of keys in the tree.
func (t *Tree) Len() int { return t.size }

// Run applies ops to an empty tree, in order: a key k ≥ 0 inserts k, and
// ^k (a negative op, -k-1) removes k. It then reports whether find is in
// the tree, and the tree's size.
func Run(ops []int, find int) (found bool, size int, err error) {
	if len(ops) > MaxOps {
		return false, 0, ErrBadInput
	}
	var t Tree
	for _, op := range ops {
		if op < ^MaxKey || op > MaxKey {
			return false, 0, ErrBadInput
		}
		if op >= 0 {
			t.Insert(op)
		} else {
			t.Remove(^op)
		}
	}
	return t.Find(find), t.Len(), nil
}
