package dictionary

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// docCall matches a call with a double-quoted string argument in a doc
// comment: `Major("v2.1.0") == "v2"` gives "v2.1.0".
var docCall = regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_]*\(("(?:[^"\\\n]|\\.)*")[,)]`)

// docWords are the string arguments of the calls that the doc comments
// of pkg's declarations show, the examples a package writes in prose
// (semver's `For example, Major("v2.1.0") == "v2"`), by file name and
// position. The files are parsed again here: the loader keeps no
// comments it does not need.
func docWords(pkg *ssa.Package) []string {
	var out []string
	files := packageFiles(pkg, "*.go")
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || !inPackage(pkg, name) {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil || f.Name.Name != pkg.Pkg.Name() {
			continue
		}
		for _, d := range f.Decls {
			var doc *ast.CommentGroup
			switch d := d.(type) {
			case *ast.FuncDecl:
				doc = d.Doc
			case *ast.GenDecl:
				doc = d.Doc
			}
			if doc == nil {
				continue
			}
			for _, m := range docCall.FindAllStringSubmatch(doc.Text(), -1) {
				if s, err := strconv.Unquote(m[1]); err == nil {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// inPackage reports whether the file called name is one of pkg's: a
// file the build constraints leave out has no function in the program.
func inPackage(pkg *ssa.Package, name string) bool {
	for _, m := range pkg.Members {
		if pos := m.Pos(); pos.IsValid() && pkg.Prog.Fset.Position(pos).Filename == name {
			return true
		}
	}
	return false
}
