package z3

// This file translates expr terms into Z3 ASTs.

/*
#include <z3.h>
*/
import "C"

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// translator turns expr terms into Z3 ASTs for one query. Every AST and
// sort it makes holds one reference, taken as soon as Z3 returns it (in a
// reference-counted context a fresh AST has count 0 and may be freed by
// the next call that takes and drops a temporary reference), and kept in
// the memo until release. The memo makes a subterm that is shared within
// the query cost one translation.
type translator struct {
	c     *z3Context
	memo  map[expr.Expr]C.Z3_ast
	sorts map[expr.Sort]C.Z3_sort
	// refs are the references memo and sorts hold, in the order they
	// were taken, so that release drops them in an order that does not
	// depend on Go's map iteration: the order in which Z3 frees terms
	// decides which ids its next terms reuse, and those ids steer its
	// search. Released in map order, two runs of one exploration made
	// different numbers of queries and wrote different test inputs.
	refs []C.Z3_ast

	// plainDivision, plainSums and plainLookups: Options.PlainDivision
	// (division.go), Options.PlainSums (sum.go) and
	// Options.PlainLookups (lookup.go).
	plainDivision, plainSums, plainLookups bool
	// divisions are the divisions by a constant translated in this query;
	// defs the definitions of those a term uses, for the terms that use
	// any (division.go).
	divisions map[division]namedDivision
	defs      map[expr.Expr][]C.Z3_ast
}

func newTranslator(c *z3Context, opts Options) *translator {
	return &translator{
		c: c, memo: make(map[expr.Expr]C.Z3_ast), sorts: make(map[expr.Sort]C.Z3_sort),
		plainDivision: opts.PlainDivision, plainSums: opts.PlainSums, plainLookups: opts.PlainLookups,
		divisions: make(map[division]namedDivision), defs: make(map[expr.Expr][]C.Z3_ast),
	}
}

// release drops every reference the query's translation took. What Z3
// still needs (the asserted formulas) it holds by its own references.
func (t *translator) release() {
	ctx := t.c.ctx
	for i := len(t.refs) - 1; i >= 0; i-- {
		C.Z3_dec_ref(ctx, t.refs[i])
	}
	clear(t.memo) // the maps keep their room for the next query
	clear(t.sorts)
	clear(t.divisions)
	clear(t.defs)
	t.refs = t.refs[:0]
}

// held is the number of references the translator holds, for tests:
// those of its memo and sorts, and those of the terms it built beside
// them (divisions and narrowed sums).
func (t *translator) held() int { return len(t.refs) }

// assert translates a constraint and asserts it in the solver, with the
// definitions of the divisions by a constant it uses (division.go).
func (t *translator) assert(e expr.Expr) error {
	a, err := t.translate(e)
	if err != nil {
		return err
	}
	if defs := t.defs[e]; len(defs) > 0 {
		b := astBuilder{t: t}
		if a = b.and(append([]C.Z3_ast{a}, defs...)...); b.failed {
			return t.c.errOr("cannot conjoin a constraint with its divisions")
		}
	}
	return t.c.assert(a)
}

// translate gives the Z3 AST of e, which the translator holds.
func (t *translator) translate(e expr.Expr) (C.Z3_ast, error) {
	if a, ok := t.memo[e]; ok {
		return a, nil
	}
	a, err := t.build(e)
	if err != nil {
		return nil, err
	}
	if a == nil {
		return nil, fmt.Errorf("translating %v: %w", e.Op(), t.c.errOr("Z3 made no term"))
	}
	t.hold(a)
	t.memo[e] = a
	if len(t.defs) > 0 {
		for i := range e.NumArgs() {
			t.addDefs(e, t.defs[e.Arg(i)]...)
		}
	}
	return a, nil
}

// hold takes a reference to a for the translator, until release.
func (t *translator) hold(a C.Z3_ast) {
	C.Z3_inc_ref(t.c.ctx, a)
	t.refs = append(t.refs, a)
}

