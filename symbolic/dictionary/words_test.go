package dictionary

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
)

// The fixture's constant, its constant-initialised variable, the string
// it passes to its own parser, its example's literal, the argument of
// the call its doc comment shows, and strings its regexp matches and
// fails are among its words, in that order, then its prefix joined to
// them and the strings its doc comment quotes, each once and within the
// bounds; a second collection gives the same list.
func TestWordsOfFixture(t *testing.T) {
	prog, err := loader.Load(loader.Config{Dir: "../..", Patterns: []string{"./testdata/exec/words"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Packages) != 1 {
		t.Fatalf("loaded %d packages", len(prog.Packages))
	}
	pkg := prog.Packages[0].SSA
	ws := Words(pkg)
	t.Logf("words: %q", ws)
	index := func(w string) int {
		i := slices.Index(ws, w)
		if i < 0 {
			t.Errorf("%q is not among the words", w)
		}
		return i
	}
	order := []int{index("release-"), index("stable"), index("release-2.0"), index("release-12.4-rc1"), index("release-1.2-rc3")}
	if !slices.IsSorted(order) {
		t.Errorf("constant, variable, call, example, doc comment at %d: want them in that order", order)
	}
	ex := order[len(order)-1]
	// Last come the prefix the fixture checks for, joined to the other
	// words that do not start with it already.
	joins := index("release-stable")
	if index("release- stable") != joins+1 || joins < ex {
		t.Errorf("the prefix joined to a word at %d: want it after the regexp's words", joins)
	}
	// Then the strings the doc comments of exported functions quote.
	if quoted := index("release-MAJOR.MINOR"); quoted < joins || index("-rcN") != quoted+1 {
		t.Errorf("the doc comment's quotes at %d: want them last, in order", quoted)
	}
	for _, w := range ws {
		if strings.HasPrefix(w, "release-release-") {
			t.Errorf("word %q repeats the prefix", w)
		}
	}
	re := regexp.MustCompile(`^release-([0-9]+)\.([0-9]+)(-rc[0-9])?$`)
	var matched, failed []string
	for _, w := range ws[ex+1 : joins] {
		if re.MatchString(w) {
			matched = append(matched, w)
		} else {
			failed = append(failed, w)
		}
	}
	for _, want := range []string{"release-0.0-rc0", "release-0.0", "release-00.0-rc0"} {
		if !slices.Contains(matched, want) {
			t.Errorf("the regexp's words %q lack %q", matched, want)
		}
	}
	if len(failed) == 0 || len(matched)+len(failed) > maxPerPattern {
		t.Errorf("%d words that match, %d that fail: want some that fail, at most %d in all", len(matched), len(failed), maxPerPattern)
	}
	seen := make(map[string]bool)
	for _, w := range ws {
		if w == "" || len(w) > MaxWordLen || seen[w] {
			t.Errorf("word %q: empty, too long or repeated", w)
		}
		seen[w] = true
	}
	if len(ws) > MaxWords {
		t.Errorf("%d words, more than %d", len(ws), MaxWords)
	}
	if again := Words(pkg); !slices.Equal(again, ws) {
		t.Errorf("a second collection gave %q", again)
	}
}

// A pattern gives its first choice, every optional part taken, then each
// part varied alone, and for each a variant that no longer matches; one
// that does not compile gives none. A constant that is a regexp's source
// is no word.
func TestPatternWords(t *testing.T) {
	got := patternWords(pattern{expr: `^v(a|bc)x?[0-9]{2,3}$`})
	if len(got) == 0 || got[0] != "vax000" {
		t.Errorf("words %q: want the fullest shape, vax000, first", got)
	}
	for _, want := range []string{"vbcx000", "va000", "vax00", "vax00x"} {
		if !slices.Contains(got, want) {
			t.Errorf("words %q lack %q", got, want)
		}
	}
	if got := patternWords(pattern{expr: `(`}); got != nil {
		t.Errorf("a bad pattern gave %q", got)
	}
	if !looksLikeRegexp(`v?([0-9]+)(\.[0-9]+)?`) || looksLikeRegexp("release-") || looksLikeRegexp("a+b") {
		t.Errorf("looksLikeRegexp tells a pattern's source from a word wrong")
	}
}
