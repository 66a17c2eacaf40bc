package testgen

import (
	"context"
	"errors"
	"go/types"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// findDropped returns the divergence reported for a case.
func findDropped(t *testing.T, rep *Report, test, name string) Divergence {
	t.Helper()
	for _, d := range rep.Dropped {
		if d.Test == test && d.Case == name {
			return d
		}
	}
	t.Fatalf("%s/%s not reported as dropped; dropped: %+v", test, name, rep.Dropped)
	return Divergence{}
}

func TestFailingCasesAreDroppedAndReported(t *testing.T) {
	s := newShapes(t)
	abs, at, mean, norm1, must := s.fn(t, "Abs"), s.fn(t, "At"), s.fn(t, "Mean"), s.fn(t, "Norm1"), s.fn(t, "Must")
	point := s.named(t, "Point")
	funcs := []FuncTests{
		{Func: abs, Cases: []Case{
			returns(abs, "returns 3", []string{"x < 0"}, 1, args(cv.Int(intType, -3)), val(cv.Int(intType, 3))),
			returns(abs, "returns 6", []string{"x >= 0"}, 2, args(cv.Int(intType, 5)), val(cv.Int(intType, 6))), // wrong
		}},
		{Func: at, Cases: []Case{
			panics(at, "panics", nil, 1, args(cv.Slice(paramType(at, 0), cv.Int(intType, 7)), cv.Int(intType, 1)), "wrong message"),
		}},
		{Func: mean, Cases: []Case{
			returns(mean, "returns 3, boom", nil, 1, args(cv.Slice(paramType(mean, 0), cv.Int(intType, 2), cv.Int(intType, 4))),
				val(cv.Int(intType, 3)), errResult("boom")), // it returns no error
		}},
		{Func: norm1, Cases: []Case{
			// Norm1 has no panicking row, so nothing recovers this
			// panic: it crashes the test binary.
			returns(norm1, "returns 0", nil, 1, args(cv.Nil(paramType(norm1, 0))), val(cv.Int(intType, 0))),
			returns(norm1, "returns 3", nil, 2, args(cv.Ptr(paramType(norm1, 0), cv.Struct(point, cv.Int(intType, 1), cv.Int(intType, -2)))), val(cv.Int(intType, 3))),
		}},
		{Func: must, Cases: []Case{
			panics(must, "panics", []string{"!ok"}, 1, args(cv.Bool(true)), "shapes: not ok"), // it does not panic
		}},
	}
	rep := s.generate(t, funcs, Options{Validate: true})

	want := []Divergence{
		{Func: abs, Test: "TestAbs", Case: "returns_6", Inputs: "x: 5", Want: "want: 6", Got: "5"},
		{Func: at, Test: "TestAt", Case: "panics", Inputs: "xs: []int{7}, i: 1", Want: `panics: "wrong message"`,
			Got: `panic "runtime error: index out of range [1] with length 1"`},
		{Func: mean, Test: "TestMean", Case: "returns_3_boom", Inputs: "xs: []int{2, 4}", Want: `wantMean: 3, wantErr: "boom"`, Got: `error: ""`},
		{Func: must, Test: "TestMust", Case: "panics", Inputs: "ok: true", Want: `panics: "shapes: not ok"`, Got: "no panic"},
	}
	for _, w := range want {
		if got := findDropped(t, rep, w.Test, w.Case); got != w {
			t.Errorf("divergence\n got %+v\nwant %+v", got, w)
		}
	}
	crash := findDropped(t, rep, "TestNorm1", "returns_0")
	if !strings.HasPrefix(crash.Got, "crashed: panic: runtime error: invalid memory address or nil pointer dereference") || crash.Want != "want: 0" {
		t.Errorf("crash reported as %+v", crash)
	}
	if len(rep.Dropped) != 5 {
		t.Errorf("dropped %d cases, want 5: %+v", len(rep.Dropped), rep.Dropped)
	}
	// What passed stays, including the Norm1 case that never ran in the
	// round where the binary crashed.
	if rep.Kept != 2 || rep.KeptPerFunc[abs] != 1 || rep.KeptPerFunc[norm1] != 1 {
		t.Errorf("kept %d: %v", rep.Kept, rep.KeptPerFunc)
	}
	src := s.file(t)
	for _, gone := range []string{"returns_6", "TestAt", "TestMean", "TestMust", `"returns_0"`} {
		if strings.Contains(src, gone) {
			t.Errorf("dropped %s is still in the file:\n%s", gone, src)
		}
	}
	s.goTest(t)
}

func TestNothingPassesNothingLeft(t *testing.T) {
	s := newShapes(t)
	abs := s.fn(t, "Abs")
	stale := filepath.Join(s.Dir, DefaultFileName)
	if err := os.WriteFile(stale, []byte(header+"\npackage shapes\n\nfunc TestOld() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := s.generate(t, []FuncTests{{Func: abs, Cases: []Case{
		returns(abs, "returns 6", nil, 1, args(cv.Int(intType, 5)), val(cv.Int(intType, 6))),
		returns(abs, "returns 1", nil, 2, args(cv.Int(intType, -2)), val(cv.Int(intType, 1))),
	}}}, Options{Validate: true})
	if rep.Path != "" || rep.Kept != 0 || len(rep.Dropped) != 2 {
		t.Errorf("report %+v", rep)
	}
	if names := dirEntries(t, s.Dir); slices.Contains(names, DefaultFileName) || slices.ContainsFunc(names, isTempName) {
		t.Errorf("left in the package directory: %v", names)
	}
}

