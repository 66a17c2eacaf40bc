package testgen

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

func TestTestFuncNames(t *testing.T) {
	s := newShapes(t)
	for name, want := range map[string]string{
		"Abs":         "TestAbs",
		"abs8":        "Test_abs8", // go test ignores Testabs8
		"Point.Add":   "TestPoint_Add",
		"Point.Scale": "TestPoint_Scale",
		"Kind.String": "TestKind_String",
		"Max[int]":    "TestMax_int",
		"Max[string]": "TestMax_string",
	} {
		if got := testFuncName(s.fn(t, name)); got != want {
			t.Errorf("testFuncName(%s) = %s, want %s", name, got, want)
		}
	}
}

func TestSubtestNames(t *testing.T) {
	tests := []struct {
		summaries []string
		want      []string
	}{
		{[]string{`returns "equilateral"`}, []string{"returns_equilateral"}},
		{[]string{"returns -3", "returns 3"}, []string{"returns_minus_3", "returns_3"}},
		{[]string{"returns 5-3"}, []string{"returns_5_3"}},
		{[]string{"", "!!"}, []string{"case", "case_2"}},
		// Repeats are numbered, avoiding names that another summary has.
		{[]string{"x", "x", "x 2", "x"}, []string{"x", "x_3", "x_2", "x_4"}},
		{[]string{"Returns Ünïcode"}, []string{"returns_ünïcode"}},
	}
	for _, tt := range tests {
		var cands []*candidate
		for _, s := range tt.summaries {
			cands = append(cands, &candidate{Case: Case{Summary: s}})
		}
		if got := rowNames(cands, nil); !slices.Equal(got, tt.want) {
			t.Errorf("rowNames(%q) = %q, want %q", tt.summaries, got, tt.want)
		}
	}
}

func TestComment(t *testing.T) {
	long := []string{}
	for i := 0; i < 12; i++ {
		long = append(long, fmt.Sprintf("some_variable_name_%d > 1000", i))
	}
	tests := []struct {
		c    Case
		want []string
	}{
		{Case{Pins: []string{"x > 1000", "y < 0"}}, []string{"x > 1000 && y < 0"}},
		{Case{Pins: []string{"i >= len(xs)"}, Want: Outcome{Panics: true, PanicMsgKnown: true, PanicMsg: "runtime error: index out of range [1] with length 1"}},
			[]string{"i >= len(xs); panics: runtime error: index out of range [1] with length 1"}},
		{Case{Want: Outcome{Panics: true}}, []string{"panics"}},
		{Case{Pins: []string{"s ==\n\"\""}}, []string{`s == ""`}},
		{Case{}, []string{"no branch depends on the inputs"}},
		// A NUL is not legal in Go source, not even in a comment.
		{Case{Want: Outcome{Panics: true, PanicMsgKnown: true, PanicMsg: "fatal: \x00"}}, []string{`panics: fatal: \x00`}},
		{Case{Pins: []string{"s == \"\xff\""}}, []string{`s == \"\xff\"`}},
		// SSA temporaries say nothing; a loop repeats its pins.
		{Case{Pins: []string{"i < len(s)", "t6[t10] >= 48", "i < len(s)", "!(i < len(s))"}}, []string{"i < len(s) && !(i < len(s))"}},
		// A sentence about the path is not one more condition.
		{Case{Pins: []string{"len(a) == 7", "then run concretely to the end"}}, []string{"len(a) == 7; then run concretely to the end"}},
	}
	for _, tt := range tests {
		if got := comment(&candidate{Case: tt.c}, nil); !slices.Equal(got, tt.want) {
			t.Errorf("comment(%+v) = %q, want %q", tt.c, got, tt.want)
		}
	}
	lines := comment(&candidate{Case: Case{Pins: long}}, nil)
	if len(lines) < 3 {
		t.Fatalf("a long comment is not wrapped: %q", lines)
	}
	for i, line := range lines {
		if len(line) > commentWidth+4 {
			t.Errorf("line %d is %d long: %q", i, len(line), line)
		}
		if i < len(lines)-1 && !strings.HasSuffix(line, " &&") {
			t.Errorf("line %d does not end with &&: %q", i, line)
		}
	}
	if got := strings.Count(strings.Join(lines, " "), "some_variable_name"); got != 12 {
		t.Errorf("wrapped comment has %d conditions, want 12", got)
	}
}

func TestImportNamesAvoidClashes(t *testing.T) {
	home := types.NewPackage("example.com/home", "home")
	home.Scope().Insert(types.NewVar(0, home, "reflect", types.Typ[types.Int]))
	s := newScope(home, t.TempDir(), DefaultFileName)
	imp := newImports(home)
	for _, p := range [][2]string{{"math/rand", "rand"}, {"crypto/rand", "rand"}, {"reflect", "reflect"}, {"testing", "testing"}, {"example.com/home", "home"}, {"gopkg.in/yaml.v3", "yaml"}} {
		imp.Qualifier(types.NewPackage(p[0], p[1]))
	}
	imp.fix(s)
	want := "import (\n\t\"crypto/rand\"\n\tmathrand \"math/rand\"\n\treflect2 \"reflect\"\n\t\"testing\"\n\n\tyaml \"gopkg.in/yaml.v3\"\n)\n"
	if got := imp.decl(); got != want {
		t.Errorf("imports\n%s\nwant\n%s", got, want)
	}
	if got := imp.Qualifier(types.NewPackage("math/rand", "rand")); got != "mathrand" {
		t.Errorf("math/rand is written %q", got)
	}
}

