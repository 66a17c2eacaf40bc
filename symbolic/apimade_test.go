package symbolic

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// exploreAPIMade explores a fixture of package apimade, whose values of the
// package's own types come only from its API, and returns the paths with
// a test; it fails on an internal error or a test that did not replay.
func exploreAPIMade(t *testing.T, name string) []*machine.PathEnd {
	t.Helper()
	_, paths := explore(t, name, machine.Config{MaxWork: 3_000_000, Bounds: machine.Bounds{MaxLen: 4, MaxElems: 3}})
	tested := testedPaths(t, paths)
	if len(tested) == 0 {
		t.Fatalf("no path of %s has a test", name)
	}
	return tested
}

// testedPaths are the paths with a test, each of which must have
// replayed; no path may end in an internal error.
func testedPaths(t *testing.T, paths []*machine.PathEnd) []*machine.PathEnd {
	t.Helper()
	var tested []*machine.PathEnd
	for _, p := range paths {
		if p.Kind == machine.EndInternal {
			t.Errorf("internal error: %s", p.Reason)
		}
		if p.Test == nil {
			continue
		}
		if !p.Test.Replayed {
			t.Errorf("path %v did not replay", p.Pins)
		}
		tested = append(tested, p)
	}
	return tested
}

// setsFields reports whether v builds a struct of the package apimade,
// ctor or shapes field by field, anywhere in it.
func setsFields(v concrete.Value) bool {
	return !v.Every(func(x concrete.Value) bool {
		if x.Kind != concrete.Struct || x.Type == nil {
			return true
		}
		s := x.Type.String()
		return !strings.Contains(s, "exec/apimade.") && !strings.Contains(s, "exec/ctor.") && !strings.Contains(s, "exec/shapes.")
	})
}

// TestLocalTypeWithAConstructorIsNeverBuiltFieldByField: a receiver of the
// package's own type that a function of the package returns is made by
// that function on every path, never written as a literal of its
// unexported fields.
func TestLocalTypeWithAConstructorIsNeverBuiltFieldByField(t *testing.T) {
	for name, ctor := range map[string]string{"apimade.Stack.Push": "New", "ctor.Scanner.Next": "NewScanner"} {
		for _, p := range exploreAPIMade(t, name) {
			recv := p.Test.Args[0]
			if recv.Kind != concrete.Call || recv.Func == nil || recv.Func.Name() != ctor || setsFields(recv) {
				t.Errorf("%s: receiver %s, want a call of %s", name, recv, ctor)
			}
		}
	}
}

// TestValueTypeIsDereferencedFromItsAPI: a value receiver whose type the
// package hands out as a pointer is *NewEncoding(…), *StdEncoding or the
// value variable NoPadding, and both outcomes are reached.
func TestValueTypeIsDereferencedFromItsAPI(t *testing.T) {
	paths := exploreAPIMade(t, "apimade.Encoding.Padded")
	kinds := map[string]bool{}
	for _, p := range paths {
		recv := p.Test.Args[0]
		switch {
		case recv.Kind == concrete.Deref && recv.Elem.Kind == concrete.Call && recv.Elem.Func.Name() == "NewEncoding":
			kinds["*NewEncoding"] = true
		case recv.Kind == concrete.Deref && recv.Elem.Kind == concrete.Global && recv.Elem.Var.Name() == "StdEncoding":
			kinds["*StdEncoding"] = true
		case recv.Kind == concrete.Global && recv.Var.Name() == "NoPadding":
			kinds["NoPadding"] = true
		default:
			t.Errorf("receiver %s, want one the package's API makes", recv)
		}
	}
	if !kinds["*NewEncoding"] {
		t.Errorf("no receiver made by *NewEncoding(…): %v", argsOf(paths, 0))
	}
	if got := outcomes(paths); len(got) < 2 {
		t.Errorf("outcomes %v: want padded and not", got)
	}
}

// TestUnexportedTypeIsAssertedOutOfItsFactory: a receiver of an unexported
// type that the package hands out only inside an io.Writer is
// NewEncoder(w).(*encoder), whose writer is one callers pass.
func TestUnexportedTypeIsAssertedOutOfItsFactory(t *testing.T) {
	paths := exploreAPIMade(t, "apimade.encoder.Write")
	for _, p := range paths {
		recv := p.Test.Args[0]
		if recv.Kind != concrete.Assert || recv.Elem.Kind != concrete.Call || recv.Elem.Func.Name() != "NewEncoder" || setsFields(recv) {
			t.Errorf("receiver %s, want NewEncoder(w).(*encoder)", recv)
		}
		if p.Test.Panics {
			t.Errorf("%s panics: %s", recv, p.Test.PanicMsg)
		}
	}
	if got := outcomes(paths); len(got) < 2 {
		t.Errorf("outcomes %v: want a write and the error of a long one", got)
	}
}

// TestFactoryReturningAnotherTypeEndsUnsupported: where the factory
// returns another type than the one asserted (Open of no kind returns a
// strings.Reader), the input cannot be made: the path is unsupported.
func TestFactoryReturningAnotherTypeEndsUnsupported(t *testing.T) {
	_, paths := explore(t, "apimade.source.Read", machine.Config{MaxWork: 3_000_000})
	unsupported, tested := 0, 0
	for _, p := range paths {
		switch {
		case p.Kind == machine.EndUnsupported && strings.Contains(p.Reason, "input factory Open returns no"):
			unsupported++
		case p.Test != nil:
			tested++
			if r := p.Test.Args[0]; r.Kind != concrete.Assert || r.Elem.Elems[0].Int <= 0 {
				t.Errorf("receiver %s, want Open of a positive kind asserted to *source", r)
			}
		}
	}
	if unsupported == 0 || tested == 0 {
		t.Errorf("%d unsupported paths and %d tests, want some of each", unsupported, tested)
	}
}

// TestTypeNoFunctionReturnsIsBuiltFieldByField: a type of the package that
// no function returns keeps its literal, whose fields, those of push's
// &node{val: v, next: n}, make lists of more than one node.
func TestTypeNoFunctionReturnsIsBuiltFieldByField(t *testing.T) {
	found := false
	for _, p := range exploreAPIMade(t, "apimade.sum") {
		if n := p.Test.Args[0]; n.Kind == concrete.Pointer && setsFields(n) && n.Elem.Elems[1].Kind == concrete.Pointer {
			found = true
		}
	}
	if !found {
		t.Error("no list of two nodes written as a literal")
	}
}
