package testgen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// testFuncName is Test<Func>, Test<Type>_<Method> or Test<Func>_<TypeArgs>.
func testFuncName(fn *ssa.Function) string {
	return "Test" + identifier(strings.NewReplacer(".", "_", "[", "_", "]", "", ",", "_", " ", "").Replace(loader.FuncName(fn)))
}

// identifier keeps letters, digits and underscores, folding runs of other
// characters into one underscore.
func identifier(s string) string {
	var b strings.Builder
	under := false
	for _, r := range s {
		ok := r == '_' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9')
		switch {
		case ok:
			b.WriteRune(r)
			under = r == '_'
		case !under && b.Len() > 0:
			b.WriteByte('_')
			under = true
		}
	}
	return strings.Trim(b.String(), "_")
}

// caseNames makes readable subtest names from the summaries, unique within
// one test: "returns_equilateral", "returns_equilateral_2", …
func caseNames(summaries []string) []string {
	names := make([]string, len(summaries))
	used := make(map[string]int)
	for i, s := range summaries {
		base := strings.ToLower(identifier(s))
		if len(base) > 40 {
			base = strings.TrimRight(base[:40], "_")
		}
		if base == "" {
			base = "case"
		}
		used[base]++
		if n := used[base]; n > 1 {
			names[i] = fmt.Sprintf("%s_%d", base, n)
		} else {
			names[i] = base
		}
	}
	return names
}

// existingTests lists the top-level function names declared in the
// package's own test files (other than the generated one), so generated
// names can avoid them.
func existingTests(dir, pkgName, generated string) map[string]bool {
	names := make(map[string]bool)
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	fset := token.NewFileSet()
	for _, f := range files {
		if filepath.Base(f) == generated {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		file, err := parser.ParseFile(fset, f, src, parser.SkipObjectResolution)
		if err != nil || file.Name.Name != pkgName {
			continue
		}
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				names[fd.Name.Name] = true
			}
		}
	}
	return names
}

// uniqueName returns name, or name_Gen, name_Gen2, … when taken.
func uniqueName(name string, taken map[string]bool) string {
	candidate := name
	for i := 1; taken[candidate]; i++ {
		candidate = name + "_Gen"
		if i > 1 {
			candidate = fmt.Sprintf("%s_Gen%d", name, i)
		}
	}
	taken[candidate] = true
	return candidate
}
