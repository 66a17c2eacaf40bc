package symbolic

import (
	"go/ast"
	"strconv"

	"golang.org/x/tools/go/ssa"
)

// A []rune(s) conversion forks once per rune (stringToRunes), so on each
// path the rune count is a constant: a later `if len(runes) == 0` of the
// source then compares constants and records no branch. The decision is
// the conversion's: its pin says it in source terms, so that the test's
// comment shows what decided the case ("len([]rune(str1)) == 2") instead
// of claiming that no branch depends on the inputs.

// runeCountPin is the pin of the state in which the conversion in ends
// after n runes, "" when the source cannot say it. The state that goes
// on decoding gets none: one pin per conversion, not one per rune.
func (e *Engine) runeCountPin(in *ssa.Convert, n int) string {
	text := e.convText(in)
	if text == "" {
		return ""
	}
	return "len(" + text + ") == " + strconv.Itoa(n)
}

// convText is the conversion as written in the source, "[]rune(str1)",
// or "" when the function has no syntax there.
func (e *Engine) convText(in *ssa.Convert) string {
	if text, ok := e.convTexts[in]; ok {
		return text
	}
	if e.convTexts == nil {
		e.convTexts = make(map[*ssa.Convert]string)
	}
	text := ""
	if syntax := in.Parent().Syntax(); syntax != nil && in.Pos().IsValid() {
		ast.Inspect(syntax, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && call.Lparen == in.Pos() {
				text = printExpr(e.prog.Fset, call)
			}
			return text == ""
		})
	}
	e.convTexts[in] = text
	return text
}