// addDefs records that e's term uses the division definitions defs.
func (t *translator) addDefs(e expr.Expr, defs ...C.Z3_ast) {
	have := t.defs[e]
next:
	for _, d := range defs {
		for _, h := range have {
			if h == d {
				continue next
			}
		}
		have = append(have, d)
	}
	if len(have) > 0 {
		t.defs[e] = have
	}
}

// translateFor translates o, an operand of e that e's translation uses
// directly, and records that e uses o's definitions.
func (t *translator) translateFor(e, o expr.Expr) (C.Z3_ast, error) {
	a, err := t.translate(o)
	if err == nil {
		t.addDefs(e, t.defs[o]...)
	}
	return a, err
}

// sort gives the Z3 sort of s, which the translator holds.
func (t *translator) sort(s expr.Sort) (C.Z3_sort, error) {
	if z3s, ok := t.sorts[s]; ok {
		return z3s, nil
	}
	ctx := t.c.ctx
	var z3s C.Z3_sort
	switch s.Kind() {
	case expr.KindBool:
		z3s = C.Z3_mk_bool_sort(ctx)
	case expr.KindBV:
		z3s = C.Z3_mk_bv_sort(ctx, C.uint(s.Width()))
	case expr.KindArray:
		index, err := t.sort(s.Index())
		if err != nil {
			return nil, err
		}
		elem, err := t.sort(s.Elem())
		if err != nil {
			return nil, err
		}
		z3s = C.Z3_mk_array_sort(ctx, index, elem)
	default:
		return nil, fmt.Errorf("z3: no sort for %v", s)
	}
	if z3s == nil {
		return nil, t.c.errOr("cannot make sort " + s.String())
	}
	C.Z3_inc_ref(ctx, C.Z3_sort_to_ast(ctx, z3s))
	t.sorts[s] = z3s
	t.refs = append(t.refs, C.Z3_sort_to_ast(ctx, z3s))
	return z3s, nil
}

