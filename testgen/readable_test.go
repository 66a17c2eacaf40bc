package testgen

import (
	"go/format"
	"go/types"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
	"github.com/gosymtest/gosymtest/testgen/literal"
	"golang.org/x/tools/go/ssa"
)

func TestCondPhrase(t *testing.T) {
	for cond, want := range map[string]string{
		"len(s) == 0":                  "empty_s",
		"0 == len(version)":            "empty_version",
		"len(s) != 0":                  "nonempty_s",
		"s[0] != 'v'":                  "s0_not_v",
		"s[0] == 'v'":                  "s0_is_v",
		"!(s[0] == 'v')":               "s0_not_v",
		"x < 0":                        "negative_x",
		"0 > x":                        "negative_x",
		"x >= 0":                       "non_negative_x",
		"n == 0":                       "zero_n",
		"err != nil":                   "non_nil_err",
		"p == nil":                     "nil_p",
		`name == ""`:                   "empty_name",
		"r == '\\t'":                   "r_is_tab",
		"c == ' '":                     "c_is_space",
		`r == '"'`:                     "r_is_quote",
		"n >= maxLen":                  "n_at_least_max_len",
		"i < len(s)":                   "i_below_len_s",
		"ok":                           "ok",
		"!ok":                          "not_ok",
		"!strings.HasPrefix(s, \"v\")": "not_strings_has_prefix",
		"x == -1":                      "x_is_minus_1",
		"a > 0 && b > 0":               "positive_a_and_positive_b",
		"p.Next != nil":                "non_nil_p_next",
		"parseURL(u) == nil":           "nil_parse_url_u",
		"x ==":                         "x",
		"r == 0x1F600":                 "r_is_0x1f600",
		"len([]rune(str2)) == 1":       "len_runes_str2_is_1",
	} {
		if got := condPhrase(cond); got != want {
			t.Errorf("condPhrase(%q) = %q, want %q", cond, got, want)
		}
	}
	if got := condPhrase("averyveryverylongname_that_goes_on == anotherlongname"); len(got) > maxPhrase {
		t.Errorf("phrase %q is longer than %d", got, maxPhrase)
	}
}

// decisiveCases are three cases of a parse function, in selection order:
// the first enters blocks 1 and 2, the second adds block 3 (through
// s[0] != 'v'), the third adds block 4 of a callee and block 5 of the
// function under test, the fourth only an edge in the callee.
func decisiveCases(fn, callee *ssa.Function) []*candidate {
	edge := func(f *ssa.Function, to, from int) BlockID { return BlockID{Func: f, Index: to, From: from + 1} }
	lenOK := Branch{Pos: "parse.go:10", Cond: "len(s) != 0", Edge: edge(fn, 1, 0)}
	isV := Branch{Pos: "parse.go:12", Cond: "s[0] == 'v'", Edge: edge(fn, 2, 1)}
	notV := Branch{Pos: "parse.go:12", Cond: "s[0] != 'v'", Edge: edge(fn, 3, 1)}
	inIndex := Branch{Pos: "strings.go:80", Cond: "n == 0", Func: "strings.Index", Edge: edge(callee, 4, 0)}
	again := Branch{Pos: "strings.go:85", Cond: "c == sep[0]", Func: "strings.Index", Edge: edge(callee, 4, 3)}
	found := Branch{Pos: "parse.go:20", Cond: "i < 0", Edge: edge(fn, 5, 2)}
	block := func(f *ssa.Function, i int) BlockID { return BlockID{Func: f, Index: i} }
	return []*candidate{
		{Case: Case{Summary: "returns true", Branches: []Branch{lenOK, isV}, Covers: []BlockID{block(fn, 1), block(fn, 2)}}},
		{Case: Case{Summary: "returns error bad", Branches: []Branch{lenOK, notV}, Covers: []BlockID{block(fn, 1), block(fn, 3)},
			Want: Outcome{Results: []Result{errResult("bad")}}}},
		{Case: Case{Summary: "returns true", Branches: []Branch{lenOK, isV, inIndex, found, isV}, Covers: []BlockID{block(fn, 1), block(fn, 2), block(callee, 4), block(fn, 5)}}},
		{Case: Case{Summary: "returns true", Branches: []Branch{lenOK, isV, inIndex, again}, Covers: []BlockID{block(fn, 1), block(callee, 4), edge(callee, 4, 3)}}},
	}
}

