package models

import (
	"math"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// mathModels are math's assembly and the conversions between a float
// and its bits, which the runtime and internal/strconv keep copies of.
// A float is concrete in the executor, so each model computes with Go's
// own function.
func mathModels() map[string]Func {
	return map[string]Func{
		"math.Float64bits":        floatBits(64),
		"math.Float32bits":        floatBits(32),
		"math.Float64frombits":    floatFromBits(64),
		"math.Float32frombits":    floatFromBits(32),
		"runtime.float64bits":     floatBits(64),
		"runtime.float64frombits": floatFromBits(64),
		"runtime.float32bits":     floatBits(32),
		"runtime.float32frombits": floatFromBits(32),
		"math.Sqrt":               floatFunc(math.Sqrt),
		"math.Floor":              floatFunc(math.Floor),
		"math.Ceil":               floatFunc(math.Ceil),
		"math.Trunc":              floatFunc(math.Trunc),
		"math.archSqrt":           floatFunc(math.Sqrt),
		"math.archFloor":          floatFunc(math.Floor),
		"math.archCeil":           floatFunc(math.Ceil),
		"math.archTrunc":          floatFunc(math.Trunc),
		"math.archMax":            floatFunc2(math.Max),
		"math.archMin":            floatFunc2(math.Min),
		"math.archHypot":          floatFunc2(math.Hypot),
		"math.archExp":            floatFunc(math.Exp),
		"math.archExp2":           floatFunc(math.Exp2),
		"math.archLog":            floatFunc(math.Log),

		// Since Go 1.26 strconv's work is in internal/strconv, which has
		// its own copies of these, so as to import neither math nor runtime.
		"internal/strconv.float64bits":     floatBits(64),
		"internal/strconv.float64frombits": floatFromBits(64),
		"internal/strconv.float32bits":     floatBits(32),
		"internal/strconv.float32frombits": floatFromBits(32),
	}
}

func floatBits(width int) Func {
	return func(m Machine, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
		f, _ := m.Float(a[0])
		bits := math.Float64bits(f)
		if width == 32 {
			bits = uint64(math.Float32bits(float32(f)))
		}
		return value.One(expr.Const(width, bits)), true
	}
}

func floatFromBits(width int) Func {
	return func(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
		c, ok := m.Concretize(a[0].(value.Scalar).E, "bits converted to float")
		if !ok {
			return nil, false
		}
		f := math.Float64frombits(c.Value())
		if width == 32 {
			f = float64(math.Float32frombits(uint32(c.Value())))
		}
		return []value.Value{m.FloatValue(fn.Signature.Results().At(0).Type(), f)}, true
	}
}

func floatFunc(f func(float64) float64) Func {
	return func(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
		x, _ := m.Float(a[0])
		return []value.Value{m.FloatValue(fn.Signature.Results().At(0).Type(), f(x))}, true
	}
}

// floatFunc2 is floatFunc for a function of two floats (math.Max's
// assembly archMax and the like).
func floatFunc2(f func(float64, float64) float64) Func {
	return func(m Machine, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
		x, _ := m.Float(a[0])
		y, _ := m.Float(a[1])
		return []value.Value{m.FloatValue(fn.Signature.Results().At(0).Type(), f(x, y))}, true
	}
}
