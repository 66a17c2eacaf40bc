package literal

import (
	"bytes"
	"go/format"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// measure is a fake of shapes.Measure, as the
// executor makes it (symbolic's fakeinputs.go): Size, of a result of
// another package, scripted; Reset, of no result, not.
func measure(shapes, units *types.Package) concrete.Value {
	length := named(units, "Length")
	iface := named(shapes, "Measure")
	reset, size := iface.Underlying().(*types.Interface).Method(0), iface.Underlying().(*types.Interface).Method(1)
	script := types.NewSlice(length)
	ptr := types.NewPointer(types.NewStruct(nil, nil))
	mk := types.NewFunc(token.NoPos, concrete.HelperPackage, "fakeMeasure", types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewParam(token.NoPos, concrete.HelperPackage, "size", script)),
		types.NewTuple(types.NewParam(token.NoPos, concrete.HelperPackage, "", ptr)), false))
	f := &concrete.Fake{Iface: iface, Name: "fakeMeasure", Make: mk, Methods: []concrete.FakeMethod{
		{Method: reset, Scripts: []string{""}},
		{Method: size, Scripts: []string{"size"}, Counter: "sizeCalls"},
	}}
	calls := concrete.Value{Type: script, Kind: concrete.Slice, Elems: []concrete.Value{
		{Type: length, Kind: concrete.Int, Int: 0}, {Type: length, Kind: concrete.Int, Int: 3},
	}}
	return concrete.Value{Type: ptr, Kind: concrete.Call, Func: mk, Fake: f, Elems: []concrete.Value{calls}}
}

// A fake is written with its scripts by name, under the name the file
// claims for it (fakeMeasure is taken), and declared once, with the
// types of its methods spelled and imported as the file does.
func TestFakeLiteralAndDeclaration(t *testing.T) {
	shapes, units := fixture(t)
	w, imp := newWriter(shapes)
	w.Fakes = &Fakes{Claim: func(c ...string) string { return c[1] }}
	v := measure(shapes, units)
	for range 2 {
		src, err := w.InSlot(v, v.Type, false)
		if err != nil {
			t.Fatal(err)
		}
		if want := "&gosymtestFakeMeasure{size: []units.Length{0, 3}}"; src != want {
			t.Errorf("literal %s, want %s", src, want)
		}
	}
	var b bytes.Buffer
	WriteFakes(&b, w.Fakes, w.UsedHelpers)
	out, err := format.Source([]byte("package shapes\n" + b.String()))
	if err != nil {
		t.Fatalf("the declaration does not parse: %v\n%s", err, b.String())
	}
	for _, want := range []string{
		"// gosymtestFakeMeasure is a fake Measure: each call",
		"type gosymtestFakeMeasure struct {\n\tsize      []units.Length\n\tsizeCalls int\n}",
		"func (*gosymtestFakeMeasure) Reset() any { return nil }",
		"func (f *gosymtestFakeMeasure) Size(string) units.Length {\n\ti := f.sizeCalls\n\tf.sizeCalls++\n\tif i >= len(f.size) {\n\t\treturn 0\n\t}\n\treturn f.size[i]\n}",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the declaration lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(string(out), "type gosymtestFakeMeasure"); n != 1 {
		t.Errorf("declared %d times:\n%s", n, out)
	}
	if imp.list() != unitsPath {
		t.Errorf("imports %q, want %s", imp.list(), unitsPath)
	}
}

// A writer that only tries a literal (no Fakes) writes the fake under its
// own name and declares nothing.
func TestFakeTriedOnly(t *testing.T) {
	shapes, units := fixture(t)
	w, _ := newWriter(shapes)
	src, err := w.InSlot(measure(shapes, units), nil, false)
	if err != nil || !strings.HasPrefix(src, "&fakeMeasure{") {
		t.Errorf("literal %s, %v", src, err)
	}
	if len(w.UsedHelpers) != 0 {
		t.Errorf("used helpers %v", w.UsedHelpers)
	}
}
