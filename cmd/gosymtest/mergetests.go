package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gosymtest/gosymtest/testgen"
)

// mergeTests is merge -tests: in the directory of each package the
// shards wrote tests for, it joins the shards' files
// (gosymtest_generated_shard_<i>_of_<n>_test.go) into the file an
// unsharded run writes, testgen.DefaultFileName, and removes them. The
// file is rebuilt as testgen lays it out: the imports (the standard
// library first, each group by path), the test functions in the
// unsharded run's order of their functions, then the helpers, each once.
// Positions in the -stats files are relative to the directory the runs
// ran in, which must be the current one.
//
// Every package's file is checked before any is written. The test
// functions of a shard's file are matched to its functions that have
// tests, in order: a count that differs, two imports of one name, or a
// helper declared differently by two shards is an error, and nothing is
// written for that package.
func (m *merger) mergeTests() error {
	type job struct {
		dir string
		src []byte
		old []string
	}
	var jobs []job
	for _, dir := range m.testDirs() {
		src, old, err := m.mergeDir(dir)
		if err != nil {
			return fmt.Errorf("%s: %w", dir, err)
		}
		if src != nil {
			jobs = append(jobs, job{dir, src, old})
		}
	}
	for _, j := range jobs {
		if err := writeFileAtomic(filepath.Join(j.dir, testgen.DefaultFileName), func(w io.Writer) error {
			_, err := w.Write(j.src)
			return err
		}); err != nil {
			return err
		}
		for _, f := range j.old {
			if err := os.Remove(f); err != nil {
				return err
			}
		}
	}
	return nil
}

// testDirs are the directories of the packages whose functions have
// tests, in the order of the targets.
func (m *merger) testDirs() []string {
	var dirs []string
	for _, f := range m.ordered() {
		if f.Tests == 0 {
			continue
		}
		file, _, _ := strings.Cut(f.Position, ":")
		if d := filepath.Dir(file); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// testFunc is a test function of a shard's file, with the key of the
// function it tests.
type testFunc struct {
	key, text string
}

// mergeDir builds the merged file of dir, and lists the shards' files.
func (m *merger) mergeDir(dir string) (src []byte, files []string, err error) {
	var pkgName string
	imports := map[string]string{} // name (or "" for the path's) by path
	names := map[string]string{}   // path by import name
	var tests []testFunc
	var helpers []string // texts, in order
	n := len(m.shards)
	for i, sh := range m.shards {
		var mine []string // keys of the functions with tests, in order
		for _, f := range sh.Functions {
			if file, _, _ := strings.Cut(f.Position, ":"); f.Tests > 0 && filepath.Dir(file) == dir {
				mine = append(mine, f.Package+"."+f.Name)
			}
		}
		path := filepath.Join(dir, (shardSpec{i + 1, n}).testFileName())
		data, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) && len(mine) == 0 {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		files = append(files, path)
		f, err := parseGenerated(path, data)
		if err != nil {
			return nil, nil, err
		}
		if pkgName != "" && f.Name.Name != pkgName {
			return nil, nil, fmt.Errorf("%s is of package %s, another shard's of %s", path, f.Name.Name, pkgName)
		}
		pkgName = f.Name.Name
		for _, spec := range f.Imports {
			p, _ := strconv.Unquote(spec.Path.Value)
			name := ""
			if spec.Name != nil {
				name = spec.Name.Name
			}
			if prev, ok := imports[p]; ok && prev != name {
				return nil, nil, fmt.Errorf("two shards import %s by different names", p)
			}
			imports[p] = name
			used := name
			if used == "" {
				used = filepathBase(p)
			}
			if q, ok := names[used]; ok && q != p {
				return nil, nil, fmt.Errorf("two shards import %s and %s as %s", q, p, used)
			}
			names[used] = p
		}
		var k int
		var own []string // this file's helpers, in order
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
				continue
			}
			text := declText(data, f, d)
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Test") {
				if k >= len(mine) {
					return nil, nil, fmt.Errorf("%s has more test functions than shard %d/%d has functions with tests (%d)", path, i+1, n, len(mine))
				}
				tests = append(tests, testFunc{key: mine[k], text: text})
				k++
				continue
			}
			own = append(own, text)
		}
		helpers = placeHelpers(helpers, own)
		if k != len(mine) {
			return nil, nil, fmt.Errorf("%s has %d test functions for %d functions with tests", path, k, len(mine))
		}
	}
	if len(files) == 0 {
		return nil, nil, nil
	}
	if err := helpersDistinct(helpers); err != nil {
		return nil, nil, err
	}
	order := make(map[string]int, len(m.targets))
	for i, k := range m.targets {
		order[k] = i
	}
	slices.SortStableFunc(tests, func(a, b testFunc) int { return order[a.key] - order[b.key] })

	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by gosymtest. DO NOT EDIT.\n\npackage %s\n\n", pkgName)
	b.WriteString(testgen.ImportDecl(imports))
	for _, t := range tests {
		b.WriteString("\n" + t.text + "\n")
	}
	for _, h := range helpers {
		b.WriteString("\n" + h + "\n")
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, nil, fmt.Errorf("the merged file does not parse: %w", err)
	}
	return out, files, nil
}

