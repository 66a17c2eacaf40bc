package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
)

// funcDecl is one function or method declared in the package: the unit
// gosymtest explores and the harness caps and scopes by.
type funcDecl struct {
	Name       string // F or T.M, as gosymtest names targets (less type arguments)
	File       string // base name
	Start, End int    // lines of the declaration
	// Fuzz holds, per parameter, the declared type's source text and the
	// native fuzzing type it is converted from; nil when go test -fuzz
	// cannot drive the function (a method, generic, no parameters, or a
	// parameter type native fuzzing lacks).
	Fuzz []fuzzParam
}

type fuzzParam struct {
	Declared string // type expression as written, e.g. Kind
	Native   string // fuzz argument type, e.g. int
}

// pkgSource is what the harness knows of a package from its syntax alone.
type pkgSource struct {
	Name  string   // package clause
	Files []string // base names of the non-test files
	Funcs []funcDecl
}

// nativeFuzz maps the types native fuzzing supports to the canonical
// spelling used in the wrapper's signature.
var nativeFuzz = map[string]string{
	"string": "string", "[]byte": "[]byte", "bool": "bool",
	"int": "int", "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
	"uint": "uint", "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
	"float32": "float32", "float64": "float64", "rune": "int32", "byte": "uint8",
}

// parsePackage reads the package's non-test files. It needs no type
// checking: fuzzability is decided from the parameter types' spelling,
// following the package's own named types (type Kind int) one level at a
// time.
func parsePackage(files []string) (*pkgSource, error) {
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, fn := range files {
		f, err := parser.ParseFile(fset, fn, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		parsed = append(parsed, f)
	}
	ps := &pkgSource{}
	underlying := make(map[string]string) // local named type -> its type's text
	for _, fn := range files {
		ps.Files = append(ps.Files, filepath.Base(fn))
	}
	for _, f := range parsed {
		ps.Name = f.Name.Name
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				if ts.TypeParams == nil {
					underlying[ts.Name.Name] = exprText(fset, ts.Type)
				}
			}
		}
	}
	for _, f := range parsed {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name == "_" || fd.Name.Name == "init" || (fd.Recv == nil && fd.Name.Name == "main") {
				continue
			}
			fdecl := funcDecl{
				Name:  fd.Name.Name,
				File:  filepath.Base(fset.Position(fd.Pos()).Filename),
				Start: fset.Position(fd.Pos()).Line,
				End:   fset.Position(fd.End()).Line,
			}
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				fdecl.Name = recvTypeName(fd.Recv.List[0].Type) + "." + fd.Name.Name
			} else if fd.Type.TypeParams == nil && fd.Body != nil {
				fdecl.Fuzz = fuzzParams(fset, fd.Type.Params, underlying)
			}
			ps.Funcs = append(ps.Funcs, fdecl)
		}
	}
	return ps, nil
}

func fuzzParams(fset *token.FileSet, params *ast.FieldList, underlying map[string]string) []fuzzParam {
	var out []fuzzParam
	for _, field := range params.List {
		declared := exprText(fset, field.Type)
		native := resolveNative(declared, underlying)
		if native == "" {
			return nil
		}
		n := len(field.Names)
		if n == 0 {
			n = 1
		}
		for range n {
			out = append(out, fuzzParam{Declared: declared, Native: native})
		}
	}
	return out // nil for no parameters: there is nothing to fuzz
}

// resolveNative follows local named types to a natively fuzzable type.
func resolveNative(t string, underlying map[string]string) string {
	for range 8 { // named types chain at most this deep in practice
		if n, ok := nativeFuzz[t]; ok {
			return n
		}
		u, ok := underlying[t]
		if !ok {
			return ""
		}
		t = u
	}
	return ""
}

func recvTypeName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return recvTypeName(t.X)
	case *ast.IndexExpr:
		return recvTypeName(t.X)
	case *ast.IndexListExpr:
		return recvTypeName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return "?"
}

func exprText(fset *token.FileSet, e ast.Expr) string {
	var b bytes.Buffer
	// go/printer would do too; types are short, so this keeps deps nil.
	writeExpr(&b, e)
	return b.String()
}

