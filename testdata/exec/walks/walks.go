// Package walks is a doubly linked list whose links are private: a test
// reads it by walking it through Front and Next, or Back and Prev
// (symbolic/walks.go).
package walks

// List is a list of ints.
type List struct {
	front, back *Node
	n           int
}

// Node is one element of a List.
type Node struct {
	Value      int
	next, prev *Node
}

// New returns an empty list.
func New() *List { return &List{} }

// Len is the number of nodes.
func (l *List) Len() int { return l.n }

// Front is the first node, or nil.
func (l *List) Front() *Node { return l.front }

// Back is the last node, or nil.
func (l *List) Back() *Node { return l.back }

// Next is the node after n, or nil.
func (n *Node) Next() *Node { return n.next }

// Prev is the node before n, or nil.
func (n *Node) Prev() *Node { return n.prev }

// Pop removes the first node and returns it: it writes, so it is no
// navigation method.
func (l *List) Pop() *Node {
	n := l.front
	if n == nil {
		return nil
	}
	l.front = n.next
	if l.front == nil {
		l.back = nil
	} else {
		l.front.prev = nil
	}
	l.n--
	return n
}

// Push adds v at the back.
func (l *List) Push(v int) {
	n := &Node{Value: v, prev: l.back}
	if l.back == nil {
		l.front = n
	} else {
		l.back.next = n
	}
	l.back = n
	l.n++
}

// Three returns the list a, b, c.
func Three(a, b, c int) *List {
	l := New()
	l.Push(a)
	l.Push(b)
	l.Push(c)
	return l
}
