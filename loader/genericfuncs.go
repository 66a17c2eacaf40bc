package loader

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// Instances of generic functions that nothing instantiates. A library of
// generic helpers (samber/lo: Map, Filter, Uniq, ...) calls few of its
// functions itself, and SSA builds an instance only where code refers to
// one; it has no public way to make one after the build. So for the
// exported generic functions of a matched package that have no instance
// in the program, Load writes a small package of its own that refers to
// each with chosen type arguments (p.Filter[int]), type-checks it
// against the loaded package and builds it into the program. The builder
// then makes the instances, and the search for instances finds them with
// the rest.
//
// The type arguments are, for each type parameter in order, the first of
// int and string its constraint admits, or else the one type its
// constraint names, with the arguments before it put in: Filter[T any,
// S ~[]T] becomes Filter[int, []int]. The list stops at a parameter that
// gets neither, and Go's inference fills in the rest if it can. A
// function whose first parameter gets nothing, or whose reference does
// not type-check, is left out. So are unexported
// generic functions, which another package cannot name; an exported
// function that calls one makes its instance too.

// instancesPackagePrefix starts the path of the package Load writes for a
// matched package's generic functions: a path no module can have.
const instancesPackagePrefix = "gosymtest.instances/"

// instantiateFunctions builds, into prog, instances of the exported
// generic functions of p that have none among existing, and reports
// whether it built any.
func instantiateFunctions(prog *ssa.Program, p *packages.Package, existing []*ssa.Function) bool {
	refs := functionRefs(p, existing)
	// Each round drops the references the type checker rejects; the
	// rest still make a package.
	for len(refs) > 0 {
		file, info, tpkg, rejected, err := checkRefs(prog, p, refs)
		if err != nil {
			return false
		}
		if len(rejected) > 0 {
			n := len(refs)
			refs = slices.DeleteFunc(refs, func(r funcRef) bool { return rejected[r.line] })
			if len(refs) == n {
				return false // an error no reference is to blame for
			}
			continue
		}
		return buildInstances(prog, tpkg, file, info)
	}
	return false
}

// funcRef is a reference to a generic function with chosen type
// arguments, as the instances package writes it, on its own line.
type funcRef struct {
	expr string // p.Filter[int]
	line int    // of the reference in the instances package's source
}

// functionRefs lists the references to p's exported generic functions
// that have no instance among existing, in source order.
func functionRefs(p *packages.Package, existing []*ssa.Function) []funcRef {
	have := make(map[types.Object]bool)
	for _, fn := range existing {
		if o := fn.Origin(); o != nil && o.Object() != nil {
			have[o.Object()] = true
		}
	}
	var refs []funcRef
	for _, file := range p.Syntax {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Type.TypeParams == nil || fd.Body == nil || !fd.Name.IsExported() {
				continue
			}
			obj, ok := p.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || have[obj] {
				continue
			}
			args := chosenTypeArgs(obj.Type().(*types.Signature).TypeParams(), p.Types)
			if len(args) == 0 {
				continue
			}
			refs = append(refs, funcRef{expr: "p." + obj.Name() + "[" + strings.Join(args, ", ") + "]"})
		}
	}
	return refs
}

// chosenTypeArgs spells the leading type arguments chosen for tparams,
// the parameters of a function of package home, as the instances
// package writes them: int or string where the constraint admits one,
// else the constraint's single type term with the arguments chosen
// before it put in (S ~[]T after T = int: []int; Go infers no argument
// from a ~ term); the list stops at a parameter that gets neither.
func chosenTypeArgs(tparams *types.TypeParamList, home *types.Package) []string {
	chosen := make(map[string]string) // by type parameter name
	var args []string
	for i := 0; i < tparams.Len(); i++ {
		tp := tparams.At(i)
		arg := ""
		if t := choosableArg(tp); t != nil {
			arg = t.String()
		} else {
			constraint, _ := tp.Constraint().Underlying().(*types.Interface)
			arg = singleTerm(constraint, home, chosen)
		}
		if arg == "" {
			break
		}
		chosen[tp.Obj().Name()] = arg
		args = append(args, arg)
	}
	return args
}

// singleTerm spells the one type term of constraint, with the type
// parameters in it replaced by their chosen arguments, or "" when there
// is not exactly one term or it names a parameter not chosen yet.
func singleTerm(constraint *types.Interface, home *types.Package, chosen map[string]string) string {
	if constraint == nil || constraint.NumEmbeddeds() != 1 || constraint.NumExplicitMethods() != 0 {
		return ""
	}
	term := constraint.EmbeddedType(0)
	if u, ok := term.(*types.Union); ok {
		if u.Len() != 1 {
			return ""
		}
		term = u.Term(0).Type()
	}
	if types.IsInterface(term) {
		return ""
	}
	spelled := types.TypeString(term, func(pkg *types.Package) string {
		if pkg == home {
			return "p"
		}
		return pkg.Name() // not imported: the type checker rejects it
	})
	expr, err := parser.ParseExpr(spelled)
	if err != nil {
		return ""
	}
	ok := true
	ast.Inspect(expr, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			return false // p.Name: not a type parameter
		case *ast.Ident:
			if arg, isParam := chosen[n.Name]; isParam {
				n.Name = arg
			} else if types.Universe.Lookup(n.Name) == nil {
				ok = false // a parameter not chosen yet
			}
		}
		return true
	})
	if !ok {
		return ""
	}
	return types.ExprString(expr)
}

// checkRefs parses and type-checks the instances package for refs,
// numbering each reference's line. rejected holds the lines the type
// checker found an error on.
func checkRefs(prog *ssa.Program, p *packages.Package, refs []funcRef) (file *ast.File, info *types.Info, tpkg *types.Package, rejected map[int]bool, err error) {
	var src strings.Builder
	// The references are kept in a variable, not assigned to _: SSA
	// emits no instruction for a function value that goes nowhere, and
	// the search for instances goes through instructions.
	fmt.Fprintf(&src, "package instances\n\nimport p %q\n\nvar refs = []any{\n", p.PkgPath)
	line := 6
	for i := range refs {
		refs[i].line = line
		fmt.Fprintf(&src, "\t%s,\n", refs[i].expr)
		line++
	}
	src.WriteString("}\n")
	path := instancesPackagePrefix + p.PkgPath
	file, err = parser.ParseFile(prog.Fset, path+"/instances.go", src.String(), 0)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	info = &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
	rejected = make(map[int]bool)
	conf := types.Config{
		Importer: importerFunc(func(importPath string) (*types.Package, error) {
			if importPath == p.PkgPath {
				return p.Types, nil
			}
			return nil, fmt.Errorf("%s is not imported", importPath)
		}),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				rejected[te.Fset.Position(te.Pos).Line] = true
			}
		},
	}
	tpkg, err = conf.Check(path, prog.Fset, []*ast.File{file}, info)
	if err != nil && len(rejected) == 0 {
		return nil, nil, nil, nil, err // an error no reference is to blame for
	}
	return file, info, tpkg, rejected, nil
}

// importerFunc is a types.Importer.
type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// buildInstances adds the checked instances package to prog and builds
// it, which builds the instances it refers to. A panic of the builder
// leaves the program without them.
func buildInstances(prog *ssa.Program, tpkg *types.Package, file *ast.File, info *types.Info) (built bool) {
	defer func() {
		if recover() != nil {
			built = false
		}
	}()
	pkg := prog.CreatePackage(tpkg, []*ast.File{file}, info, false)
	pkg.Build()
	return true
}
