package testgen

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
	"golang.org/x/tools/go/ssa"
)

// TestMadeErrorsAreCheckedAsValues: a function that makes errors is
// checked on the error it made (its message, or only that it is not
// nil when the message is not known), and its table is not counted as
// failing only; a function that can return nil keeps its error column,
// and one that returned nil in some row is checked as failing again.
func TestMadeErrorsAreCheckedAsValues(t *testing.T) {
	pkg, loaded := loadFixturePackage(t, "errmake")
	fns := map[string]*ssa.Function{}
	for _, fn := range loaded.Targets {
		fns[loader.FuncName(fn)] = fn
	}
	code, quiet, check := fns["Code"], fns["Quiet"], fns["Check"]
	funcs := []FuncTests{
		{Func: code, Cases: []Case{
			returns(code, "returns code 1", nil, 0, args(cv.Int(intType, 1)), errResult("code 1")),
		}},
		{Func: quiet, Cases: []Case{
			returns(quiet, "returns an error", nil, 0, nil, errResult("")),
		}},
		{Func: check, Cases: []Case{
			returns(check, "fails", nil, 1, args(cv.Int(intType, -2)), errResult("code 2")),
			returns(check, "passes", nil, 2, args(cv.Int(intType, 3)), val(cv.Nil(errorType))),
		}},
	}
	s, src := writtenWith(t, pkg, funcs,
		`n: 1, want: "code 1"`, `if got.Error() != tt.want {`, "if got == nil {\n\t\t\t\tt.Fatalf(",
		"if got == nil {\n\t\t\t\tt.Errorf(", `wantErr: "code 2"`)
	if quiet := src[strings.Index(src, "func TestQuiet"):strings.Index(src, "func TestCheck")]; strings.Contains(quiet, "want string") {
		t.Errorf("Quiet's unknown message got a column:\n%s", src)
	}
	if got := FileFigures([]byte(src)).FailureOnly; got != 0 {
		t.Errorf("%d failure-only tables, want 0:\n%s", got, src)
	}
	s.goTest(t, "-run", "^(TestCode|TestQuiet|TestCheck)$")

	if !loader.MakesErrors(fns["Forward"]) || loader.MakesErrors(check) {
		t.Errorf("MakesErrors: Forward %v, Check %v; want true, false", loader.MakesErrors(fns["Forward"]), loader.MakesErrors(check))
	}
	nilRow := &candidate{Case: returns(code, "returns nil", nil, 0, args(cv.Int(intType, 0)), val(cv.Nil(errorType)))}
	made := &candidate{Case: returns(code, "returns code 1", nil, 0, args(cv.Int(intType, 1)), errResult("code 1"))}
	if _, _, ok := madeErrorCheck(code, 0, []*candidate{made, nilRow}); ok {
		t.Errorf("a table with a row that returns nil is checked as made errors")
	}
}
