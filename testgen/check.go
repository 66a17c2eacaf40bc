package testgen

import (
	"fmt"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/literal"
)

// A result is compared the way a Go reviewer would write it: with != when
// == means what reflect.DeepEqual means (numbers, strings, booleans, and
// structs and arrays of them), exactly for a float column where a NaN or
// a negative zero is expected (== finds NaN unequal to itself and -0
// equal to 0), and with reflect.DeepEqual only for the rest (slices,
// maps, pointers to values, interfaces). Errors are compared with
// errors.Is when they are sentinels the executor named, otherwise by
// message (errcheck.go).

// comparisonFor chooses how result i, of type t, is compared, once every
// row's value has a literal. exact says a float column expects a NaN or a
// negative zero.
func comparisonFor(t types.Type, exact bool, i int, cands []*candidate) comparison {
	switch {
	case isFloat(t) && exact:
		return checkFloatBits
	case plainlyComparable(t):
		return checkEqual
	}
	if _, ok := t.Underlying().(*types.Pointer); ok {
		// A pointer compared with != is compared by address: only when
		// every row expects nil does that mean what DeepEqual means.
		for _, c := range cands {
			if !c.Want.Panics && c.Want.Results[i].Value.Kind != concrete.Nil {
				return checkValue
			}
		}
		return checkEqual
	}
	return checkValue
}

// isFloat reports whether t is a real floating-point type.
func isFloat(t types.Type) bool {
	k := literal.BasicKind(t)
	return k == types.Float32 || k == types.Float64
}

// plainlyComparable reports whether == on t compares what
// reflect.DeepEqual compares: a basic type, or a struct or array made
// only of them. A pointer inside is compared by address, an interface
// may hold a value that == panics on.
func plainlyComparable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UntypedNil && u.Kind() != types.UnsafePointer
	case *types.Array:
		return plainlyComparable(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !plainlyComparable(u.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// checkEqualTo prints the comparison of result i with != or, for
// checkFloatBits, by its bits, with NaNs all alike (a computed NaN's bits
// need not be math.NaN()'s).
func (e *emitter) checkEqualTo(t *table, i int, label string) {
	v, r := t.vars, t.results[i]
	want := v.tt + "." + r.field
	cond := r.got + " != " + want
	if r.check == checkFloatBits {
		m := e.imp.Name("math", "math")
		got, w := r.got, want
		if b, ok := t.fn.Signature.Results().At(i).Type().(*types.Basic); !ok || b.Kind() != types.Float64 {
			// float32 or a named float type: math takes float64
			got, w = "float64("+got+")", "float64("+w+")"
		}
		cond = fmt.Sprintf("%[1]s.Float64bits(%[2]s) != %[1]s.Float64bits(%[3]s) && !(%[1]s.IsNaN(%[2]s) && %[1]s.IsNaN(%[3]s))", m, got, w)
	}
	fmt.Fprintf(&e.b, "if %s {\n%s.Errorf(%s, %s, %s)\n}\n", cond, v.t, message(label, "got %#v", "want %#v"), r.got, want)
}

// valueVerb is the verb a failure message prints a value of type t with:
// %#v, which reads as Go, except for a func, which go vet's printf check
// refuses to see printed so ("arg is a func value, not called"); %p prints
// its address, 0x0 for the nil a func column can hold.
func valueVerb(t types.Type) string {
	if _, ok := t.Underlying().(*types.Signature); ok {
		return "%p"
	}
	return "%#v"
}
