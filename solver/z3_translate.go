package solver

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// translator turns expr terms into Z3 ASTs for one query. Every AST it
// makes holds a reference until release.
type translator struct {
	z    *Z3
	memo map[expr.Expr]C.Z3_ast
	// vars are the query's variables, in first-seen order.
	vars []expr.Expr
	seen map[expr.Expr]bool
}

func newTranslator(z *Z3) *translator {
	return &translator{z: z, memo: make(map[expr.Expr]C.Z3_ast), seen: make(map[expr.Expr]bool)}
}

// release drops the references the translation took.
func (t *translator) release() {
	for _, a := range t.memo {
		C.Z3_dec_ref(t.z.ctx, a)
	}
	t.memo = nil
}

// collectVars records the variables of e (for terms not translated in this
// query because they were already asserted).
func (t *translator) collectVars(e expr.Expr) {
	for _, v := range expr.Vars(e) {
		if !t.seen[v] {
			t.seen[v] = true
			t.vars = append(t.vars, v)
		}
	}
}

func (t *translator) sort(s expr.Sort) C.Z3_sort {
	if z3s, ok := t.z.sorts[s]; ok {
		return z3s
	}
	ctx := t.z.ctx
	var z3s C.Z3_sort
	switch {
	case s.IsBool():
		z3s = C.Z3_mk_bool_sort(ctx)
	case s.IsBV():
		z3s = C.Z3_mk_bv_sort(ctx, C.uint(s.Width()))
	case s.IsArray():
		z3s = C.Z3_mk_array_sort(ctx, t.sort(s.Index()), t.sort(s.Elem()))
	default:
		panic(fmt.Sprintf("sort %v", s))
	}
	C.Z3_inc_ref(ctx, C.Z3_sort_to_ast(ctx, z3s))
	t.z.sorts[s] = z3s
	return z3s
}

// translate gives the Z3 AST of e.
func (t *translator) translate(e expr.Expr) C.Z3_ast {
	if a, ok := t.memo[e]; ok {
		return a
	}
	a := t.build(e)
	if a == nil {
		panic(fmt.Sprintf("z3 could not build %v: %v", e, t.z.lastError()))
	}
	C.Z3_inc_ref(t.z.ctx, a)
	t.memo[e] = a
	return a
}

func (t *translator) build(e expr.Expr) C.Z3_ast {
	ctx := t.z.ctx
	arg := func(i int) C.Z3_ast { return t.translate(e.Arg(i)) }
	switch op := e.Op(); op {
	case expr.OpConst:
		if e.Sort().IsBool() {
			if e.IsTrue() {
				return C.Z3_mk_true(ctx)
			}
			return C.Z3_mk_false(ctx)
		}
		return C.Z3_mk_unsigned_int64(ctx, C.uint64_t(e.Value()), t.sort(e.Sort()))
	case expr.OpVar:
		if !t.seen[e] {
			t.seen[e] = true
			t.vars = append(t.vars, e)
		}
		name := C.CString(e.Name())
		defer C.free(unsafe.Pointer(name))
		return C.Z3_mk_const(ctx, C.Z3_mk_string_symbol(ctx, name), t.sort(e.Sort()))
	case expr.OpNot:
		return C.Z3_mk_not(ctx, arg(0))
	case expr.OpAnd, expr.OpOr:
		args := [2]C.Z3_ast{arg(0), arg(1)}
		if op == expr.OpAnd {
			return C.Z3_mk_and(ctx, 2, &args[0])
		}
		return C.Z3_mk_or(ctx, 2, &args[0])
	case expr.OpEq:
		return C.Z3_mk_eq(ctx, arg(0), arg(1))
	case expr.OpIte:
		return C.Z3_mk_ite(ctx, arg(0), arg(1), arg(2))
	case expr.OpBitNot:
		return C.Z3_mk_bvnot(ctx, arg(0))
	case expr.OpNeg:
		return C.Z3_mk_bvneg(ctx, arg(0))
	case expr.OpZExt:
		return C.Z3_mk_zero_ext(ctx, C.uint(e.Width()-e.Arg(0).Width()), arg(0))
	case expr.OpSExt:
		return C.Z3_mk_sign_ext(ctx, C.uint(e.Width()-e.Arg(0).Width()), arg(0))
	case expr.OpExtract:
		return C.Z3_mk_extract(ctx, C.uint(e.Lo()+e.Width()-1), C.uint(e.Lo()), arg(0))
	case expr.OpConcat:
		return C.Z3_mk_concat(ctx, arg(0), arg(1))
	case expr.OpSelect:
		return C.Z3_mk_select(ctx, arg(0), arg(1))
	case expr.OpStore:
		return C.Z3_mk_store(ctx, arg(0), arg(1), arg(2))
	case expr.OpConstArray:
		return C.Z3_mk_const_array(ctx, t.sort(e.Sort().Index()), arg(0))
	}
	if mk, ok := binaryBV[e.Op()]; ok {
		return mk(ctx, arg(0), arg(1))
	}
	panic(fmt.Sprintf("no Z3 translation for operator %v", e.Op()))
}

// binaryBV maps the two-operand bit-vector operators to their Z3 makers.
var binaryBV = map[expr.Op]func(C.Z3_context, C.Z3_ast, C.Z3_ast) C.Z3_ast{
	expr.OpAdd:    func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvadd(c, a, b) },
	expr.OpSub:    func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsub(c, a, b) },
	expr.OpMul:    func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvmul(c, a, b) },
	expr.OpUDiv:   func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvudiv(c, a, b) },
	expr.OpSDiv:   func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsdiv(c, a, b) },
	expr.OpURem:   func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvurem(c, a, b) },
	expr.OpSRem:   func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsrem(c, a, b) },
	expr.OpBitAnd: func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvand(c, a, b) },
	expr.OpBitOr:  func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvor(c, a, b) },
	expr.OpBitXor: func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvxor(c, a, b) },
	expr.OpShl:    func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvshl(c, a, b) },
	expr.OpLShr:   func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvlshr(c, a, b) },
	expr.OpAShr:   func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvashr(c, a, b) },
	expr.OpUlt:    func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvult(c, a, b) },
	expr.OpUle:    func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvule(c, a, b) },
	expr.OpSlt:    func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvslt(c, a, b) },
	expr.OpSle:    func(c C.Z3_context, a, b C.Z3_ast) C.Z3_ast { return C.Z3_mk_bvsle(c, a, b) },
}