func TestDecisiveBranchesInCommentsAndNames(t *testing.T) {
	s := newShapes(t)
	fn, callee := s.fn(t, "Abs"), s.fn(t, "Mean")
	cands := decisiveCases(fn, callee)
	kept := selectCases(cands, false, nil)
	if len(kept) != 4 {
		t.Fatalf("kept %d cases, want 4", len(kept))
	}
	home := s.Types // Mean, standing for the callee, is in the package
	var comments [][]string
	for _, c := range kept {
		comments = append(comments, comment(c, home))
	}
	want := [][]string{
		{"parse.go:10: len(s) != 0; parse.go:12: s[0] == 'v'"},
		{"parse.go:12: s[0] != 'v'"},
		{"strings.Index: strings.go:80: n == 0; parse.go:20: i < 0"},
		{"strings.Index: strings.go:85: c == sep[0]"}, // adds only an edge in the callee
	}
	for i := range want {
		if !slices.Equal(comments[i], want[i]) {
			t.Errorf("case %d: comment %q, want %q", i, comments[i], want[i])
		}
	}
	names := rowNames(kept, home)
	// Each is named after its last decisive branch, the nearest the
	// outcome.
	wantNames := []string{"s0_is_v_returns_true", "s0_not_v_returns_error", "negative_i_returns_true", "c_is_sep0_returns_true"}
	if !slices.Equal(names, wantNames) {
		t.Errorf("names %q, want %q", names, wantNames)
	}
}

func TestCalleeOutsideThePackageOnlyWhenNothingElseDecides(t *testing.T) {
	s := newShapes(t)
	fn := s.fn(t, "Abs")
	// A function of another package stands for strings.Index.
	callee := outsideFunc(t, s.Types)
	c := &candidate{Case: Case{Branches: []Branch{
		{Pos: "strings.go:80", Cond: "n == 0", Func: "strings.Index", Edge: BlockID{Func: callee, Index: 1}},
		{Pos: "abs.go:3", Cond: "x < 0", Edge: BlockID{Func: fn, Index: 1}},
	}}, adds: map[BlockID]bool{{Func: callee, Index: 1}: true, {Func: fn, Index: 1}: true}}
	if got := comment(c, s.Types); !slices.Equal(got, []string{"abs.go:3: x < 0"}) {
		t.Errorf("comment %q: the callee's branch should give way", got)
	}
	c.adds = map[BlockID]bool{{Func: callee, Index: 1}: true}
	if got := comment(c, s.Types); !slices.Equal(got, []string{"strings.Index: strings.go:80: n == 0"}) {
		t.Errorf("comment %q: the callee's branch is the only decisive one", got)
	}
	// No branch adds anything (the case was kept for all paths): no
	// claim that none depends on the inputs.
	c.adds = nil
	if got := comment(c, s.Types); got != nil {
		t.Errorf("comment %q for a case that adds nothing", got)
	}
	c.Want = Outcome{Panics: true, PanicMsgKnown: true, PanicMsg: "runtime error: integer divide by zero"}
	if got := comment(c, s.Types); !slices.Equal(got, []string{"panics: runtime error: integer divide by zero"}) {
		t.Errorf("comment %q", got)
	}
}

// outsideFunc is a function of the fixture's program declared outside
// pkg, the package under test.
func outsideFunc(t *testing.T, pkg *types.Package) *ssa.Function {
	t.Helper()
	for f := range allFuncs(t) {
		if f.Pkg != nil && f.Pkg.Pkg.Path() != pkg.Path() {
			return f
		}
	}
	t.Fatal("no function outside the package in the fixture's program")
	return nil
}

