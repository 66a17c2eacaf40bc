package machine

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

func (e *Machine) builtin(s *State, instr ssa.CallInstruction, b *ssa.Builtin, c *ssa.CallCommon) {
	args := make([]value.Value, len(c.Args))
	for i, a := range c.Args {
		args[i] = e.eval(s, a)
	}
	e.applyBuiltin(s, instr, b, args, c)
}

// applyBuiltin runs a builtin function; instr receives the result (nil for
// a deferred builtin, whose result is dropped).
func (e *Machine) applyBuiltin(s *State, instr ssa.CallInstruction, b *ssa.Builtin, args []value.Value, c *ssa.CallCommon) {
	result := func(v value.Value) {
		if call, ok := instr.(*ssa.Call); ok && v != nil {
			e.set(s, call, v)
		}
	}
	switch b.Name() {
	case "len":
		result(value.Scalar{E: e.Length(s, args[0])})
	case "cap":
		result(value.Scalar{E: e.capacity(s, args[0])})
	case "close":
		e.closeChan(s, c.Args[0], args[0].(value.Pointer))
	case "append":
		site, _ := instr.(ssa.Value)
		if v, ok := e.appendBuiltin(s, args[0].(value.Slice), args[1], c.Args[0].Type(), site); ok {
			result(v)
		}
	case "copy":
		if n, ok := e.copyBuiltin(s, args[0].(value.Slice), args[1]); ok {
			result(value.Scalar{E: n})
		}
	case "delete":
		e.mapDelete(s, args[0].(value.Pointer), args[1], c.Args[0].Type())
	case "clear":
		e.clearBuiltin(s, args[0], c.Args[0].Type())
	case "min", "max":
		if v, ok := e.minMax(s, b.Name() == "min", args, c.Args[0].Type()); ok {
			result(v)
		}
	case "recover":
		result(e.recoverValue(s))
	case "print", "println":
		// Output to stderr does not change the outcome the tests check.
	case "ssa:wrapnilchk":
		p := args[0].(value.Pointer)
		if !e.RequireNonNil(s, p.NonNil, "receiver != nil", PanicNilDeref) {
			return
		}
		result(p)
	default:
		if e.unsafeBuiltin(s, b.Name(), args, result) {
			return
		}
		e.Unsupported(s, "builtin "+b.Name())
	}
}

// Length is len(v) for a string, slice, pointer to array or map.
func (e *Machine) Length(s *State, v value.Value) expr.Expr {
	switch x := v.(type) {
	case value.String:
		return x.Len
	case value.Slice:
		return x.Len
	case value.Pointer: // a map or a channel (a pointer to an array has a constant length, folded by SSA)
		if x.Obj == 0 {
			return expr.Const(64, 0)
		}
		if n, isChan := e.chanLen(s, x, false); isChan {
			return n
		}
		return e.mapLen(s, x)
	case value.Array:
		return expr.Const(64, uint64(x.Len()))
	}
	panic(InternalError("len of %T", v))
}

func (e *Machine) capacity(s *State, v value.Value) expr.Expr {
	switch x := v.(type) {
	case value.Slice:
		return x.Cap
	case value.Array:
		return expr.Const(64, uint64(x.Len()))
	case value.Pointer: // a channel
		if n, isChan := e.chanLen(s, x, true); isChan {
			return n
		}
	}
	panic(InternalError("cap of %T", v))
}

// elemsOf gives the elements of an append or copy source: a slice or a
// string (append([]byte, string...)), and how many of them count.
func (e *Machine) elemsOf(s *State, src value.Value) ([]value.Value, expr.Expr) {
	switch x := src.(type) {
	case value.Slice:
		return e.SliceElems(s, x), x.Len
	case value.String:
		elems := make([]value.Value, len(x.Bytes))
		for i, b := range x.Bytes {
			elems[i] = value.Scalar{E: b}
		}
		return elems, x.Len
	}
	panic(InternalError("append or copy source %T", src))
}

