package symbolic

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/testdata/exec/env"
)

// envNatives are the compiled environment fixtures. They are kept apart
// from natives: their outcome depends on the environment, which
// TestEveryFixtureAgreesWithGo does not set.
var envNatives = map[string]any{
	"env.Home": env.Home, "env.Flag": env.Flag, "env.Lookup": env.Lookup, "env.Count": env.Count,
	"env.Toggle": env.Toggle, "env.Remember": env.Remember,
}

// setTestEnv makes the process environment the one test env assumes until
// the test ends: each variable set or unset, or, when exact, nothing else.
func setTestEnv(t *testing.T, env *concrete.Env) {
	t.Helper()
	if env == nil {
		return
	}
	if env.Exact {
		saved := os.Environ()
		t.Cleanup(func() {
			os.Clearenv()
			for _, kv := range saved {
				k, v, _ := strings.Cut(kv, "=")
				os.Setenv(k, v)
			}
		})
		os.Clearenv()
	}
	for _, v := range env.Vars {
		t.Setenv(v.Key, v.Value)
		if v.Unset {
			os.Unsetenv(v.Key)
		}
	}
}

// checkEnvAgainstGo runs the compiled fixture on every test's inputs, in
// the environment the test sets, and requires the replayed outcome.
func checkEnvAgainstGo(t *testing.T, name string, paths []*machine.PathEnd) {
	t.Helper()
	fn := reflect.ValueOf(envNatives[name])
	for _, p := range paths {
		if p.Test == nil {
			continue
		}
		if !p.Test.Replayed {
			t.Errorf("%s: path %v did not replay", name, p.Pins)
			continue
		}
		t.Run("", func(t *testing.T) {
			setTestEnv(t, p.Test.Env)
			var args []reflect.Value
			for i, a := range p.Test.Args {
				rv, err := toReflect(a, fn.Type().In(i))
				if err != nil {
					t.Fatalf("argument %d (%v): %v", i, a, err)
				}
				args = append(args, rv)
			}
			results, panicked, msg := callNative(fn, args)
			if panicked || p.Test.Panics {
				t.Fatalf("%s(%v) in %v: Go panicked=%v (%s), interpreter panicked=%v", name, p.Test.Args, p.Test.Env, panicked, msg, p.Test.Panics)
			}
			for i, r := range results {
				if want := p.Test.Results[i]; !sameAsGo(want, r) {
					t.Errorf("%s(%v) in %v: result %d is %#v in Go, %v in the interpreter", name, p.Test.Args, p.Test.Env, i, r.Interface(), want)
				}
			}
		})
	}
}

// TestEnvLookupIsAnInput: a lookup of a variable the caller names forks
// on the variable being unset or set, and each test fixes that variable
// (the name it passes) and only it.
func TestEnvLookupIsAnInput(t *testing.T) {
	if r := SkipReason(target(t, "env.Flag")); r != "" {
		t.Fatalf("env.Flag is skipped: %s", r)
	}
	_, paths := explore(t, "env.Flag", machine.Config{MaxPaths: 50})
	if got, want := outcomes(paths), []string{"[-1]", "[0]", "[1]"}; !slices.Equal(got, want) {
		t.Errorf("outcomes %v, want %v", got, want)
	}
	for _, p := range paths {
		if p.Test == nil {
			continue
		}
		e := p.Test.Env
		if e == nil || e.Exact || len(e.Vars) != 1 {
			t.Fatalf("path %v: environment %+v, want the one variable looked up", p.Pins, e)
		}
		v := e.Vars[0]
		if v.Key != p.Test.Args[0].Str {
			t.Errorf("path %v: sets %q, but the function looks up %q", p.Pins, v.Key, p.Test.Args[0].Str)
		}
		if unset := p.Test.Results[0].Int == -1; v.Unset != unset {
			t.Errorf("path %v returns %d with the variable unset=%v", p.Pins, p.Test.Results[0].Int, v.Unset)
		}
	}
	checkEnvAgainstGo(t, "env.Flag", paths)
}

// TestEnvironIsTheWholeEnvironment: a path that calls os.Environ sees
// exactly its entries, with valid, distinct keys and values without NUL,
// and finds a variable it looks up afterwards only among them.
func TestEnvironIsTheWholeEnvironment(t *testing.T) {
	for _, name := range []string{"env.Count", "env.Lookup"} {
		t.Run(name, func(t *testing.T) {
			_, paths := explore(t, name, machine.Config{MaxPaths: 40})
			tests := 0
			for _, p := range paths {
				if p.Test == nil {
					continue
				}
				tests++
				e := p.Test.Env
				if e == nil || !e.Exact {
					t.Fatalf("path %v: environment %+v, want an exact one", p.Pins, e)
				}
				seen := map[string]bool{}
				for _, v := range e.Vars {
					if v.Key == "" || strings.ContainsAny(v.Key, "=\x00") || strings.Contains(v.Value, "\x00") || v.Unset || seen[v.Key] {
						t.Errorf("path %v: entry %+v is not one an environment can hold", p.Pins, v)
					}
					seen[v.Key] = true
				}
			}
			if tests < 2 {
				t.Errorf("%d tests, want some with and some without a match", tests)
			}
			checkEnvAgainstGo(t, name, paths)
		})
	}
}