// allFuncs are the package-level functions of the fixture's program.
func allFuncs(t *testing.T) map[*ssa.Function]bool {
	out := make(map[*ssa.Function]bool)
	for _, m := range loadFixture(t).SSA.Prog.AllPackages() {
		for _, mem := range m.Members {
			if f, ok := mem.(*ssa.Function); ok {
				out[f] = true
			}
		}
	}
	return out
}

// TestCommentsSurviveGofmt wraps long comments of both kinds and checks
// that gofmt leaves every line as it is: an indented continuation line
// used to come out as an empty // line and a tab-indented one.
func TestCommentsSurviveGofmt(t *testing.T) {
	var pins []string
	var branches []Branch
	adds := map[BlockID]bool{}
	for i := 0; i < 12; i++ {
		pins = append(pins, strings.Repeat("v", i+1)+" > 1000")
		e := BlockID{Index: i + 1}
		branches = append(branches, Branch{Pos: "long_file_name.go:1234", Cond: strings.Repeat("w", i+1) + " > 1000", Edge: e})
		adds[e] = true
	}
	for _, c := range []*candidate{
		{Case: Case{Pins: pins}},
		{Case: Case{Branches: branches[:maxDecisive], Want: Outcome{Panics: true, PanicMsgKnown: true, PanicMsg: strings.Repeat("boom ", 30)}}, adds: adds},
	} {
		lines := comment(c, nil)
		if len(lines) < 2 {
			t.Fatalf("not wrapped: %q", lines)
		}
		var b strings.Builder
		b.WriteString("package p\n\nvar x = []struct{ a int }{\n")
		for _, l := range lines {
			if len(l) > commentWidth+4 && strings.Contains(l, " ") && !strings.Contains(l, "boom") {
				t.Errorf("line too long: %q", l)
			}
			b.WriteString("\t// " + l + "\n")
		}
		b.WriteString("\t{a: 1},\n}\n")
		out, err := format.Source([]byte(b.String()))
		if err != nil || string(out) != b.String() {
			t.Errorf("gofmt changed the comment (%v):\n%s\n---\n%s", err, b.String(), out)
		}
	}
}

func TestNoBranchSaidOnlyWhenTrue(t *testing.T) {
	if got := comment(&candidate{}, nil); !slices.Equal(got, []string{"no branch depends on the inputs"}) {
		t.Errorf("no pins: %q", got)
	}
	// The loop over runes pinned r == 9 in SSA terms only: there are
	// branches on the inputs, so the comment must not deny it.
	if got := comment(&candidate{Case: Case{Pins: []string{"t3[t5] == 9"}}}, nil); got != nil {
		t.Errorf("pins all SSA temporaries: %q", got)
	}
	b := &candidate{Case: Case{Summary: "returns true", Boundary: "n == 10, the boundary of n < 10", Branches: []Branch{{Cond: "n < 10"}}}}
	if got := comment(b, nil); !slices.Equal(got, []string{"boundary: n == 10, the boundary of n < 10"}) {
		t.Errorf("boundary case: %q", got)
	}
	if got := rowNames([]*candidate{b}, nil); !slices.Equal(got, []string{"n_is_10_returns_true"}) {
		t.Errorf("boundary case named %q", got)
	}
}

