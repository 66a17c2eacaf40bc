package models

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// sort.Slice, SliceStable and SliceIsSorted take their slice as an any and
// reach it through internal/reflectlite, which reads and writes it through
// unsafe. Two of its functions are modelled, so that sort's own Go code
// runs on any slice:
//
//   - Value.Len reads the slice header through unsafe; the executor runs
//     it as reflect.Value.Len's model, with the reflection models.
//   - Swapper returns a func that swaps two elements. Its Go body picks the
//     func by the element's size: for a slice of pointers, a closure over
//     the slice seen as a []unsafe.Pointer; for elements of most other
//     sizes, copies of raw memory. The model returns that first closure
//     for every slice: the executor's memory holds a slice's elements by
//     index, whatever their type, so the closure's body swaps any two of
//     them, as Go's does. (For a slice of one element or none, Go's
//     closure panics whatever it is asked; sort never asks it.)

func sortModels() map[string]Func {
	return map[string]Func{"internal/reflectlite.Swapper": swapper}
}

func swapper(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	x, _ := a[0].(value.Interface)
	sl, isSlice := x.Value.(value.Slice)
	if x.Type == nil || !isSlice {
		// Go panics with a *ValueError; no caller in the standard library
		// passes anything but a slice.
		m.Unsupported(fn.String() + " of a value that is not a slice")
		return nil, false
	}
	closure := loader.SwapperClosure(fn)
	if closure == nil {
		m.Unsupported(fn.String() + " without its closure over a []unsafe.Pointer")
		return nil, false
	}
	// The closure reaches the slice through the variable it captured.
	cellType := closure.FreeVars[0].Type().(*types.Pointer).Elem()
	return []value.Value{value.Func{Fn: closure, Bindings: []value.Value{m.New(cellType, sl)}}}, true
}