func TestGreedySelection(t *testing.T) {
	a, b, c := BlockID{Index: 0}, BlockID{Index: 1}, BlockID{Index: 2}
	ca := BlockID{Index: 0, From: 3} // the edge from c into a (a continue)
	cands := []*candidate{
		{Case: Case{Summary: "1", Covers: []BlockID{a, b}}},
		{Case: Case{Summary: "2", Covers: []BlockID{a}}},        // adds nothing
		{Case: Case{Summary: "3", Covers: []BlockID{b, c}}},     // adds c
		{Case: Case{Summary: "4", Covers: []BlockID{c, a}}},     // adds nothing
		{Case: Case{Summary: "5", Covers: []BlockID{c, a, ca}}}, // adds an edge
	}
	summaries := func(cs []*candidate) string {
		var s []string
		for _, c := range cs {
			s = append(s, c.Summary)
		}
		return strings.Join(s, ",")
	}
	if got := summaries(selectCases(cands, false, nil)); got != "1,3,5" {
		t.Errorf("greedy kept %s, want 1,3,5", got)
	}
	if got := summaries(selectCases(cands, true, nil)); got != "1,2,3,4,5" {
		t.Errorf("all paths kept %s, want 1,2,3,4,5", got)
	}
	cands[0].failed = true // 1 failed under go test: 2 and 3 now add coverage
	if got := summaries(selectCases(cands, false, nil)); got != "2,3,5" {
		t.Errorf("greedy without 1 kept %s, want 2,3,5", got)
	}

	// A panic is kept for its kind even inside covered blocks; another of
	// the same kind (different values in the message) is not.
	oob := func(summary, msg string) *candidate {
		return &candidate{Case: Case{Summary: summary, Covers: []BlockID{a}, Want: Outcome{Panics: true, PanicMsgKnown: true, PanicMsg: msg}}}
	}
	cands = []*candidate{
		{Case: Case{Summary: "ok", Covers: []BlockID{a}}},
		oob("p1", "runtime error: index out of range [3] with length 2"),
		oob("p2", "runtime error: index out of range [5] with length 1"),
		oob("p3", "runtime error: integer divide by zero"),
	}
	if got := summaries(selectCases(cands, false, nil)); got != "ok,p1,p3" {
		t.Errorf("greedy with panics kept %s, want ok,p1,p3", got)
	}
}

// TestSelectionAfterADivergence checks the whole loop: a wrong case that
// covered two blocks alone is dropped, and the cases that cover those
// blocks between them take its place.
func TestSelectionAfterADivergence(t *testing.T) {
	s := newShapes(t)
	abs := s.fn(t, "Abs")
	b1, b2 := BlockID{Func: abs, Index: 1}, BlockID{Func: abs, Index: 2}
	c := func(summary string, in, out int64, covers ...BlockID) Case {
		return Case{Summary: summary, Covers: covers, Args: args(cv.Int(intType, in)), Want: Outcome{Results: []Result{val(cv.Int(intType, out))}}}
	}
	cases := []Case{
		c("wrong", 5, 6, b1, b2),
		c("negative", -3, 3, b1),
		c("positive", 4, 4, b2),
		c("another negative", -5, 5, b1),
	}
	rep := s.generate(t, []FuncTests{{Func: abs, Cases: cases}}, Options{Validate: true})
	src := s.file(t)
	if rep.Kept != 2 || len(rep.Dropped) != 1 || rep.Dropped[0].Case != "wrong" ||
		!strings.Contains(src, `"negative"`) || !strings.Contains(src, `"positive"`) || strings.Contains(src, "another") {
		t.Errorf("kept %d, dropped %+v:\n%s", rep.Kept, rep.Dropped, src)
	}

	// -all-paths keeps one test per path.
	rep = s.generate(t, []FuncTests{{Func: abs, Cases: cases[1:]}}, Options{AllPaths: true})
	if rep.Kept != 3 {
		t.Errorf("all paths kept %d, want 3", rep.Kept)
	}
}

// A pin from a callee carries its function's label ("List.Len: l ==
// nil"); the name reads the condition after it.
func TestPhrasesReadPinsPastTheirLabel(t *testing.T) {
	c := &candidate{Case: Case{Pins: []string{"List.Len: l == nil"}}}
	if got := casePhrases(c, nil); len(got) != 1 || got[0] != condPhrase("l == nil") {
		t.Errorf("casePhrases = %q, want [%q]", got, condPhrase("l == nil"))
	}
}

// The cases of a type switch differ only in the dynamic type of an
// interface input, which no ssa.If decides: their names take it from the
// pin ("i is int32"), not a counter (returns_0_nil_2, _3, …).
func TestTypeSwitchCasesAreNamedByType(t *testing.T) {
	row := func(pin string) *candidate {
		return &candidate{Case: Case{Summary: "returns 0, nil", Pins: []string{pin}}}
	}
	got := rowNames([]*candidate{row("i is uint16"), row("i is int32"), row("ToInt: i is *strings.Reader"), row("x.(*constraint.NotExpr).X is *AndExpr")}, nil)
	want := []string{"returns_0_nil", "returns_0_nil_i_int32", "returns_0_nil_i_strings_reader", "returns_0_nil_x_x_andexpr"}
	if !slices.Equal(got, want) {
		t.Errorf("rowNames = %q, want %q", got, want)
	}
	for _, pin := range []string{"s = strings.NewReader(…)", "l == nil", "cut: the path was cut"} {
		if p := typeChoicePhrase(pin); p != "" {
			t.Errorf("typeChoicePhrase(%q) = %q, want none", pin, p)
		}
	}
}