func TestRowNamesDedupe(t *testing.T) {
	c := func(summary string, pins ...string) *candidate {
		return &candidate{Case: Case{Summary: summary, Pins: pins}}
	}
	p := func(msg string) *candidate {
		return &candidate{Case: Case{Summary: "panics " + msg, Want: Outcome{Panics: true, PanicMsgKnown: true, PanicMsg: msg}}}
	}
	got := rowNames([]*candidate{
		c("returns false", "r != 9"),
		c("returns false", "r != 9", "r == 34"),
		c("returns false", "r != 9", "r == 34"),
		c("returns true"),
		p("runtime error: index out of range [5] with length 3"),
		p("runtime error: invalid memory address or nil pointer dereference"),
		p("shapes: not ok"),
	}, nil)
	want := []string{"returns_false", "returns_false_r_is_34", "returns_false_r_not_9", "returns_true",
		"panics_index_out_of_range", "panics_nil_dereference", "panics_shapes_not_ok"}
	if !slices.Equal(got, want) {
		t.Errorf("rowNames = %q, want %q", got, want)
	}
	// Pins that are no conditions give no phrase; a long outcome is cut
	// before the phrase that tells the rows apart.
	long := "returns nil, error csv: invalid field or comment delimiter"
	got = rowNames([]*candidate{
		c(long, "r.Comma == r.Comment"),
		c(long, "r.NewReader(r) = io.MultiReader(strings.NewReader(…))", "line[0] == 34", "then run concretely to the end: the path was cut by the bounds or the budget"),
	}, nil)
	want = []string{"returns_nil_error_csv_invalid_field_or_comment", "returns_nil_error_csv_invalid_line0_is_34"}
	if !slices.Equal(got, want) {
		t.Errorf("rowNames = %q, want %q", got, want)
	}
}

func TestSelectionKeepsBoundaryCases(t *testing.T) {
	a := BlockID{Index: 1}
	arg := func(n int64) []concrete.Value { return []concrete.Value{{Kind: concrete.Int, Int: n}} }
	cands := []*candidate{
		{Case: Case{Summary: "1", Args: arg(1), Covers: []BlockID{a}}},
		{Case: Case{Summary: "2", Args: arg(10), Covers: []BlockID{a}, Boundary: "n == 10, the boundary of n < 10"}},
		{Case: Case{Summary: "3", Args: arg(10), Covers: []BlockID{a}, Boundary: "n == 10, the boundary of n < 10"}}, // same boundary
		{Case: Case{Summary: "4", Args: arg(11), Covers: []BlockID{a}, Boundary: "n == 11, one past the boundary of n < 10"}},
		{Case: Case{Summary: "5", Args: arg(5), Covers: []BlockID{a}}},
		// The inputs of a kept case: the row would repeat it.
		{Case: Case{Summary: "6", Args: arg(1), Covers: []BlockID{a}, Boundary: "n == 1, the boundary of n < 1"}},
	}
	for i := 0; i < maxBoundaryCases+2; i++ {
		cands = append(cands, &candidate{Case: Case{Summary: "b", Args: arg(int64(100 + i)), Covers: []BlockID{a}, Boundary: strings.Repeat("x", i+1)}})
	}
	kept := selectCases(cands, false, nil)
	var got []string
	for _, c := range kept {
		got = append(got, c.Summary)
	}
	if want := "1,2,4," + strings.TrimSuffix(strings.Repeat("b,", maxBoundaryCases-2), ","); strings.Join(got, ",") != want {
		t.Errorf("kept %s, want %s", strings.Join(got, ","), want)
	}
}

func TestFileFigures(t *testing.T) {
	src := `package p

func TestF(t *testing.T) {
	tests := []struct {
		name string
		s    string
		b    []byte
	}{
		{name: "returns_false_11", s: "a"},
		{name: "returns_false", s: "a"},
		{name: "returns_3"},
		{name: "r_is_34_returns_true"},
		{name: "panics_index_out_of_range"},
		{
			name: "panics_index_out_of_range_2",
			s:    "\x80\x00",
		},
		{name: "empty_s_returns_error", s: "tab\there", b: []byte("v0.0p\x00\x00")},
	}
	other := []string{"\x00"}
	_, _ = tests, other
}
`
	want := Figures{Names: 7, Numbered: 2, Strings: 4, NonPrintable: 2, Tables: 1, Cases: 7}
	if got := FileFigures([]byte(src)); got != want {
		t.Errorf("FileFigures = %+v, want %+v", got, want)
	}
	if got := FileFigures([]byte("not go")); got != (Figures{}) {
		t.Errorf("FileFigures of a file that does not parse = %+v", got)
	}
}

