package dictionary

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// exampleWords are the string literals inside the Example functions of
// the _test.go files in pkg's directory, by file name and position. The
// loader does not load tests, so the files are parsed here; a file that
// does not parse gives nothing.
func exampleWords(pkg *ssa.Package) []string {
	var out []string
	files := packageFiles(pkg, "*_test.go")
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Body == nil || !strings.HasPrefix(fd.Name.Name, "Example") {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil {
						out = append(out, s)
					}
				}
				return true
			})
		}
	}
	return out
}

// packageFiles lists, sorted, the files of pkg's directory whose names
// match pattern; none when the directory is unknown.
func packageFiles(pkg *ssa.Package, pattern string) []string {
	dir := packageDir(pkg)
	if dir == "" {
		return nil
	}
	files, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil {
		return nil
	}
	slices.Sort(files)
	return files
}

// packageDir is the directory of pkg's source files, "" when none of its
// members has a position in a file that exists.
func packageDir(pkg *ssa.Package) string {
	names := make([]string, 0, len(pkg.Members))
	for n := range pkg.Members {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		pos := pkg.Members[n].Pos()
		if !pos.IsValid() {
			continue
		}
		file := pkg.Prog.Fset.Position(pos).Filename
		if file == "" {
			continue
		}
		if _, err := os.Stat(file); err == nil {
			return filepath.Dir(file)
		}
	}
	return ""
}
