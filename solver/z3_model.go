package solver

/*
#include <z3.h>
*/
import "C"

import (
	"fmt"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// model copies the values of the query's variables out of Z3's model, with
// model completion, and releases the model.
func (z *Z3) model(tr *translator) (*expr.Values, error) {
	m := C.Z3_solver_get_model(z.ctx, z.solver)
	if err := z.lastError(); err != nil {
		return nil, err
	}
	C.Z3_model_inc_ref(z.ctx, m)
	defer C.Z3_model_dec_ref(z.ctx, m)
	values := &expr.Values{Scalars: make(map[expr.Expr]uint64), Arrays: make(map[expr.Expr]expr.ArrayValue)}
	for _, v := range tr.vars {
		ast := tr.translate(v)
		if v.Sort().IsArray() {
			arr, err := z.arrayValue(m, ast)
			if err != nil {
				return nil, fmt.Errorf("value of %s: %w", v.Name(), err)
			}
			values.Arrays[v] = arr
			continue
		}
		val, err := z.evalScalar(m, ast, v.Sort())
		if err != nil {
			return nil, fmt.Errorf("value of %s: %w", v.Name(), err)
		}
		values.Scalars[v] = val
	}
	return values, nil
}

// eval evaluates a term in the model with completion; the result holds a
// reference the caller must drop.
func (z *Z3) eval(m C.Z3_model, a C.Z3_ast) (C.Z3_ast, error) {
	var out C.Z3_ast
	if !C.Z3_model_eval(z.ctx, m, a, true, &out) || out == nil {
		if err := z.lastError(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("model evaluation failed")
	}
	C.Z3_inc_ref(z.ctx, out)
	return out, nil
}

func (z *Z3) evalScalar(m C.Z3_model, a C.Z3_ast, sort expr.Sort) (uint64, error) {
	out, err := z.eval(m, a)
	if err != nil {
		return 0, err
	}
	defer C.Z3_dec_ref(z.ctx, out)
	return z.numeral(out, sort)
}

// numeral reads a Bool or BV value.
func (z *Z3) numeral(a C.Z3_ast, sort expr.Sort) (uint64, error) {
	if sort.IsBool() {
		switch C.Z3_get_bool_value(z.ctx, a) {
		case C.Z3_L_TRUE:
			return 1, nil
		case C.Z3_L_FALSE:
			return 0, nil
		}
		return 0, fmt.Errorf("not a Boolean value")
	}
	var u C.uint64_t
	if !C.Z3_get_numeral_uint64(z.ctx, a, &u) {
		return 0, fmt.Errorf("not a numeral")
	}
	return uint64(u), nil
}

// arrayValue reads an array's interpretation: either an as-array over a
// function interpretation (entries and an else value) or a chain of stores
// over a constant array.
func (z *Z3) arrayValue(m C.Z3_model, a C.Z3_ast) (expr.ArrayValue, error) {
	val := expr.ArrayValue{Entries: make(map[uint64]uint64)}
	out, err := z.eval(m, a)
	if err != nil {
		return val, err
	}
	defer C.Z3_dec_ref(z.ctx, out)
	sort := C.Z3_get_sort(z.ctx, out)
	idxSort := expr.BV(int(C.Z3_get_bv_sort_size(z.ctx, C.Z3_get_array_sort_domain(z.ctx, sort))))
	elemSort := expr.BV(int(C.Z3_get_bv_sort_size(z.ctx, C.Z3_get_array_sort_range(z.ctx, sort))))
	if C.Z3_is_as_array(z.ctx, out) {
		return z.funcInterpValue(m, C.Z3_get_as_array_func_decl(z.ctx, out), idxSort, elemSort)
	}
	cur := out
	for {
		if C.Z3_get_ast_kind(z.ctx, cur) != C.Z3_APP_AST {
			return val, fmt.Errorf("unexpected array value")
		}
		app := C.Z3_to_app(z.ctx, cur)
		switch C.Z3_get_decl_kind(z.ctx, C.Z3_get_app_decl(z.ctx, app)) {
		case C.Z3_OP_STORE:
			idx, err := z.numeral(C.Z3_get_app_arg(z.ctx, app, 1), idxSort)
			if err != nil {
				return val, err
			}
			if _, set := val.Entries[idx]; !set { // the outer store wins
				v, err := z.numeral(C.Z3_get_app_arg(z.ctx, app, 2), elemSort)
				if err != nil {
					return val, err
				}
				val.Entries[idx] = v
			}
			cur = C.Z3_get_app_arg(z.ctx, app, 0)
		case C.Z3_OP_CONST_ARRAY:
			d, err := z.numeral(C.Z3_get_app_arg(z.ctx, app, 0), elemSort)
			val.Default = d
			return val, err
		default:
			if C.Z3_is_as_array(z.ctx, cur) {
				inner, err := z.funcInterpValue(m, C.Z3_get_as_array_func_decl(z.ctx, cur), idxSort, elemSort)
				for k, v := range inner.Entries {
					if _, set := val.Entries[k]; !set {
						val.Entries[k] = v
					}
				}
				val.Default = inner.Default
				return val, err
			}
			return val, fmt.Errorf("unexpected array value")
		}
	}
}

func (z *Z3) funcInterpValue(m C.Z3_model, f C.Z3_func_decl, idxSort, elemSort expr.Sort) (expr.ArrayValue, error) {
	val := expr.ArrayValue{Entries: make(map[uint64]uint64)}
	fi := C.Z3_model_get_func_interp(z.ctx, m, f)
	if fi == nil {
		return val, fmt.Errorf("no interpretation for an array")
	}
	C.Z3_func_interp_inc_ref(z.ctx, fi)
	defer C.Z3_func_interp_dec_ref(z.ctx, fi)
	n := C.Z3_func_interp_get_num_entries(z.ctx, fi)
	for i := C.uint(0); i < n; i++ {
		entry := C.Z3_func_interp_get_entry(z.ctx, fi, i)
		C.Z3_func_entry_inc_ref(z.ctx, entry)
		idx, err1 := z.numeral(C.Z3_func_entry_get_arg(z.ctx, entry, 0), idxSort)
		v, err2 := z.numeral(C.Z3_func_entry_get_value(z.ctx, entry), elemSort)
		C.Z3_func_entry_dec_ref(z.ctx, entry)
		if err1 != nil {
			return val, err1
		}
		if err2 != nil {
			return val, err2
		}
		val.Entries[idx] = v
	}
	d, err := z.numeral(C.Z3_func_interp_get_else(z.ctx, fi), elemSort)
	val.Default = d
	return val, err
}