// TestAssertionsAsAReviewerWrites checks the comparisons the file uses:
// != for numbers and structs of them, the bits for a float column that
// expects a NaN or a negative zero, reflect.DeepEqual for a slice and a
// pointer to a value, and no reflect import when nothing needs it. The
// file must pass go test, and a wrong -0 must fail it.
func TestAssertionsAsAReviewerWrites(t *testing.T) {
	s := newShapes(t)
	ratio, half, add, nearer, upper := s.fn(t, "Ratio"), s.fn(t, "Half"), s.fn(t, "Point.Add"), s.fn(t, "Nearer"), s.fn(t, "Upper")
	f64, f32 := types.Typ[types.Float64], types.Typ[types.Float32]
	point := s.named(t, "Point")
	pt := func(x, y int64) concrete.Value { return cv.Struct(point, cv.Int(intType, x), cv.Int(intType, y)) }
	byteType := paramType(upper, 0).Underlying().(*types.Slice).Elem()
	funcs := []FuncTests{
		{Func: ratio, Cases: []Case{
			returns(ratio, "returns NaN", []string{"b == 0", "a == 0"}, 1, args(cv.Float(f64, 0), cv.Float(f64, 0)), val(cv.Float(f64, math.NaN()))),
			returns(ratio, "returns -0", []string{"b != 0"}, 2, args(cv.Float(f64, math.Copysign(0, -1)), cv.Float(f64, 5)), val(cv.Float(f64, math.Copysign(0, -1)))),
		}},
		{Func: half, Cases: []Case{
			returns(half, "returns 1", nil, 0, args(cv.Float(f32, 2)), val(cv.Float(f32, 1))),
		}},
		{Func: add, Cases: []Case{
			returns(add, "returns {3 0}", nil, 0, args(pt(1, 2), pt(2, -2)), val(pt(3, 0))),
		}},
		{Func: nearer, Cases: []Case{
			returns(nearer, "returns &{1 1}", nil, 0, args(pt(1, 1), pt(5, 5)), val(cv.Ptr(resultType(nearer, 0), pt(1, 1)))),
		}},
		{Func: upper, Cases: []Case{
			returns(upper, `returns "AB"`, nil, 0, args(cv.Slice(paramType(upper, 0), cv.Uint(byteType, 'a'))), val(cv.Slice(paramType(upper, 0), cv.Uint(byteType, 'A')))),
		}},
	}
	rep := s.generate(t, funcs, Options{Validate: true})
	src := s.file(t)
	if rep.Kept != 6 || len(rep.Dropped) != 0 {
		t.Fatalf("kept %d, dropped %+v:\n%s", rep.Kept, rep.Dropped, src)
	}
	for _, want := range []string{
		"if math.Float64bits(got) != math.Float64bits(tt.want) && !(math.IsNaN(got) && math.IsNaN(tt.want)) {",
		"want: math.NaN()",
		"if got != tt.want {", // Half's float32 and Add's Point
		"if !reflect.DeepEqual(got, tt.want) {",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("file lacks %q:\n%s", want, src)
		}
	}
	if n := strings.Count(src, "reflect.DeepEqual"); n != 2 {
		t.Errorf("%d DeepEqual calls, want 2 (Nearer's pointer and Upper's slice):\n%s", n, src)
	}

	// A -0 expected where +0 comes out is caught.
	funcs = []FuncTests{{Func: ratio, Cases: []Case{
		returns(ratio, "returns -0", []string{"b != 0"}, 2, args(cv.Float(f64, 0), cv.Float(f64, 5)), val(cv.Float(f64, math.Copysign(0, -1)))),
	}}}
	rep = s.generate(t, funcs, Options{Validate: true})
	if len(rep.Dropped) != 1 {
		t.Errorf("a wrong negative zero passed: dropped %+v", rep.Dropped)
	}

	// Without a column that needs it, no reflect import.
	abs := s.fn(t, "Abs")
	s.generate(t, []FuncTests{{Func: abs, Cases: []Case{
		returns(abs, "returns 3", []string{"x < 0"}, 1, args(cv.Int(intType, -3)), val(cv.Int(intType, 3))),
	}}}, Options{})
	if src := s.file(t); strings.Contains(src, "reflect") {
		t.Errorf("reflect imported without a DeepEqual:\n%s", src)
	}
}

