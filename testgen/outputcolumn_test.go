package testgen

import (
	"go/types"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
	"golang.org/x/tools/go/ssa"
)

// withOutput gives a returning case the output views of its receiver:
// the text in its buffer after Flush, before and after the call.
func withOutput(c Case, recv types.Type, before, after string) Case {
	view := func(text string) concrete.Value {
		return concrete.Value{Type: recv, Kind: concrete.Opaque, Why: "private state", Views: []concrete.View{
			{Method: "Flush", Output: true, Value: cv.Str(text)},
		}}
	}
	c.Want.Before = []concrete.Value{view(before), {}}
	c.Want.After = []concrete.Value{view(after), {}}
	return c
}

// TestWriterOutputIsCheckedThroughTheTestsBuffer: a writer made over
// new(bytes.Buffer) is made in the loop over the test's own buffer, by a
// func of it, and what reached the buffer after Flush is checked last;
// a setup that sets a field stays in the func's body. The file passes,
// and a wrong want fails it.
func TestWriterOutputIsCheckedThroughTheTestsBuffer(t *testing.T) {
	pkg, loaded := loadFixturePackage(t, "output")
	fns := map[string]*ssa.Function{}
	for _, fn := range loaded.Targets {
		fns[loader.FuncName(fn)] = fn
	}
	line, newWriter := fns["Writer.Line"], fns["NewWriter"]
	if line == nil || newWriter == nil {
		t.Fatalf("fixture targets %v", fns)
	}
	buffer := types.NewPointer(loaded.SSA.Prog.ImportedPackage("bytes").Members["Buffer"].Type())
	recv := paramType(line, 0)
	made := vCall(newWriter, cv.Iface(paramType(newWriter, 0), concrete.Value{Type: buffer, Kind: concrete.Call}))
	yes := cv.Bool(true)
	upperField := recv.(*types.Pointer).Elem().Underlying().(*types.Struct).Field(1)
	upper := concrete.Value{Type: recv, Kind: concrete.Setup, Elem: &made, Elems: []concrete.Value{
		{Kind: concrete.Assign, Var: upperField, Type: upperField.Type(), Elem: &yes},
	}}
	cases := func(wantUpper string) []FuncTests {
		return []FuncTests{{Func: line, Cases: []Case{
			withOutput(returns(line, "returns nil", nil, 0, args(made, cv.Str("ab")), val(cv.Nil(errorType))), recv, "", "ab\n"),
			withOutput(returns(line, "returns nil upper", nil, 1, args(upper, cv.Str("ab")), val(cv.Nil(errorType))), recv, "", wantUpper),
		}}}
	}
	s, src := writtenWith(t, pkg, cases("AB\n"),
		"w          func(*bytes.Buffer) *Writer",
		"wantOutput string // out's text after w.Flush()",
		"func(out *bytes.Buffer) *Writer { return NewWriter(out) }",
		"func(out *bytes.Buffer) *Writer { w := NewWriter(out); w.Upper = true; return w }",
		"out := new(bytes.Buffer)\n\t\t\tw := tt.w(out)\n\t\t\tgotErr := w.Line(tt.s)",
		"w.Flush()\n\t\t\tif out.String() != tt.wantOutput {",
		`wantOutput: "ab\n"`, `wantOutput: "AB\n"`)
	if strings.Contains(src, "tt.w.w") {
		t.Errorf("the check reads the writer's private field:\n%s", src)
	}
	s.goTest(t, "-run", "^TestWriter_Line$")

	rep := s.generate(t, cases("ab\n"), Options{Validate: true})
	if len(rep.Dropped) != 1 || rep.Dropped[0].Case != "returns_nil_upper" {
		t.Errorf("dropped %+v, want the row whose output is wrong", rep.Dropped)
	}
}
