package testgen

import (
	"fmt"
	"go/parser"
	"go/types"
	"regexp"
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

// uniqueNames makes names unique, in order: the first of a repeated name
// keeps it, a later one takes the first of its alternatives (base_alt)
// that no row has, and only when none is left a number, _2, _3, … .
// No name is given that another row's base already is. alts is only
// asked for the rows whose base repeats.
func uniqueNames(bases []string, alts func(i int) []string) []string {
	names := make([]string, len(bases))
	taken := make(map[string]bool)
	for _, b := range bases {
		taken[b] = true
	}
	seen := make(map[string]bool)
	free := func(n string) bool { return !seen[n] && !taken[n] }
	for i, base := range bases {
		names[i] = base
		if !seen[base] {
			seen[base] = true
			continue
		}
		found := false
		for _, alt := range alts(i) {
			if n := cutWords(base, maxAltBase) + "_" + alt; free(n) {
				names[i], found = n, true
				break
			}
		}
		for n := 2; !found; n++ {
			if c := fmt.Sprintf("%s_%d", base, n); free(c) {
				names[i], found = c, true
			}
		}
		seen[names[i]] = true
	}
	return names
}

// maxAltBase bounds the part of a name before the phrase that tells it
// from a row with the same outcome.
const maxAltBase = 32

// maxOutcome bounds the outcome part of a name that starts with a phrase.
const maxOutcome = 24

// rowNames names a table's rows after what decides them and what they do.
// A case with a decisive branch is named by the phrase of the last one
// (the nearest the outcome) and its
// outcome, empty_s_returns_error, s0_not_v_returns_false; a panic by its
// kind, panics_index_out_of_range; a boundary case by the value it sits
// at, n_is_10_returns_true, even when it was kept for a mutant; another
// case kept for a mutant by its outcome and the mutant it tells apart,
// returns_2_not_y_below_n; any other by its summary, returns_3.
// A name that repeats takes a phrase of another branch of its case (the
// other decisive ones, then the rest from the outcome backwards; the pins
// when the case has no branches), and a number only as a last resort.
// The names depend on the cases and their order alone, so they are stable.
func rowNames(cands []*candidate, home *types.Package) []string {
	bases := make([]string, len(cands))
	used := make([]string, len(cands)) // the phrase the base already has
	for i, c := range cands {
		// The last decisive branch is the one nearest the outcome, and
		// the most particular: r != 0 then r == '"' is the quote's case.
		var first string
		dec := decisive(c, home)
		for j := len(dec) - 1; j >= 0 && first == ""; j-- {
			first = condPhrase(dec[j].Cond)
		}
		switch {
		case first != "":
			bases[i] = first + "_" + cutWords(outcomeName(c, true), maxOutcome)
			used[i] = first
		case boundaryPhrase(c.Boundary) != "":
			// The value a boundary case sits at says what its mutant
			// would say, in the words a reviewer uses: ch_is_0, not
			// not_ch_above_0.
			bases[i] = boundaryPhrase(c.Boundary) + "_" + cutWords(outcomeName(c, true), maxOutcome)
		case c.tells != nil && mutantPhrase(*c.tells) != "":
			bases[i] = cutWords(outcomeName(c, true), maxOutcome) + "_" + mutantPhrase(*c.tells)
		default:
			bases[i] = outcomeName(c, false)
		}
	}
	return uniqueNames(bases, func(i int) []string {
		var alts []string
		for _, p := range casePhrases(cands[i], home) {
			if p != used[i] {
				alts = append(alts, p)
			}
		}
		return alts
	})
}

// boundaryPhrase is the phrase of a boundary case's own condition, the
// text before the first comma ("n == 10" of "n == 10, the boundary of
// n < 10"), or "" when that is no condition.
func boundaryPhrase(boundary string) string {
	cond, _, _ := strings.Cut(boundary, ",")
	if _, err := parser.ParseExpr(cond); err != nil {
		return ""
	}
	return condPhrase(cond)
}

// casePhrases are the phrases a case's name may be made of, best first,
// without repeats: those of its decisive branches from the last back, then of its other
// branches from the last one taken back, or of its pins the same way.
func casePhrases(c *candidate, home *types.Package) []string {
	var conds []string
	if len(c.Branches) > 0 {
		dec := decisive(c, home)
		for j := len(dec) - 1; j >= 0; j-- {
			conds = append(conds, dec[j].Cond)
		}
		for i := len(c.Branches) - 1; i >= 0; i-- {
			conds = append(conds, c.Branches[i].Cond)
		}
	} else {
		for i := len(c.Pins) - 1; i >= 0; i-- {
			if !ssaTemp.MatchString(c.Pins[i]) {
				conds = append(conds, c.Pins[i])
			}
		}
	}
	var phrases []string
	seen := make(map[string]bool)
	tried := make(map[string]bool) // a loop repeats its conditions
	for _, cond := range conds {
		if tried[cond] {
			continue
		}
		tried[cond] = true
		cond = withoutFuncLabel(cond)
		if _, err := parser.ParseExpr(cond); err != nil {
			// not a condition: a pin that says how an input was made,
			// or that the path was cut
			continue
		}
		if p := condPhrase(cond); p != "" && !seen[p] {
			seen[p] = true
			phrases = append(phrases, p)
		}
	}
	// The dynamic type an interface input was given ("i is int32") tells
	// apart the cases of a type switch, which no ssa.If decides.
	for _, pin := range c.Pins {
		if p := typeChoicePhrase(pin); p != "" && !seen[p] {
			seen[p] = true
			phrases = append(phrases, p)
		}
	}
	return phrases
}

// typeAssertion matches a type assertion within an input's name.
var typeAssertion = regexp.MustCompile(`\.\(\*?[\w.]+\)`)

// typeChoicePhrase is the phrase of a pin that says which dynamic type an
// interface input has, "i is *strings.Reader" → i_strings_reader, or ""
// for any other pin.
func typeChoicePhrase(pin string) string {
	name, typ, ok := strings.Cut(withoutFuncLabel(pin), " is ")
	if !ok {
		return ""
	}
	// A nested input's name asserts its parent's type on the way,
	// x.(*constraint.NotExpr).X: the phrase keeps the path, x_x.
	name = typeAssertion.ReplaceAllString(name, "")
	if strings.ContainsAny(name, " ()") || strings.ContainsAny(typ, " ,") {
		return ""
	}
	return strings.ToLower(identifier(name + " " + typ))
}

// outcomeName names what a case does, from its summary (returns_3,
// returns_quickly) or, when that is the executor's generic one, from the
// outcome itself: panics_<kind> for a panic, the results in a word or two
// each (outcome.go). short gives returns_error for any non-nil error
// result, as the phrase before it already says which one.
func outcomeName(c *candidate, short bool) string {
	if c.Want.Panics {
		switch {
		case !c.Want.PanicMsgKnown && c.Summary == "panics":
			return "panics"
		case c.Want.PanicMsgKnown && c.Summary == "panics "+c.Want.PanicMsg:
			// the executor's generic summary
			return panicName(c.Want.PanicMsg)
		}
		return subtestName(c.Summary)
	}
	if short {
		for _, r := range c.Want.Results {
			if r.ErrMsg != "" {
				return "returns_error"
			}
		}
	}
	if genericSummary(c.Summary, c.Want) {
		return resultsName(c.Want)
	}
	return subtestName(c.Summary)
}

// panicKinds are the short names of the runtime's panics.
var panicKinds = []struct{ prefix, name string }{
	{"invalid memory address or nil pointer dereference", "nil_dereference"},
	{"integer divide by zero", "divide_by_zero"},
	{"index out of range", "index_out_of_range"},
	{"slice bounds out of range", "slice_bounds_out_of_range"},
	{"interface conversion", "interface_conversion"},
	{"assignment to entry in nil map", "nil_map_write"},
	{"makeslice: len out of range", "makeslice_len_out_of_range"},
	{"makeslice: cap out of range", "makeslice_cap_out_of_range"},
	{"hash of unhashable type", "unhashable_key"},
	{"comparing uncomparable type", "uncomparable"},
}

// panicName names a panic by its message's words, without the values
// (panics_index_out_of_range, not …_5_with_length_3) and without
// "runtime error".
func panicName(msg string) string {
	msg = strings.TrimPrefix(msg, "runtime error: ")
	for _, k := range panicKinds {
		if strings.HasPrefix(msg, k.prefix) {
			return "panics_" + k.name
		}
	}
	if i := strings.IndexByte(msg, '['); i > 0 {
		msg = msg[:i]
	}
	return subtestName("panics " + msg)
}

// upperFirst is s with its first letter upper-cased: "err" → "Err".
func upperFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// funcLabel matches the label of a pin the path pinned in another
// function than the one under test: "List.Len: l == nil".
var funcLabel = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*: `)

// withoutFuncLabel is a pin's condition without its function's label.
func withoutFuncLabel(pin string) string {
	return funcLabel.ReplaceAllString(pin, "")
}
