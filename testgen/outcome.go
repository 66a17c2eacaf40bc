package testgen

import (
	"go/types"
	"math"
	"strconv"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/literal"
)

// The executor's summary of a returning case prints every result in
// full: returns_0_0_0_0_0_0_0_0_48_48 names a []byte by its elements. When
// the summary is that generic one, the case's name is made from the
// results instead, each in a word or two: returns_8_elems_nil,
// returns_error_read_failed, returns_point. A summary written by hand
// ("returns quickly") is kept as it is.

// genericSummary reports whether summary is what cmd/gosymtest writes for
// the outcome o: "returns" and each result, an error as "error <message>".
func genericSummary(summary string, o Outcome) (generic bool) {
	if o.Panics || !strings.HasPrefix(summary, "returns") {
		return false
	}
	defer func() {
		if recover() != nil {
			generic = false // a malformed value: String cannot print it
		}
	}()
	shown := []string{"returns"}
	for _, r := range o.Results {
		if r.ErrMsg != "" {
			shown = append(shown, "error "+r.ErrMsg)
		} else {
			shown = append(shown, r.Value.String())
		}
	}
	return strings.Join(shown, " ") == summary
}

// maxValueWord bounds the words one result gives a name.
const maxValueWord = 20

// resultsName names a returning case by its results.
func resultsName(o Outcome) string {
	words := []string{"returns"}
	for _, r := range o.Results {
		if r.ErrMsg != "" {
			words = append(words, cutWords("error_"+strings.ToLower(identifier(r.ErrMsg)), maxValueWord+6))
			continue
		}
		words = append(words, valueWord(r.Value))
	}
	return cutWords(strings.Join(words, "_"), maxSubtestName)
}

// valueWord names a value in a word or two.
func valueWord(v concrete.Value) string {
	switch v.Kind {
	case concrete.Nil:
		return "nil"
	case concrete.Bool:
		return strconv.FormatBool(v.Bool)
	case concrete.Int, concrete.Uint:
		n := v.Int
		if v.Kind == concrete.Uint {
			n = int64(v.Uint)
		}
		if _, ok := literal.CharLit(v.Type, n); ok && n >= 0 {
			return runeWord(rune(n)) // a byte or rune: c, space, ufffd
		}
		if v.Kind == concrete.Uint {
			return strconv.FormatUint(v.Uint, 10)
		}
		if v.Int < 0 {
			return "minus_" + strconv.FormatUint(uint64(-(v.Int+1))+1, 10)
		}
		return strconv.FormatInt(v.Int, 10)
	case concrete.Float:
		switch {
		case math.IsNaN(v.Float):
			return "nan"
		case math.IsInf(v.Float, 1):
			return "inf"
		case math.IsInf(v.Float, -1):
			return "minus_inf"
		}
		s := strconv.FormatFloat(v.Float, 'g', 6, 64)
		return strings.NewReplacer("-", "minus_", ".", "_", "+", "").Replace(s)
	case concrete.String:
		return textWord(v.Str, "string")
	case concrete.Slice, concrete.Array:
		if s, ok := literal.PrintableBytes(v); ok {
			return textWord(s, "bytes")
		}
		if len(v.Elems) == 0 {
			return "empty"
		}
		if len(v.Elems) <= 3 {
			parts := make([]string, len(v.Elems))
			for i, e := range v.Elems {
				switch e.Kind {
				case concrete.Bool, concrete.Int, concrete.Uint, concrete.String:
					parts[i] = valueWord(e)
				default:
					return strconv.Itoa(len(v.Elems)) + "_elems"
				}
			}
			return strings.Join(parts, "_")
		}
		return strconv.Itoa(len(v.Elems)) + "_elems"
	case concrete.Map:
		if len(v.Keys) == 0 {
			return "empty_map"
		}
		return "map"
	case concrete.Interface:
		if v.Elem != nil {
			return valueWord(*v.Elem)
		}
	case concrete.Pointer:
		if v.Elem != nil {
			if w := typeWord(v.Elem.Type); w != "" {
				return w
			}
		}
		return "pointer"
	case concrete.Struct:
		if w := typeWord(v.Type); w != "" {
			return w
		}
		return "struct"
	case concrete.Global:
		if v.Var != nil {
			return snake(v.Var.Name())
		}
	}
	return "value"
}

// textWord names a text by its words, cut short; one without any, by
// what it is.
func textWord(s, what string) string {
	if s == "" {
		return "empty"
	}
	if w := strings.ToLower(identifier(s)); w != "" {
		return cutWords(w, maxValueWord)
	}
	return what
}

// typeWord names a value by its named type: point for a Point.
func typeWord(t types.Type) string {
	if n, ok := t.(*types.Named); ok {
		return snake(n.Obj().Name())
	}
	return ""
}
