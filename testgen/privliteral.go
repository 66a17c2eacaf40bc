package testgen

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/literal"
)

// A value that is not of a viewed type itself (viewcheck.go) may still
// hold the package's private state: a []*Element, a struct with an
// *Encoding field, an io.Reader that is a *decoder. No want literal is
// written for it, as it would set unexported fields; the result is left
// unchecked, with a comment that says so, and an after-state is not
// compared whole (aftercheck.go's allLiteral).

// privateLiteral says why result i, of a type that is not viewed itself
// but holds the package's private state ([]*Element, a struct with an
// *Encoding field), has no want literal: some row's literal would set
// unexported fields. "" when it is not such a type, or every row returns
// nil.
func privateLiteral(rt types.Type, i int, cands []*candidate, l *literal.Writer) string {
	static := loader.HasPrivateState(rt, l.Home)
	for _, v := range viewedRows(i, cands) {
		if static && v.Kind != concrete.Nil || holdsPrivate(v, l.Home) {
			return "it holds unexported fields of the package's types, which a test does not compare"
		}
	}
	return ""
}

// holdsPrivate reports whether v holds, in an interface, a dynamic value
// of a type with the package's private state: NewDecoder's io.Reader
// that is a *decoder.
func holdsPrivate(v concrete.Value, home *types.Package) bool {
	if v.Kind == concrete.Interface && v.Elem != nil && loader.HasPrivateState(v.Elem.Type, home) {
		return true
	}
	if v.Elem != nil && holdsPrivate(*v.Elem, home) {
		return true
	}
	for _, e := range v.Elems {
		if holdsPrivate(e, home) {
			return true
		}
	}
	for _, k := range v.Keys {
		if holdsPrivate(k, home) {
			return true
		}
	}
	return false
}