// TestNamesFromResults checks that a case with the executor's generic
// summary is named from its results in a word or two each, and that a
// summary written otherwise is kept.
func TestNamesFromResults(t *testing.T) {
	s := newShapes(t)
	point := s.named(t, "Point")
	byteType := types.Universe.Lookup("byte").Type()
	bytes := types.NewSlice(byteType)
	zeros := make([]concrete.Value, 8)
	for i := range zeros {
		zeros[i] = cv.Uint(byteType, 0)
	}
	generic := func(rs ...Result) *candidate {
		shown := []string{"returns"}
		for _, r := range rs {
			if r.ErrMsg != "" {
				shown = append(shown, "error "+r.ErrMsg)
			} else {
				shown = append(shown, r.Value.String())
			}
		}
		return &candidate{Case: Case{Summary: strings.Join(shown, " "), Want: Outcome{Results: rs}}}
	}
	for _, tt := range []struct {
		c    *candidate
		want string
	}{
		{generic(val(cv.Slice(bytes, zeros...)), val(cv.Nil(errorType))), "returns_8_elems_nil"},
		{generic(val(cv.Slice(bytes, cv.Uint(byteType, 'h'), cv.Uint(byteType, 'i')))), "returns_hi"},
		{generic(val(cv.Int(intType, 0)), errResult("read failed")), "returns_0_error_read_failed"},
		{generic(val(cv.Int(intType, -3))), "returns_minus_3"},
		{generic(val(cv.Int(types.Universe.Lookup("rune").Type(), 0xfffd)), val(cv.Int(intType, 1))), "returns_ufffd_1"},
		{generic(val(cv.Uint(byteType, ' '))), "returns_space"},
		{generic(val(cv.Str("hello, world"))), "returns_hello_world"},
		{generic(val(cv.Str("\x00"))), "returns_string"},
		{generic(val(cv.Ptr(types.NewPointer(point), cv.Struct(point, cv.Int(intType, 1), cv.Int(intType, 1))))), "returns_point"},
		{generic(val(cv.Slice(types.NewSlice(stringType), cv.Str("a"), cv.Str("b")))), "returns_a_b"},
		{&candidate{Case: Case{Summary: "returns quickly", Want: Outcome{Results: []Result{val(cv.Int(intType, 1))}}}}, "returns_quickly"},
	} {
		if got := rowNames([]*candidate{tt.c}, nil); !slices.Equal(got, []string{tt.want}) {
			t.Errorf("summary %q: named %q, want %s", tt.c.Summary, got, tt.want)
		}
	}
}

