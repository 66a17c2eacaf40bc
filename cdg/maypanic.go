package cdg

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// MayPanic reports whether instr may panic at run time, that is whether
// the symbolic executor may fork an implicit "panic" branch at it. It is
// conservative: it answers false only when the instruction certainly
// cannot panic, judging from the instruction and its operands alone (no
// data flow beyond "this pointer comes from an allocation").
//
// Covered: index and slice bounds, nil dereferences (loads, stores,
// field and element addresses through pointers), integer division and
// remainder by zero, shifts by a signed amount, non-comma-ok type
// assertions, map updates (nil map, unhashable interface key), sends and
// close (closed channel), make with a size that may be negative, slice
// to array conversions, every call (the callee may panic, the func value
// may be nil) except builtins that cannot panic, go and defer through a
// func value, and RunDefers (a deferred call may panic). Panic
// terminators are not "may panic": they are certain, and are halts.
func MayPanic(instr ssa.Instruction) bool {
	switch i := instr.(type) {
	case *ssa.IndexAddr:
		return !constIndexInBounds(i.X, i.Index) || !nonNil(i.X)
	case *ssa.Index:
		return !constIndexInBounds(i.X, i.Index)
	case *ssa.Lookup:
		if isString(i.X.Type()) {
			return !constIndexInBounds(i.X, i.Index)
		}
		return mayBeUnhashable(i.Index.Type()) // map read: nil map is fine
	case *ssa.Slice:
		_, isPtr := i.X.Type().Underlying().(*types.Pointer)
		if isPtr && !nonNil(i.X) {
			return true // p[:] of a nil *array panics
		}
		if i.Low == nil && i.High == nil && i.Max == nil {
			return false // s[:] cannot be out of range
		}
		return !constSliceInBounds(i)
	case *ssa.UnOp:
		return i.Op == token.MUL && !nonNil(i.X)
	case *ssa.FieldAddr:
		return !nonNil(i.X)
	case *ssa.Store:
		return !nonNil(i.Addr)
	case *ssa.BinOp:
		switch i.Op {
		case token.QUO, token.REM:
			if !isInteger(i.Type()) {
				return false // floating-point and complex division never panic
			}
			c, ok := i.Y.(*ssa.Const)
			return !ok || c.Value == nil || constant.Sign(c.Value) == 0
		case token.SHL, token.SHR:
			if !isSigned(i.Y.Type()) {
				return false
			}
			c, ok := i.Y.(*ssa.Const)
			return !ok || c.Value == nil || constant.Sign(c.Value) < 0
		}
		return false
	case *ssa.TypeAssert:
		return !i.CommaOk
	case *ssa.MapUpdate:
		_, made := i.Map.(*ssa.MakeMap)
		return !made || mayBeUnhashable(i.Key.Type())
	case *ssa.Send, *ssa.SliceToArrayPointer, *ssa.RunDefers:
		return true
	case *ssa.Select:
		return len(i.States) > 0 // sends may hit a closed channel; be safe
	case *ssa.MakeSlice:
		return !isConst(i.Len) || !isConst(i.Cap)
	case *ssa.MakeChan:
		return !isConst(i.Size)
	case *ssa.MakeMap:
		return i.Reserve != nil && !isConst(i.Reserve)
	case *ssa.Call:
		return callMayPanic(&i.Call)
	case *ssa.Go:
		return i.Call.StaticCallee() == nil && !i.Call.IsInvoke() && !isBuiltin(i.Call.Value)
	case *ssa.Defer:
		return i.Call.StaticCallee() == nil && !i.Call.IsInvoke() && !isBuiltin(i.Call.Value)
	}
	return false
}

// callMayPanic: every call may panic except calls of the builtins that
// never do.
func callMayPanic(c *ssa.CallCommon) bool {
	b, ok := c.Value.(*ssa.Builtin)
	if !ok {
		return true
	}
	switch b.Name() {
	case "len", "cap", "append", "copy", "print", "println", "real", "imag",
		"complex", "min", "max", "clear", "recover":
		return false
	}
	return true // close, delete (unhashable key), ssa:wrapnilchk, unsafe.*
}

func isBuiltin(v ssa.Value) bool {
	_, ok := v.(*ssa.Builtin)
	return ok
}

// nonNil reports whether pointer p certainly is not nil: addresses of
// allocations, globals, fields and elements (computing those already
// checked their base).
func nonNil(p ssa.Value) bool {
	switch p.(type) {
	case *ssa.Alloc, *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr:
		return true
	}
	return false
}

// constIndexInBounds reports whether index is a constant within the
// bounds of x, an array, pointer to array or constant string.
func constIndexInBounds(x, index ssa.Value) bool {
	c, ok := index.(*ssa.Const)
	if !ok || c.Value == nil {
		return false
	}
	idx, exact := constant.Int64Val(constant.ToInt(c.Value))
	if !exact || idx < 0 {
		return false
	}
	t := x.Type().Underlying()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem().Underlying()
	}
	switch t := t.(type) {
	case *types.Array:
		return idx < t.Len()
	case *types.Basic:
		if s, ok := x.(*ssa.Const); ok && s.Value != nil && s.Value.Kind() == constant.String {
			return idx < int64(len(constant.StringVal(s.Value)))
		}
	}
	return false
}

// constSliceInBounds reports whether the bounds of a slice of an array
// (or pointer to one) are constants in range, as make([]T, 4) becomes.
func constSliceInBounds(s *ssa.Slice) bool {
	t := s.X.Type().Underlying()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem().Underlying()
	}
	arr, ok := t.(*types.Array)
	if !ok {
		return false
	}
	bound := func(v ssa.Value, def int64) (int64, bool) {
		if v == nil {
			return def, true
		}
		c, ok := v.(*ssa.Const)
		if !ok || c.Value == nil {
			return 0, false
		}
		return constant.Int64Val(constant.ToInt(c.Value))
	}
	lo, ok1 := bound(s.Low, 0)
	hi, ok2 := bound(s.High, arr.Len())
	max, ok3 := bound(s.Max, arr.Len())
	return ok1 && ok2 && ok3 && 0 <= lo && lo <= hi && hi <= max && max <= arr.Len()
}

func isConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && constant.Sign(c.Value) >= 0
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func isSigned(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0 && b.Info()&types.IsUnsigned == 0
}

// mayBeUnhashable: hashing an interface value panics if its dynamic type
// is not comparable; so may hashing a struct or array holding one.
func mayBeUnhashable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return true
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if mayBeUnhashable(u.Field(i).Type()) {
				return true
			}
		}
	case *types.Array:
		return mayBeUnhashable(u.Elem())
	}
	return false
}
