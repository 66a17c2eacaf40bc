package expr

import (
	"fmt"
	"unique"
)

// Expr is a term. Structurally equal terms are equal Exprs, so == compares
// structure in constant time, and an Expr is a good map key. The zero Expr
// is invalid; IsValid tells it apart.
//
// Every term but a constant is hash-consed: h is the handle of its interned
// node. A constant is not interned (interning every value a concrete loop
// computes was most of the interpreter's time): h is the shared node of its
// sort (constNode) and c holds its value, so equal constants are still equal
// Exprs and a constant costs no allocation.
type Expr struct {
	h unique.Handle[node]
	// c is the value of a constant (masked to its width; Bool is 0 or 1),
	// 0 in every other term.
	c uint64
}

// node is the interned content of a term. Every field is determined by the
// term's structure, so interning on the whole struct is sound.
type node struct {
	op   Op
	sort Sort
	// val is the low bit of an extract (0 otherwise: a constant's value is
	// in its Expr, not here).
	val  uint64
	name string // the name of a variable
	args [3]Expr
	// hash is a deterministic structural hash (unlike the handle's address),
	// used to order terms reproducibly and by hashing layers of the solver.
	// A constant's is computed from its value (constHash).
	hash uint64
	// size is the number of nodes in the term's tree (saturating), a cheap
	// measure of cost for heuristics.
	size uint32
}

// constNodes are the nodes that constants share, one per sort: index 0 is
// Bool, index w is BV(w). They are interned like any node, and held here so
// they live as long as the program.
var constNodes = func() (nodes [MaxWidth + 1]unique.Handle[node]) {
	nodes[0] = unique.Make(node{op: OpConst, sort: BoolSort(), size: 1})
	for w := 1; w <= MaxWidth; w++ {
		nodes[w] = unique.Make(node{op: OpConst, sort: BV(w), size: 1})
	}
	return nodes
}()

// constant is the constant v of a Bool (width 0) or BV(width) sort; v must
// already be masked to the width.
func constant(width int, v uint64) Expr { return Expr{h: constNodes[width], c: v} }

func mk(op Op, sort Sort, val uint64, name string, args ...Expr) Expr {
	n := node{op: op, sort: sort, val: val, name: name}
	copy(n.args[:], args)
	n.hash, n.size = structuralHash(&n, len(args))
	return Expr{h: unique.Make(n)}
}

const (
	hashOffset = 14695981039346656037
	hashPrime  = 1099511628211
)

// structuralHash mixes the node's fields with FNV-1a style steps.
func structuralHash(n *node, nargs int) (uint64, uint32) {
	h := hashHead(n.op, n.sort, n.val)
	mix := func(v uint64) { h = (h ^ v) * hashPrime }
	for i := 0; i < len(n.name); i++ {
		mix(uint64(n.name[i]))
	}
	size := uint64(1)
	for _, a := range n.args[:nargs] {
		mix(a.Hash())
		size += uint64(a.h.Value().size)
	}
	if size > 1<<31 {
		size = 1 << 31
	}
	return h, uint32(size)
}

// hashHead mixes the fields every node has; for a constant (val its value)
// it is the whole hash, the same as if the constant were interned.
func hashHead(op Op, sort Sort, val uint64) uint64 {
	h := uint64(hashOffset)
	h = (h ^ uint64(op)) * hashPrime
	h = (h ^ (uint64(sort.kind)<<16 | uint64(sort.width)<<8 | uint64(sort.index))) * hashPrime
	return (h ^ val) * hashPrime
}

// IsValid reports whether e is a real term rather than the zero Expr.
func (e Expr) IsValid() bool { return e != Expr{} }

// Op is the operator at the root of e.
func (e Expr) Op() Op { return e.h.Value().op }

// Sort is the sort of e.
func (e Expr) Sort() Sort { return e.h.Value().sort }

// Width is the width of a bit-vector term.
func (e Expr) Width() int { return e.h.Value().sort.Width() }

