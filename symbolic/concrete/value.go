package concrete

import (
	"fmt"
	"go/types"
)

// Kind says which fields of a Value are meaningful.
type Kind uint8

const (
	// Nil is the zero value of a pointer, slice, map, interface, func or
	// chan type.
	Nil Kind = iota + 1
	Bool
	Int    // any signed integer kind; the value is in Int
	Uint   // any unsigned integer kind, uintptr included; the value is in Uint
	Float  // float32 or float64; the value is in Float
	String // the value is in Str
	Struct // Elems are the fields in declaration order
	Array  // Elems are the elements
	Slice  // non-nil; Elems are the elements (len(Elems) is the length)
	Map    // non-nil; Keys[i] maps to Elems[i]; consumers order the keys when they print
	Pointer
	// Interface is a non-nil interface value; Elem is the dynamic value,
	// whose Type is the dynamic type.
	Interface
	// Opaque is a value that cannot be written as a Go literal: a func,
	// a chan, a value of an unexported type of another package, a shared or
	// cyclic structure. Why says which.
	Opaque
	// Call is a value made by the package's own API: a call of Func with
	// Elems as its arguments (csv.NewReader(strings.NewReader("a"))), or,
	// when Func is nil, new(E) where Type is *E. A Func with a receiver
	// *E is an Init method called on new(E):
	// new(scanner.Scanner).Init(strings.NewReader("a")).
	Call
	// Global is the value of the package-level variable Var, such as a
	// sentinel error (io.EOF).
	Global
	// FuncLit is a non-nil func of signature type Type that ignores its
	// arguments and returns Elems, one per result:
	// func(int) bool { return true }.
	FuncLit
	// MakeChan is a new channel of type Type, open, empty and unbuffered:
	// make(chan T).
	MakeChan
	// Deref is what Elem, a Call or Global of type *Type, points to: a
	// value type its package hands out as a pointer
	// (*base32.NewEncoding(s), *base32.StdEncoding).
	Deref
	// Assert is the dynamic value, of type Type, of Elem, a Call whose
	// result is an interface: a type its package hands out only inside
	// one (hex.NewEncoder(w).(*encoder)).
	Assert
	// Setup is Elem, a value of type Type made by its package's API (a
	// Call, an Assert, or a Global whose calls are builders), after the
	// steps Elems, taken in order: each an Assign of one of its fields,
	// or a Call of a method of Type (the receiver implied) with its
	// arguments. A call whose Type is Type is a builder, whose result is
	// the value from then on; the others' results are dropped:
	// func() *Writer { w := NewWriter(b); w.Comma = ';'; w.Write(p); return w }().
	Setup
	// Assign, only as a step of a Setup, sets the field Var of the value
	// to Elem, of type Type: w.Comma = ';'.
	Assign
	// Handed is a parameter's value of type Type that another parameter
	// of the call, the one of index Int (its owner), hands out: Elem, a
	// Call of a method of the owner's type, the receiver being the owner
	// itself: l.PushBack(1) for e in l.MoveToFront(e).
	Handed
)

