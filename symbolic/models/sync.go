package models

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// syncModels stand in for what package sync and its runtime hooks need from
// the runtime. The executor runs one goroutine, so a lock is never
// contended: the fast paths of Mutex, RWMutex, Once and WaitGroup run from
// their Go bodies over the atomic models, and a semaphore acquire, which
// only a contended lock reaches, would wait forever and stops the path.
// sync.Pool's Go body does pointer arithmetic over per-P arrays; its model
// keeps no objects, which the Pool's contract allows (Get may always ignore
// what Put stored): Get calls New, or gives nil.
func syncModels() map[string]Func {
	block := func(m Machine, fn *ssa.Function, _ []value.Value) ([]value.Value, bool) {
		m.Unsupported("blocking in " + fn.String() + " (a single goroutine would wait forever)")
		return nil, false
	}
	zero := func(_ Machine, fn *ssa.Function, _ []value.Value) ([]value.Value, bool) {
		res := fn.Signature.Results()
		out := make([]value.Value, res.Len())
		for i := range out {
			out[i] = value.Zero(res.At(i).Type())
		}
		return out, true
	}
	return map[string]Func{
		"sync.runtime_procPin":                    zero, // P 0
		"sync.runtime_procUnpin":                  noResults,
		"sync.runtime_registerPoolCleanup":        noResults,
		"sync.runtime_Semacquire":                 block,
		"sync.runtime_SemacquireWaitGroup":        block,
		"sync.runtime_SemacquireRWMutexR":         block,
		"sync.runtime_SemacquireRWMutex":          block,
		"sync.runtime_notifyListWait":             block,
		"internal/sync.runtime_SemacquireMutex":   block,
		"sync.runtime_Semrelease":                 noResults, // no goroutine waits
		"internal/sync.runtime_Semrelease":        noResults,
		"sync.runtime_notifyListAdd":              zero,
		"sync.runtime_notifyListNotifyAll":        noResults,
		"sync.runtime_notifyListNotifyOne":        noResults,
		"sync.runtime_notifyListCheck":            noResults,
		"internal/sync.runtime_canSpin":           zero, // false: never spin
		"internal/sync.runtime_doSpin":            noResults,
		"internal/synctest.IsInBubble":            zero, // false: not in a synctest bubble
		"internal/synctest.isAssociated":          zero,
		"sync.runtime_LoadAcquintptr":             atomicLoad,
		"sync.runtime_StoreReluintptr":            atomicStore,
		"(*sync.Pool).Get":                        poolGet,
		"(*sync.Pool).Put":                        noResults,
		"(*sync/atomic.Value).Load":               atomicValueLoad,
		"(*sync/atomic.Value).Store":              atomicValueStore,
		"internal/abi.NoEscape":                   identity,
		"internal/abi.Escape[unsafe.Pointer]":     identity,
		"internal/race.Acquire":                   noResults,
		"internal/race.Release":                   noResults,
		"internal/race.ReleaseMerge":              noResults,
		"internal/race.Disable":                   noResults,
		"internal/race.Enable":                    noResults,
		"internal/race.Read":                      noResults,
		"internal/race.Write":                     noResults,
		"internal/runtime/atomic.LoadAcquintptr":  atomicLoad,
		"internal/runtime/atomic.StoreReluintptr": atomicStore,
	}
}

// identity gives its argument back (abi.NoEscape hides a pointer from
// escape analysis by a round trip through uintptr, which means nothing
// here).
func identity(_ Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	return []value.Value{a[0]}, true
}

// poolGet is (*sync.Pool).Get: p.New() when New is set, nil otherwise.
func poolGet(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	p := a[0].(value.Pointer)
	if !m.RequireNonNil(p, "") {
		return nil, false
	}
	pool := fn.Signature.Recv().Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	field := fieldIndex(pool, "New")
	if field < 0 {
		m.Unsupported("sync.Pool without a New field")
		return nil, false
	}
	newFn := m.Load(value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.With(field)}).(value.Func)
	if newFn.Fn == nil {
		return []value.Value{value.Interface{}}, true
	}
	// Run New as if Get had called it: its result becomes Get's.
	if !m.CallInstead(newFn) {
		m.Unsupported("deferred " + fn.String())
	}
	return nil, false
}

// fieldIndex is the index of the named field of st, or -1.
func fieldIndex(st *types.Struct, name string) int {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return i
		}
	}
	return -1
}