// build makes the AST of e's root over its translated operands. The
// operators map one to one onto SMT-LIB's, whose semantics expr follows
// (division by zero, shifts by the width or more).
func (t *translator) build(e expr.Expr) (C.Z3_ast, error) {
	if e.Op() == expr.OpAdd && !t.plainSums {
		// Before its operands: a narrowed sum translates only its terms.
		if a, ok, err := t.narrowSum(e); ok {
			return a, err
		}
	}
	if e.Op() == expr.OpIte && !t.plainLookups {
		// Likewise: a lookup tree translates the index and the values.
		if a, ok, err := t.lookupTree(e); ok {
			return a, err
		}
	}
	var args [3]C.Z3_ast
	for i := range e.NumArgs() {
		a, err := t.translate(e.Arg(i))
		if err != nil {
			return nil, err
		}
		args[i] = a
	}
	x, y, z := args[0], args[1], args[2]
	ctx := t.c.ctx
	if d, ok := divisionOf(e); ok && !t.plainDivision {
		return t.buildDivision(e, d, x)
	}
	switch op := e.Op(); op {
	case expr.OpConst:
		if e.Sort().IsBool() {
			if e.IsTrue() {
				return C.Z3_mk_true(ctx), nil
			}
			return C.Z3_mk_false(ctx), nil
		}
		s, err := t.sort(e.Sort())
		if err != nil {
			return nil, err
		}
		return C.Z3_mk_unsigned_int64(ctx, C.uint64_t(e.Value()), s), nil
	case expr.OpVar:
		s, err := t.sort(e.Sort())
		if err != nil {
			return nil, err
		}
		// The same name and sort give the same Z3 constant in every query,
		// which is what lets a later query build on earlier assertions.
		return C.Z3_mk_const(ctx, t.c.symbol(z3Name(e.Name())), s), nil
	case expr.OpNot:
		return C.Z3_mk_not(ctx, x), nil
	case expr.OpAnd:
		return C.Z3_mk_and(ctx, 2, &args[0]), nil
	case expr.OpOr:
		return C.Z3_mk_or(ctx, 2, &args[0]), nil
	case expr.OpEq:
		return C.Z3_mk_eq(ctx, x, y), nil
	case expr.OpIte:
		return C.Z3_mk_ite(ctx, x, y, z), nil
	case expr.OpAdd:
		return C.Z3_mk_bvadd(ctx, x, y), nil
	case expr.OpSub:
		return C.Z3_mk_bvsub(ctx, x, y), nil
	case expr.OpMul:
		return C.Z3_mk_bvmul(ctx, x, y), nil
	case expr.OpUDiv:
		return C.Z3_mk_bvudiv(ctx, x, y), nil
	case expr.OpSDiv:
		return C.Z3_mk_bvsdiv(ctx, x, y), nil
	case expr.OpURem:
		return C.Z3_mk_bvurem(ctx, x, y), nil
	case expr.OpSRem:
		return C.Z3_mk_bvsrem(ctx, x, y), nil
	case expr.OpBitAnd:
		return C.Z3_mk_bvand(ctx, x, y), nil
	case expr.OpBitOr:
		return C.Z3_mk_bvor(ctx, x, y), nil
	case expr.OpBitXor:
		return C.Z3_mk_bvxor(ctx, x, y), nil
	case expr.OpShl:
		return C.Z3_mk_bvshl(ctx, x, y), nil
	case expr.OpLShr:
		return C.Z3_mk_bvlshr(ctx, x, y), nil
	case expr.OpAShr:
		return C.Z3_mk_bvashr(ctx, x, y), nil
	case expr.OpBitNot:
		return C.Z3_mk_bvnot(ctx, x), nil
	case expr.OpNeg:
		return C.Z3_mk_bvneg(ctx, x), nil
	case expr.OpUlt:
		return C.Z3_mk_bvult(ctx, x, y), nil
	case expr.OpUle:
		return C.Z3_mk_bvule(ctx, x, y), nil
	case expr.OpSlt:
		return C.Z3_mk_bvslt(ctx, x, y), nil
	case expr.OpSle:
		return C.Z3_mk_bvsle(ctx, x, y), nil
	case expr.OpZExt:
		return C.Z3_mk_zero_ext(ctx, C.uint(e.Width()-e.Arg(0).Width()), x), nil
	case expr.OpSExt:
		return C.Z3_mk_sign_ext(ctx, C.uint(e.Width()-e.Arg(0).Width()), x), nil
	case expr.OpExtract:
		return C.Z3_mk_extract(ctx, C.uint(e.Lo()+e.Width()-1), C.uint(e.Lo()), x), nil
	case expr.OpConcat:
		return C.Z3_mk_concat(ctx, x, y), nil
	case expr.OpSelect:
		return C.Z3_mk_select(ctx, x, y), nil
	case expr.OpStore:
		return C.Z3_mk_store(ctx, x, y, z), nil
	case expr.OpConstArray:
		index, err := t.sort(e.Sort().Index())
		if err != nil {
			return nil, err
		}
		return C.Z3_mk_const_array(ctx, index, x), nil
	}
	return nil, fmt.Errorf("z3: no translation for operator %v", e.Op())
}

// internalPrefix starts the names of the Z3 constants the translation
// makes itself (division.go) and of the encoded names; no expr
// variable's Z3 name starts with it.
const internalPrefix = "|gosymtest-"

// escapedPrefix marks a variable name that z3Name had to encode.
const escapedPrefix = internalPrefix + "hex|"

// z3Name is the Z3 symbol for an expr variable name. Z3 takes names as C
// strings, so a name with a NUL byte would be cut short and could collide
// with another; such names (and, to keep the mapping one to one and the
// translation's own names apart, names that start with internalPrefix)
// are hex-encoded behind escapedPrefix.
func z3Name(name string) string {
	if !strings.ContainsRune(name, 0) && !strings.HasPrefix(name, internalPrefix) {
		return name
	}
	return escapedPrefix + hex.EncodeToString([]byte(name))
}
