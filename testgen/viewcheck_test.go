package testgen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// withViews is v with the views the executor recorded on it.
func withViews(v concrete.Value, views ...concrete.View) concrete.Value {
	v.Views = views
	return v
}

func view(method string, v concrete.Value) concrete.View {
	return concrete.View{Method: method, Value: v}
}

// TestViewedResultsAreReadThroughTheAPI writes the tables of functions
// whose results have private state: Find's *Tally is nil in one row
// (wantNil) and read through its exported field and getter in another
// (wantName, wantCount); Raise's Gauge through its String method alone;
// Issue's *Token, with nothing exported, is checked not to be nil, and
// Stamp's Token is not checked, with a comment that says why; All's
// []*Tally holds private state, and is not checked either. No want
// column holds a literal of a private field, and a row whose view is
// wrong is dropped by validation, reported with its view.
func TestViewedResultsAreReadThroughTheAPI(t *testing.T) {
	s := newShapes(t)
	find, raise, issue, stamp, all := s.fn(t, "Find"), s.fn(t, "Raise"), s.fn(t, "Issue"), s.fn(t, "Stamp"), s.fn(t, "All")
	tally, gauge, token := s.named(t, "Tally"), s.named(t, "Gauge"), s.named(t, "Token")
	tallyPtr := types.NewPointer(tally)
	aTally := func(name string, n int64) concrete.Value {
		return cv.Ptr(tallyPtr, cv.Struct(tally, cv.Str(name), cv.Int(intType, n)))
	}
	ts := func(elems ...concrete.Value) concrete.Value { return cv.Slice(paramType(find, 0), elems...) }
	found := withViews(aTally("a", 3), view("Count", cv.Int(intType, 3)))
	wrong := withViews(aTally("b", 2), view("Count", cv.Int(intType, 5))) // Count is 2
	funcs := []FuncTests{
		{Func: find, Cases: []Case{
			returns(find, "returns nil", []string{"len(ts) == 0"}, 1, args(ts(), cv.Str("a")), val(cv.Nil(tallyPtr))),
			returns(find, "returns tally", []string{"t.Name == name"}, 2, args(ts(aTally("a", 3)), cv.Str("a")), val(found)),
			returns(find, "returns tally b", []string{"b"}, 3, args(ts(aTally("b", 2)), cv.Str("b")), val(wrong)),
		}},
		{Func: raise, Cases: []Case{
			returns(raise, "returns gauge", nil, 1, args(cv.Struct(gauge, cv.Int(intType, 1))),
				val(withViews(cv.Struct(gauge, cv.Int(intType, 2)), view("String", cv.Str("level 2"))))),
		}},
		{Func: issue, Cases: []Case{
			returns(issue, "returns token", nil, 1, args(cv.Int(intType, 7)), val(cv.Ptr(types.NewPointer(token), cv.Struct(token, cv.Int(intType, 7))))),
		}},
		{Func: stamp, Cases: []Case{
			returns(stamp, "returns token", nil, 1, args(cv.Int(intType, 7)), val(cv.Struct(token, cv.Int(intType, 7)))),
		}},
		{Func: all, Cases: []Case{
			returns(all, "returns tallies", nil, 1, args(ts(aTally("a", 3))), val(cv.Slice(resultType(all, 0), aTally("a", 3)))),
		}},
	}
	rep := s.generate(t, funcs, Options{Validate: true})
	if len(rep.Dropped) != 1 || rep.Dropped[0].Case != "returns_tally_b" {
		t.Fatalf("dropped %+v, want the row whose Count view is wrong", rep.Dropped)
	}
	if d := rep.Dropped[0]; !strings.Contains(d.Want, "wantCount: 5") || !strings.Contains(d.Got, "Count(): 2") {
		t.Errorf("the wrong row is reported as %+v", d)
	}
	src := s.file(t)
	for _, want := range []string{
		"wantNil   bool", "wantName  string // got.Name", "wantCount int    // got.Count()",
		"wantNil: true", `wantName: "a", wantCount: 3`,
		"if (got == nil) != tt.wantNil {", "if !tt.wantNil {", "if got.Count() != tt.wantCount {",
		`t.Errorf("Find() Count():\n got %#v\nwant %#v", got.Count(), tt.wantCount)`,
		"wantString string // got.String()", `wantString: "level 2"`, "if got.String() != tt.wantString {",
		`// Only whether got is nil is checked: Token has only unexported state.
			if got == nil {
				t.Fatalf("Issue():\n got nil\nwant non-nil")`,
		"// The result is not checked: Token has only unexported state, which a test does not compare.",
		"// The result is not checked: it holds unexported fields of the package's types, which a test does not compare.",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the file lacks %s:\n%s", want, src)
		}
	}
	if bad := privateWants(t, src, s.types); len(bad) > 0 {
		t.Errorf("want columns set or read private fields: %v\n%s", bad, src)
	}
}

