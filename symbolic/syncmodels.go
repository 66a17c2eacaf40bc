package symbolic

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
func syncModels() map[string]model {
	block := func(e *Engine, s *State, fn *ssa.Function, _ []value.Value) ([]value.Value, bool) {
		e.unsupported(s, "blocking in "+fn.String()+" (a single goroutine would wait forever)")
		return nil, false
	}
	zero := func(e *Engine, s *State, fn *ssa.Function, _ []value.Value) ([]value.Value, bool) {
		res := fn.Signature.Results()
		out := make([]value.Value, res.Len())
		for i := range out {
			out[i] = value.Zero(res.At(i).Type())
		}
		return out, true
	}
	m := map[string]model{
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
	return m
}

// identity gives its argument back (abi.NoEscape hides a pointer from
// escape analysis by a round trip through uintptr, which means nothing
// here).
func identity(_ *Engine, _ *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	return []value.Value{a[0]}, true
}

func atomicLoad(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	m, _ := atomicModel("Load")
	return m(e, s, fn, a)
}

func atomicStore(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	m, _ := atomicModel("Store")
	return m(e, s, fn, a)
}

// poolGet is (*sync.Pool).Get: p.New() when New is set, nil otherwise.
func poolGet(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	p := a[0].(value.Pointer)
	if !e.require(s, p.NonNil, "", func(bad *State) { e.runtimePanic(bad, PanicNilDeref, nilDerefMessage) }) {
		return nil, false
	}
	pool := fn.Signature.Recv().Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	field := fieldIndex(pool, "New")
	if field < 0 {
		e.unsupported(s, "sync.Pool without a New field")
		return nil, false
	}
	newFn := e.load(s, value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.With(field)}).(value.Func)
	if newFn.Fn == nil {
		return []value.Value{value.Interface{}}, true
	}
	// Run New as if Get had called it: its result becomes Get's.
	call, ok := s.top().block.Instrs[s.top().next-1].(ssa.CallInstruction)
	if !ok {
		e.unsupported(s, "deferred (*sync.Pool).Get")
		return nil, false
	}
	e.enterCall(s, call, newFn.Fn, newFn.Bindings, nil)
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

// atomicValueLoad is (*atomic.Value).Load: the interface it holds (the
// Value's only field).
func atomicValueLoad(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	p := a[0].(value.Pointer)
	if !e.require(s, p.NonNil, "", func(bad *State) { e.runtimePanic(bad, PanicNilDeref, nilDerefMessage) }) {
		return nil, false
	}
	return []value.Value{e.load(s, value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.With(0)})}, true
}

// atomicValueStore is (*atomic.Value).Store with its two panics: a nil
// value, and a value of another type than the one stored first.
func atomicValueStore(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	p := a[0].(value.Pointer)
	if !e.require(s, p.NonNil, "", func(bad *State) { e.runtimePanic(bad, PanicNilDeref, nilDerefMessage) }) {
		return nil, false
	}
	val := a[1].(value.Interface)
	if val.Type == nil {
		e.raise(s, &panicking{value: value.Interface{Type: types.Typ[types.String], Value: value.StringConst("sync/atomic: store of nil value into Value")}, kind: PanicExplicit})
		return nil, false
	}
	at := value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.With(0)}
	if old := e.load(s, at).(value.Interface); old.Type != nil && !types.Identical(old.Type, val.Type) {
		e.raise(s, &panicking{value: value.Interface{Type: types.Typ[types.String], Value: value.StringConst("sync/atomic: store of inconsistently typed value into Value")}, kind: PanicExplicit})
		return nil, false
	}
	e.store(s, at, val)
	return nil, true
}