func writeExpr(b *bytes.Buffer, e ast.Expr) {
	switch t := e.(type) {
	case *ast.Ident:
		b.WriteString(t.Name)
	case *ast.ArrayType:
		b.WriteString("[")
		if t.Len != nil {
			b.WriteString("N") // arrays are not fuzzable; the text only has to differ
		}
		b.WriteString("]")
		writeExpr(b, t.Elt)
	case *ast.StarExpr:
		b.WriteString("*")
		writeExpr(b, t.X)
	case *ast.SelectorExpr:
		writeExpr(b, t.X)
		b.WriteString(".")
		b.WriteString(t.Sel.Name)
	case *ast.ParenExpr:
		writeExpr(b, t.X)
	default:
		fmt.Fprintf(b, "<%T>", e) // maps, funcs, interfaces...: never fuzzable
	}
}

// runPattern is a gosymtest -run regexp selecting exactly these
// declarations, with any type arguments: F and F[int]; T.M and T[int].M.
func runPattern(funcs []funcDecl) string {
	var alts []string
	for _, f := range funcs {
		if typ, meth, ok := strings.Cut(f.Name, "."); ok {
			alts = append(alts, regexp.QuoteMeta(typ)+`(\[.*\])?\.`+regexp.QuoteMeta(meth))
		} else {
			alts = append(alts, regexp.QuoteMeta(f.Name)+`(\[.*\])?`)
		}
	}
	return "^(" + strings.Join(alts, "|") + ")$"
}

// selectFuncs applies the per-package cap. Fuzzable functions come first
// so that, when capped, the fuzz arm has functions to compare on; the
// declaration order is kept within each group. cap <= 0 keeps all.
func selectFuncs(funcs []funcDecl, limit int) []funcDecl {
	if limit <= 0 || len(funcs) <= limit {
		return funcs
	}
	var fuzzable, rest []funcDecl
	for _, f := range funcs {
		if f.Fuzz != nil {
			fuzzable = append(fuzzable, f)
		} else {
			rest = append(rest, f)
		}
	}
	return append(fuzzable, rest...)[:limit]
}

// scopeOf is the statements of the selected declarations.
func scopeOf(funcs []funcDecl) scope {
	s := scope{}
	for _, f := range funcs {
		s = append(s, lineRange{File: f.File, Start: f.Start, End: f.End})
	}
	return s
}

// fuzzName is the wrapper's name for a function.
func fuzzName(f funcDecl) string { return "FuzzBench_" + f.Name }

// fuzzFile writes the FuzzXxx wrappers for the fuzzable functions. A
// panic is recovered: the fuzzer would stop at the first one, and a
// panicking input still covers statements, which is what is measured.
// The zero values are the one seed, as a developer would add.
func fuzzFile(pkg string, funcs []funcDecl) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by the gosymtest benchmark harness. DO NOT EDIT.\n\npackage %s\n\nimport \"testing\"\n", pkg)
	for _, f := range funcs {
		if f.Fuzz == nil {
			continue
		}
		var zeros, params, args []string
		for i, p := range f.Fuzz {
			zeros = append(zeros, zeroOf(p.Native))
			params = append(params, fmt.Sprintf("benchA%d %s", i, p.Native))
			args = append(args, fmt.Sprintf("(%s)(benchA%d)", p.Declared, i))
		}
		fmt.Fprintf(&b, "\nfunc %s(benchF *testing.F) {\n", fuzzName(f))
		fmt.Fprintf(&b, "\tbenchF.Add(%s)\n", strings.Join(zeros, ", "))
		fmt.Fprintf(&b, "\tbenchF.Fuzz(func(benchT *testing.T, %s) {\n", strings.Join(params, ", "))
		b.WriteString("\t\tdefer func() { _ = recover() }()\n")
		fmt.Fprintf(&b, "\t\t%s(%s)\n", f.Name, strings.Join(args, ", "))
		b.WriteString("\t})\n}\n")
	}
	return b.Bytes()
}

func zeroOf(native string) string {
	switch native {
	case "string":
		return `""`
	case "[]byte":
		return "[]byte{}"
	case "bool":
		return "false"
	case "int":
		return "0"
	}
	return native + "(0)"
}
