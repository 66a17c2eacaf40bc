package value

import "github.com/gosymtest/gosymtest/symbolic/expr"

// This file gives Go's == on pointers as a term. It needs no memory:
// two pointers are equal when they name the same location.

// PointersEqual is a == b for two pointers: two nil pointers are equal;
// a nil and a non-nil one are not; two non-nil ones are equal when they
// address the same location.
func PointersEqual(a, b Pointer) expr.Expr {
	same := a.Obj == b.Obj && len(a.Path) == len(b.Path)
	for i := 0; same && i < len(a.Path); i++ {
		same = a.Path[i] == b.Path[i]
	}
	bothNil := expr.And(expr.Not(a.NonNil), expr.Not(b.NonNil))
	if a.Obj == 0 || b.Obj == 0 || !same {
		return bothNil
	}
	// Same location: equal unless exactly one of them is nil.
	return expr.Eq(a.NonNil, b.NonNil)
}

// UnsafePointersEqual compares two unsafe.Pointers as the pointers they
// hold.
func UnsafePointersEqual(a, b UnsafePointer) expr.Expr {
	return PointersEqual(a.Ptr, b.Ptr)
}
