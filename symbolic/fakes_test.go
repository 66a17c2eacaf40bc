package symbolic

import (
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// An interface that nothing implements gets a fake whose methods return
// what the solver scripts per call: FirstDescent returns 2 only when the
// second call of Less says true, after a first that says false.
func TestFakeScriptsEachCall(t *testing.T) {
	sum, paths := explore(t, "fakes.FirstDescent", machine.Config{MaxPaths: 100})
	if sum.Paths == 0 {
		t.Fatal("no paths")
	}
	got := outcomes(paths)
	for _, want := range []string{"[-1]", "[1]", "[2]", "[3]"} {
		if !slices.Contains(got, want) {
			t.Errorf("outcomes %v lack %s", got, want)
		}
	}
	for _, p := range paths {
		if p.Test == nil || p.Test.Panics {
			if p.Test != nil {
				t.Errorf("a panicking case: %s", p.Test.PanicMsg)
			}
			continue
		}
		if len(p.Test.Results) != 1 || p.Test.Results[0].Int != 2 {
			continue
		}
		arg := p.Test.Args[0]
		if arg.Kind != concrete.Interface || arg.Elem == nil || arg.Elem.Fake == nil {
			t.Fatalf("the input is %v, not a fake", arg)
		}
		f := arg.Elem
		var less []bool
		for _, v := range scriptOf(f, "less").Elems {
			less = append(less, v.Bool)
		}
		if !slices.Equal(less, []bool{false, true}) {
			t.Errorf("the case that returns 2 scripts Less as %v, want [false true]", less)
		}
	}
}

// scriptOf is the script called field of the fake literal f.
func scriptOf(f *concrete.Value, field string) concrete.Value {
	k := 0
	for _, m := range f.Fake.Methods {
		for _, s := range m.Scripts {
			if s == "" {
				continue
			}
			if s == field {
				return f.Elems[k]
			}
			k++
		}
	}
	return concrete.Value{}
}

// A method with several plain results scripts each; the replay and the
// literal agree on them.
func TestFakeScriptsSeveralResults(t *testing.T) {
	_, paths := explore(t, "fakes.Label", machine.Config{MaxPaths: 100})
	got := outcomes(paths)
	if !slices.Contains(got, `["anonymous"]`) || len(got) != 2 {
		t.Errorf("outcomes %v, want anonymous and a scripted name", got)
	}
	for _, p := range paths {
		if p.Test == nil || p.Test.Results[0].Str == "anonymous" {
			continue
		}
		ok := scriptOf(p.Test.Args[0].Elem, "name2")
		if len(ok.Elems) != 1 || !ok.Elems[0].Bool {
			t.Errorf("the case that returns a name scripts ok as %v, want [true]", ok.Elems)
		}
	}
}

// A path that calls a scripted method more often than a script is long
// ends as unsupported, saying so.
func TestFakeCallBound(t *testing.T) {
	_, paths := explore(t, "fakes.Spin", machine.Config{MaxPaths: 100})
	found := false
	for _, p := range paths {
		if p.Kind == machine.EndUnsupported && strings.Contains(p.Reason, "o.Less called more than 8 times") {
			found = true
		}
	}
	if !found {
		t.Error("no path ends at the fake's call bound")
	}
	got := outcomes(paths)
	for _, want := range []string{"[0]", "[7]"} {
		if !slices.Contains(got, want) {
			t.Errorf("outcomes %v lack %s", got, want)
		}
	}
}
