package literal

import (
	"go/types"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// TestSetupLiterals: a value made and then used is a chain of builder
// calls, or a func literal that makes it, calls the methods and returns
// it; the results of a call that is no builder are dropped.
func TestSetupLiterals(t *testing.T) {
	shapes, _ := fixture(t)
	encPtr := types.NewPointer(named(shapes, "Encoding"))
	writerPtr := types.NewPointer(named(shapes, "writer"))
	runeType := types.Universe.Lookup("rune").Type()
	method := func(typ, name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named(shapes, typ)), true, shapes, name)
		return obj.(*types.Func)
	}
	call := func(f *types.Func, t types.Type, args ...concrete.Value) concrete.Value {
		return concrete.Value{Type: t, Kind: concrete.Call, Func: f, Elems: args}
	}
	newEnc := call(shapes.Scope().Lookup("NewEncoding").(*types.Func), encPtr, cv.Int(runeType, '='))
	mkWriter := call(shapes.Scope().Lookup("NewWriter").(*types.Func), anyType, cv.Int(intType, 3))
	asserted := concrete.Value{Type: writerPtr, Kind: concrete.Assert, Elem: &mkWriter}
	setup := func(t types.Type, made concrete.Value, calls ...concrete.Value) concrete.Value {
		return concrete.Value{Type: t, Kind: concrete.Setup, Elem: &made, Elems: calls}
	}
	withPad := call(method("Encoding", "WithPad"), encPtr, cv.Int(runeType, '*'))
	reset := call(method("Encoding", "Reset"), nil)
	byteSlice := types.NewSlice(types.Universe.Lookup("byte").Type())
	write := call(method("writer", "Write"), nil, cv.Slice(byteSlice, cv.Uint(types.Universe.Lookup("byte").Type(), 'a')))
	add := call(method("writer", "Add"), nil, cv.Slice(types.NewSlice(intType), cv.Int(intType, 1), cv.Int(intType, 2)))
	field := func(name string) *types.Var {
		obj, _, _ := types.LookupFieldOrMethod(encPtr, true, shapes, name)
		return obj.(*types.Var)
	}
	assign := func(f *types.Var, v concrete.Value) concrete.Value {
		return concrete.Value{Type: f.Type(), Kind: concrete.Assign, Var: f, Elem: &v}
	}
	setSep := assign(field("Sep"), cv.Int(runeType, ';'))
	setStrict := assign(field("Strict"), cv.Bool(true))
	tests := []struct {
		name string
		v    concrete.Value
		want string
	}{
		{"fields set", setup(encPtr, newEnc, setSep, setStrict),
			"func() *Encoding { e := NewEncoding('='); e.Sep = ';'; e.Strict = true; return e }()"},
		{"a field set then a call and a builder", setup(encPtr, newEnc, setSep, reset, withPad),
			"func() *Encoding { e := NewEncoding('='); e.Sep = ';'; e.Reset(); e = e.WithPad('*'); return e }()"},
		{"builders chain", setup(encPtr, newEnc, withPad, withPad), "NewEncoding('=').WithPad('*').WithPad('*')"},
		{"a builder on a package variable", setup(encPtr, concrete.Value{Type: encPtr, Kind: concrete.Global, Var: shapes.Scope().Lookup("StdEncoding").(*types.Var)}, withPad),
			"StdEncoding.WithPad('*')"},
		{"a call then a builder", setup(encPtr, newEnc, reset, withPad),
			"func() *Encoding { e := NewEncoding('='); e.Reset(); e = e.WithPad('*'); return e }()"},
		{"a call on an asserted value", setup(writerPtr, asserted, write),
			`func() *writer { w := NewWriter(3).(*writer); w.Write([]byte("a")); return w }()`},
		{"a variadic call", setup(writerPtr, asserted, add),
			"func() *writer { w := NewWriter(3).(*writer); w.Add(1, 2); return w }()"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, _ := newWriter(shapes)
			got, err := l.InSlot(tt.v, tt.v.Type, false)
			if err != nil || got != tt.want {
				t.Errorf("got %s (err %v), want %s", got, err, tt.want)
			}
			if ok, why := tt.v.Literal(); !ok {
				t.Errorf("Literal() says no: %s", why)
			}
		})
	}
	// A setup of no call, or with a step that is no method call, is no
	// literal.
	l, _ := newWriter(shapes)
	for _, v := range []concrete.Value{
		setup(encPtr, newEnc),
		setup(encPtr, newEnc, newEnc),
		{Type: encPtr, Kind: concrete.Setup, Elems: []concrete.Value{withPad}},
		// An assignment needs its field and its value.
		setup(encPtr, newEnc, concrete.Value{Type: runeType, Kind: concrete.Assign, Elem: &newEnc}),
		setup(encPtr, newEnc, concrete.Value{Type: runeType, Kind: concrete.Assign, Var: field("Sep")}),
	} {
		if got, err := l.InSlot(v, v.Type, false); err == nil {
			t.Errorf("%s written as %s", v, got)
		}
	}
}

// TestFreeNameAvoidsUsedIdentifiers: the setup's variable is the type's
// initial unless the calls use that identifier.
func TestFreeNameAvoidsUsedIdentifiers(t *testing.T) {
	shapes, _ := fixture(t)
	w := types.NewPointer(named(shapes, "writer"))
	if got := freeName(w, []string{"NewWriter(3)"}); got != "w" {
		t.Errorf("got %s, want w", got)
	}
	if got := freeName(w, []string{"NewWriter(w.N)", "Write(v)"}); got != "v1" {
		t.Errorf("got %s, want v1", got)
	}
}
