package source

import (
	"go/ast"
	"go/parser"
	"slices"
	"testing"
)

// TestHexOperands: a variable compared, alone, masked or shifted, with a
// hex constant is named; one compared with a decimal constant is not; a
// switch tag compared with a hex case value is.
func TestHexOperands(t *testing.T) {
	parse := func(src string) ast.Expr {
		x, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, c := range []struct {
		leaf, tag string
		want      []string
	}{
		{leaf: "x>>4 == 0x0F", want: []string{"x"}},
		{leaf: "0x10 < y", want: []string{"y"}},
		{leaf: "z == 16"},
		{leaf: "a&0xf0 != 0", want: []string{"a"}},
		{leaf: "0x7f", tag: "c & 0x80", want: []string{"c", "c"}},
		{leaf: "f(x) == 0x1"},
	} {
		var tag ast.Expr
		if c.tag != "" {
			tag = parse(c.tag)
		}
		if got := hexOperands(parse(c.leaf), tag); !slices.Equal(got, c.want) {
			t.Errorf("hexOperands(%q, %q) = %q, want %q", c.leaf, c.tag, got, c.want)
		}
	}
}
