package testgen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
	"golang.org/x/tools/go/ssa"
)

// loadModuleFixture copies testgen/testdata/<name>, a module with its
// own go.mod, into a temporary directory, loads its root package and
// returns the Package to generate into and the functions by
// loader.FuncName. The fixture modules live here, not in the
// repository's testdata, whose every directory the other packages' tests
// take for a package of the main module.
func loadModuleFixture(t *testing.T, name string) (Package, map[string]*ssa.Function) {
	t.Helper()
	src := filepath.Join("testdata", filepath.FromSlash(name))
	dir := t.TempDir()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	prog, err := loader.Load(loader.Config{Dir: dir, Patterns: []string{"."}})
	if err != nil || len(prog.Packages) != 1 {
		t.Fatalf("loading %s: %v %v", name, err, prog.Errors)
	}
	p := prog.Packages[0]
	fns := make(map[string]*ssa.Function)
	for _, fn := range p.Targets {
		fns[loader.FuncName(fn)] = fn
	}
	return Package{Dir: dir, Types: p.Types}, fns
}

// goIn runs the go command in dir and fails the test when it fails.
func goIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestFileCompilesAtTheModulesGoVersion generates tests for the same
// package in modules at go 1.13, 1.17 and 1.20. Every case is kept, the
// file passes go test and go vet at that version, and below go1.18 it
// has no type parameter and no any: the pointer helper is one function
// per type. Nor do its helpers call what the standard library of its
// version lacks.
func TestFileCompilesAtTheModulesGoVersion(t *testing.T) {
	anyWord := regexp.MustCompile(`\bany\b`)
	for _, mod := range []string{"go113", "go117", "go120"} {
		t.Run(mod, func(t *testing.T) {
			pkg, fns := loadModuleFixture(t, "langversion/"+mod)
			deref, label, describe, parse := fns["Deref"], fns["Label"], fns["Describe"], fns["Parse"]
			iface := paramType(describe, 0)
			funcs := []FuncTests{
				{Func: deref, Cases: []Case{
					returns(deref, "returns -1", []string{"p == nil"}, 1, args(cv.Nil(paramType(deref, 0))), val(cv.Int(intType, -1))),
					returns(deref, "returns 4", []string{"p != nil"}, 2, args(cv.Ptr(paramType(deref, 0), cv.Int(intType, 4))), val(cv.Int(intType, 4))),
				}},
				{Func: label, Cases: []Case{
					returns(label, `returns "label: x"`, []string{"s != nil"}, 2, args(cv.Ptr(paramType(label, 0), cv.Str("x"))), val(cv.Str("label: x"))),
				}},
				{Func: describe, Cases: []Case{
					returns(describe, `returns "nothing"`, nil, 1, args(cv.Nil(iface)), val(cv.Str("nothing"))),
					returns(describe, `returns "a small number"`, nil, 2, args(cv.Iface(iface, cv.Int(types.Typ[types.Int8], 3))), val(cv.Str("a small number"))),
				}},
				{Func: parse, Cases: []Case{
					returns(parse, "returns 0, error", []string{`s == ""`}, 1, args(cv.Str("")), val(cv.Int(intType, 0)), errResult("lib: empty")),
					returns(parse, "returns 12, nil", []string{`s != ""`}, 2, args(cv.Str("12")), val(cv.Int(intType, 12)), val(cv.Nil(errorType))),
				}},
			}
			greeting := fns["Greeting"]
			withEnv := func(c Case, env Env) Case { c.Env = &env; return c }
			funcs = append(funcs, FuncTests{Func: greeting, Cases: []Case{
				withEnv(returns(greeting, `returns "hello, ann"`, nil, 1, nil, val(cv.Str("hello, ann"))), Env{Vars: []EnvVar{{Key: "LIB_NAME", Value: "ann"}}}),
				withEnv(returns(greeting, `returns "hello"`, nil, 2, nil, val(cv.Str("hello"))), Env{Vars: []EnvVar{{Key: "LIB_NAME", Unset: true}}}),
				withEnv(returns(greeting, `returns "hello, bob"`, nil, 3, nil, val(cv.Str("hello, bob"))), Env{Exact: true, Vars: []EnvVar{{Key: "LIB_NAME", Value: "bob"}}}),
			}})
			rep, err := Generate(t.Context(), pkg, funcs, Options{Validate: true})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Kept != 10 || len(rep.Dropped) != 0 || len(rep.Skipped) != 0 {
				t.Fatalf("kept %d; dropped %+v; skipped %v", rep.Kept, rep.Dropped, rep.Skipped)
			}
			data, err := os.ReadFile(rep.Path)
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			goIn(t, pkg.Dir, "vet", ".")
			goIn(t, pkg.Dir, "test", "-count=1", ".")
			// The standard library's functions the helpers call are as
			// old as the version too: t.Setenv is go1.17's, t.Cleanup
			// go1.14's, strings.Cut go1.18's.
			newer := map[string][]string{"go113": {"t.Setenv", "t.Cleanup", "strings.Cut"}, "go117": {"strings.Cut"}}
			for _, call := range newer[mod] {
				if strings.Contains(src, call) {
					t.Errorf("go 1.%s file calls %s:\n%s", mod[3:], call, src)
				}
			}
			if mod == "go120" {
				if !strings.Contains(src, "func ptr[T any](v T) *T") || !strings.Contains(src, "t.Setenv(k, v)") {
					t.Errorf("go 1.20 allows the generic helper and t.Setenv:\n%s", src)
				}
				return
			}
			if anyWord.MatchString(src) || strings.Contains(src, "[T") {
				t.Errorf("go 1.%s file uses any or type parameters:\n%s", mod[3:], src)
			}
			for _, want := range []string{
				"func ptrInt(v int) *int { return &v }",
				"func ptrString(v string) *string { return &v }",
				"p: ptrInt(4)",
				`s: ptrString("x")`,
			} {
				if !strings.Contains(src, want) {
					t.Errorf("file lacks %q:\n%s", want, src)
				}
			}
		})
	}
}

func TestParseGoVersion(t *testing.T) {
	for in, want := range map[string]goVersion{"go1.13": 13, "1.17": 17, "1.21.3": 21, "go1.22rc1": 22, "": 0, "go2": 0, "devel": 0} {
		if got := parseGoVersion(in); got != want {
			t.Errorf("parseGoVersion(%q) = %d, want %d", in, got, want)
		}
	}
}

// TestPackageVersionFromGoMod: without a version from the loader, the
// nearest go.mod tells; one without a go directive means go1.16, as for
// the go command; no go.mod at all means the oldest.
func TestPackageVersionFromGoMod(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := packageVersion(Package{Dir: sub}); got != 0 {
		t.Errorf("no go.mod: %d", got)
	}
	write := func(content string) {
		if err := os.WriteFile(filepath.Join(dir, "a", "go.mod"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("module a\n")
	if got := packageVersion(Package{Dir: sub}); got != 16 {
		t.Errorf("no go directive: %d", got)
	}
	write("module a\n\ngo 1.15 // old\n")
	if got := packageVersion(Package{Dir: sub}); got != 15 {
		t.Errorf("go 1.15: %d", got)
	}
	if got := packageVersion(Package{Dir: sub, GoVersion: "go1.21"}); got != 21 {
		t.Errorf("Package.GoVersion first: %d", got)
	}
}

// readFile reads a file the test needs.
func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// parseTestFile parses Go source for a test.
func parseTestFile(t *testing.T, src string) *ast.File {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
