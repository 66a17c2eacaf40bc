package testgen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// scope is what the generated file shares with the rest of the package:
// the identifiers it must not declare at package level nor use as import
// names, and the test names `go test -run` must not confuse with its own.
type scope struct {
	// taken holds the package's own package-level names, those declared
	// by its other test files of the same package, and the names the file
	// itself has claimed so far.
	taken map[string]bool
	// fileNames are the names the package's other files declare in their
	// file blocks: the names they import packages by (k8s.io/utils/ptr's
	// ptr) and those a dot import brings in. The file may import a
	// package by such a name too (file blocks are apart), but may not
	// declare one at package level.
	fileNames map[string]bool
	// tests are the function names of every other test file, of the
	// package and of its external _test package: a generated TestX must
	// differ, or `go test -run '^TestX$'` would run both. They also hold
	// every name an external test file that dot-imports the package
	// declares or imports: the file's exported names (its TestX) are in
	// that file's block, where they must clash with nothing.
	tests map[string]bool
	// ours are the test names the file has claimed, so that two of its
	// own tests that would have one name are told apart by a number, not
	// as if the package had the name.
	ours map[string]bool
}

// newScope reads the package's scope and its other test files.
func newScope(pkg *types.Package, dir, generated string) *scope {
	s := &scope{taken: make(map[string]bool), fileNames: make(map[string]bool), tests: make(map[string]bool), ours: make(map[string]bool)}
	for _, name := range pkg.Scope().Names() {
		s.taken[name] = true
	}
	// The package scope's children are its files' blocks, with their
	// imports.
	for i := 0; i < pkg.Scope().NumChildren(); i++ {
		for _, name := range pkg.Scope().Child(i).Names() {
			s.fileNames[name] = true
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	sort.Strings(files)
	fset := token.NewFileSet()
	for _, path := range files {
		if filepath.Base(path) == generated {
			continue // the previous generated file is replaced
		}
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		// A file that does not parse breaks the package's tests anyway;
		// validation reports that.
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		samePackage := f.Name.Name == pkg.Name()
		dotImports := !samePackage && importsDot(f, pkg.Path())
		for _, name := range importNames(f) {
			switch {
			case samePackage:
				s.fileNames[name] = true
			case dotImports:
				s.tests[name] = true
			}
		}
		for _, decl := range f.Decls {
			for _, name := range declaredNames(decl) {
				switch {
				case samePackage:
					s.taken[name] = true
				case dotImports:
					s.tests[name] = true
				}
			}
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Recv == nil {
				s.tests[fd.Name.Name] = true
			}
		}
	}
	return s
}

// importsDot tells that f imports the package at path with a dot.
func importsDot(f *ast.File, path string) bool {
	for _, spec := range f.Imports {
		if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == path && spec.Name != nil && spec.Name.Name == "." {
			return true
		}
	}
	return false
}

// importNames are the names f imports packages by. Without the imported
// package at hand, an unnamed import's name is guessed from its path,
// in every form it may take: yaml.v3 and go-cmp give yaml and cmp, and
// also the path's last element as it is. A guess too many only makes a
// name less likely to be chosen.
func importNames(f *ast.File) []string {
	var names []string
	for _, spec := range f.Imports {
		if spec.Name != nil {
			if n := spec.Name.Name; n != "_" && n != "." {
				names = append(names, n)
			}
			continue
		}
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		base := path.Base(p)
		if isMajorVersion(base) {
			base = path.Base(path.Dir(p))
		}
		names = append(names, base, identifier(base))
		trimmed := strings.TrimPrefix(strings.TrimPrefix(base, "go-"), "go.")
		if i := strings.IndexAny(trimmed, ".-"); i > 0 {
			trimmed = trimmed[:i]
		}
		names = append(names, trimmed)
	}
	return names
}

// isMajorVersion tells a path element that only gives a module's major
// version, v2 in example.com/m/v2.
func isMajorVersion(elem string) bool {
	if len(elem) < 2 || elem[0] != 'v' {
		return false
	}
	_, err := strconv.Atoi(elem[1:])
	return err == nil
}

// declaredNames lists the package-level identifiers a declaration binds.
func declaredNames(decl ast.Decl) []string {
	var names []string
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil && d.Name.Name != "init" {
			names = append(names, d.Name.Name)
		}
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			switch sp := spec.(type) {
			case *ast.TypeSpec:
				names = append(names, sp.Name.Name)
			case *ast.ValueSpec:
				for _, n := range sp.Names {
					names = append(names, n.Name)
				}
			}
		}
	}
	return names
}

// claim returns the first of the candidates that is free, or else the
// first with the smallest numeric suffix that is, and marks it taken. It
// names what the file declares at package level, which must clash with
// no name of the package nor of another file's block.
func (s *scope) claim(candidates ...string) string {
	free := func(c string) bool { return !s.taken[c] && !s.fileNames[c] }
	for _, c := range candidates {
		if free(c) {
			s.taken[c] = true
			return c
		}
	}
	for n := 2; ; n++ {
		c := fmt.Sprintf("%s%d", candidates[0], n)
		if free(c) {
			s.taken[c] = true
			return c
		}
	}
}

// claimImport is claim for an import name, which lives in the file's
// own block: another file's imports do not clash with it.
func (s *scope) claimImport(candidates ...string) string {
	for _, c := range candidates {
		if !s.taken[c] {
			s.taken[c] = true
			return c
		}
	}
	for n := 2; ; n++ {
		c := fmt.Sprintf("%s%d", candidates[0], n)
		if !s.taken[c] {
			s.taken[c] = true
			return c
		}
	}
}

// claimTest returns name, or name_Generated, name_Generated2, … when the
// package already has something by that name. When only a test the
// file itself named has it (TestT_M for method T.M and for function
// T_M), the second is name_2, name_3, ….
func (s *scope) claimTest(name string) string {
	theirs := func(c string) bool { return s.tests[c] || s.fileNames[c] || s.taken[c] && !s.ours[c] }
	base := name
	if theirs(name) {
		base = name + "_Generated"
		for n := 2; theirs(base); n++ {
			base = fmt.Sprintf("%s_Generated%d", name, n)
		}
	}
	candidate := base
	for n := 2; s.taken[candidate] || theirs(candidate); n++ {
		candidate = fmt.Sprintf("%s_%d", base, n)
	}
	s.taken[candidate] = true
	s.ours[candidate] = true
	return candidate
}

// clone copies s, so that one rendering's claims do not stay for the next.
func (s *scope) clone() *scope {
	c := &scope{taken: make(map[string]bool, len(s.taken)), fileNames: s.fileNames, tests: s.tests, ours: s.ours}
	for k, v := range s.taken {
		c.taken[k] = v
	}
	return c
}
