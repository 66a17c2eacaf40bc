package testgen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"unicode"
)

// A case's name starts with a phrase made from its decisive branch's
// condition, as written in the source: `len(s) == 0` → empty_s,
// `s[0] != 'v'` → s0_not_v, `x < 0` → negative_x, `err != nil` →
// non_nil_err, `n >= limit` → n_at_least_limit. The rules are few and
// syntactic, so the same condition always gives the same phrase.

// maxPhrase bounds a phrase; a longer one is cut at a word.
const maxPhrase = 32

// condPhrase is the phrase for a condition, or "" when it gives none.
func condPhrase(cond string) string {
	e, err := parser.ParseExpr(cond)
	var p string
	if err != nil {
		p = strings.ToLower(identifier(cond))
	} else {
		p = exprPhrase(e)
	}
	return cutWords(p, maxPhrase)
}

// cutWords cuts an underscore-separated name to at most n bytes, at a
// word when one ends in the second half.
func cutWords(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := s[:n]
	if i := strings.LastIndexByte(cut, '_'); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, "_")
}

// negated is the comparison that holds when op does not.
var negated = map[token.Token]token.Token{
	token.EQL: token.NEQ, token.NEQ: token.EQL,
	token.LSS: token.GEQ, token.GEQ: token.LSS,
	token.GTR: token.LEQ, token.LEQ: token.GTR,
}

// flipped is op with its operands swapped: 0 < x is x > 0.
var flipped = map[token.Token]token.Token{
	token.EQL: token.EQL, token.NEQ: token.NEQ,
	token.LSS: token.GTR, token.GTR: token.LSS,
	token.LEQ: token.GEQ, token.GEQ: token.LEQ,
}

// comparisonWords name the comparisons between two operands.
var comparisonWords = map[token.Token]string{
	token.EQL: "is", token.NEQ: "not",
	token.LSS: "below", token.LEQ: "at_most",
	token.GTR: "above", token.GEQ: "at_least",
}

func exprPhrase(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return exprPhrase(e.X)
	case *ast.UnaryExpr:
		if e.Op != token.NOT {
			break
		}
		x := ast.Unparen(e.X)
		if b, ok := x.(*ast.BinaryExpr); ok {
			if op, ok := negated[b.Op]; ok {
				return comparisonPhrase(op, b.X, b.Y)
			}
		}
		return "not_" + operand(x)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return exprPhrase(e.X) + "_and_" + exprPhrase(e.Y)
		case token.LOR:
			return exprPhrase(e.X) + "_or_" + exprPhrase(e.Y)
		}
		if _, ok := negated[e.Op]; ok {
			return comparisonPhrase(e.Op, e.X, e.Y)
		}
	}
	return operand(e)
}

// isConst tells the operands that name a value rather than a variable:
// literals, nil, true, false, and negated literals.
func isConst(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		return e.Name == "nil" || e.Name == "true" || e.Name == "false"
	case *ast.UnaryExpr:
		return e.Op == token.SUB && isConst(e.X)
	}
	return false
}

// comparisonPhrase says x op y, with special words for the comparisons
// people name: with zero, nil, the empty string, a length of zero, a
// boolean.
func comparisonPhrase(op token.Token, x, y ast.Expr) string {
	x, y = ast.Unparen(x), ast.Unparen(y)
	if isConst(x) && !isConst(y) {
		x, y, op = y, x, flipped[op]
	}
	lit := func(e ast.Expr) string {
		if b, ok := e.(*ast.BasicLit); ok {
			return b.Value
		}
		if id, ok := e.(*ast.Ident); ok {
			return id.Name
		}
		return ""
	}
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "len" {
			arg := operand(call.Args[0])
			switch v := lit(y); {
			case v == "0" && (op == token.EQL || op == token.LEQ):
				return "empty_" + arg
			case v == "0" && (op == token.NEQ || op == token.GTR), v == "1" && op == token.GEQ:
				return "nonempty_" + arg
			}
		}
	}
	name := operand(x)
	switch v := lit(y); v {
	case "nil":
		if op == token.EQL {
			return "nil_" + name
		}
		if op == token.NEQ {
			return "non_nil_" + name
		}
	case `""`, "``":
		if op == token.EQL {
			return "empty_" + name
		}
		if op == token.NEQ {
			return "nonempty_" + name
		}
	case "true", "false":
		if (op == token.EQL) == (v == "true") {
			return name
		}
		return "not_" + name
	case "0", "0.0":
		if w, ok := map[token.Token]string{
			token.EQL: "zero_", token.NEQ: "nonzero_", token.LSS: "negative_",
			token.GEQ: "non_negative_", token.GTR: "positive_", token.LEQ: "non_positive_",
		}[op]; ok {
			return w + name
		}
	}
	return name + "_" + comparisonWords[op] + "_" + operand(y)
}

