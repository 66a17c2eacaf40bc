package models

import (
	"go/types"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// atomicModel implements the sync/atomic functions. Without goroutines an
// atomic operation is its plain sequential meaning.
func atomicModel(name string) (Func, bool) {
	op := ""
	for _, prefix := range []string{"CompareAndSwap", "Add", "Load", "Store", "Swap", "And", "Or"} {
		if strings.HasPrefix(name, prefix) {
			op = prefix
			break
		}
	}
	if op == "" {
		return nil, false
	}
	return func(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
		p := a[0].(value.Pointer)
		if !m.RequireNonNil(p, "") {
			return nil, false
		}
		old := m.Load(p)
		switch op {
		case "Load":
			return []value.Value{old}, true
		case "Store":
			m.Store(p, a[1])
			return nil, true
		case "Swap":
			m.Store(p, a[1])
			return []value.Value{old}, true
		case "Add":
			sum := value.Scalar{E: expr.Add(old.(value.Scalar).E, a[1].(value.Scalar).E)}
			m.Store(p, sum)
			return []value.Value{sum}, true
		case "And", "Or":
			x, y := old.(value.Scalar).E, a[1].(value.Scalar).E
			r := expr.BitAnd(x, y)
			if op == "Or" {
				r = expr.BitOr(x, y)
			}
			m.Store(p, value.Scalar{E: r})
			return []value.Value{old}, true
		}
		// CompareAndSwap(addr, old, new)
		eq, ok := m.Equal(old, a[1], fn.Signature.Params().At(1).Type())
		if !ok {
			return nil, false
		}
		swapped, kept := m.Branch(eq)
		if kept != nil {
			kept.SetCallResult(expr.False)
		}
		if swapped == nil {
			return nil, false
		}
		swapped.Store(p, a[2])
		if swapped != m {
			swapped.SetCallResult(expr.True)
			return nil, false
		}
		return value.One(expr.True), true
	}, true
}

// atomicLoad and atomicStore are the runtime's acquire and release
// loads and stores, which are plain ones with one goroutine.
func atomicLoad(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	load, _ := atomicModel("Load")
	return load(m, fn, a)
}

func atomicStore(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
	store, _ := atomicModel("Store")
	return store(m, fn, a)
}

// atomicValueLoad is (*atomic.Value).Load: the interface it holds (the
// Value's only field).
func atomicValueLoad(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	p := a[0].(value.Pointer)
	if !m.RequireNonNil(p, "") {
		return nil, false
	}
	return []value.Value{m.Load(value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.With(0)})}, true
}

// atomicValueStore is (*atomic.Value).Store with its two panics: a nil
// value, and a value of another type than the one stored first.
func atomicValueStore(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	p := a[0].(value.Pointer)
	if !m.RequireNonNil(p, "") {
		return nil, false
	}
	val := a[1].(value.Interface)
	if val.Type == nil {
		m.Panic("sync/atomic: store of nil value into Value")
		return nil, false
	}
	at := value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.With(0)}
	if old := m.Load(at).(value.Interface); old.Type != nil && !types.Identical(old.Type, val.Type) {
		m.Panic("sync/atomic: store of inconsistently typed value into Value")
		return nil, false
	}
	m.Store(at, val)
	return nil, true
}
