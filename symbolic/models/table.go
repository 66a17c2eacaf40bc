package models

import (
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// table is the one table of models, by the function's full name. The
// groups' names are disjoint (TestGroupsAreDisjoint).
var table = merge(groups()...)

// groups are the models, a map for each kind of library function.
func groups() []map[string]Func {
	return []map[string]Func{bytealgModels(), mathModels(), runtimeModels(), syncModels(), sortModels(), reflectModels(),
		efaceModels(), typeFuncModels(), reflectValueModels()}
}

// Lookup is the model of fn, or nil: by name; for sync/atomic's
// bodiless functions, by the operation they name; for the other methods
// of reflect's rtype and for sync.Map's iteration, a model that stops
// the path; unique.Make, for every type (unique.go).
func Lookup(fn *ssa.Function) Func {
	if m, ok := table[fn.String()]; ok {
		return m
	}
	if fn.Pkg != nil && fn.Pkg.Pkg.Path() == "sync/atomic" && len(fn.Blocks) == 0 {
		if m, ok := atomicModel(fn.Name()); ok {
			return m
		}
	}
	if m := reflectMethodModel(fn); m != nil {
		return m
	}
	if m := uniqueMakeModel(fn); m != nil {
		return m
	}
	return hashTrieIterModel(fn)
}

// Names are the names the table holds.
func Names() []string {
	names := make([]string, 0, len(table))
	for name := range table {
		names = append(names, name)
	}
	return names
}

func merge(groups ...map[string]Func) map[string]Func {
	all := map[string]Func{}
	for _, g := range groups {
		for name, m := range g {
			all[name] = m
		}
	}
	return all
}

// runtimeModels are the runtime's hooks that mean nothing to one
// goroutine, and the fatal errors, which no test can catch.
func runtimeModels() map[string]Func {
	return map[string]Func{
		"runtime.KeepAlive": noResults,
		"runtime.Gosched":   noResults,
		"sync.runtime_canSpin": func(Machine, *ssa.Function, []value.Value) ([]value.Value, bool) {
			return value.One(expr.False), true
		},
		"sync.throw":              throwModel,
		"sync.fatal":              throwModel,
		"internal/sync.throw":     throwModel,
		"internal/sync.fatal":     throwModel,
		"runtime.panicwrap":       throwModel,
		"internal/abi.FuncPCABI0": unmodelledAddress,
	}
}

func noResults(Machine, *ssa.Function, []value.Value) ([]value.Value, bool) { return nil, true }

func throwModel(m Machine, fn *ssa.Function, _ []value.Value) ([]value.Value, bool) {
	m.Unsupported("fatal error in " + fn.String())
	return nil, false
}

func unmodelledAddress(m Machine, fn *ssa.Function, _ []value.Value) ([]value.Value, bool) {
	m.Unsupported("code addresses (" + fn.String() + ")")
	return nil, false
}
