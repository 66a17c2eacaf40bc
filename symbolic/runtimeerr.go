package symbolic

import (
	"go/token"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// runtimeErrorType stands for the runtime's unexported error types (such
// as runtime.boundsError) that Go panics with. A recovered runtime error is
// an Interface of this type whose value is the message, a String.
var runtimeErrorType = func() *types.Named {
	pkg := types.NewPackage("runtime", "runtime")
	name := types.NewTypeName(token.NoPos, pkg, "Error", nil)
	return types.NewNamed(name, types.Typ[types.String], nil)
}()

func runtimeErrorValue(message string) Value {
	return Interface{Type: runtimeErrorType, Value: stringConst(message)}
}

// runtimeErrorMethod answers a method call on a recovered runtime error:
// Error gives the message, RuntimeError does nothing.
func (e *Engine) runtimeErrorMethod(s *State, instr ssa.CallInstruction, recv Interface, method string) {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return
	}
	switch method {
	case "Error":
		e.set(s, call, recv.Value)
	case "RuntimeError":
	default:
		panic(internalError("method %s of a runtime error", method))
	}
}

// panicMessage is fmt.Sprint of a panic value, for the values whose text is
// plain; "" when it is not known here (the replay computes it for errors).
func panicMessage(v Value) string {
	iv, ok := v.(Interface)
	if !ok {
		return ""
	}
	if _, basic := iv.Type.(*types.Basic); !basic && iv.Type != runtimeErrorType {
		return "" // a named type may print itself with String or Error
	}
	switch x := iv.Value.(type) {
	case String:
		if s, ok := concreteString(x); ok {
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
	if _, signed, ok := intInfo(t); ok && signed {
		return itoa(c.SignedValue())
	}
	return utoa(c.Value())
}
