package testgen

import (
	"fmt"
	"go/types"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"
)

// imports names the packages a generated file refers to.
//
// A file is rendered twice: the first pass records which packages the
// kept rows need, fix then gives each a name, in order of import path,
// that clashes with nothing in the package (see scope), and the second
// pass writes those names. Names therefore do not depend on the order in
// which literals happen to mention packages. It is the literal.Imports
// of the file's literal.Writer.
type imports struct {
	home  *types.Package
	used  map[string]*types.Package // by path
	names map[string]string         // by path, once fixed
	fixed bool
}

func newImports(home *types.Package) *imports {
	return &imports{home: home, used: make(map[string]*types.Package)}
}

// qualifier is a types.Qualifier for the test file: the home package is
// unqualified, others by their import name.
func (im *imports) Qualifier(p *types.Package) string {
	if p.Path() == im.home.Path() {
		return ""
	}
	return im.Name(p.Path(), p.Name())
}

// name is the import name of the package path (whose package clause says
// pkgName), recording that the file uses it.
func (im *imports) Name(pkgPath, pkgName string) string {
	if im.fixed {
		if n, ok := im.names[pkgPath]; ok {
			return n
		}
		// The second pass asked for a package the first did not: a bug,
		// but the name still works unless it clashes, which the go
		// command would then report.
		return pkgName
	}
	if _, ok := im.used[pkgPath]; !ok {
		im.used[pkgPath] = types.NewPackage(pkgPath, pkgName)
	}
	return pkgName
}

// fix chooses the names of the packages recorded so far.
func (im *imports) fix(s *scope) {
	paths := im.paths()
	im.names = make(map[string]string, len(paths))
	for _, p := range paths {
		name := im.used[p].Name()
		// math/rand and crypto/rand: the second becomes cryptorand.
		parent := identifier(path.Base(path.Dir(p)))
		im.names[p] = s.claimImport(name, parent+name)
	}
	im.fixed = true
}

// paths lists the imported paths in order.
func (im *imports) paths() []string {
	paths := make([]string, 0, len(im.used))
	for p := range im.used {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}

// decl is the import declaration (ImportDecl).
func (im *imports) decl() string {
	named := make(map[string]string, len(im.used))
	for _, p := range im.paths() {
		named[p] = ""
		if n := im.names[p]; n != im.used[p].Name() || n != path.Base(p) {
			named[p] = n
		}
	}
	return ImportDecl(named)
}

// ImportDecl is the import declaration of a generated file: imports maps
// each path to the name it is imported by, "" for the package's own;
// the standard library comes first, then the rest, each group by path,
// as goimports groups them.
func ImportDecl(imports map[string]string) string {
	var std, other []string
	for _, p := range slices.Sorted(maps.Keys(imports)) {
		spec := fmt.Sprintf("%q", p)
		if n := imports[p]; n != "" {
			spec = n + " " + spec
		}
		if isStd(p) {
			std = append(std, spec)
		} else {
			other = append(other, spec)
		}
	}
	var b strings.Builder
	b.WriteString("import (\n")
	for _, s := range std {
		b.WriteString("\t" + s + "\n")
	}
	if len(std) > 0 && len(other) > 0 {
		b.WriteString("\n")
	}
	for _, s := range other {
		b.WriteString("\t" + s + "\n")
	}
	b.WriteString(")\n")
	return b.String()
}

// isStd reports whether an import path is in the standard library, whose
// first element has no dot.
func isStd(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}