// TestBranchesEndToEnd writes Abs's cases with their branches in source
// terms and a boundary case, and checks the file: comments and names from
// the decisive branch, the boundary kept, gofmt-clean, and passing.
func TestBranchesEndToEnd(t *testing.T) {
	s := newShapes(t)
	abs := s.fn(t, "Abs")
	neg := Branch{Pos: "shapes.go:52", Cond: "x < 0", Edge: BlockID{Func: abs, Index: 1, From: 1}}
	pos := Branch{Pos: "shapes.go:52", Cond: "!(x < 0)", Edge: BlockID{Func: abs, Index: 2, From: 1}}
	c := func(summary string, b Branch, block int, in, out int64) Case {
		return Case{Summary: summary, Branches: []Branch{b}, Covers: []BlockID{{Func: abs, Index: block}, b.Edge},
			Args: args(cv.Int(intType, in)), Want: Outcome{Results: []Result{val(cv.Int(intType, out))}}}
	}
	atZero := c("returns 0", pos, 2, 0, 0)
	atZero.Boundary = "x == 0, the boundary of x < 0"
	pastZero := c("returns 1", neg, 1, -1, 1)
	pastZero.Boundary = "x == -1, one past the boundary of x < 0"
	rep := s.generate(t, []FuncTests{{Func: abs, Cases: []Case{
		c("returns 3", neg, 1, -3, 3),
		c("returns 4", pos, 2, 4, 4),
		c("returns 5", pos, 2, 5, 5), // adds nothing
		atZero, pastZero,
	}}}, Options{Validate: true})
	src := s.file(t)
	if rep.Kept != 4 || len(rep.Dropped) != 0 {
		t.Fatalf("kept %d, dropped %+v:\n%s", rep.Kept, rep.Dropped, src)
	}
	for _, want := range []string{
		"// shapes.go:52: x < 0\n\t\t{name: \"negative_x_returns_3\", x: -3, want: 3},",
		"// shapes.go:52: !(x < 0)\n\t\t{name: \"non_negative_x_returns_4\", x: 4, want: 4},",
		"// boundary: x == 0, the boundary of x < 0\n\t\t{name: \"zero_x_returns_0\", x: 0, want: 0},",
		"// boundary: x == -1, one past the boundary of x < 0\n\t\t{name: \"x_is_minus_1_returns_1\", x: -1, want: 1},",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("file lacks %q:\n%s", want, src)
		}
	}
	if formatted, err := format.Source([]byte(src)); err != nil || string(formatted) != src {
		t.Errorf("file is not gofmt-clean (%v)", err)
	}
}

// TestHexForInputsComparedWithHex writes an input in hex when a branch of
// the function compares it, or a mask of it, with a hex constant, and in
// decimal otherwise.
func TestHexForInputsComparedWithHex(t *testing.T) {
	s := newShapes(t)
	classify := s.fn(t, "Classify") // a, b, c int
	c := &candidate{Case: Case{Summary: "returns Kind(1)", Branches: []Branch{
		{Cond: "a&0xf0 != 0", Hex: []string{"a"}},
		{Cond: "c >= 0x7f", Func: "callee", Hex: []string{"c"}}, // not in the function under test
		{Cond: "b > 16"},
	}, Args: args(cv.Int(intType, 255), cv.Int(intType, 255), cv.Int(intType, 255)), Want: Outcome{Results: []Result{val(cv.Int(s.named(t, "Kind"), 1))}}}}
	tab := &table{fn: classify, params: []column{{field: "a"}, {field: "b"}, {field: "c"}}}
	l := &literal.Writer{Home: s.types, Imports: newImports(s.types), PtrHelper: "ptr"}
	r, err := buildRow(tab, c, l)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"0xff", "255", "255"}; !slices.Equal(r.args, want) {
		t.Errorf("args %q, want %q", r.args, want)
	}
}

// A case that only enters blocks of another package adds nothing go test
// -cover counts for the package: it is not kept for them.
func TestSelectionCountsOnlyThePackagesBlocks(t *testing.T) {
	s := newShapes(t)
	fn := s.fn(t, "Abs")
	other := outsideFunc(t, s.Types)
	arg := func(n int64) []concrete.Value { return []concrete.Value{{Kind: concrete.Int, Int: n}} }
	cands := []*candidate{
		{Case: Case{Summary: "home", Args: arg(1), Covers: []BlockID{{Func: fn, Index: 0}, {Func: other, Index: 0}}}},
		{Case: Case{Summary: "elsewhere", Args: arg(2), Covers: []BlockID{{Func: fn, Index: 0}, {Func: other, Index: 1}}}},
		{Case: Case{Summary: "home again", Args: arg(3), Covers: []BlockID{{Func: fn, Index: 1}}}},
	}
	var got []string
	for _, c := range selectCases(cands, false, s.Types) {
		got = append(got, c.Summary)
	}
	if want := []string{"home", "home again"}; !slices.Equal(got, want) {
		t.Errorf("kept %q, want %q", got, want)
	}
	got = nil
	for _, c := range selectCases(cands, false, nil) {
		got = append(got, c.Summary)
	}
	if len(got) != 3 {
		t.Errorf("without a home package kept %q, want all three", got)
	}
}

