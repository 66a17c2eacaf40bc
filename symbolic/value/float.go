package value

import (
	"go/types"
	"math"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Floating-point values are not symbolic: they are carried as concrete Go
// values (Opaque.Go holds a float64, rounded to float32 for float32 types).
// This file makes and reads them.

// FloatOf is the concrete float64 that v carries, if v is an Opaque
// that holds one.
func FloatOf(v Value) (float64, bool) {
	o, ok := v.(Opaque)
	if !ok {
		return 0, false
	}
	f, ok := o.Go.(float64)
	return f, ok
}

// FloatWidth is the width of the float type t: 32 or 64.
func FloatWidth(t types.Type) int {
	if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Float32 {
		return 32
	}
	return 64
}

// FloatValue is the float f as a value of type t, rounded to float32
// when t is 32 bits wide.
func FloatValue(t types.Type, f float64) Value {
	if FloatWidth(t) == 32 {
		f = float64(float32(f))
	}
	return Opaque{Type: t, Reason: "float", Go: f}
}

// FloatSelector is the variable of the float input o names, which holds
// the bits of the candidate a path chose.
func FloatSelector(o Opaque) expr.Expr { return expr.BVVar(o.Input, FloatWidth(o.Type)) }

// MinFloat is min(a, b) on floats: NaN if either is NaN.
func MinFloat(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return math.Min(a, b)
}

// MaxFloat is max(a, b) on floats: NaN if either is NaN.
func MaxFloat(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return math.Max(a, b)
}
