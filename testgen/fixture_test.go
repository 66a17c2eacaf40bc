package testgen

import (
	"context"
	"fmt"
	"go/types"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
	"golang.org/x/tools/go/ssa"
)

// The fixture lives in testdata/testgen. Tests copy it into a module of
// its own (whose path makes its imports resolve), so they never write into
// the repository, and load it once: every test gets the same functions
// and types, and its own copy of the directory to write in.
const fixtureModule = "github.com/gosymtest/gosymtest/testdata/testgen"

var (
	fixtureOnce sync.Once
	fixtureDir  string // the loaded copy, removed by TestMain
	fixturePkg  *loader.Package
	fixtureErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if fixtureDir != "" {
		os.RemoveAll(fixtureDir)
	}
	os.Exit(code)
}

// copyFixture copies testdata/testgen into dir as a module.
func copyFixture(dir string) error {
	src := filepath.Join("..", "testdata", "testgen")
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			if d.Name() == "golden" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+fixtureModule+"\n\ngo 1.26\n"), 0o644)
}

// loadFixture loads package shapes of the fixture, once.
func loadFixture(t *testing.T) *loader.Package {
	t.Helper()
	fixtureOnce.Do(func() {
		fixtureDir, fixtureErr = os.MkdirTemp("", "testgen-fixture-")
		if fixtureErr != nil {
			return
		}
		if fixtureErr = copyFixture(fixtureDir); fixtureErr != nil {
			return
		}
		prog, err := loader.Load(loader.Config{Dir: fixtureDir, Patterns: []string{"./shapes"}})
		if err != nil {
			fixtureErr = err
			return
		}
		if len(prog.Packages) != 1 {
			fixtureErr = fmt.Errorf("loaded %d packages, errors %v", len(prog.Packages), prog.Errors)
			return
		}
		fixturePkg = prog.Packages[0]
	})
	if fixtureErr != nil {
		t.Fatalf("loading the fixture: %v", fixtureErr)
	}
	return fixturePkg
}

// shapes is a fresh copy of the fixture for one test: the Package to
// generate into, and the fixture's functions by loader.FuncName.
type shapes struct {
	Package
	fns   map[string]*ssa.Function
	types *types.Package
}

func newShapes(t *testing.T) *shapes {
	t.Helper()
	pkg := loadFixture(t)
	dir := t.TempDir()
	if err := copyFixture(dir); err != nil {
		t.Fatal(err)
	}
	s := &shapes{Package: Package{Dir: filepath.Join(dir, "shapes"), Types: pkg.Types}, fns: make(map[string]*ssa.Function), types: pkg.Types}
	for _, fn := range pkg.Targets {
		s.fns[loader.FuncName(fn)] = fn
	}
	return s
}

func (s *shapes) fn(t *testing.T, name string) *ssa.Function {
	t.Helper()
	fn, ok := s.fns[name]
	if !ok {
		t.Fatalf("no function %s in the fixture", name)
	}
	return fn
}

// named is a type declared in package shapes.
func (s *shapes) named(t *testing.T, name string) types.Type {
	t.Helper()
	obj := s.types.Scope().Lookup(name)
	if obj == nil {
		t.Fatalf("no %s in shapes", name)
	}
	return obj.Type()
}

// file reads the generated file.
func (s *shapes) file(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(s.Dir, DefaultFileName))
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// goTest runs go test on the copy, the generated file as it is on disk.
func (s *shapes) goTest(t *testing.T, args ...string) string {
	t.Helper()
	return s.goCmd(t, append([]string{"test", "-count=1"}, args...)...)
}

func (s *shapes) goCmd(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", append(args, ".")...)
	cmd.Dir = s.Dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (s *shapes) generate(t *testing.T, funcs []FuncTests, opts Options) *Report {
	t.Helper()
	rep, err := Generate(context.Background(), s.Package, funcs, opts)
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	return rep
}

// writtenWith writes the validated file of funcs for pkg, requires that
// no case was dropped or skipped and that the file holds each of wants,
// and returns it, with the shapes that run its tests.
func writtenWith(t *testing.T, pkg Package, funcs []FuncTests, wants ...string) (*shapes, string) {
	t.Helper()
	rep, err := Generate(t.Context(), pkg, funcs, Options{Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Dropped) != 0 || len(rep.Skipped) != 0 {
		t.Fatalf("dropped %+v, skipped %v", rep.Dropped, rep.Skipped)
	}
	s := &shapes{Package: pkg}
	src := s.file(t)
	for _, want := range wants {
		if !strings.Contains(src, want) {
			t.Errorf("the file has no %s:\n%s", want, src)
		}
	}
	return s, src
}

// Values: the types the cases use most; package cv makes the values.

var (
	intType    = types.Typ[types.Int]
	stringType = types.Typ[types.String]
	errorType  = types.Universe.Lookup("error").Type()
	anyType    = types.Universe.Lookup("any").Type()
)

// Cases.

// returns is a case that returns results; block is the block it alone
// covers, so greedy selection keeps every case unless a test says
// otherwise.
func returns(fn *ssa.Function, summary string, pins []string, block int, args []concrete.Value, results ...Result) Case {
	return Case{Summary: summary, Pins: pins, Covers: []BlockID{{Func: fn, Index: block}}, Args: args, Want: Outcome{Results: results}}
}

// panics is a case that panics with msg ("" for an unknown message).
func panics(fn *ssa.Function, summary string, pins []string, block int, args []concrete.Value, msg string) Case {
	return Case{Summary: summary, Pins: pins, Covers: []BlockID{{Func: fn, Index: block}}, Args: args,
		Want: Outcome{Panics: true, PanicMsg: msg, PanicMsgKnown: msg != ""}}
}

func val(v concrete.Value) Result { return Result{Value: v} }

// errResult is a non-nil error with message msg.
func errResult(msg string) Result {
	return Result{Value: cv.Iface(errorType, cv.Opaque(errorType, "*errors.errorString")), ErrMsg: msg}
}

func args(vs ...concrete.Value) []concrete.Value { return vs }

func paramType(fn *ssa.Function, i int) types.Type { return fn.Params[i].Type() }

func resultType(fn *ssa.Function, i int) types.Type { return fn.Signature.Results().At(i).Type() }

// dirEntries lists a directory's names.
func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
