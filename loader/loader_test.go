package loader

import (
	"go/types"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// repoRoot is where the fixtures are: the module root, one level up.
const repoRoot = ".."

const fixturePath = "github.com/gosymtest/gosymtest/testdata/"

func load(t *testing.T, patterns ...string) *Program {
	t.Helper()
	prog, err := Load(Config{Dir: repoRoot, Patterns: patterns})
	if err != nil {
		t.Fatalf("Load(%q): %v", patterns, err)
	}
	return prog
}

func findPackage(t *testing.T, prog *Program, path string) *Package {
	t.Helper()
	for _, p := range prog.Packages {
		if p.Path == path {
			return p
		}
	}
	var paths []string
	for _, p := range prog.Packages {
		paths = append(paths, p.Path)
	}
	t.Fatalf("package %s not loaded; loaded: %v", path, paths)
	return nil
}

func targetNames(p *Package) []string {
	var names []string
	for _, fn := range p.Targets {
		names = append(names, FuncName(fn))
	}
	return names
}

func TestTargetsOfFixture(t *testing.T) {
	prog := load(t, "./testdata/targets/...")
	if len(prog.Errors) != 0 {
		t.Fatalf("unexpected load errors: %v", prog.Errors)
	}

	targets := findPackage(t, prog, fixturePath+"targets")
	// In file order (bodiless.go, funcs.go, generic.go, methods.go,
	// use.go), then position; instances of one generic function share
	// its position and are ordered by name. Max[float64] and
	// Max[user.Celsius] are instantiated only in package user, yet
	// belong to the package that declares Max. Nothing instantiates the
	// exported Unused, Larger and Last: their instances are Load's
	// (genericfuncs.go); AreaOf admits none of its choices and first is
	// unexported. Nothing calls Stack[int].Peek, but Stack[int] is in
	// the program: Load makes the instance (instantiate.go). Nothing
	// instantiates Queue and Label: their instances are Load's own, and
	// Shaped admits neither of its choices.
	want := []string{
		"addImpl", "Sum",
		"Exported", "unexported", "WithClosure",
		"Max[float64]", "Max[int]", "Max[string]", "Max[user.Celsius]",
		"Stack[int].Push", "Stack[int].Len", "Stack[int].Peek",
		"Unused[int]", "Larger[int]", "Last[int, []int]",
		"Queue[int].Put", "Queue[int].Size", "Label[string].Text",
		"Counter.Value", "Counter.Inc", "Counter.reset", "Use",
		"Instantiate",
	}
	if got := targetNames(targets); !reflect.DeepEqual(got, want) {
		t.Errorf("targets of package targets:\n got %q\nwant %q", got, want)
	}

	user := findPackage(t, prog, fixturePath+"targets/user")
	if got, want := targetNames(user), []string{"Bigger", "Warmer"}; !reflect.DeepEqual(got, want) {
		t.Errorf("targets of package user: got %q, want %q", got, want)
	}

	for _, fn := range targets.Targets {
		if fn.Parent() != nil {
			t.Errorf("%s is a closure", fn)
		}
		if len(fn.Blocks) == 0 {
			t.Errorf("%s has no body", fn)
		}
		if fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0 {
			t.Errorf("%s is an uninstantiated generic function", fn)
		}
		if fn.Synthetic != "" && fn.Origin() == nil {
			t.Errorf("%s is a synthetic %s", fn, fn.Synthetic)
		}
	}
}

func TestTargetReceivers(t *testing.T) {
	prog := load(t, "./testdata/targets")
	targets := findPackage(t, prog, fixturePath+"targets")
	byName := make(map[string]*ssa.Function)
	for _, fn := range targets.Targets {
		byName[FuncName(fn)] = fn
	}
	for name, wantPointer := range map[string]bool{
		"Counter.Value":   false,
		"Counter.Inc":     true,
		"Counter.reset":   true,
		"Stack[int].Len":  false,
		"Stack[int].Push": true,
	} {
		fn := byName[name]
		if fn == nil {
			t.Errorf("no target %s", name)
			continue
		}
		recv := fn.Signature.Recv()
		if recv == nil {
			t.Errorf("%s: no receiver", name)
			continue
		}
		_, isPointer := recv.Type().(*types.Pointer)
		if isPointer != wantPointer {
			t.Errorf("%s: pointer receiver = %v, want %v", name, isPointer, wantPointer)
		}
	}
	// Loaded without package user, the instances only user makes are
	// not in the program.
	for _, name := range []string{"Max[float64]", "Max[user.Celsius]"} {
		if byName[name] != nil {
			t.Errorf("%s listed although package user was not loaded", name)
		}
	}
	if byName["Max[int]"] == nil {
		t.Errorf("Max[int] missing")
	}
}

func TestBrokenPackagesAreReportedAndOthersStillLoad(t *testing.T) {
	prog := load(t, "./testdata/broken/...", "./testdata/demo")

	if len(prog.Packages) != 1 || prog.Packages[0].Path != fixturePath+"demo" {
		t.Fatalf("loaded packages = %v, want only demo", prog.Packages)
	}
	if len(prog.Packages[0].Targets) == 0 {
		t.Errorf("demo has no targets")
	}

	want := []LoadError{
		{fixturePath + "broken", "testdata/broken/broken.go:6:17", "missing ',' in parameter list"},
		{fixturePath + "broken/importsbroken", "", "skipped: depends on broken package " + fixturePath + "broken/typeerr"},
		{fixturePath + "broken/typeerr", "testdata/broken/typeerr/typeerr.go:12:9", ""},
	}
	if len(prog.Errors) != len(want) {
		t.Fatalf("errors:\n%s\nwant %d errors", joinErrors(prog.Errors), len(want))
	}
	for i, w := range want {
		got := prog.Errors[i]
		if got.Package != w.Package || got.Pos != w.Pos || !strings.Contains(got.Msg, w.Msg) {
			t.Errorf("error %d = %+v, want %+v", i, got, w)
		}
	}
	if msg := prog.Errors[2].Msg; !strings.Contains(msg, "mismatched types") {
		t.Errorf("type error message %q does not say what is wrong", msg)
	}
}

func joinErrors(errs []LoadError) string {
	var lines []string
	for _, e := range errs {
		lines = append(lines, "\t"+e.String())
	}
	return strings.Join(lines, "\n")
}

func TestNothingLoadable(t *testing.T) {
	prog, err := Load(Config{Dir: repoRoot, Patterns: []string{"./testdata/broken"}})
	if err == nil {
		t.Fatalf("Load of a broken package alone succeeded")
	}
	if prog == nil || len(prog.Errors) == 0 {
		t.Fatalf("no per-package errors to explain the failure: %v", prog)
	}
	if got := prog.Errors[0].String(); !strings.HasPrefix(got, fixturePath+"broken: testdata/broken/broken.go:6:17: ") {
		t.Errorf("error = %q", got)
	}
}

func TestMissingDirectory(t *testing.T) {
	prog, err := Load(Config{Dir: repoRoot, Patterns: []string{"./testdata/nonexistent/...", "./testdata/demo"}})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(prog.Packages) != 1 {
		t.Errorf("packages = %v, want demo alone", prog.Packages)
	}
	if len(prog.Errors) != 1 || !strings.Contains(prog.Errors[0].String(), "nonexistent") {
		t.Errorf("errors = %v, want one naming the missing directory", prog.Errors)
	}

	if _, err := Load(Config{Dir: repoRoot, Patterns: []string{"./testdata/nonexistent/..."}}); err == nil {
		t.Errorf("Load of a missing directory alone succeeded")
	}
	if _, err := Load(Config{Dir: "does-not-exist"}); err == nil {
		t.Errorf("Load in a missing directory succeeded")
	}
}

func TestDefaultPatternIsDotDotDot(t *testing.T) {
	prog, err := Load(Config{Dir: repoRoot + "/testdata/targets"})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, p := range prog.Packages {
		paths = append(paths, p.Path)
	}
	if want := []string{fixturePath + "targets", fixturePath + "targets/user"}; !reflect.DeepEqual(paths, want) {
		t.Errorf("packages = %q, want %q", paths, want)
	}
}

func TestLoadIsDeterministic(t *testing.T) {
	summary := func(prog *Program) []string {
		var lines []string
		for _, p := range prog.Packages {
			lines = append(lines, p.Path)
			for _, fn := range p.Targets {
				lines = append(lines, "\t"+FuncName(fn)+"\t"+fn.String())
			}
		}
		for _, e := range prog.Errors {
			lines = append(lines, e.String())
		}
		return lines
	}
	first := summary(load(t, "./testdata/targets/...", "./testdata/broken/...", "./testdata/demo"))
	for range 2 {
		again := summary(load(t, "./testdata/demo", "./testdata/broken/...", "./testdata/targets/..."))
		if !slices.Equal(first, again) {
			t.Fatalf("two loads differ:\n%s\n---\n%s", strings.Join(first, "\n"), strings.Join(again, "\n"))
		}
	}
}

// The harness packages are in every program, so that the input harness
// can make a reader with strings.NewReader for a package that never
// imports strings, and they are no targets.
func TestHarnessPackagesAreLoadedButNotTargets(t *testing.T) {
	prog := load(t, "./testdata/targets")
	for _, path := range harnessPackages {
		if prog.SSA.ImportedPackage(path) == nil {
			t.Errorf("harness package %s is not in the program", path)
		}
	}
	var paths []string
	for _, p := range prog.Packages {
		paths = append(paths, p.Path)
	}
	if want := []string{fixturePath + "targets"}; !slices.Equal(paths, want) {
		t.Errorf("packages = %v, want %v: the harness packages are no targets", paths, want)
	}

	prog = load(t, "strings")
	if len(prog.Packages) != 1 || prog.Packages[0].Path != "strings" || len(prog.Packages[0].Targets) == 0 {
		t.Errorf("a pattern that names strings makes it a target package; got %d packages", len(prog.Packages))
	}
}