// appendBuiltin is append(dst, src...). The lengths are forked into known
// values, so elements land at known positions; growing follows the Go
// runtime's growth rule, so cap() and aliasing match compiled code.
func (e *Machine) appendBuiltin(s *State, dst value.Slice, src value.Value, sliceType types.Type, site ssa.Value) (value.Value, bool) {
	srcElems, srcLen := e.elemsOf(s, src)
	states, lens, ok := e.values(s, dst.Len, "slice length")
	if !ok {
		return nil, false
	}
	if len(states) != 1 {
		// Each forked state redoes the append with its length known.
		rerun(states)
		return nil, false
	}
	states, ns, ok := e.values(s, srcLen, "appended length")
	if !ok {
		return nil, false
	}
	if len(states) != 1 {
		rerun(states)
		return nil, false
	}
	oldLen, n := int(lens[0]), int(ns[0])
	if n == 0 {
		// Go returns dst itself, which may be nil (and have no object).
		return dst, true
	}
	newLen := oldLen + n
	elemType := sliceType.Underlying().(*types.Slice).Elem()
	capNow, ok := e.Concretize(s, dst.Cap, "slice capacity")
	if !ok {
		return nil, false
	}
	obj, base, offset, newCap := dst.Obj, dst.Base, dst.Offset, int(capNow.Value())
	var elems []value.Value
	if newLen > newCap {
		newCap = value.GrowCapacity(newCap, newLen, elemType)
		elems = make([]value.Value, newCap)
		old := e.SliceElems(s, dst)
		copy(elems, old[:oldLen])
		zero := value.Zero(elemType)
		for i := oldLen; i < newCap; i++ {
			elems[i] = zero
		}
		obj = s.Mem.Alloc(&value.Object{Type: types.NewArray(elemType, int64(newCap)), Value: value.ArrayOf(elems), Site: site})
		base, offset = nil, 0
	} else {
		elems = append([]value.Value(nil), e.SliceArray(s, dst).Elems()...)
	}
	for i := 0; i < n; i++ {
		elems[offset+oldLen+i] = srcElems[i]
	}
	out := value.Slice{NonNil: expr.True, Obj: obj, Base: base, Offset: offset, Len: expr.Const(64, uint64(newLen)), Cap: expr.Const(64, uint64(newCap))}
	e.SetSliceArray(s, out, value.ArrayOf(elems))
	return out, true
}

// rerun makes states that forked over the values of a length execute the
// current instruction again: each path condition now pins the length to one
// value, so the instruction proceeds with it known.
func rerun(states []*State) {
	for _, t := range states {
		t.Top().Next--
	}
}

// copyBuiltin is copy(dst, src): it copies min(len(dst), len(src)) elements.
func (e *Machine) copyBuiltin(s *State, dst value.Slice, src value.Value) (expr.Expr, bool) {
	srcElems, srcLen := e.elemsOf(s, src)
	n := expr.Ite(expr.Ult(dst.Len, srcLen), dst.Len, srcLen)
	states, ns, ok := e.values(s, n, "copied length")
	if !ok {
		return expr.Expr{}, false
	}
	if len(states) != 1 {
		rerun(states)
		return expr.Expr{}, false
	}
	count := int(ns[0])
	if count == 0 {
		return expr.Const(64, 0), true
	}
	// Read the source first: the two may overlap.
	moved := append([]value.Value(nil), srcElems[:count]...)
	elems := append([]value.Value(nil), e.SliceArray(s, dst).Elems()...)
	copy(elems[dst.Offset:], moved)
	e.SetSliceArray(s, dst, value.ArrayOf(elems))
	return expr.Const(64, uint64(count)), true
}

func (e *Machine) clearBuiltin(s *State, v value.Value, t types.Type) {
	switch x := v.(type) {
	case value.Slice:
		if x.Obj == 0 {
			return
		}
		states, ns, ok := e.values(s, x.Len, "cleared length")
		if !ok || len(states) != 1 {
			rerun(states)
			return
		}
		elems := append([]value.Value(nil), e.SliceArray(s, x).Elems()...)
		zero := value.Zero(t.Underlying().(*types.Slice).Elem())
		for i := 0; i < int(ns[0]); i++ {
			elems[x.Offset+i] = zero
		}
		e.SetSliceArray(s, x, value.ArrayOf(elems))
	case value.Pointer:
		if x.Obj != 0 {
			s.Mem.Set(x.Obj, value.Map{})
		}
	}
}

// minMax is the min or max builtin over integers, strings or floats.
func (e *Machine) minMax(s *State, isMin bool, args []value.Value, t types.Type) (value.Value, bool) {
	best := args[0]
	_, signed, _ := value.IntInfo(t)
	for _, a := range args[1:] {
		switch x := a.(type) {
		case value.Scalar:
			b := best.(value.Scalar).E
			less := expr.Lt(x.E, b, signed)
			if !isMin {
				less = expr.Lt(b, x.E, signed)
			}
			best = value.Scalar{E: expr.Ite(less, x.E, b)}
		case value.String:
			b := best.(value.String)
			less := value.StringsLess(x, b)
			if !isMin {
				less = value.StringsLess(b, x)
			}
			v, ok := value.Ite(less, x, b)
			if !ok {
				e.Unsupported(s, "min or max of strings")
				return nil, false
			}
			best = v
		case value.Opaque:
			xf, ok1 := e.Float(s, x)
			bf, ok2 := e.Float(s, best)
			if !ok1 || !ok2 {
				e.Unsupported(s, "min or max of "+x.Reason)
				return nil, false
			}
			if isMin {
				best = value.FloatValue(t, value.MinFloat(bf, xf))
			} else {
				best = value.FloatValue(t, value.MaxFloat(bf, xf))
			}
		}
	}
	return best, true
}
