package machine

import (
	"go/token"
	"go/types"
	"strconv"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// RuntimeErrorType stands for the runtime's unexported error types (such
// as runtime.boundsError) that Go panics with. A recovered runtime error is
// an Interface of this type whose value is the message, a String.
var RuntimeErrorType = func() *types.Named {
	pkg := types.NewPackage("runtime", "runtime")
	name := types.NewTypeName(token.NoPos, pkg, "Error", nil)
	return types.NewNamed(name, types.Typ[types.String], nil)
}()

func runtimeErrorValue(message string) value.Value {
	return value.Interface{Type: RuntimeErrorType, Value: value.StringConst(message)}
}

// runtimeErrorMethod answers a method call on a recovered runtime error:
// Error gives the message, RuntimeError does nothing.
func (e *Machine) runtimeErrorMethod(s *State, instr ssa.CallInstruction, recv value.Interface, method string) {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return
	}
	switch method {
	case "Error":
		e.set(s, call, recv.Value)
	case "RuntimeError":
	default:
		panic(InternalError("method %s of a runtime error", method))
	}
}

// panicMessage is fmt.Sprint of a panic value, for the values whose text is
// plain; "" when it is not known here (the replay computes it for errors).
func panicMessage(v value.Value) string {
	iv, ok := v.(value.Interface)
	if !ok {
		return ""
	}
	if _, basic := iv.Type.(*types.Basic); !basic && iv.Type != RuntimeErrorType {
		return "" // a named type may print itself with String or Error
	}
	switch x := iv.Value.(type) {
	case value.String:
		if s, ok := value.ConcreteString(x); ok {
			return s
		}
	case value.Scalar:
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
	if _, signed, ok := value.IntInfo(t); ok && signed {
		return itoa(c.SignedValue())
	}
	return utoa(c.Value())
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

func utoa(v uint64) string { return strconv.FormatUint(v, 10) }
