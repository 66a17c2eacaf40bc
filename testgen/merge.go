package testgen

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// ShardFile is the test file one shard of a run (gosymtest -shard i/n)
// wrote for a package, with the functions it tests.
type ShardFile struct {
	// Path names the file in messages.
	Path string
	// Label names the shard in messages: "shard 1/2".
	Label string
	// Src is the file's content, as Generate wrote it.
	Src []byte
	// Funcs are the keys (package.Func) of the shard's functions that
	// have tests in this file, in the order of its test functions: the
	// order Generate gave them, the order of the shard's targets.
	Funcs []string
}

// MergeFiles joins the test files the shards of one run wrote for one
// package into the file an unsharded run writes, laid out as Generate
// lays it out: the header, the package clause, the imports (ImportDecl:
// the standard library first, each group by path), the test functions in
// the order of their functions in order (the keys of every target of the
// unsharded run, in its order), then the helpers, each once, in the
// order the files share. It reads and writes nothing.
//
// The test functions of a file are matched to its Funcs, in order. It is
// an error, and nothing is returned, when a file was not written by
// gosymtest, when the files are of different packages, when a file's
// count of test functions differs from its Funcs, when two files import
// a package by different names or two packages by one name, or when two
// files declare a helper differently.
func MergeFiles(files []ShardFile, order []string) ([]byte, error) {
	if len(files) == 0 {
		return nil, errors.New("no file to merge")
	}
	var pkgName string
	imports := map[string]string{} // name (or "" for the path's) by path
	names := map[string]string{}   // path by import name
	var tests []mergedTest
	var helpers []string // texts, in order
	for _, sf := range files {
		f, err := parseGenerated(sf.Path, sf.Src)
		if err != nil {
			return nil, err
		}
		if pkgName != "" && f.Name.Name != pkgName {
			return nil, fmt.Errorf("%s is of package %s, another shard's of %s", sf.Path, f.Name.Name, pkgName)
		}
		pkgName = f.Name.Name
		for _, spec := range f.Imports {
			p, _ := strconv.Unquote(spec.Path.Value)
			name := ""
			if spec.Name != nil {
				name = spec.Name.Name
			}
			if prev, ok := imports[p]; ok && prev != name {
				return nil, fmt.Errorf("two shards import %s by different names", p)
			}
			imports[p] = name
			used := name
			if used == "" {
				used = lastElem(p)
			}
			if q, ok := names[used]; ok && q != p {
				return nil, fmt.Errorf("two shards import %s and %s as %s", q, p, used)
			}
			names[used] = p
		}
		var k int
		var own []string // this file's helpers, in order
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
				continue
			}
			text := declText(sf.Src, f, d)
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Test") {
				if k >= len(sf.Funcs) {
					return nil, fmt.Errorf("%s has more test functions than %s has functions with tests (%d)", sf.Path, sf.Label, len(sf.Funcs))
				}
				tests = append(tests, mergedTest{key: sf.Funcs[k], text: text})
				k++
				continue
			}
			own = append(own, text)
		}
		helpers = placeHelpers(helpers, own)
		if k != len(sf.Funcs) {
			return nil, fmt.Errorf("%s has %d test functions for %d functions with tests", sf.Path, k, len(sf.Funcs))
		}
	}
	if err := helpersDistinct(helpers); err != nil {
		return nil, err
	}
	rank := make(map[string]int, len(order))
	for i, k := range order {
		rank[k] = i
	}
	slices.SortStableFunc(tests, func(a, b mergedTest) int { return rank[a.key] - rank[b.key] })

	var body bytes.Buffer
	for _, t := range tests {
		body.WriteString("\n" + t.text + "\n")
	}
	for _, h := range helpers {
		body.WriteString("\n" + h + "\n")
	}
	out, err := format.Source(fileSource(pkgName, ImportDecl(imports), body.Bytes()))
	if err != nil {
		return nil, fmt.Errorf("the merged file does not parse: %w", err)
	}
	return out, nil
}

// mergedTest is a test function of a shard's file, with the key of the
// function it tests.
type mergedTest struct {
	key, text string
}

// parseGenerated parses a test file gosymtest wrote.
func parseGenerated(path string, data []byte) (*ast.File, error) {
	if !bytes.HasPrefix(data, []byte(header)) {
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

// lastElem is the last element of an import path: the name a package is
// imported by when the spec names none (a guess for paths such as
// gopkg.in/yaml.v3, good enough to find a clash).
func lastElem(p string) string {
	return p[strings.LastIndex(p, "/")+1:]
}