// TestAViewedReceiverIsReadThroughItsGetters writes Tally.Add's table:
// the receiver's count, which the call changes, is read after the call
// as t.Count(), never as t.n, and the result's own views get the columns
// named first.
func TestAViewedReceiverIsReadThroughItsGetters(t *testing.T) {
	s := newShapes(t)
	add := s.fn(t, "Tally.Add")
	tally := s.named(t, "Tally")
	tallyPtr := types.NewPointer(tally)
	state := func(n int64) concrete.Value {
		return withViews(cv.Struct(tally, cv.Str("a"), cv.Int(intType, n)), view("Count", cv.Int(intType, n)))
	}
	result := func(n int64) concrete.Value {
		return withViews(cv.Ptr(tallyPtr, cv.Struct(tally, cv.Str("a"), cv.Int(intType, n))), view("Count", cv.Int(intType, n)))
	}
	recv := cv.Ptr(tallyPtr, cv.Struct(tally, cv.Str("a"), cv.Int(intType, 1)))
	funcs := []FuncTests{{Func: add, Cases: []Case{
		withAfter(returns(add, "returns tally", []string{"k = 2"}, 1, args(recv, cv.Int(intType, 2)), val(result(3))),
			args(state(1), concrete.Value{}), args(state(3), concrete.Value{})),
		panics(add, "panics", []string{"t == nil"}, 2, args(cv.Nil(tallyPtr), cv.Int(intType, 1)), "runtime error: invalid memory address or nil pointer dereference"),
	}}}
	rep := s.generate(t, funcs, Options{Validate: true})
	if len(rep.Dropped) != 0 {
		t.Fatalf("dropped %+v", rep.Dropped)
	}
	src := s.file(t)
	for _, want := range []string{
		"wantCount  int    // got.Count()", "wantTCount int", "wantTCount: 3",
		"if tt.t.Count() != tt.wantTCount {", `"Tally.Add() t.Count():\n got %#v\nwant %#v"`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the file lacks %s:\n%s", want, src)
		}
	}
	if bad := privateWants(t, src, s.types); len(bad) > 0 {
		t.Errorf("want columns set or read private fields: %v\n%s", bad, src)
	}
}

// privateWants lists what a generated file must not do on the want
// side, where a result is checked through what the package exports: a
// want column's literal that sets an unexported
// field of a type of home (wantX: &T{n: 3}), and a check that reads one
// (tt.l.len). The text a writer field holds (tt.l.out.(*bytes.Buffer))
// is the call's output, not its state, and is allowed.
func privateWants(t *testing.T, src string, home *types.Package) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "gen_test.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	private := make(map[string]bool) // unexported field names of home's structs
	scope := home.Scope()
	for _, name := range scope.Names() {
		if st, ok := scope.Lookup(name).Type().Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if fv := st.Field(i); !fv.Exported() {
					private[fv.Name()] = true
				}
			}
		}
	}
	asserted := make(map[ast.Expr]bool)
	ast.Inspect(f, func(n ast.Node) bool {
		if ta, ok := n.(*ast.TypeAssertExpr); ok {
			asserted[ta.X] = true
		}
		return true
	})
	var bad []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.KeyValueExpr:
			key, ok := x.Key.(*ast.Ident)
			if !ok || !strings.HasPrefix(key.Name, "want") {
				return true
			}
			ast.Inspect(x.Value, func(m ast.Node) bool {
				if kv, ok := m.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && private[k.Name] {
						bad = append(bad, fset.Position(kv.Pos()).String()+": "+key.Name+" sets "+k.Name)
					}
				}
				return true
			})
			return false
		case *ast.SelectorExpr:
			if inner, ok := x.X.(*ast.SelectorExpr); ok && private[x.Sel.Name] && !asserted[x] {
				if id, ok := inner.X.(*ast.Ident); ok && id.Name == "tt" {
					bad = append(bad, fset.Position(x.Pos()).String()+": reads "+x.Sel.Name)
				}
			}
		}
		return true
	})
	return bad
}

// TestPrivateWantsFindsThem checks the check the tests above rely on: a
// want literal of private fields and a check that reads one are found,
// a want literal of exported fields, an input literal of private fields
// and the text of a writer field are not.
func TestPrivateWantsFindsThem(t *testing.T) {
	s := newShapes(t)
	src := `package shapes

func TestX(t *testing.T) {
	tests := []struct{ ts []*Tally; want *Tally; wantP Point }{
		{ts: []*Tally{{n: 1}}, want: &Tally{Name: "a", n: 3}, wantP: Point{X: 1}},
	}
	for _, tt := range tests {
		if tt.ts[0].n != 0 || tt.want.n != 3 {
		}
		if buf, ok := tt.w.out.(*bytes.Buffer); ok {
		}
	}
}
`
	bad := privateWants(t, src, s.types)
	if len(bad) != 2 || !strings.Contains(bad[0], "want sets n") || !strings.Contains(bad[1], "reads n") {
		t.Errorf("found %q, want the want literal's n and tt.want.n", bad)
	}
}
