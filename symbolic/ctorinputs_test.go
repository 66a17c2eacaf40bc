package symbolic

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// exploreMade explores a fixture of package ctor and checks what every
// fixture there must give: no executor error, every block of the function
// covered, and a test on each path that returned or panicked.
func exploreMade(t *testing.T, name string) []*machine.PathEnd {
	t.Helper()
	sum, paths := explore(t, name, machine.Config{MaxWork: 3_000_000, Bounds: machine.Bounds{MaxLen: 4, MaxElems: 3}})
	for _, p := range paths {
		if p.Kind == machine.EndInternal {
			t.Errorf("internal error: %s", p.Reason)
		}
		if (p.Kind == machine.EndReturn || p.Kind == machine.EndPanic) && p.Test == nil {
			t.Errorf("a path that ended in %s has no test", p.Kind)
		}
	}
	if sum.Covered != sum.Blocks {
		t.Errorf("covered %d of %d blocks", sum.Covered, sum.Blocks)
	}
	if sum.Exhausted {
		t.Errorf("claimed exhausted, though made inputs take only the values their makers make")
	}
	return paths
}

// argsOf lists the String form of argument i of every test.
func argsOf(paths []*machine.PathEnd, i int) []string {
	var out []string
	for _, p := range paths {
		if p.Test != nil && len(p.Test.Args) > i {
			out = append(out, p.Test.Args[i].String())
		}
	}
	return out
}

// dynamic is the value inside an interface value, or v itself.
func dynamic(v concrete.Value) concrete.Value {
	if v.Kind == concrete.Interface && v.Elem != nil {
		return *v.Elem
	}
	return v
}

// stringsReaderOf is the strings.NewReader call a failing reader
// (io.MultiReader(strings.NewReader(s), &errReader{err})) reads first, or r.
func stringsReaderOf(r concrete.Value) concrete.Value {
	if r.Kind == concrete.Call && r.Func != nil && r.Func.Name() == "MultiReader" && len(r.Elems) == 1 && len(r.Elems[0].Elems) == 2 {
		return dynamic(r.Elems[0].Elems[0])
	}
	return r
}

func TestReceiverWithUnexportedFieldsIsMadeByItsConstructor(t *testing.T) {
	paths := exploreMade(t, "ctor.Scanner.Next")
	made := 0
	for _, p := range paths {
		if p.Test == nil {
			continue
		}
		// Scanner is the package's own type, which NewScanner returns:
		// it is made by NewScanner only, never built field by field.
		recv := p.Test.Args[0]
		made++
		if recv.Func == nil || recv.Func.Name() != "NewScanner" {
			t.Fatalf("receiver %s, want a call of NewScanner", recv)
		}
		// A constructor's reader is never nil: it is the strings.Reader
		// callers pass, or a reader that fails after its data (inputs/iofail.go).
		r := stringsReaderOf(dynamic(recv.Elems[0]))
		if r.Kind != concrete.Call || r.Func.Pkg().Path() != "strings" || r.Func.Name() != "NewReader" {
			t.Errorf("NewScanner's reader is %s, want strings.NewReader(…) or a failing reader over one", r)
		}
		if p.Test.Panics {
			t.Errorf("%s panics: %s", recv, p.Test.PanicMsg)
		}
	}
	if made < 2 {
		t.Errorf("%d receivers made by NewScanner: %v", made, argsOf(paths, 0))
	}
	if got := outcomes(paths); !slices.Contains(got, "[0 false]") || len(got) < 2 {
		t.Errorf("outcomes %v: want the end of the input and a byte read", got)
	}
}

func TestReaderParameterReadsAStringsReader(t *testing.T) {
	paths := exploreMade(t, "ctor.CountDigits")
	got := outcomes(paths)
	for _, want := range []string{"[-1]", "[0]", "[1]"} {
		if !slices.Contains(got, want) {
			t.Errorf("no path returns %s; got %v", want, got)
		}
	}
	for _, p := range paths {
		if p.Test != nil && !p.Test.Panics && p.Test.Results[0].Int == -1 {
			r := stringsReaderOf(dynamic(p.Test.Args[0]))
			if r.Kind != concrete.Call || r.Func.Name() != "NewReader" || len(r.Elems) != 1 {
				t.Fatalf("returns -1 for %s, want a strings.NewReader or a failing reader over one", r)
			}
			if s := r.Elems[0].Str; s == "" || s[0] < 'a' || s[0] > 'z' {
				t.Errorf("returns -1 for %q, which does not start with a letter", s)
			}
		}
	}
}

func TestWriterParameterIsANewBuffer(t *testing.T) {
	paths := exploreMade(t, "ctor.Greet")
	found := false
	for _, p := range paths {
		if p.Test == nil || p.Test.Panics {
			continue
		}
		w := dynamic(p.Test.Args[0])
		if w.Kind == concrete.Call && w.Func == nil && types.TypeString(w.Type, nil) == "*bytes.Buffer" {
			found = true
		}
	}
	if !found {
		t.Errorf("no returning path writes to new(bytes.Buffer); args %v", argsOf(paths, 0))
	}
}

