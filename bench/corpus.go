package main

import (
	"encoding/json"
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// source is a corpus entry's code, located on disk, read-only: the
// fixture directory, GOROOT/src/PKG, or the module cache directory.
type source struct {
	Dir string
	// Internal is the module's internal directory when the package is the
	// module's root and has one: the package may import it, so the copy
	// takes it along (as DST/internal, imports rewritten).
	Internal string
	GoMod    []byte // go.mod for the scratch copy
	GoSum    []byte // the module's own go.sum, for its test dependencies
}

// scratchGoVersion is the go directive of every copy: std code uses the
// newest language, and one version keeps the arms' semantics equal.
const scratchGoVersion = "1.26"

// locate finds the entry's code. Modules are fetched with go mod
// download at benchmark time, never committed.
func locate(e entry, repoRoot, goroot, scratch string) (source, error) {
	mod := fmt.Sprintf("module %s\n\ngo %s\n", e.importPath(), scratchGoVersion)
	switch e.Kind {
	case kindFixture:
		return source{Dir: filepath.Join(repoRoot, e.Source), GoMod: []byte(mod)}, nil
	case kindStd:
		return source{Dir: filepath.Join(goroot, "src", e.Source), GoMod: []byte(mod)}, nil
	}
	modVersion, sub := e.moduleVersion()
	cmd := exec.Command("go", "mod", "download", "-json", modVersion)
	cmd.Dir = scratch // outside any module: go mod download then needs no go.mod
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	var info struct{ Dir, GoMod, Error string }
	if jerr := json.Unmarshal(out, &info); jerr != nil || info.Dir == "" {
		if info.Error != "" {
			return source{}, fmt.Errorf("go mod download %s: %s", e.Source, info.Error)
		}
		return source{}, fmt.Errorf("go mod download %s: %v", e.Source, err)
	}
	// A module from before modules has no go.mod: the copy gets the
	// synthesized one above (github.com/pkg/errors@v0.9.1 is one).
	s := source{Dir: filepath.Join(info.Dir, filepath.FromSlash(sub)), GoMod: []byte(mod)}
	if data, err := os.ReadFile(filepath.Join(info.Dir, "go.mod")); err == nil {
		s.GoMod = renameModule(data, e.importPath())
	}
	if fi, err := os.Stat(filepath.Join(info.Dir, "internal")); err == nil && fi.IsDir() && sub == "" {
		s.Internal = filepath.Join(info.Dir, "internal")
	}
	s.GoSum, _ = os.ReadFile(filepath.Join(info.Dir, "go.sum"))
	return s, nil
}

var (
	moduleLineRE = regexp.MustCompile(`(?m)^module\s+\S+\s*$`)
	goLineRE     = regexp.MustCompile(`(?m)^go\s+\S+\s*$`)
	toolchainRE  = regexp.MustCompile(`(?m)^toolchain\s+\S+\s*$`)
)

// renameModule gives a module's go.mod the scratch path and go version,
// keeping its requirements (the tests' dependencies).
func renameModule(gomod []byte, path string) []byte {
	s := moduleLineRE.ReplaceAllString(string(gomod), "module "+path)
	s = toolchainRE.ReplaceAllString(s, "")
	if goLineRE.MatchString(s) {
		s = goLineRE.ReplaceAllString(s, "go "+scratchGoVersion)
	} else {
		s += "\ngo " + scratchGoVersion + "\n"
	}
	return []byte(s)
}

// copyPackage copies the package in src.Dir to dst as a module of its
// own, rewriting imports of oldPath to the entry's scratch path. With
// tests, the _test.go files and testdata come along (the human arm);
// without, the copy holds only the code under test. A generated test file
// (or fuzz file) already in a fixture is never copied: each arm makes its
// own.
func copyPackage(e entry, src source, dst string, withTests bool) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	ents, err := os.ReadDir(src.Dir)
	if err != nil {
		return err
	}
	for _, de := range ents {
		name := de.Name()
		if de.IsDir() {
			if name == "testdata" && withTests {
				if err := os.CopyFS(filepath.Join(dst, name), os.DirFS(filepath.Join(src.Dir, name))); err != nil {
					return err
				}
			}
			continue
		}
		if !strings.HasSuffix(name, ".go") || name == generatedFile || name == generatedFuzzFile {
			continue
		}
		if strings.HasSuffix(name, "_test.go") && !withTests {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src.Dir, name))
		if err != nil {
			return err
		}
		if old := e.modulePath(); old != "" {
			if data, err = rewriteImports(data, old, e.importPath()); err != nil {
				return fmt.Errorf("%s: %v", name, err)
			}
		}
		if err := os.WriteFile(filepath.Join(dst, name), data, 0o644); err != nil {
			return err
		}
	}
	if src.Internal != "" {
		if err := copyInternal(e, src.Internal, filepath.Join(dst, "internal")); err != nil {
			return err
		}
	}
	// Files from the module cache are read-only; the copies must not be,
	// or the scratch directory could not be removed.
	if err := os.WriteFile(filepath.Join(dst, "go.mod"), src.GoMod, 0o644); err != nil {
		return err
	}
	if len(src.GoSum) > 0 {
		if err := os.WriteFile(filepath.Join(dst, "go.sum"), src.GoSum, 0o644); err != nil {
			return err
		}
	}
	return makeWritable(dst)
}

// copyInternal copies a module's internal tree (the non-test Go files of
// every package in it), rewriting imports as copyPackage does, so that the
// copied package can still import its module's internal packages.
func copyInternal(e entry, src, dst string) error {
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if data, err = rewriteImports(data, e.modulePath(), e.importPath()); err != nil {
			return fmt.Errorf("%s: %v", rel, err)
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
}

func makeWritable(dir string) error {
	return filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(p, mode)
	})
}

// rewriteImports replaces the import paths old and old/... with new and
// new/... in one Go file, editing only the import specs' string literals
// so that everything else stays byte for byte.
func rewriteImports(src []byte, old, new string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ImportsOnly|parser.ParseComments)
	if err != nil {
		return nil, err
	}
	type edit struct {
		start, end int
		text       string
	}
	var edits []edit
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		if p != old && !strings.HasPrefix(p, old+"/") {
			continue
		}
		edits = append(edits, edit{
			start: fset.Position(imp.Path.Pos()).Offset,
			end:   fset.Position(imp.Path.End()).Offset,
			text:  strconv.Quote(new + p[len(old):]),
		})
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	out := append([]byte(nil), src...)
	for _, ed := range edits {
		out = append(out[:ed.start], append([]byte(ed.text), out[ed.end:]...)...)
	}
	return out, nil
}

// goFiles lists the non-test Go files of dir that the default build
// context compiles (uuid's node_js.go, for one, is left out).
func goFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, de := range ents {
		n := de.Name()
		if de.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, n); err != nil || !ok {
			continue
		}
		out = append(out, filepath.Join(dir, n))
	}
	return out, nil
}
