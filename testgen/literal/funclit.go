package literal

import (
	"go/types"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// funcLit writes a func input, which ignores its arguments and returns
// the same values on every call, as a literal of its signature:
// func(int, string) bool { return true }. Where nothing around it gives
// it a type (selfTyped) and that type is named, it is converted to it:
// the literal's own type is the unnamed signature.
func (w *Writer) funcLit(v concrete.Value, selfTyped bool) (string, error) {
	sig, ok := v.Type.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() != len(v.Elems) {
		return "", errNoLiteral{"malformed func value of type " + shortType(v.Type)}
	}
	params, err := w.paramTypes(sig)
	if err != nil {
		return "", err
	}
	results := make([]string, len(v.Elems))
	values := make([]string, len(v.Elems))
	for i, r := range v.Elems {
		t := sig.Results().At(i).Type()
		name, err := w.TypeName(t)
		if err != nil {
			return "", err
		}
		if values[i], err = w.InSlot(r, t, false); err != nil {
			return "", err
		}
		results[i] = name
	}
	var lit strings.Builder
	lit.WriteString("func(" + strings.Join(params, ", ") + ")")
	switch len(results) {
	case 0:
		lit.WriteString(" {}")
	case 1:
		lit.WriteString(" " + results[0])
	default:
		lit.WriteString(" (" + strings.Join(results, ", ") + ")")
	}
	if len(results) > 0 {
		lit.WriteString(" { return " + strings.Join(values, ", ") + " }")
	}
	if _, named := v.Type.(*types.Named); selfTyped && named {
		name, err := w.TypeName(v.Type)
		if err != nil {
			return "", err
		}
		return name + "(" + lit.String() + ")", nil
	}
	return lit.String(), nil
}

// paramTypes are the types of sig's parameters as a func type lists them,
// the last one ...T when sig is variadic.
func (w *Writer) paramTypes(sig *types.Signature) ([]string, error) {
	params := make([]string, sig.Params().Len())
	for i := range params {
		t := sig.Params().At(i).Type()
		prefix := ""
		if sig.Variadic() && i == len(params)-1 {
			t, prefix = t.(*types.Slice).Elem(), "..."
		}
		name, err := w.TypeName(t)
		if err != nil {
			return nil, err
		}
		params[i] = prefix + name
	}
	return params, nil
}