var kindNames = [...]string{
	Nil: "nil", Bool: "bool", Int: "int", Uint: "uint", Float: "float", String: "string",
	Struct: "struct", Array: "array", Slice: "slice", Map: "map", Pointer: "pointer",
	Interface: "interface", Opaque: "opaque", Call: "call", Global: "global", FuncLit: "func",
	MakeChan: "chan", Deref: "deref", Assert: "assert", Setup: "setup", Assign: "assign",
	Handed: "handed",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Value is a concrete Go value of a static type.
type Value struct {
	Type  types.Type
	Kind  Kind
	Bool  bool
	Int   int64
	Uint  uint64
	Float float64
	Str   string
	Elems []Value
	Keys  []Value
	Elem  *Value      // Pointer: the pointee; Interface: the dynamic value; Deref, Assert: the operand; Assign: the value set; Call of a method: its receiver, when made (else new)
	Why   string      // Opaque: why no literal exists
	Func  *types.Func // Call: the function called (nil: new)
	Var   *types.Var  // Global: the variable; Assign: the field
	// Fake, for a Call of a fake's Make, says how the file declares the
	// fake (fake.go).
	Fake *Fake
	// Views are, for a value of a type of the package under test that
	// has unexported fields (loader.ViewedType), what the methods a test
	// reads it through returned on it: String, then exported getters
	// (symbolic/views.go). Set only on the results and after-states of
	// the tests the writer may keep; nil elsewhere.
	Views []View
}

// View is what one method of a value's type returned when called on it
// with no arguments: View{Method: "Len", Value: 3} for l.Len().
//
// A walk is a view too (symbolic/walks.go): Method is the navigation
// method called on the value, Step the
// one called on each element reached, until it returns nil, and Value
// the slice of what each element's exported field Field holds, in
// order: for l.Front(), then e.Next() on each, the Values of the list.
//
// An output view (Output set; symbolic/output.go) is the text of the
// bytes.Buffer a writer was made over, after the call of its Method
// (Flush, or "" for none): Value is a string.
type View struct {
	Method string
	Value  Value
	Step   string
	Field  string
	Output bool
}

// Walks reports whether v is a walk (Step is set).
func (v View) Walks() bool { return v.Step != "" }

// Name tells views of a value apart: the method, "Len", or for a walk
// its calls and field, "FrontNextValues" for the Values reached from
// Front by Next, or "Output" for an output view.
func (v View) Name() string {
	if v.Output {
		return "Output"
	}
	if !v.Walks() {
		return v.Method
	}
	return v.Method + v.Step + v.Field + "s"
}

// Literal reports whether v, and everything it contains, can be written as
// a Go literal, and if not, why.
func (v Value) Literal() (ok bool, why string) {
	switch v.Kind {
	case Opaque:
		return false, v.Why
	case Pointer, Interface, Deref, Assert, Setup, Assign, Handed:
		if v.Elem == nil {
			return false, fmt.Sprintf("%s value without its target", v.Kind)
		}
		if ok, why := v.Elem.Literal(); !ok || v.Kind != Setup {
			return ok, why
		}
	case Call:
		if v.Elem != nil {
			if ok, why := v.Elem.Literal(); !ok {
				return false, why
			}
		}
	}
	for _, e := range v.Keys {
		if ok, why := e.Literal(); !ok {
			return false, why
		}
	}
	for _, e := range v.Elems {
		if ok, why := e.Literal(); !ok {
			return false, why
		}
	}
	return true, ""
}

// Every reports whether f holds for v and for every value it contains:
// a pointer's or interface's target, a map's keys, the elements and
// fields, depth first.
func (v Value) Every(f func(Value) bool) bool {
	if !f(v) {
		return false
	}
	if v.Elem != nil && !v.Elem.Every(f) {
		return false
	}
	for _, x := range v.Keys {
		if !x.Every(f) {
			return false
		}
	}
	for _, x := range v.Elems {
		if !x.Every(f) {
			return false
		}
	}
	return true
}

// String prints v for messages and debugging (not as Go source).
func (v Value) String() string {
	switch v.Kind {
	case Nil:
		return "nil"
	case Bool:
		return fmt.Sprint(v.Bool)
	case Int:
		return fmt.Sprint(v.Int)
	case Uint:
		return fmt.Sprint(v.Uint)
	case Float:
		return fmt.Sprint(v.Float)
	case String:
		return fmt.Sprintf("%q", v.Str)
	case Pointer:
		return "&" + v.Elem.String()
	case Interface:
		return v.Elem.String()
	case Opaque:
		return "<" + v.Why + ">"
	case Global:
		return v.Var.Pkg().Name() + "." + v.Var.Name()
	case MakeChan:
		return "make(" + v.Type.String() + ")"
	case Deref:
		return "*" + v.Elem.String()
	case Assert:
		return v.Elem.String() + ".(" + v.Type.String() + ")"
	case Assign:
		return v.Var.Name() + " = " + v.Elem.String()
	case Handed:
		// The call on the owner, which is no value of its own.
		call := *v.Elem
		call.Elem = &Value{Kind: Opaque, Why: fmt.Sprintf("param%d", v.Int)}
		return call.String()
	case Setup:
		s := v.Elem.String()
		for _, c := range v.Elems {
			s += "; ." + c.String()
		}
		return s
	case Call:
		if v.Func == nil {
			return "new(" + v.Type.String() + ")"
		}
		s := v.Func.Pkg().Name() + "." + v.Func.Name() + "("
		if v.Elem != nil {
			s = v.Elem.String() + "." + v.Func.Name() + "("
		}
		for i, e := range v.Elems {
			if i > 0 {
				s += ", "
			}
			s += e.String()
		}
		return s + ")"
	case Map:
		s := "map["
		for i := range v.Keys {
			if i > 0 {
				s += " "
			}
			s += v.Keys[i].String() + ":" + v.Elems[i].String()
		}
		return s + "]"
	}
	s := "{"
	for i, e := range v.Elems {
		if i > 0 {
			s += " "
		}
		s += e.String()
	}
	return s + "}"
}
