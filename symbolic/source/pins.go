package source

import (
	"go/token"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"
)

// Pin renders an SSA condition as Go-like source for test comments, e.g.
// "a > 1000" or "len(s) == 0". It follows operands back through the SSA
// graph to parameters and constants, and falls back to the SSA name when
// the expression grows too large to read.
func Pin(v ssa.Value, outcome bool) string {
	text := render(v, 4)
	if outcome {
		return text
	}
	return NegatePin(text)
}

// NegatePin is the reading of a pin when its condition is false: a
// comparison flips its operator; anything else gets a "!".
func NegatePin(pin string) string {
	if pin == "" {
		return ""
	}
	flips := [][2]string{{" == ", " != "}, {" != ", " == "}, {" <= ", " > "}, {" >= ", " < "}, {" < ", " >= "}, {" > ", " <= "}}
	if !strings.ContainsAny(pin, "()&|") {
		for _, f := range flips {
			if strings.Count(pin, f[0]) == 1 && !strings.Contains(pin, "=="+f[0]) {
				return strings.Replace(pin, f[0], f[1], 1)
			}
		}
	}
	if strings.HasPrefix(pin, "!") && !strings.ContainsAny(pin[1:], " ") {
		return pin[1:]
	}
	return "!(" + pin + ")"
}

func render(v ssa.Value, budget int) string {
	if budget <= 0 {
		return v.Name()
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		return x.Name()
	case *ssa.Phi:
		// A φ-node of a lifted local records the variable's name.
		if isIdent(x.Comment) {
			return x.Comment
		}
	case *ssa.Alloc:
		if isIdent(x.Comment) {
			return "&" + x.Comment
		}
	case *ssa.Const:
		if x.Value == nil {
			return "nil"
		}
		return x.Value.ExactString()
	case *ssa.BinOp:
		return paren(render(x.X, budget-1)) + " " + x.Op.String() + " " + paren(render(x.Y, budget-1))
	case *ssa.UnOp:
		switch x.Op {
		case token.MUL:
			if alloc, ok := x.X.(*ssa.Alloc); ok && isIdent(alloc.Comment) {
				return alloc.Comment // reading a local variable
			}
			if _, field := x.X.(*ssa.FieldAddr); field {
				return render(x.X, budget) // p.f reads through the field's address
			}
			if _, elem := x.X.(*ssa.IndexAddr); elem {
				return render(x.X, budget)
			}
			return "*" + paren(render(x.X, budget-1))
		case token.NOT:
			return "!" + paren(render(x.X, budget-1))
		}
		return x.Op.String() + paren(render(x.X, budget-1))
	case *ssa.FieldAddr:
		st := x.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		// A field of a local variable reads as v.f, not &v.f.
		return strings.TrimPrefix(render(x.X, budget-1), "&") + "." + st.Field(x.Field).Name()
	case *ssa.Field:
		st := x.X.Type().Underlying().(*types.Struct)
		return render(x.X, budget-1) + "." + st.Field(x.Field).Name()
	case *ssa.IndexAddr:
		return render(x.X, budget-1) + "[" + render(x.Index, budget-1) + "]"
	case *ssa.Index:
		return render(x.X, budget-1) + "[" + render(x.Index, budget-1) + "]"
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && len(x.Call.Args) == 1 {
			return b.Name() + "(" + render(x.Call.Args[0], budget-1) + ")"
		}
	case *ssa.Convert:
		return render(x.X, budget)
	case *ssa.ChangeType:
		return render(x.X, budget)
	}
	return v.Name()
}

// paren wraps an operand that has operators of its own.
func paren(s string) string {
	if strings.ContainsAny(s, " ") {
		return "(" + s + ")"
	}
	return s
}

// isIdent reports whether s is a plain Go identifier (SSA comments also hold
// words like "rangeindex" that name no source variable).
func isIdent(s string) bool {
	if s == "" || strings.HasPrefix(s, "range") || strings.Contains(s, "$") {
		return false
	}
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))) {
			return false
		}
	}
	return true
}