// operatorWords name the arithmetic operators inside an operand.
var operatorWords = map[token.Token]string{
	token.ADD: "plus", token.SUB: "minus", token.MUL: "times", token.QUO: "div",
	token.REM: "mod", token.AND: "and", token.OR: "or", token.XOR: "xor",
	token.SHL: "shl", token.SHR: "shr", token.AND_NOT: "and_not",
}

// operand names an operand in words: s[0] → s0, len(s) → len_s, p.Next →
// p_next, 'v' → v, ' ' → space, -1 → minus_1.
func operand(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return snake(e.Name)
	case *ast.ParenExpr:
		return operand(e.X)
	case *ast.StarExpr:
		return operand(e.X)
	case *ast.BasicLit:
		return literalWord(e)
	case *ast.UnaryExpr:
		if e.Op == token.SUB {
			return "minus_" + operand(e.X)
		}
		if e.Op == token.XOR {
			return "not_" + operand(e.X)
		}
		return operand(e.X)
	case *ast.SelectorExpr:
		return operand(e.X) + "_" + snake(e.Sel.Name)
	case *ast.IndexExpr:
		if b, ok := e.Index.(*ast.BasicLit); ok && b.Kind == token.INT {
			return operand(e.X) + strings.ToLower(b.Value)
		}
		return operand(e.X) + "_" + operand(e.Index)
	case *ast.SliceExpr:
		return operand(e.X)
	case *ast.CallExpr:
		if t, ok := e.Fun.(*ast.ArrayType); ok && len(e.Args) == 1 {
			// A conversion to a slice type: []rune(s) → runes_s.
			return operand(t.Elt) + "s_" + operand(e.Args[0])
		}
		name := operand(e.Fun)
		if len(e.Args) == 1 {
			name += "_" + operand(e.Args[0])
		}
		return name
	case *ast.BinaryExpr:
		if w, ok := operatorWords[e.Op]; ok {
			return operand(e.X) + "_" + w + "_" + operand(e.Y)
		}
		return exprPhrase(e)
	}
	return "expr"
}

// literalWord names a literal: a character by what it is, a short word
// string by its text, a number by its digits.
func literalWord(b *ast.BasicLit) string {
	switch b.Kind {
	case token.CHAR:
		r, _, _, err := strconv.UnquoteChar(b.Value[1:len(b.Value)-1], '\'')
		if err != nil {
			return "char"
		}
		return runeWord(r)
	case token.STRING:
		s, err := strconv.Unquote(b.Value)
		if err != nil {
			return "str"
		}
		if s == "" {
			return "empty"
		}
		if len(s) == 1 {
			return runeWord(rune(s[0]))
		}
		if w := identifier(s); w == s && len(s) <= 12 {
			return s
		}
		return "str"
	}
	return strings.ToLower(strings.NewReplacer(".", "_", "+", "", "-", "minus").Replace(b.Value))
}

// runeNames name the characters that are not letters or digits.
var runeNames = map[rune]string{
	' ': "space", '\t': "tab", '\n': "newline", '\r': "cr", 0: "nul",
	'"': "quote", '\'': "apostrophe", '`': "backquote", '\\': "backslash",
	'/': "slash", '.': "dot", ',': "comma", ':': "colon", ';': "semicolon",
	'-': "dash", '+': "plus", '*': "star", '=': "equals", '<': "lt", '>': "gt",
	'(': "lparen", ')': "rparen", '[': "lbracket", ']': "rbracket",
	'{': "lbrace", '}': "rbrace", '#': "hash", '%': "percent", '&': "amp",
	'|': "pipe", '!': "bang", '?': "question", '_': "underscore", '@': "at",
	'$': "dollar", '^': "caret", '~': "tilde",
}

func runeWord(r rune) string {
	if w, ok := runeNames[r]; ok {
		return w
	}
	if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
		return string(r)
	}
	return "u" + strconv.FormatInt(int64(r), 16)
}

// snake writes a Go name in lower case with underscores between its
// words: maxLen → max_len, parseURL → parse_url, HasPrefix → has_prefix.
func snake(name string) string {
	rs := []rune(name)
	var b strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