// When the executor weighed the cases against mutants, a boundary case
// is kept for a mutant it kills that no kept case kills, not for its
// boundary alone.
func TestSelectionKeepsBoundaryCasesThatKill(t *testing.T) {
	a := BlockID{Index: 1}
	arg := func(n int64) []concrete.Value { return []concrete.Value{{Kind: concrete.Int, Int: n}} }
	le := Mutant{Pos: "a.go:3:5", Expr: "n < 10", From: "<", To: "<="}
	ge := Mutant{Pos: "a.go:3:5", Expr: "n < 10", From: "<", To: ">="}
	cands := []*candidate{
		{Case: Case{Summary: "1", Args: arg(1), Covers: []BlockID{a}, Kills: []Mutant{ge}}},
		{Case: Case{Summary: "2", Args: arg(9), Covers: []BlockID{a}, Boundary: "n == 9, one past the boundary of n < 10", Kills: []Mutant{ge}}},
		{Case: Case{Summary: "3", Args: arg(10), Covers: []BlockID{a}, Boundary: "n == 10, the boundary of n < 10", Kills: []Mutant{le, ge}}},
	}
	var got []string
	for _, c := range selectCases(cands, false, nil) {
		got = append(got, c.Summary)
	}
	if strings.Join(got, ",") != "1,3" {
		t.Errorf("kept %s, want 1 for coverage and 3 for the mutant only it kills", strings.Join(got, ","))
	}
}

// A boundary case that took no explored path has its boundary for its
// only pin: the comment says it once.
func TestBoundaryCommentSaidOnce(t *testing.T) {
	b := "accept.hi == b1-1, one past the boundary of accept.hi < b1"
	c := &candidate{Case: Case{Pins: []string{b}, Boundary: b}}
	if got, want := strings.Join(comment(c, nil), " "), "boundary: "+b; got != want {
		t.Errorf("comment = %q, want %q", got, want)
	}
}

// A case whose function has no branch in source terms (return '0' <= ch
// && ch <= '9') has pins joined with &&; its boundary and the mutant it
// tells apart are sentences of their own, not one more condition.
func TestBoundaryAndMutantAreNotConditions(t *testing.T) {
	b := "ch == '0', the boundary of '0' <= ch"
	c := &candidate{
		Case:  Case{Pins: []string{"ch >= 48", "ch <= 57"}, Boundary: b},
		tells: &Mutant{Pos: "scanner.go:363:35", Expr: "'0' <= ch", From: "<=", To: "<"},
	}
	got := strings.Join(comment(c, nil), " ")
	want := "boundary: " + b + "; scanner.go:363: tells '0' <= ch from '0' < ch"
	if got != want {
		t.Errorf("kept for its mutant: comment = %q, want %q", got, want)
	}
	c.tells = nil
	got = strings.Join(comment(c, nil), " ")
	want = "ch >= 48 && ch <= 57; boundary: " + b
	if got != want {
		t.Errorf("kept for its boundary: comment = %q, want %q", got, want)
	}
}

// A boundary case kept for the mutant it kills is named by the value it
// sits at, as a reviewer would name it.
func TestBoundaryCaseKeptForAMutantNamedByItsValue(t *testing.T) {
	c := &candidate{
		Case:  Case{Summary: "returns true", Pins: []string{"ch >= 48"}, Boundary: "ch == '0', the boundary of '0' <= ch"},
		tells: &Mutant{Pos: "scanner.go:363:35", Expr: "'0' <= ch", From: "<=", To: "<"},
	}
	if got := rowNames([]*candidate{c}, nil); !slices.Equal(got, []string{"ch_is_0_returns_true"}) {
		t.Errorf("named %q, want ch_is_0_returns_true", got)
	}
}
