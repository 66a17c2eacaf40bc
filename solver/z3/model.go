package z3

// This file copies a Z3 model into an expr.Values.

/*
#include <z3.h>
*/
import "C"

import (
	"fmt"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// model reads the values of vars from the solver's model after a Sat
// check, with model completion (a variable the model leaves open gets a
// value too), and releases the model before returning: the result is
// plain Go data.
func (t *translator) model(vars []expr.Expr) (*expr.Values, error) {
	ctx := t.c.ctx
	m := C.Z3_solver_get_model(ctx, t.c.solver)
	if m == nil {
		return nil, t.c.errOr("no model after sat")
	}
	C.Z3_model_inc_ref(ctx, m)
	defer C.Z3_model_dec_ref(ctx, m)
	r := modelReader{c: t.c, m: m}
	values := &expr.Values{Scalars: make(map[expr.Expr]uint64, len(vars)), Arrays: make(map[expr.Expr]expr.ArrayValue)}
	for _, v := range vars {
		a, err := t.translate(v)
		if err != nil {
			return nil, err
		}
		if v.Sort().IsArray() {
			av, err := r.array(a)
			if err != nil {
				return nil, fmt.Errorf("value of %s: %w", v.Name(), err)
			}
			values.Arrays[v] = av
			continue
		}
		val, err := r.scalar(a)
		if err != nil {
			return nil, fmt.Errorf("value of %s: %w", v.Name(), err)
		}
		values.Scalars[v] = val
	}
	return values, nil
}

// modelReader reads values out of one model. The ASTs it walks belong to
// terms it holds a reference to, so it takes none of its own for them.
type modelReader struct {
	c *z3Context
	m C.Z3_model
}

// eval evaluates a in the model with completion. The result holds a
// reference that the caller must drop.
func (r modelReader) eval(a C.Z3_ast) (C.Z3_ast, error) {
	var out C.Z3_ast
	if !C.Z3_model_eval(r.c.ctx, r.m, a, true, &out) || out == nil {
		return nil, r.c.errOr("model evaluation failed")
	}
	C.Z3_inc_ref(r.c.ctx, out)
	return out, nil
}

// scalar is the value of a Bool (1 or 0) or bit-vector term.
func (r modelReader) scalar(a C.Z3_ast) (uint64, error) {
	out, err := r.eval(a)
	if err != nil {
		return 0, err
	}
	defer C.Z3_dec_ref(r.c.ctx, out)
	return r.value(out)
}

// value reads a value term: true, false or a bit-vector numeral.
func (r modelReader) value(a C.Z3_ast) (uint64, error) {
	ctx := r.c.ctx
	switch C.Z3_get_bool_value(ctx, a) {
	case C.Z3_L_TRUE:
		return 1, nil
	case C.Z3_L_FALSE:
		return 0, nil
	}
	var u C.uint64_t
	if C.Z3_get_ast_kind(ctx, a) != C.Z3_NUMERAL_AST || !C.Z3_get_numeral_uint64(ctx, a, &u) {
		return 0, fmt.Errorf("%s is not a value", r.c.astString(a))
	}
	return uint64(u), nil
}

// array reads the value of an array term. Z3 gives it either as stores
// over a constant array, or as (_ as-array f) with f's interpretation a
// table of entries and an else value, or as stores over an as-array.
func (r modelReader) array(a C.Z3_ast) (expr.ArrayValue, error) {
	ctx := r.c.ctx
	val := expr.ArrayValue{Entries: make(map[uint64]uint64)}
	out, err := r.eval(a)
	if err != nil {
		return val, err
	}
	defer C.Z3_dec_ref(ctx, out)
	for cur := out; ; {
		if C.Z3_is_as_array(ctx, cur) {
			return val, r.funcInterp(C.Z3_get_as_array_func_decl(ctx, cur), &val)
		}
		if C.Z3_get_ast_kind(ctx, cur) != C.Z3_APP_AST {
			return val, fmt.Errorf("unexpected array value %s", r.c.astString(cur))
		}
		app := C.Z3_to_app(ctx, cur)
		switch C.Z3_get_decl_kind(ctx, C.Z3_get_app_decl(ctx, app)) {
		case C.Z3_OP_STORE:
			if err := r.entry(&val, C.Z3_get_app_arg(ctx, app, 1), C.Z3_get_app_arg(ctx, app, 2)); err != nil {
				return val, err
			}
			cur = C.Z3_get_app_arg(ctx, app, 0)
		case C.Z3_OP_CONST_ARRAY:
			val.Default, err = r.value(C.Z3_get_app_arg(ctx, app, 0))
			return val, err
		default:
			return val, fmt.Errorf("unexpected array value %s", r.c.astString(cur))
		}
	}
}

// entry records index ↦ value unless an outer store already gave index a
// value: the outermost store is the one a read sees.
func (r modelReader) entry(val *expr.ArrayValue, index, value C.Z3_ast) error {
	i, err := r.value(index)
	if err != nil {
		return err
	}
	if _, shadowed := val.Entries[i]; shadowed {
		return nil
	}
	v, err := r.value(value)
	if err != nil {
		return err
	}
	val.Entries[i] = v
	return nil
}

// funcInterp adds the interpretation of the function behind an as-array:
// its entries, and its else value as the default.
func (r modelReader) funcInterp(f C.Z3_func_decl, val *expr.ArrayValue) error {
	ctx := r.c.ctx
	fi := C.Z3_model_get_func_interp(ctx, r.m, f)
	if fi == nil {
		// No interpretation means the values do not matter; the zero
		// default is as good as any.
		return r.c.err()
	}
	C.Z3_func_interp_inc_ref(ctx, fi)
	defer C.Z3_func_interp_dec_ref(ctx, fi)
	n := C.Z3_func_interp_get_num_entries(ctx, fi)
	for i := C.uint(0); i < n; i++ {
		e := C.Z3_func_interp_get_entry(ctx, fi, i)
		if e == nil {
			return r.c.errOr("missing function entry")
		}
		C.Z3_func_entry_inc_ref(ctx, e)
		var err error
		if C.Z3_func_entry_get_num_args(ctx, e) != 1 {
			err = fmt.Errorf("array entry with %d indices", C.Z3_func_entry_get_num_args(ctx, e))
		} else {
			err = r.entry(val, C.Z3_func_entry_get_arg(ctx, e, 0), C.Z3_func_entry_get_value(ctx, e))
		}
		C.Z3_func_entry_dec_ref(ctx, e)
		if err != nil {
			return err
		}
	}
	if els := C.Z3_func_interp_get_else(ctx, fi); els != nil {
		d, err := r.value(els)
		if err != nil {
			return err
		}
		val.Default = d
	}
	return nil
}