// parseGenerated parses a test file gosymtest wrote.
func parseGenerated(path string, data []byte) (*ast.File, error) {
	if !bytes.HasPrefix(data, []byte("// Code generated by gosymtest. DO NOT EDIT.\n")) {
		return nil, fmt.Errorf("%s was not written by gosymtest", path)
	}
	return parser.ParseFile(token.NewFileSet(), path, data, parser.ParseComments|parser.SkipObjectResolution)
}

// declText is the source of d with its doc comment.
func declText(src []byte, f *ast.File, d ast.Decl) string {
	start := d.Pos()
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Doc != nil {
			start = d.Doc.Pos()
		}
	case *ast.GenDecl:
		if d.Doc != nil {
			start = d.Doc.Pos()
		}
	}
	base := f.FileStart
	return string(src[start-base : d.End()-base])
}

// placeHelpers adds to helpers those of own, one file's helpers in its
// order, that it lacks. Each goes before the first helper after it in own
// that helpers has, else after the one before it, else last: the order
// every file shares is kept, whichever shard's file comes first. (Going
// only after the one before it put errors' ptr behind errText when the
// first shard's file had errText alone.)
func placeHelpers(helpers, own []string) []string {
	for i, text := range own {
		if slices.Contains(helpers, text) {
			continue
		}
		at := len(helpers)
		if j := slices.IndexFunc(own[i+1:], func(next string) bool { return slices.Contains(helpers, next) }); j >= 0 {
			at = slices.Index(helpers, own[i+1+j])
		} else if i > 0 {
			at = slices.Index(helpers, own[i-1]) + 1
		}
		helpers = slices.Insert(helpers, at, text)
	}
	return helpers
}

// helpersDistinct checks that no two helpers declare one name (two
// shards declared it differently).
func helpersDistinct(helpers []string) error {
	seen := map[string]bool{}
	for _, h := range helpers {
		f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+h, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, d := range f.Decls {
			for _, name := range declNames(d) {
				if seen[name] {
					return fmt.Errorf("two shards declare the helper %s differently", name)
				}
				seen[name] = true
			}
		}
	}
	return nil
}

func declNames(d ast.Decl) []string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return []string{d.Name.Name}
	case *ast.GenDecl:
		var out []string
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				out = append(out, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					out = append(out, n.Name)
				}
			}
		}
		return out
	}
	return nil
}

// filepathBase is the last element of an import path: the name a
// package is imported by when the spec names none (a guess for paths
// such as gopkg.in/yaml.v3, good enough to find a clash).
func filepathBase(p string) string {
	return p[strings.LastIndex(p, "/")+1:]
}
