package literal

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// A parameter that another one hands out (concrete.Handed: e in
// l.MoveToFront(e), made by l.PushBack(1)) cannot be a value of the
// table: the table is built before the call, and the owner it must come
// from is another field of the same row. So its column is a func of the
// owner, which the call applies to the owner's field,
// tt.l.MoveToFront(tt.e(tt.l)), the way callers write
// e := l.PushBack(1); l.MoveToFront(e):
//
//	func(l *List) *Element { return l.PushBack(1) }
//
// A row of that column whose value the owner does not hand out ignores
// it: func(*List) *Element { return New().PushBack(1) }.

// HandedFunc writes v, the value of a parameter of type t, as the func
// of its owner, of type owner, that makes it.
func (w *Writer) HandedFunc(v concrete.Value, owner, t types.Type) (string, error) {
	typ, err := w.TypeName(t)
	if err != nil {
		return "", err
	}
	otyp, err := w.TypeName(owner)
	if err != nil {
		return "", err
	}
	if v.Kind != concrete.Handed {
		src, err := w.InSlot(v, t, false)
		if err != nil {
			return "", err
		}
		return "func(" + otyp + ") " + typ + " { return " + src + " }", nil
	}
	if v.Elem == nil {
		return "", errNoLiteral{"handed value without its call"}
	}
	call, err := w.methodCall(*v.Elem)
	if err != nil {
		return "", err
	}
	name := freeName(owner, []string{call})
	return "func(" + name + " " + otyp + ") " + typ + " { return " + name + "." + call + " }", nil
}

// HandedType is the type of the column of a parameter of type t handed
// out by its owner, of type owner: func(*List) *Element.
func (w *Writer) HandedType(owner, t types.Type) (string, error) {
	typ, err := w.TypeName(t)
	if err != nil {
		return "", err
	}
	otyp, err := w.TypeName(owner)
	if err != nil {
		return "", err
	}
	return "func(" + otyp + ") " + typ, nil
}