// NumArgs is the number of operands of e.
func (e Expr) NumArgs() int {
	n := e.h.Value()
	for i := len(n.args); i > 0; i-- {
		if n.args[i-1].IsValid() {
			return i
		}
	}
	return 0
}

// Arg is the i-th operand of e.
func (e Expr) Arg(i int) Expr { return e.h.Value().args[i] }

// Args lists the operands of e.
func (e Expr) Args() []Expr {
	n := e.h.Value()
	return append([]Expr(nil), n.args[:e.NumArgs()]...)
}

// Hash is a structural hash of e that is the same in every run.
func (e Expr) Hash() uint64 {
	n := e.h.Value()
	if n.op == OpConst {
		return hashHead(OpConst, n.sort, e.c)
	}
	return n.hash
}

// Size is the number of nodes in e seen as a tree (shared subterms counted
// once per use), saturating at 2^31.
func (e Expr) Size() int { return int(e.h.Value().size) }

// IsConst reports whether e is a constant.
func (e Expr) IsConst() bool { return e.IsValid() && e.h.Value().op == OpConst }

// IsVar reports whether e is a free variable.
func (e Expr) IsVar() bool { return e.IsValid() && e.h.Value().op == OpVar }

// Value is the value of a constant: a BV's bits, or 1 and 0 for true and false.
func (e Expr) Value() uint64 {
	n := e.h.Value()
	if n.op != OpConst {
		panic(fmt.Sprintf("expr: Value of non-constant %v", e))
	}
	return e.c
}

// SignedValue is a BV constant's value read as two's complement.
func (e Expr) SignedValue() int64 { return signExtend(e.Value(), e.Width()) }

// IsTrue reports whether e is the constant true.
func (e Expr) IsTrue() bool { return e.IsConst() && e.Sort().IsBool() && e.Value() == 1 }

// IsFalse reports whether e is the constant false.
func (e Expr) IsFalse() bool { return e.IsConst() && e.Sort().IsBool() && e.Value() == 0 }

// Name is the name of a variable.
func (e Expr) Name() string {
	n := e.h.Value()
	if n.op != OpVar {
		panic(fmt.Sprintf("expr: Name of non-variable %v", e))
	}
	return n.name
}

// Lo is the lowest bit an extract takes.
func (e Expr) Lo() int {
	n := e.h.Value()
	if n.op != OpExtract {
		panic(fmt.Sprintf("expr: Lo of %v, which is not an extract", e))
	}
	return int(n.val)
}

// Less orders terms deterministically (by hash, then structure), for callers
// that need a canonical order that does not depend on memory addresses.
func Less(a, b Expr) bool { return Compare(a, b) < 0 }

// Compare is the total order behind Less: -1, 0 or +1.
func Compare(a, b Expr) int {
	if a == b {
		return 0
	}
	an, bn := a.h.Value(), b.h.Value()
	// A constant's value is in its Expr; other nodes keep val (an
	// extract's low bit) in the node, and their c is 0.
	av, bv := an.val|a.c, bn.val|b.c
	switch ah, bh := a.Hash(), b.Hash(); {
	case ah != bh:
		return cmp3(ah, bh)
	case an.op != bn.op:
		return cmp3(an.op, bn.op)
	case an.sort != bn.sort:
		return cmp3(an.sort.String(), bn.sort.String())
	case av != bv:
		return cmp3(av, bv)
	case an.name != bn.name:
		return cmp3(an.name, bn.name)
	}
	for i := range an.args {
		if c := compareOptional(an.args[i], bn.args[i]); c != 0 {
			return c
		}
	}
	return 0
}

func compareOptional(a, b Expr) int {
	switch {
	case !a.IsValid() && !b.IsValid():
		return 0
	case !a.IsValid():
		return -1
	case !b.IsValid():
		return 1
	}
	return Compare(a, b)
}

func cmp3[T int | uint64 | Op | string](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