// TestEnvironValuesAreReadable: the environment is an input the test
// sets, so its keys and values get readable bytes as a parameter's do,
// not the solver's control bytes (envconf's FromEnv got "\x01\x01=").
func TestEnvironValuesAreReadable(t *testing.T) {
	for _, name := range []string{"env.Lookup", "env.Flag"} {
		_, paths := explore(t, name, machine.Config{MaxPaths: 40})
		for _, p := range paths {
			if p.Test == nil || p.Test.Env == nil {
				continue
			}
			for _, v := range p.Test.Env.Vars {
				for _, s := range []string{v.Key, v.Value} {
					if strings.IndexFunc(s, func(r rune) bool { return r < ' ' || r > '~' }) >= 0 {
						t.Errorf("%s: path %v sets %q=%q: not printable ASCII", name, p.Pins, v.Key, v.Value)
					}
				}
			}
		}
	}
}

// TestEnvAtInitIsTheMachines: a package variable initialised from the
// environment got its value when the test binary started, which no test
// can set. The initialiser reads the environment gosymtest runs in (here
// this test's own), not an input, which would fork the init; its package
// is initialised in part, so a path that reads the variable holds for that
// environment only and backs no claim.
func TestEnvAtInitIsTheMachines(t *testing.T) {
	for _, val := range []string{"", "1"} {
		t.Run("ENVINIT_VERBOSE="+val, func(t *testing.T) {
			t.Setenv("ENVINIT_VERBOSE", val)
			if val == "" {
				os.Unsetenv("ENVINIT_VERBOSE")
			}
			inits := machine.NewInits(machine.DefaultInitBudget)
			sum, paths := explore(t, "envinit.Verbose", machine.Config{Inits: inits})
			if got, want := outcomes(paths), []string{fmt.Sprintf("[%v]", val != "")}; !slices.Equal(got, want) {
				t.Errorf("outcomes %v, want %v", got, want)
			}
			var fault *machine.InitFailure
			for _, f := range inits.Failures() {
				if strings.HasSuffix(f.Package, "/envinit") {
					fault = &f
				}
			}
			if fault == nil || !fault.Partial || !strings.Contains(fault.Reason, "$ENVINIT_VERBOSE") {
				t.Fatalf("envinit's initialisation: %+v, want partial, naming the variable it read", fault)
			}
			if sum.Exhausted {
				t.Error("exhausted, though every path read a variable the environment set")
			}
			for _, p := range paths {
				if p.Test == nil || !slices.ContainsFunc(p.Concretized, func(c string) bool { return strings.Contains(c, fault.Reason) }) {
					t.Errorf("path %v (%s): test %v, limits %q; want a test and the partial init", p.Kind, p.Reason, p.Test != nil, p.Concretized)
				}
			}
		})
	}
}

// TestEnvWritesAreNotInputs: after the code sets or unsets a variable, it
// reads what it wrote; the test fixes only what was read before, and Go
// agrees.
func TestEnvWritesAreNotInputs(t *testing.T) {
	_, paths := explore(t, "env.Toggle", machine.Config{MaxPaths: 50})
	if got, want := outcomes(paths), []string{"[false]", "[true]"}; !slices.Equal(got, want) {
		t.Errorf("outcomes %v, want %v", got, want)
	}
	for _, p := range paths {
		if p.Test == nil {
			continue
		}
		if e := p.Test.Env; e == nil || len(e.Vars) != 1 || e.Vars[0].Key != p.Test.Args[0].Str {
			t.Errorf("path %v: environment %+v, want the one variable read first", p.Pins, e)
		}
	}
	checkEnvAgainstGo(t, "env.Toggle", paths)
}

// TestEnvWrittenOnlyIsRestored: a variable the code sets without reading
// it first is no input, yet the test unsets it before the call, so that
// t.Setenv's cleanup undoes what the code did.
func TestEnvWrittenOnlyIsRestored(t *testing.T) {
	_, paths := explore(t, "env.Remember", machine.Config{MaxPaths: 20})
	tests := 0
	for _, p := range paths {
		if p.Test == nil {
			continue
		}
		tests++
		want := []concrete.EnvVar{{Key: p.Test.Args[0].Str, Unset: true}}
		if e := p.Test.Env; e == nil || e.Exact || !slices.Equal(e.Vars, want) {
			t.Errorf("path %v: environment %+v, want %v", p.Pins, e, want)
		}
		if got := p.Test.Results[0].Str; got != p.Test.Args[1].Str {
			t.Errorf("path %v: reads back %q after setting %q", p.Pins, got, p.Test.Args[1].Str)
		}
	}
	if tests == 0 {
		t.Error("no tests")
	}
	checkEnvAgainstGo(t, "env.Remember", paths)
}
