package pointer

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Mode selects the analysis.
type Mode int

const (
	// Andersen is the inclusion-based, field-sensitive analysis.
	Andersen Mode = iota
	// TypeBased answers from static types alone: a store through *T may
	// modify any location of type T (up to identical underlying types),
	// a store to field f of struct S only field f of values of type S.
	// Cheaper, less precise, and sound for programs without unsafe.
	TypeBased
)

func (m Mode) String() string {
	if m == TypeBased {
		return "type-based"
	}
	return "andersen"
}

// Config says what to analyse.
type Config struct {
	Program *ssa.Program
	// Entries are the functions under test. Every package initializer of
	// the program is an entry too. Each parameter of an entry is an
	// input: see the package documentation for how inputs are modelled.
	Entries []*ssa.Function
	Mode    Mode
}

// Warning records one place where the analysis gives up soundness or
// precision.
type Warning struct {
	Pos      token.Pos
	Category string // one of the Warn* constants
	Msg      string
}

// Warning categories.
const (
	WarnUnsafe    = "unsafe"     // unsafe.Pointer conversion: field offsets across types are not tracked
	WarnNoBody    = "no-body"    // call of a function without Go body (assembly, linkname): its effects are ignored
	WarnReflect   = "reflect"    // reflective call or method lookup: callees are not discovered
	WarnInputFunc = "input-func" // an input of function type is assumed to call no code
)

func (w Warning) String() string { return w.Category + ": " + w.Msg }

// ObjectKind says what created an abstract object.
type ObjectKind int

const (
	KindAlloc  ObjectKind = iota // *ssa.Alloc (new, &T{}, escaping local)
	KindSlice                    // backing array: *ssa.MakeSlice, append, []T{} literal
	KindMap                      // *ssa.MakeMap
	KindChan                     // *ssa.MakeChan
	KindBox                      // *ssa.MakeInterface: the dynamic type and a copy of the value
	KindGlobal                   // *ssa.Global
	KindFunc                     // a function (closures share their function's object)
	KindInput                    // created by the test harness for an entry's parameter
	KindType                     // type-based mode: every location of one type
)

var kindNames = [...]string{"alloc", "makeslice", "makemap", "makechan", "box", "global", "func", "input", "type"}

func (k ObjectKind) String() string { return kindNames[k] }

// Object is an abstract object: one allocation site, global, function,
// input, or (type-based mode) type.
type Object struct {
	Kind ObjectKind
	// Site is the SSA value that allocates the object: *ssa.Alloc,
	// *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeInterface,
	// *ssa.Call (append), *ssa.Global, or *ssa.Parameter (inputs). Nil
	// for functions and type objects.
	Site ssa.Value
	Func *ssa.Function // KindFunc: the function
	Type types.Type    // allocated type (element type for slices, dynamic type for boxes)
	// Input objects: the parameter they hang from (also Site) and a
	// description such as "p" or "p:T".
	Input string

	id     nodeid // first node
	layout layout
}

// String is the object's label, as used in test expectations:
// "alloc@L12", "makeslice@L3", "global:name", "func:name",
// "input:p:T", "type:T".
func (o *Object) String() string {
	if o.Input != "" {
		return "input:" + o.Input
	}
	switch o.Kind {
	case KindGlobal:
		return "global:" + o.Site.Name()
	case KindFunc:
		return "func:" + o.Func.String()
	case KindType:
		return "type:" + o.Type.String()
	}
	kind := o.Kind.String()
	switch o.Site.(type) {
	case *ssa.Call:
		if o.Kind == KindSlice {
			kind = "append"
		}
	case *ssa.Convert, *ssa.MultiConvert:
		kind = "convert"
	}
	return fmt.Sprintf("%s@L%d", kind, o.line())
}

func (o *Object) line() int {
	if o.Site == nil {
		return 0
	}
	fn := o.Site.Parent()
	if fn == nil || fn.Prog == nil {
		return 0
	}
	pos := o.Site.Pos()
	if c, ok := o.Site.(*ssa.Call); ok {
		pos = c.Call.Pos()
	}
	return fn.Prog.Fset.Position(pos).Line
}

// Position is where the object is allocated, if known.
func (o *Object) Position(fset *token.FileSet) token.Position {
	if o.Site == nil {
		if o.Func != nil {
			return fset.Position(o.Func.Pos())
		}
		return token.Position{}
	}
	return fset.Position(o.Site.Pos())
}

// Location is an abstract memory location: a range of cells of an
// object, named by its selector path (".f", "[*]", ".f[*].g", "" for
// the whole object). Array and slice elements are summarised by "[*]",
// map keys and values by "[key]" and "[value]", channel elements by
// "[elem]". Locations are comparable.
type Location struct {
	Obj  *Object
	Path string
	off  int32 // first cell, relative to the object
	n    int32 // number of cells; 0 for the "every cell of this type" location of type-based mode
}

func (l Location) String() string {
	if l.Obj == nil {
		return "<nil>"
	}
	return l.Obj.String() + l.Path
}

// Type is the type of the value stored at the location.
func (l Location) Type() types.Type {
	if l.Obj == nil {
		return nil
	}
	if l.Obj.Kind == KindType {
		if l.n == 0 {
			return l.Obj.Type
		}
		s := l.Obj.Type.Underlying().(*types.Struct)
		return s.Field(int(l.off)).Type()
	}
	return l.Obj.layout[l.off].typ
}

// Field reports the struct and field index when the location is a
// field of a struct (its last selector is a field).
func (l Location) Field() (*types.Struct, int, bool) {
	if l.Obj == nil {
		return nil, 0, false
	}
	if l.Obj.Kind == KindType {
		if l.n == 0 {
			return nil, 0, false
		}
		return l.Obj.Type.Underlying().(*types.Struct), int(l.off), true
	}
	c := l.Obj.layout[l.off]
	return c.parent, c.field, c.parent != nil
}

// FieldPath selects a location inside an object the way the symbolic
// executor does: from the object's root, a field index for each struct
// and an element index for each array (any index: elements are
// summarised). For map and channel objects, 0 selects keys/elements and
// 1 map values.
type FieldPath []int
