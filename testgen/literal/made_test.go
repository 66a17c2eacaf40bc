package literal

import (
	"go/types"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// TestDerefAndAssertLiterals: a value type its package hands out as a
// pointer is the dereference of the constructor's call or of the package
// variable; a type handed out only inside an interface is the factory's
// call asserted to it.
func TestDerefAndAssertLiterals(t *testing.T) {
	shapes, _ := fixture(t)
	enc := named(shapes, "Encoding")
	encPtr := types.NewPointer(enc)
	writerPtr := types.NewPointer(named(shapes, "writer"))
	runeType := types.Universe.Lookup("rune").Type()
	fn := func(name string) *types.Func { return shapes.Scope().Lookup(name).(*types.Func) }
	call := func(name string, t types.Type, args ...concrete.Value) concrete.Value {
		return concrete.Value{Type: t, Kind: concrete.Call, Func: fn(name), Elems: args}
	}
	deref := func(t types.Type, of concrete.Value) concrete.Value {
		return concrete.Value{Type: t, Kind: concrete.Deref, Elem: &of}
	}
	global := concrete.Value{Type: encPtr, Kind: concrete.Global, Var: shapes.Scope().Lookup("StdEncoding").(*types.Var)}
	asserted := call("NewWriter", anyType, cv.Int(intType, 3))
	tests := []struct {
		name string
		v    concrete.Value
		slot types.Type
		want string
	}{
		{"deref of a call", deref(enc, call("NewEncoding", encPtr, cv.Int(runeType, '-'))), enc, "*NewEncoding('-')"},
		{"deref of a package variable", deref(enc, global), enc, "*StdEncoding"},
		{"deref in an interface", cv.Iface(anyType, deref(enc, global)), anyType, "*StdEncoding"},
		{"assertion of a call", concrete.Value{Type: writerPtr, Kind: concrete.Assert, Elem: &asserted}, writerPtr, "NewWriter(3).(*writer)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, _ := newWriter(shapes)
			got, err := l.InSlot(tt.v, tt.slot, false)
			if err != nil || got != tt.want {
				t.Errorf("got %s (err %v), want %s", got, err, tt.want)
			}
			if ok, why := tt.v.Literal(); !ok {
				t.Errorf("Literal() says no: %s", why)
			}
		})
	}
	// A dereference of anything but a call or a package variable, and an
	// assertion of anything but a call, are no literal.
	l, _ := newWriter(shapes)
	lit := cv.Struct(enc, cv.Int(runeType, 1))
	for _, v := range []concrete.Value{
		{Type: enc, Kind: concrete.Deref, Elem: &lit},
		{Type: writerPtr, Kind: concrete.Assert, Elem: &global},
		{Type: enc, Kind: concrete.Deref},
	} {
		if got, err := l.InSlot(v, v.Type, false); err == nil {
			t.Errorf("%s written as %s", v.Kind, got)
		}
	}
}

// TestMethodOnMadeReceiverLiterals: a value a method hands out is the
// method called on its receiver's literal, which is in parentheses unless
// it is a call or a variable.
func TestMethodOnMadeReceiverLiterals(t *testing.T) {
	shapes, _ := fixture(t)
	enc := named(shapes, "Encoding")
	encPtr := types.NewPointer(enc)
	runeType := types.Universe.Lookup("rune").Type()
	method := func(name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(encPtr, true, shapes, name)
		return obj.(*types.Func)
	}
	made := concrete.Value{Type: encPtr, Kind: concrete.Call, Func: shapes.Scope().Lookup("NewEncoding").(*types.Func), Elems: []concrete.Value{cv.Int(runeType, '=')}}
	global := concrete.Value{Type: encPtr, Kind: concrete.Global, Var: shapes.Scope().Lookup("StdEncoding").(*types.Var)}
	deref := concrete.Value{Type: enc, Kind: concrete.Deref, Elem: &global}
	for _, tt := range []struct {
		v    concrete.Value
		want string
	}{
		{concrete.Value{Type: encPtr, Kind: concrete.Call, Func: method("WithPad"), Elem: &made, Elems: []concrete.Value{cv.Int(runeType, '-')}}, "NewEncoding('=').WithPad('-')"},
		{concrete.Value{Type: encPtr, Kind: concrete.Call, Func: method("WithPad"), Elem: &deref, Elems: []concrete.Value{cv.Int(runeType, '-')}}, "(*StdEncoding).WithPad('-')"},
	} {
		l, _ := newWriter(shapes)
		got, err := l.InSlot(tt.v, encPtr, false)
		if err != nil || got != tt.want {
			t.Errorf("got %s (err %v), want %s", got, err, tt.want)
		}
	}
}
