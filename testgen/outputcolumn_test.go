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
	record, newWriter := fns["Writer.Record"], fns["NewWriter"]
	if record == nil || newWriter == nil {
		t.Fatalf("fixture targets %v", fns)
	}
	buffer := types.NewPointer(loaded.SSA.Prog.ImportedPackage("bytes").Members["Buffer"].Type())
	recv := paramType(record, 0)
	made := vCall(newWriter, cv.Iface(paramType(newWriter, 0), concrete.Value{Type: buffer, Kind: concrete.Call}))
	quote := cv.Str("> ")
	prefixField := recv.(*types.Pointer).Elem().Underlying().(*types.Struct).Field(0)
	quoted := concrete.Value{Type: recv, Kind: concrete.Setup, Elem: &made, Elems: []concrete.Value{
		{Kind: concrete.Assign, Var: prefixField, Type: prefixField.Type(), Elem: &quote},
	}}
	cases := func(wantQuoted string) []FuncTests {
		return []FuncTests{{Func: record, Cases: []Case{
			withOutput(returns(record, "returns nil", nil, 0, args(made, cv.Str("ab")), val(cv.Nil(errorType))), recv, "", "ab\n"),
			withOutput(returns(record, "returns nil quoted", nil, 1, args(quoted, cv.Str("ab")), val(cv.Nil(errorType))), recv, "", wantQuoted),
		}}}
	}
	s, src := writtenWith(t, pkg, cases("> ab\n"),
		"w          func(*bytes.Buffer) *Writer",
		"wantOutput string // out's text after w.Flush()",
		"func(out *bytes.Buffer) *Writer { return NewWriter(out) }",
		`func(out *bytes.Buffer) *Writer { w := NewWriter(out); w.Prefix = "> "; return w }`,
		"out := new(bytes.Buffer)\n\t\t\tw := tt.w(out)\n\t\t\tgotErr := w.Record(tt.s)",
		"w.Flush()\n\t\t\tif out.String() != tt.wantOutput {",
		`wantOutput: "ab\n"`, `wantOutput: "> ab\n"`)
	if strings.Contains(src, "tt.w.out") {
		t.Errorf("the check reads the writer's private field:\n%s", src)
	}
	s.goTest(t, "-run", "^TestWriter_Record$")

	rep := s.generate(t, cases("ab\n"), Options{Validate: true})
	if len(rep.Dropped) != 1 || rep.Dropped[0].Case != "returns_nil_quoted" {
		t.Errorf("dropped %+v, want the row whose output is wrong", rep.Dropped)
	}
}
