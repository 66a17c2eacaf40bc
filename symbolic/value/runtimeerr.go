package value

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// Go's run-time errors as values: the type they have, and the messages
// the runtime gives them.

// RuntimeErrorType stands for the runtime's unexported error types (such
// as runtime.boundsError) that Go panics with. A recovered runtime error is
// an Interface of this type whose value is the message, a String.
var RuntimeErrorType = func() *types.Named {
	pkg := types.NewPackage("runtime", "runtime")
	name := types.NewTypeName(token.NoPos, pkg, "Error", nil)
	return types.NewNamed(name, types.Typ[types.String], nil)
}()

// RuntimeError is the run-time error Go panics with, of that message.
func RuntimeError(message string) Value {
	return Interface{Type: RuntimeErrorType, Value: StringConst(message)}
}

// PanicMessage is fmt.Sprint of a panic value, for the values whose text is
// plain; "" when it is not known here (the replay computes it for errors).
func PanicMessage(v Value) string {
	iv, ok := v.(Interface)
	if !ok {
		return ""
	}
	if _, basic := iv.Type.(*types.Basic); !basic && iv.Type != RuntimeErrorType {
		return "" // a named type may print itself with String or Error
	}
	switch x := iv.Value.(type) {
	case String:
		if s, ok := ConcreteString(x); ok {
			return s
		}
	case Scalar:
		if x.E.IsConst() {
			return scalarText(x.E, iv.Type)
		}
	}
	return ""
}

// scalarText prints a constant bool or integer of type t as fmt would.
func scalarText(c expr.Expr, t types.Type) string {
	if c.Sort().IsBool() {
		if c.IsTrue() {
			return "true"
		}
		return "false"
	}
	if _, signed, ok := IntInfo(t); ok && signed {
		return itoa(c.SignedValue())
	}
	return utoa(c.Value())
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

func utoa(v uint64) string { return strconv.FormatUint(v, 10) }

// SliceBoundsMessage is Go's message for the first bound that fails, when
// all are known. Go checks from the right (max, then hi, then lo), names
// the capacity of a slice and the length of a string or array, and omits
// the limit when the failing bound is negative.
func SliceBoundsMessage(lo, hi, max, limit expr.Expr, in *ssa.Slice) string {
	if !(lo.IsConst() && hi.IsConst() && max.IsConst() && limit.IsConst()) {
		return "slice bounds out of range"
	}
	word := "length"
	if _, ok := in.X.Type().Underlying().(*types.Slice); ok {
		word = "capacity"
	}
	l, h, m, c := lo.SignedValue(), hi.SignedValue(), max.SignedValue(), limit.SignedValue()
	fails := func(x, y expr.Expr) bool { return x.Value() > y.Value() } // unsigned: negative fails
	if in.Max != nil {
		switch {
		case fails(max, limit) && m < 0:
			return fmt.Sprintf("slice bounds out of range [::%d]", m)
		case fails(max, limit):
			return fmt.Sprintf("slice bounds out of range [::%d] with %s %d", m, word, c)
		case fails(hi, max) && h < 0:
			return fmt.Sprintf("slice bounds out of range [:%d:]", h)
		case fails(hi, max):
			return fmt.Sprintf("slice bounds out of range [:%d:%d]", h, m)
		case l < 0:
			return fmt.Sprintf("slice bounds out of range [%d::]", l)
		default:
			return fmt.Sprintf("slice bounds out of range [%d:%d:]", l, h)
		}
	}
	switch { // max is the limit (a slice, an array) or hi (a string)
	case fails(hi, limit) && h < 0:
		return fmt.Sprintf("slice bounds out of range [:%d]", h)
	case fails(hi, limit):
		return fmt.Sprintf("slice bounds out of range [:%d] with %s %d", h, word, c)
	case l < 0:
		return fmt.Sprintf("slice bounds out of range [%d:]", l)
	default:
		return fmt.Sprintf("slice bounds out of range [%d:%d]", l, h)
	}
}

// TypeAssertMessage is Go's message for a failed x.(T).
func TypeAssertMessage(static, dynamic, target types.Type) string {
	prefix := "interface conversion: "
	switch {
	case dynamic == nil && types.IsInterface(target):
		return prefix + "interface is nil, not " + runtimeTypeName(target)
	case dynamic == nil:
		// To a concrete type Go names the static interface type.
		return prefix + runtimeTypeName(static) + " is nil, not " + runtimeTypeName(target)
	case types.IsInterface(target):
		missing, _ := types.MissingMethod(dynamic, target.Underlying().(*types.Interface), true)
		name := ""
		if missing != nil {
			name = missing.Name()
		}
		return prefix + runtimeTypeName(dynamic) + " is not " + runtimeTypeName(target) + ": missing method " + name
	}
	return prefix + runtimeTypeName(static) + " is " + runtimeTypeName(dynamic) + ", not " + runtimeTypeName(target)
}

// runtimeTypeName prints a type as the Go runtime does: packages by name,
// and the empty interface as "interface {}".
func runtimeTypeName(t types.Type) string {
	if str, ok := ReflectTypeString(t); ok {
		return str
	}
	if it, ok := t.(*types.Interface); ok && it.Empty() {
		return "interface {}"
	}
	if alias, ok := t.(*types.Alias); ok && alias.Obj().Name() == "any" && alias.Obj().Pkg() == nil {
		return "interface {}"
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}