func isTempName(name string) bool { return strings.HasPrefix(name, ".gosymtest") }

func TestRefusesToReplaceAFileItDidNotWrite(t *testing.T) {
	s := newShapes(t)
	abs := s.fn(t, "Abs")
	mine := []byte("package shapes\n\n// Written by hand.\n")
	path := filepath.Join(s.Dir, DefaultFileName)
	if err := os.WriteFile(path, mine, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Generate(context.Background(), s.Package, []FuncTests{{Func: abs, Cases: []Case{
		returns(abs, "returns 3", nil, 1, args(cv.Int(intType, -3)), val(cv.Int(intType, 3))),
	}}}, Options{Validate: true})
	if err == nil || !strings.Contains(err.Error(), "not generated by gosymtest") {
		t.Errorf("err = %v, want a refusal", err)
	}
	if got, _ := os.ReadFile(path); string(got) != string(mine) {
		t.Errorf("the hand-written file changed:\n%s", got)
	}
}

func TestTwoRunsWriteTheSameBytes(t *testing.T) {
	s := newShapes(t)
	var files [2]string
	var mtimes [2]time.Time
	for i := range files {
		// Fresh inputs each time, as the command would build them.
		funcs := goldenCases(t, s)
		count := s.fn(t, "Count")
		m := resultType(count, 0)
		funcs = append(funcs, FuncTests{Func: count, Cases: []Case{
			returns(count, "returns map", nil, 0, args(cv.Slice(paramType(count, 0), cv.Str("z"), cv.Str("a"), cv.Str("m"))),
				val(cv.Map(m, []concrete.Value{cv.Str("z"), cv.Str("m"), cv.Str("a")}, []concrete.Value{cv.Int(intType, 1), cv.Int(intType, 1), cv.Int(intType, 1)}))),
		}})
		rep := s.generate(t, funcs, Options{Validate: true})
		files[i] = s.file(t)
		info, err := os.Stat(rep.Path)
		if err != nil {
			t.Fatal(err)
		}
		mtimes[i] = info.ModTime()
		time.Sleep(10 * time.Millisecond)
	}
	if files[0] != files[1] {
		t.Errorf("the second run wrote a different file:\n%s\n---\n%s", files[0], files[1])
	}
	if !mtimes[0].Equal(mtimes[1]) {
		t.Errorf("an unchanged file was rewritten")
	}
	if !strings.Contains(files[0], `want: map[string]int{"a": 1, "m": 1, "z": 1}`) {
		t.Errorf("map keys not sorted:\n%s", files[0])
	}
}

func TestCancelledValidationLeavesNothingBehind(t *testing.T) {
	s := newShapes(t)
	nap := s.fn(t, "Nap")
	duration := paramType(nap, 0)
	previous := []byte(header + "\npackage shapes\n")
	path := filepath.Join(s.Dir, DefaultFileName)
	if err := os.WriteFile(path, previous, 0o644); err != nil {
		t.Fatal(err)
	}
	// go test and the validation put their temporary files here.
	tmp, err := os.MkdirTemp("", "testgen-tmpdir-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	t.Setenv("TMPDIR", tmp)

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	start := time.Now()
	_, err = Generate(ctx, s.Package, []FuncTests{{Func: nap, Cases: []Case{
		returns(nap, "returns", nil, 0, args(cv.Int(duration, int64(time.Minute)))),
	}}}, Options{Validate: true})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want the context's", err)
	}
	if elapsed := time.Since(start); elapsed > 30*time.Second {
		t.Errorf("Generate took %v after the context ended", elapsed)
	}
	if got, _ := os.ReadFile(path); string(got) != string(previous) {
		t.Errorf("the previous file changed:\n%s", got)
	}
	if names := dirEntries(t, s.Dir); slices.ContainsFunc(names, isTempName) {
		t.Errorf("temporary files left in the package directory: %v", names)
	}
	if names := dirEntries(t, tmp); len(names) != 0 {
		t.Errorf("temporary files left in TMPDIR: %v", names)
	}
}

func TestHangingCaseIsDroppedAtTheTimeout(t *testing.T) {
	s := newShapes(t)
	nap := s.fn(t, "Nap")
	duration := paramType(nap, 0)
	rep := s.generate(t, []FuncTests{{Func: nap, Cases: []Case{
		returns(nap, "returns quickly", nil, 0, args(cv.Int(duration, 0))),
		returns(nap, "returns in a minute", nil, 1, args(cv.Int(duration, int64(time.Minute)))),
	}}}, Options{Validate: true, Timeout: 2 * time.Second})
	d := findDropped(t, rep, "TestNap", "returns_in_a_minute")
	if !strings.HasPrefix(d.Got, "crashed: panic: test timed out after 2s") {
		t.Errorf("divergence %+v", d)
	}
	if rep.Kept != 1 || !strings.Contains(s.file(t), `{name: "returns_quickly", d: 0}`) {
		t.Errorf("kept %d:\n%s", rep.Kept, s.file(t))
	}
}

func TestRowThatDoesNotCompileIsDropped(t *testing.T) {
	s := newShapes(t)
	greet := s.fn(t, "Greet")
	rep := s.generate(t, []FuncTests{{Func: greet, Cases: []Case{
		returns(greet, "returns hello", nil, 0, args(cv.Str("")), val(cv.Str("hello, stranger"))),
		// An int where the string parameter goes: the literal 5 does not
		// compile as a string.
		returns(greet, "returns five", nil, 1, args(cv.Int(intType, 5)), val(cv.Str("hello, 5"))),
	}}}, Options{Validate: true})
	d := findDropped(t, rep, "TestGreet", "returns_five")
	if !strings.HasPrefix(d.Got, "does not compile: cannot use 5") || d.Inputs != "name: 5" || !d.NotCompiled {
		t.Errorf("divergence %+v", d)
	}
	if rep.Kept != 1 {
		t.Errorf("kept %d", rep.Kept)
	}
	s.goTest(t)
}

func TestExistingNamesAreAvoided(t *testing.T) {
	s := newShapes(t)
	existing := `package shapes

import "testing"

func TestAbs(t *testing.T) {
	if Abs(-1) != 1 {
		t.Fatal("Abs(-1) != 1")
	}
}

// Names a generated file would like for itself.
var ptr, errText, reflect = 1, 2, 3

type tt struct{}
`
	external := "package shapes_test\n\nimport \"testing\"\n\nfunc TestMean(t *testing.T) {}\n"
	for name, content := range map[string]string{"shapes_test.go": existing, "external_test.go": external} {
		if err := os.WriteFile(filepath.Join(s.Dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	abs, mean, deref, count := s.fn(t, "Abs"), s.fn(t, "Mean"), s.fn(t, "Deref"), s.fn(t, "Count")
	rep := s.generate(t, []FuncTests{
		{Func: count, Cases: []Case{returns(count, "returns map", nil, 0, args(cv.Slice(paramType(count, 0), cv.Str("a"))),
			val(cv.Map(resultType(count, 0), []concrete.Value{cv.Str("a")}, []concrete.Value{cv.Int(intType, 1)})))}}, // compared with reflect.DeepEqual
		{Func: abs, Cases: []Case{returns(abs, "returns 3", nil, 1, args(cv.Int(intType, -3)), val(cv.Int(intType, 3)))}},
		{Func: mean, Cases: []Case{returns(mean, "returns 0, empty", nil, 1, args(cv.Nil(paramType(mean, 0))), val(cv.Int(intType, 0)), errResult("shapes: empty"))}},
		{Func: deref, Cases: []Case{returns(deref, "returns 4", nil, 1, args(cv.Ptr(paramType(deref, 0), cv.Int(intType, 4))), val(cv.Int(intType, 4)))}},
	}, Options{Validate: true})
	if rep.Kept != 4 {
		t.Fatalf("kept %d, dropped %+v", rep.Kept, rep.Dropped)
	}
	src := s.file(t)
	for _, want := range []string{
		"func TestAbs_Generated(t *testing.T)",  // the package's own test has the name
		"func TestMean_Generated(t *testing.T)", // so has the external test package's: -run would match both
		"p: gosymtestPtr[int](4)",
		"gosymtestErrText(gotErr)",
		`reflect2 "reflect"`,
		"for _, tt_ := range tests",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("file lacks %q:\n%s", want, src)
		}
	}
	s.goTest(t)
}

func TestUnexportedTypesOfAnotherPackage(t *testing.T) {
	s := newShapes(t)
	unitsPkg := s.types.Imports()[slices.IndexFunc(s.types.Imports(), func(p *types.Package) bool { return p.Name() == "units" })]
	token := unitsPkg.Scope().Lookup("token").Type()
	money := unitsPkg.Scope().Lookup("Money").Type()
	mint, holds, price := s.fn(t, "Mint"), s.fn(t, "Holds"), s.fn(t, "Price")
	aToken := cv.Iface(anyType, cv.Struct(token, cv.Int(intType, 7)))
	rep := s.generate(t, []FuncTests{
		// The result holds a units.token: the call runs, the result
		// is not compared.
		{Func: mint, Cases: []Case{returns(mint, "returns a token", nil, 0, args(cv.Int(intType, 7)), val(aToken))}},
		// An input that is a units.token cannot be written: the case
		// is left out.
		{Func: holds, Cases: []Case{
			returns(holds, "returns true", nil, 0, args(aToken), val(cv.Bool(true))),
			returns(holds, "returns false", nil, 1, args(cv.Nil(anyType)), val(cv.Bool(false))),
		}},
		// A units.Money can be written while its unexported field is
		// zero.
		{Func: price, Cases: []Case{
			returns(price, "returns 5", nil, 0, args(cv.Struct(money, cv.Int(intType, 5), cv.Str(""))), val(cv.Int(intType, 5))),
			returns(price, "returns 6", nil, 1, args(cv.Struct(money, cv.Int(intType, 6), cv.Str("EUR"))), val(cv.Int(intType, 6))),
		}},
	}, Options{Validate: true})
	wantSkipped := []string{
		`TestHolds: case "returns true": input v has no literal: unexported type units.token`,
		`TestPrice: case "returns 6": input m has no literal: unexported field currency of units.Money`,
	}
	if !slices.Equal(rep.Skipped, wantSkipped) {
		t.Errorf("skipped\n got %q\nwant %q", rep.Skipped, wantSkipped)
	}
	if rep.Kept != 3 || len(rep.Dropped) != 0 {
		t.Errorf("kept %d, dropped %+v", rep.Kept, rep.Dropped)
	}
	src := s.file(t)
	for _, want := range []string{
		"// The result is not checked: unexported type units.token.\n\t\t\tMint(tt.n)\n",
		`{name: "returns_5", m: units.Money{Cents: 5}, want: 5}`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("file lacks %q:\n%s", want, src)
		}
	}
}

// TestUncheckedResultImportsNothing: a result of another package's
// interface type that holds an unexported type of that package is not
// checked, and the file does not import the package just for the column
// it left out (Go rejects an unused import: the case would be lost).
func TestUncheckedResultImportsNothing(t *testing.T) {
	s := newShapes(t)
	unitsPkg := s.types.Imports()[slices.IndexFunc(s.types.Imports(), func(p *types.Package) bool { return p.Name() == "units" })]
	token := unitsPkg.Scope().Lookup("token").Type()
	valuer := unitsPkg.Scope().Lookup("Valuer").Type()
	coin := s.fn(t, "Coin")
	rep := s.generate(t, []FuncTests{
		{Func: coin, Cases: []Case{returns(coin, "returns a token", nil, 0, args(cv.Int(intType, 7)), val(cv.Iface(valuer, cv.Struct(token, cv.Int(intType, 7)))))}},
	}, Options{Validate: true})
	if rep.Kept != 1 || len(rep.Dropped) != 0 || len(rep.Skipped) != 0 {
		t.Fatalf("kept %d, dropped %+v, skipped %q", rep.Kept, rep.Dropped, rep.Skipped)
	}
	src := s.file(t)
	if !strings.Contains(src, "// The result is not checked: unexported type units.token.\n\t\t\tCoin(tt.n)\n") || strings.Contains(src, fixtureModule+"/shapes/units") {
		t.Errorf("file:\n%s", src)
	}
}

func TestResultsAreCheckedAsFarAsTheyCanBe(t *testing.T) {
	s := newShapes(t)
	lookup, ratio := s.fn(t, "Lookup"), s.fn(t, "Ratio")
	float64Type := types.Typ[types.Float64]
	unknownErr := Result{Value: cv.Iface(errorType, cv.Opaque(errorType, "*fmt.wrapError"))} // non-nil, message unknown
	rep := s.generate(t, []FuncTests{
		{Func: lookup, Cases: []Case{
			returns(lookup, "returns 0, error", nil, 1, args(cv.Nil(paramType(lookup, 0)), cv.Str("k")), val(cv.Int(intType, 0)), unknownErr),
			returns(lookup, "returns 5, nil", nil, 2, args(cv.Map(paramType(lookup, 0), []concrete.Value{cv.Str("k")}, []concrete.Value{cv.Int(intType, 5)}), cv.Str("k")),
				val(cv.Int(intType, 5)), val(cv.Nil(errorType))),
		}},
		{Func: ratio, Cases: []Case{
			returns(ratio, "returns NaN", []string{"a == 0", "b == 0"}, 1, args(cv.Float(float64Type, 0), cv.Float(float64Type, 0)), val(cv.Float(float64Type, math.NaN()))),
		}},
	}, Options{Validate: true})
	if rep.Kept != 3 || len(rep.Dropped) != 0 {
		t.Fatalf("kept %d, dropped %+v", rep.Kept, rep.Dropped)
	}
	src := s.file(t)
	for _, want := range []string{
		"wantErr bool",                       // an unknown message: compared by nil-ness
		`key: "k", want: 0, wantErr: true}`,  // ...
		"if (gotErr != nil) != tt.wantErr {", // ...
		"want: math.NaN()",                   // NaN: compared by its bits, as NaN != NaN
		"if math.Float64bits(got) != math.Float64bits(tt.want) && !(math.IsNaN(got) && math.IsNaN(tt.want)) {",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("file lacks %q:\n%s", want, src)
		}
	}
}

// A case whose path depends on values the test cannot set (the clock) may
// run differently in Go: when it fails, it is left out as skipped, not
// reported as a disagreement, and the others stay.
func TestFailingUncontrolledCaseIsSkippedQuietly(t *testing.T) {
	s := newShapes(t)
	abs := s.fn(t, "Abs")
	wrong := returns(abs, "returns 6", []string{"x >= 0"}, 2, args(cv.Int(intType, 5)), val(cv.Int(intType, 6)))
	wrong.Uncontrolled = true
	funcs := []FuncTests{{Func: abs, Cases: []Case{
		returns(abs, "returns 3", []string{"x < 0"}, 1, args(cv.Int(intType, -3)), val(cv.Int(intType, 3))),
		wrong,
	}}}
	rep := s.generate(t, funcs, Options{Validate: true})
	if len(rep.Dropped) != 0 {
		t.Errorf("reported as disagreements: %+v", rep.Dropped)
	}
	if len(rep.Skipped) != 1 || !strings.Contains(rep.Skipped[0], `TestAbs: case "returns_6"`) {
		t.Errorf("skipped %q, want the uncontrolled case", rep.Skipped)
	}
	if rep.Kept != 1 || strings.Contains(s.file(t), "returns_6") {
		t.Errorf("kept %d; file:\n%s", rep.Kept, s.file(t))
	}
}
