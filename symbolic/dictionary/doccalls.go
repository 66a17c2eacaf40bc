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

// docQuote matches a double-quoted string in a doc comment.
var docQuote = regexp.MustCompile(`"(?:[^"\\\n]|\\.)+"`)

// docWords are the string arguments of the calls that the doc comments
// of pkg's declarations show, the examples a package writes in prose
// (semver's `For example, Major("v2.1.0") == "v2"`), by file name and
// position.
func docWords(pkg *ssa.Package) []string {
	var out []string
	for _, doc := range docComments(pkg) {
		for _, m := range docCall.FindAllStringSubmatch(doc, -1) {
			if s, err := strconv.Unquote(m[1]); err == nil {
				out = append(out, s)
			}
		}
	}
	return out
}

// docQuotes are the double-quoted strings of the doc comments of pkg's
// exported functions and methods, the inputs and results its prose
// names (html's `UnescapeString unescapes entities like "&lt;" to
// become "<"`), by file name and position.
func docQuotes(pkg *ssa.Package) []string {
	var out []string
	for _, doc := range docComments(pkg, exportedFuncs) {
		for _, m := range docQuote.FindAllString(doc, -1) {
			if s, err := strconv.Unquote(m); err == nil {
				out = append(out, s)
			}
		}
	}
	return out
}

// exportedFuncs selects the declarations of exported functions and
// methods.
func exportedFuncs(d ast.Decl) bool {
	f, ok := d.(*ast.FuncDecl)
	return ok && f.Name.IsExported()
}

// docComments are the doc comments of pkg's declarations that each of
// keep accepts, by file name and position. The files are parsed again
// here: the loader keeps no comments it does not need.
func docComments(pkg *ssa.Package, keep ...func(ast.Decl) bool) []string {
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
	decls:
		for _, d := range f.Decls {
			for _, k := range keep {
				if !k(d) {
					continue decls
				}
			}
			var doc *ast.CommentGroup
			switch d := d.(type) {
			case *ast.FuncDecl:
				doc = d.Doc
			case *ast.GenDecl:
				doc = d.Doc
			}
			if doc != nil {
				out = append(out, doc.Text())
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
