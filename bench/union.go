package main

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// renameCollisions makes gosymtest's generated file compile beside the
// package's own tests in dir. The gosymtest arm wrote it in a copy
// without them, so it may declare a name they declare too (TestDecode,
// a helper): each such package-level name of the file is renamed, with
// every use of it in the file, to NAME_gosymtest. It returns the file and
// the names it renamed, sorted.
func renameCollisions(gen []byte, dir string) ([]byte, []string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, generatedFile, gen, parser.ParseComments)
	if err != nil {
		return nil, nil, err
	}
	// Test files of the same package, internal (p) or external (p_test),
	// share its scope; so do, through a dot import of p, the exported
	// names of the internal ones and the external ones'.
	taken := ownTestNames(dir, f.Name.Name, hasDotImport(f))
	newName := make(map[*ast.Object]string)
	var renamed []string
	for name, obj := range f.Scope.Objects {
		if !taken[name] {
			continue
		}
		n := name + "_gosymtest"
		for taken[n] || f.Scope.Objects[n] != nil {
			n += "_"
		}
		newName[obj] = n
		renamed = append(renamed, name)
	}
	if len(renamed) == 0 {
		return gen, nil, nil
	}
	// The parser also resolves a composite literal's keys (name: in a
	// row) to package-level objects of the same name: those are field
	// names, never renamed.
	keys := make(map[*ast.Ident]bool)
	ast.Inspect(f, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				keys[id] = true
			}
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Obj != nil && !keys[id] {
			if nn, ok := newName[id.Obj]; ok {
				id.Name = nn
			}
		}
		return true
	})
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, nil, err
	}
	sort.Strings(renamed)
	return buf.Bytes(), renamed, nil
}

// ownTestNames lists the package-level names the test files in dir
// (the generated file aside) declare in package pkgName, or in the
// package beside it when one side dot-imports the other: an external
// test file with import . "p" sees the exported names of p's internal
// test files (utf8_test.go's TestValid against an internal TestValid),
// and so does an external generated file (dotImports) those of p's.
func ownTestNames(dir, pkgName string, dotImports bool) map[string]bool {
	out := make(map[string]bool)
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	fset := token.NewFileSet()
	for _, path := range files {
		if filepath.Base(path) == generatedFile {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		internal := !strings.HasSuffix(pkgName, "_test")
		switch f.Name.Name {
		case pkgName:
		case pkgName + "_test":
			if !internal || !hasDotImport(f) {
				continue
			}
		case strings.TrimSuffix(pkgName, "_test"):
			if internal || !dotImports {
				continue
			}
		default:
			continue
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name != "init" {
					out[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch sp := spec.(type) {
					case *ast.TypeSpec:
						out[sp.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							out[n.Name] = true
						}
					}
				}
			}
		}
	}
	return out
}

// hasDotImport reports whether f has an import . "path".
func hasDotImport(f *ast.File) bool {
	for _, imp := range f.Imports {
		if imp.Name != nil && imp.Name.Name == "." {
			return true
		}
	}
	return false
}
