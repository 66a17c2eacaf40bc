package testgen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
)

// scope is what the generated file shares with the rest of the package:
// the identifiers it must not declare at package level nor use as import
// names, and the test names `go test -run` must not confuse with its own.
type scope struct {
	// taken holds the package's own package-level names, those declared
	// by its other test files of the same package, and the names the file
	// itself has claimed so far.
	taken map[string]bool
	// tests are the function names of every other test file, of the
	// package and of its external _test package: a generated TestX must
	// differ, or `go test -run '^TestX$'` would run both.
	tests map[string]bool
}

// newScope reads the package's scope and its other test files.
func newScope(pkg *types.Package, dir, generated string) *scope {
	s := &scope{taken: make(map[string]bool), tests: make(map[string]bool)}
	for _, name := range pkg.Scope().Names() {
		s.taken[name] = true
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
		for _, decl := range f.Decls {
			for _, name := range declaredNames(decl) {
				if samePackage {
					s.taken[name] = true
				}
			}
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Recv == nil {
				s.tests[fd.Name.Name] = true
			}
		}
	}
	return s
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
// first with the smallest numeric suffix that is, and marks it taken.
func (s *scope) claim(candidates ...string) string {
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
// package already has something by that name.
func (s *scope) claimTest(name string) string {
	candidate := name
	for n := 1; s.taken[candidate] || s.tests[candidate]; n++ {
		candidate = name + "_Generated"
		if n > 1 {
			candidate = fmt.Sprintf("%s_Generated%d", name, n)
		}
	}
	s.taken[candidate] = true
	return candidate
}

// clone copies s, so that one rendering's claims do not stay for the next.
func (s *scope) clone() *scope {
	c := &scope{taken: make(map[string]bool, len(s.taken)), tests: s.tests}
	for k, v := range s.taken {
		c.taken[k] = v
	}
	return c
}