func TestErrorParameterTakesSentinelsAndErrorsNew(t *testing.T) {
	paths := exploreMade(t, "ctor.Classify")
	byResult := map[string]concrete.Value{}
	for _, p := range paths {
		if p.Test != nil && !p.Test.Panics {
			byResult[p.Test.Results[0].Str] = p.Test.Args[0]
		}
	}
	if v, ok := byResult["empty"]; !ok || v.Kind != concrete.Global || v.Var.Name() != "ErrEmpty" {
		t.Errorf(`"empty" for %v, want the sentinel ErrEmpty`, v)
	}
	if v, ok := byResult["eof"]; !ok || v.Kind != concrete.Call || v.Func.Name() != "New" || v.Elems[0].Str != "eof" {
		t.Errorf(`"eof" for %v, want errors.New("eof")`, v)
	}
	if _, ok := byResult["other"]; !ok {
		t.Errorf("no path returns other; args %v", argsOf(paths, 0))
	}
	if v, ok := byResult["ok"]; !ok || v.Kind != concrete.Nil {
		t.Errorf(`"ok" for %v, want nil`, v)
	}
}

func TestTypeOfAnotherPackageIsMadeByItsConstructor(t *testing.T) {
	paths := exploreMade(t, "ctor.Spend")
	for _, arg := range argsOf(paths, 0) {
		if !strings.HasPrefix(arg, "tally.New(") {
			t.Errorf("tally input %s, want tally.New(…)", arg)
		}
	}
	if got := outcomes(paths); len(got) < 3 {
		t.Errorf("outcomes %v: want a spent tally, a left count and a zero", got)
	}
}

// TestPanickingConstructorGivesNoTest: where the constructor panics, the
// input cannot be made, so the path is unsupported and has no test.
func TestPanickingConstructorGivesNoTest(t *testing.T) {
	sum, paths := explore(t, "ctor.Fits", machine.Config{MaxWork: 1_000_000})
	unsupported := 0
	for _, p := range paths {
		switch {
		case p.Kind == machine.EndUnsupported && strings.Contains(p.Reason, "constructor NewRing panics"):
			unsupported++
			if p.Test != nil {
				t.Errorf("a path whose constructor panicked has a test: %v", p.Test.Args)
			}
		case p.Test != nil:
			if p.Test.Panics {
				t.Errorf("%v panics: %s", p.Test.Args, p.Test.PanicMsg)
			}
			if r := p.Test.Args[0]; r.Kind != concrete.Call || r.Elems[0].Int <= 0 {
				t.Errorf("ring %s, want tally.NewRing of a positive size", r)
			}
		}
	}
	if unsupported == 0 {
		t.Errorf("no path ends where NewRing panics")
	}
	if got := outcomes(paths); !slices.Equal(got, []string{"[false]", "[true]"}) {
		t.Errorf("outcomes %v, want false and true", got)
	}
	if sum.Exhausted {
		t.Error("claimed exhausted")
	}
}

func TestInitMethodMakesAValueOfNewT(t *testing.T) {
	paths := exploreMade(t, "ctor.Level")
	for _, p := range paths {
		if p.Test == nil {
			continue
		}
		g := p.Test.Args[0]
		if g.Kind != concrete.Call || g.Func == nil || g.Func.Name() != "Init" || len(g.Elems) != 1 {
			t.Errorf("gauge %s, want new(tally.Gauge).Init(max)", g)
		}
	}
	if got := outcomes(paths); !slices.Equal(got, []string{`["over"]`, `["set"]`}) {
		t.Errorf("outcomes %v, want over and set", got)
	}
}

// TestFunctionalOptionsAreLeftOut: a constructor whose parameter is a list
// of functional options (NewPool(opts ...PoolOption)) is called with
// none: they could only be constant functions, which set nothing. No
// path ends in the constructor's panic, and the paths whose receiver it
// made say that the options were left out.
func TestFunctionalOptionsAreLeftOut(t *testing.T) {
	paths := exploreMade(t, "ctor.Pool.Take")
	made := 0
	for _, p := range paths {
		if strings.Contains(p.Reason, "input constructor") {
			t.Errorf("a path ends in the constructor: %s", p.Reason)
		}
		if p.Test == nil || p.Test.Args[0].Kind != concrete.Call {
			continue
		}
		made++
		if call := p.Test.Args[0]; len(call.Elems) != 1 || call.Elems[0].Kind != concrete.Nil {
			t.Errorf("receiver %v, want NewPool with no options", call)
		}
		if !slices.Contains(p.Concretized, "p.NewPool(opts) is empty: a constructor's functional options are left out") {
			t.Errorf("a path whose receiver NewPool made does not say its options were left out: %v", p.Concretized)
		}
	}
	if made == 0 {
		t.Error("no receiver made by NewPool")
	}
}

// TestContextParameterIsBackground: a context.Context parameter is
// context.Background(), never nil, and the paths say that other contexts
// were not tried.
func TestContextParameterIsBackground(t *testing.T) {
	sum, paths := explore(t, "ctor.Poll", machine.Config{MaxWork: 3_000_000})
	if got := outcomes(paths); !slices.Equal(got, []string{`["negative"]`, `["positive"]`}) {
		t.Errorf("outcomes %v, want negative and positive", got)
	}
	for _, p := range paths {
		if p.Test == nil {
			t.Errorf("path %v ended %v (%s) without a test", p.Pins, p.Kind, p.Reason)
			continue
		}
		if ctx := p.Test.Args[0]; ctx.Kind != concrete.Call || ctx.Func == nil || ctx.Func.FullName() != "context.Background" {
			t.Errorf("ctx is %v, want context.Background()", ctx)
		}
	}
	if sum.Exhausted {
		t.Error("claimed exhausted, though only context.Background() was tried")
	}
}
