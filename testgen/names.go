package testgen

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// testFuncName is the name of fn's test: TestAbs, TestAccount_Withdraw,
// TestMax_int. `go test` only runs TestX where X does not start with a
// lower-case letter, so unexported names get an underscore: Test_abs,
// Test_point_norm.
func testFuncName(fn *ssa.Function) string {
	name := identifier(loader.FuncName(fn))
	if name == "" {
		name = "Func"
	}
	if r, _ := utf8.DecodeRuneInString(name); unicode.IsLower(r) {
		return "Test_" + name
	}
	return "Test" + name
}

// identifier keeps letters, digits and underscores of s, folding each run
// of other characters into one underscore: "Max[map[string]int]" becomes
// "Max_map_string_int".
func identifier(s string) string {
	var b strings.Builder
	pendingUnderscore := false
	for _, r := range s {
		if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			if pendingUnderscore && b.Len() > 0 {
				b.WriteByte('_')
			}
			pendingUnderscore = false
			b.WriteRune(r)
			continue
		}
		pendingUnderscore = true
	}
	return b.String()
}

// maxSubtestName bounds a subtest name; longer summaries are cut at a word.
const maxSubtestName = 48

// subtestName makes a readable name of word characters from a summary:
// `returns "equilateral"` → returns_equilateral, "returns -3" →
// returns_minus_3 (the sign matters, and "-" is not a word character).
func subtestName(summary string) string {
	var b strings.Builder
	prev := ' '
	for _, r := range summary {
		if r == '-' && !isWordRune(prev) {
			b.WriteString(" minus ")
			prev = ' '
			continue
		}
		b.WriteRune(r)
		prev = r
	}
	name := strings.ToLower(identifier(b.String()))
	if len(name) > maxSubtestName {
		cut := name[:maxSubtestName]
		if i := strings.LastIndexByte(cut, '_'); i > maxSubtestName/2 {
			cut = cut[:i]
		}
		name = strings.TrimRight(cut, "_")
	}
	if name == "" {
		name = "case"
	}
	return name
}

func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// subtestNames names the rows of one table uniquely, in order: a repeated
// name gets _2, _3, … (skipping any that another summary already gives).
func subtestNames(summaries []string) []string {
	names := make([]string, len(summaries))
	taken := make(map[string]bool)
	for i, s := range summaries {
		taken[subtestName(s)] = true
		names[i] = subtestName(s)
	}
	seen := make(map[string]bool)
	for i, base := range names {
		if !seen[base] {
			seen[base] = true
			continue
		}
		for n := 2; ; n++ {
			candidate := fmt.Sprintf("%s_%d", base, n)
			if !taken[candidate] && !seen[candidate] {
				names[i] = candidate
				seen[candidate] = true
				break
			}
		}
	}
	return names
}

// upperFirst is s with its first letter upper-cased: "err" → "Err".
func upperFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}
