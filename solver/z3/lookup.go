package z3

// This file translates reads at a symbolic index.

/*
#include <z3.h>
*/
import "C"

import (
	"cmp"
	"math/bits"
	"slices"
	"sort"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// The executor reads an element at a symbolic index i as a chain
// ite(i == k1, v1, ite(i == k2, v2, … d)), one link per element
// (symbolic/symindex.go). Z3 bit-blasts each link into a comparison of
// all of i's bits and a multiplexer, and on long chains its search can
// get lost: text/scanner reads s.srcBuf[s.srcPos], a 1,025-link chain of
// byte variables, and "srcPos < 1025 ∧ 128 ≤ srcBuf[srcPos]" took Z3
// 1 to 3 seconds for chains of 1,022 to 1,025 links and 40 ms for 1,021
// or 1,026.
//
// So a chain of at least minLookupLinks links over one index and distinct
// constants is translated as a decision tree on the index's bits, which
// is what a hardware table read is: each node tests the highest bit on
// which the remaining keys differ, after checking that the bits above it
// equal the keys' common prefix; a leaf with one key checks the bits
// left. Every value of i reaches exactly the link whose key it equals, or
// d when it equals none, so the tree has the chain's value everywhere:
// the translation is exact. A later link with a key an earlier one has is
// never selected and is left out. Options.PlainLookups turns this off.

// minLookupLinks is the shortest chain translated as a tree. Shorter
// chains are cheap either way, and left as they are keep the terms Z3
// sees for small switches the same as they were.
const minLookupLinks = 16

// lookupLink is one link of a chain: the value read where the index is key.
type lookupLink struct {
	key   uint64
	value expr.Expr
}

// lookupChain splits e into the index, the links and the default of a
// chain that reads at a symbolic index; ok is false when e is not one of
// at least minLookupLinks links.
func lookupChain(e expr.Expr) (index expr.Expr, links []lookupLink, dflt expr.Expr, ok bool) {
	// Every if-then-else the translation meets is asked, so the common
	// case, a short one, is answered before anything is allocated.
	if chainLength(e, minLookupLinks) < minLookupLinks {
		return expr.Expr{}, nil, expr.Expr{}, false
	}
	index, _, _ = indexKey(e.Arg(0))
	seen := make(map[uint64]bool)
	for ; e.Op() == expr.OpIte; e = e.Arg(2) {
		at, key, isKey := indexKey(e.Arg(0))
		if !isKey || at != index {
			break
		}
		if !seen[key] {
			seen[key] = true
			links = append(links, lookupLink{key, e.Arg(1)})
		}
	}
	if len(links) < minLookupLinks {
		return expr.Expr{}, nil, expr.Expr{}, false
	}
	return index, links, e, true
}

// chainLength is the number of links, up to most, of the chain of reads
// at one index that e starts.
func chainLength(e expr.Expr, most int) int {
	var index expr.Expr
	n := 0
	for ; n < most && e.Op() == expr.OpIte; e = e.Arg(2) {
		at, _, isKey := indexKey(e.Arg(0))
		if !isKey || (n > 0 && at != index) {
			break
		}
		index = at
		n++
	}
	return n
}

// indexKey reads a condition i == k with k a constant and i not.
func indexKey(cond expr.Expr) (index expr.Expr, key uint64, ok bool) {
	if cond.Op() != expr.OpEq {
		return expr.Expr{}, 0, false
	}
	x, y := cond.Arg(0), cond.Arg(1)
	if x.IsConst() {
		x, y = y, x
	}
	if x.IsConst() || !y.IsConst() || !x.Sort().IsBV() || x.Width() > 64 {
		return expr.Expr{}, 0, false
	}
	return x, y.Value(), true
}

// lookupTree translates e as a decision tree when it is a long chain of
// reads at one index; ok is false when it is not.
func (t *translator) lookupTree(e expr.Expr) (a C.Z3_ast, ok bool, err error) {
	index, links, dflt, ok := lookupChain(e)
	if !ok {
		return nil, false, nil
	}
	tb := treeBuilder{b: astBuilder{t: t}}
	if tb.index, err = t.translateFor(e, index); err != nil {
		return nil, true, err
	}
	if tb.dflt, err = t.translateFor(e, dflt); err != nil {
		return nil, true, err
	}
	leaves := make([]treeLeaf, len(links))
	for i, l := range links {
		leaves[i].key = l.key
		if leaves[i].value, err = t.translateFor(e, l.value); err != nil {
			return nil, true, err
		}
	}
	slices.SortFunc(leaves, func(a, b treeLeaf) int { return cmp.Compare(a.key, b.key) })
	a = tb.node(leaves, index.Width()-1)
	if tb.b.failed {
		return nil, true, t.c.errOr("cannot translate a read at a symbolic index")
	}
	return a, true, nil
}

// treeLeaf is a link of a chain, translated.
type treeLeaf struct {
	key   uint64
	value C.Z3_ast
}

// treeBuilder makes the nodes of one lookup tree.
type treeBuilder struct {
	b     astBuilder
	index C.Z3_ast
	dflt  C.Z3_ast
}

// node is the tree for leaves, sorted by key, whose keys agree above bit
// hi: its value is the leaf whose key's bits hi..0 equal the index's, or
// the default when none does.
func (tb *treeBuilder) node(leaves []treeLeaf, hi int) C.Z3_ast {
	if hi < 0 {
		return leaves[0].value // every bit is decided: one key is left
	}
	first, last := leaves[0].key, leaves[len(leaves)-1].key
	if len(leaves) == 1 {
		return tb.ite(tb.bitsEqual(hi, 0, first), leaves[0].value, tb.dflt)
	}
	// Sorted keys that agree above hi first differ where the smallest and
	// the largest do; those with a 0 there come first.
	split := bits.Len64(first^last) - 1
	at := sort.Search(len(leaves), func(i int) bool { return leaves[i].key&(1<<split) != 0 })
	tree := tb.ite(tb.bitsEqual(split, split, 1<<split), tb.node(leaves[at:], split-1), tb.node(leaves[:at], split-1))
	if split < hi {
		tree = tb.ite(tb.bitsEqual(hi, split+1, first), tree, tb.dflt)
	}
	return tree
}

// bitsEqual is the condition that the index's bits hi..lo equal key's.
func (tb *treeBuilder) bitsEqual(hi, lo int, key uint64) C.Z3_ast {
	ctx := tb.b.t.c.ctx
	part := tb.b.mk(func() C.Z3_ast { return C.Z3_mk_extract(ctx, C.uint(hi), C.uint(lo), tb.index) })
	if tb.b.failed {
		return nil
	}
	mask := uint64(1)<<(hi-lo+1) - 1 // all ones when hi-lo+1 is 64
	want := tb.b.mk(func() C.Z3_ast {
		return C.Z3_mk_unsigned_int64(ctx, C.uint64_t(key>>lo&mask), C.Z3_get_sort(ctx, part))
	})
	return tb.b.mk(func() C.Z3_ast { return C.Z3_mk_eq(ctx, part, want) })
}

// ite is Z3's if-then-else.
func (tb *treeBuilder) ite(cond, then, els C.Z3_ast) C.Z3_ast {
	return tb.b.mk(func() C.Z3_ast { return C.Z3_mk_ite(tb.b.t.c.ctx, cond, then, els) })
}
