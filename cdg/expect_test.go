package cdg

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// Expectations are comments of the form
//
//	//@ name(args...)
//
// in the fixture packages of testdata/cdg, parsed as Go call expressions.
// Functions are named as ssa.Function.RelString prints them relative to
// the package, as an identifier (F) or a string ("(*T).M", "F$1");
// segments as b3 or "b3[5:]"; outcomes as strings ("b1:true",
// "b2.i4:ok"), qualified with their function in interprocedural
// expectations ("G.b1:true").
//
//	options(noimplicit)        the package is analysed without implicit branches
//	cd(F, seg, outcomes...)    the controllers of seg are exactly these;
//	                           a function with any cd expectation must have
//	                           one for every reachable segment
//	ipdom(F, seg, seg|exit)    the immediate post-dominator of seg
//	noreturn(F) / returns(F)   whether F can return
//	halt(F, outcomes...)       the halt deciders of F are exactly these
//	panics(F, true|false)      whether MayPanic holds for an instruction of F
//	ctx(F, seg, stack(sites...), outcomes...)
//	                           the controllers of seg in the context of the
//	                           call stack (innermost call site first, each
//	                           named "G.b1.i2") are exactly these, qualified
//	anc(F, seg, stack(sites...), outcomes...)
//	                           the same for ContextAncestors: every outcome
//	                           with a control dependence path to seg
type expectation struct {
	pos  token.Position
	name string
	args []ast.Expr
}

func expectations(t *testing.T, p *loader.Package) []expectation {
	t.Helper()
	var out []expectation
	fset := token.NewFileSet()
	for _, f := range syntaxFiles(t, p, fset) {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				text, ok := strings.CutPrefix(c.Text, "//@ ")
				if !ok {
					continue
				}
				e, err := parser.ParseExpr(text)
				call, isCall := e.(*ast.CallExpr)
				if err != nil || !isCall {
					t.Fatalf("%s: bad expectation %q: %v", fset.Position(c.Pos()), text, err)
				}
				name, _ := call.Fun.(*ast.Ident)
				if name == nil {
					t.Fatalf("%s: bad expectation %q", fset.Position(c.Pos()), text)
				}
				out = append(out, expectation{pos: fset.Position(c.Pos()), name: name.Name, args: call.Args})
			}
		}
	}
	return out
}

// syntaxFiles parses the package's files again, into fset, for their
// comments.
func syntaxFiles(t *testing.T, p *loader.Package, fset *token.FileSet) []*ast.File {
	t.Helper()
	var files []*ast.File
	seen := map[string]bool{}
	for _, m := range p.SSA.Members {
		pos := p.SSA.Prog.Fset.Position(m.Pos())
		if pos.Filename == "" || seen[pos.Filename] {
			continue
		}
		seen[pos.Filename] = true
		f, err := parser.ParseFile(fset, pos.Filename, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

func hasOption(t *testing.T, p *loader.Package, opt string) bool {
	for _, e := range expectations(t, p) {
		if e.name == "options" {
			for _, a := range e.args {
				if id, ok := a.(*ast.Ident); ok && id.Name == opt {
					return true
				}
			}
		}
	}
	return false
}

// word is an identifier's name or a string literal's value.
func word(t *testing.T, e expectation, x ast.Expr) string {
	t.Helper()
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.BasicLit:
		if s, err := strconv.Unquote(x.Value); err == nil {
			return s
		}
	}
	t.Fatalf("%s: %s: want a name or a string, got %T", e.pos, e.name, x)
	return ""
}

func words(t *testing.T, e expectation, xs []ast.Expr) []string {
	var out []string
	for _, x := range xs {
		out = append(out, word(t, e, x))
	}
	slices.Sort(out)
	return out
}

func names[T fmt.Stringer](xs []T) []string {
	out := []string{}
	for _, x := range xs {
		out = append(out, x.String())
	}
	slices.Sort(out)
	return out
}

// checker runs the expectations of one package.
type checker struct {
	t     *testing.T
	pkg   *loader.Package
	a     *Analysis
	funcs map[string]*ssa.Function
}

func (c *checker) fn(e expectation, x ast.Expr) *ssa.Function {
	name := word(c.t, e, x)
	fn := c.funcs[name]
	if fn == nil {
		c.t.Fatalf("%s: no function %q", e.pos, name)
	}
	return fn
}

func (c *checker) seg(e expectation, fn *ssa.Function, x ast.Expr) Segment {
	name := word(c.t, e, x)
	for _, s := range c.a.Func(fn).Segments() {
		if s.String() == name {
			return s
		}
	}
	c.t.Fatalf("%s: %s has no reachable segment %s", e.pos, fn, name)
	return Segment{}
}

func (c *checker) qualified(os []Outcome) []string {
	out := []string{}
	for _, o := range os {
		out = append(out, o.QualifiedString(c.pkg.SSA))
	}
	slices.Sort(out)
	return out
}

func (c *checker) run() {
	t := c.t
	covered := map[*ssa.Function]map[string]bool{}
	for _, e := range expectations(t, c.pkg) {
		if e.name == "options" {
			continue
		}
		if len(e.args) == 0 {
			t.Fatalf("%s: %s: no function", e.pos, e.name)
		}
		fn := c.fn(e, e.args[0])
		f := c.a.Func(fn)
		switch e.name {
		case "cd":
			s := c.seg(e, fn, e.args[1])
			if covered[fn] == nil {
				covered[fn] = map[string]bool{}
			}
			covered[fn][s.String()] = true
			if got, want := names(f.Controllers(s)), words(t, e, e.args[2:]); !slices.Equal(got, want) {
				t.Errorf("%s: cd(%s, %s) = %v, want %v", e.pos, fn.Name(), s, got, want)
			}
		case "ipdom":
			s := c.seg(e, fn, e.args[1])
			got := "exit"
			if p, ok := f.IPostDom(s); ok {
				got = p.String()
			}
			if want := word(t, e, e.args[2]); got != want {
				t.Errorf("%s: ipdom(%s, %s) = %s, want %s", e.pos, fn.Name(), s, got, want)
			}
		case "noreturn", "returns":
			if got, want := c.a.NeverReturns(fn), e.name == "noreturn"; got != want {
				t.Errorf("%s: NeverReturns(%s) = %v", e.pos, fn.Name(), got)
			}
		case "halt":
			if got, want := names(f.HaltDeciders()), words(t, e, e.args[1:]); !slices.Equal(got, want) {
				t.Errorf("%s: halt(%s) = %v, want %v", e.pos, fn.Name(), got, want)
			}
		case "panics":
			got := false
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					got = got || MayPanic(instr)
				}
			}
			if want := word(t, e, e.args[1]) == "true"; got != want {
				t.Errorf("%s: some instruction of %s may panic: %v, want %v", e.pos, fn.Name(), got, want)
			}
		case "ctx":
			c.checkContext(e, fn, c.a.ContextControllers)
		case "anc":
			c.checkContext(e, fn, c.a.ContextAncestors)
		default:
			t.Fatalf("%s: unknown expectation %s", e.pos, e.name)
		}
	}
	// Every function with cd expectations must list all its segments.
	for fn, segs := range covered {
		for _, s := range c.a.Func(fn).Segments() {
			if !segs[s.String()] {
				t.Errorf("%s: no cd expectation for segment %s (controllers %v)", fn, s, c.a.Func(fn).Controllers(s))
			}
		}
	}
}

// checkContext: ctx(F, seg, stack(sites...), outcomes...), or anc(...)
// for the transitive closure.
func (c *checker) checkContext(e expectation, fn *ssa.Function, query func([]ssa.CallInstruction, Segment) []Outcome) {
	t := c.t
	s := c.seg(e, fn, e.args[1])
	st, ok := e.args[2].(*ast.CallExpr)
	if !ok || st.Fun.(*ast.Ident).Name != "stack" {
		t.Fatalf("%s: ctx: third argument must be stack(...)", e.pos)
	}
	var stack []ssa.CallInstruction
	for _, x := range st.Args {
		stack = append(stack, c.callSite(e, word(t, e, x)))
	}
	got := c.qualified(query(stack, s))
	if want := words(t, e, e.args[3:]); !slices.Equal(got, want) {
		t.Errorf("%s: %s(%s, %s, %v) = %v, want %v", e.pos, e.name, fn.Name(), s, names(stack), got, want)
	}
}

// callSite finds the call instruction named "G.b1.i2".
func (c *checker) callSite(e expectation, name string) ssa.CallInstruction {
	i := strings.LastIndex(name, ".b")
	if i < 0 {
		c.t.Fatalf("%s: bad call site %q", e.pos, name)
	}
	fn := c.funcs[name[:i]]
	var b, k int
	if fn == nil {
		c.t.Fatalf("%s: no function in call site %q", e.pos, name)
	}
	if _, err := fmt.Sscanf(name[i+1:], "b%d.i%d", &b, &k); err != nil || b >= len(fn.Blocks) || k >= len(fn.Blocks[b].Instrs) {
		c.t.Fatalf("%s: bad call site %q", e.pos, name)
	}
	call, ok := fn.Blocks[b].Instrs[k].(ssa.CallInstruction)
	if !ok {
		c.t.Fatalf("%s: %q is not a call", e.pos, name)
	}
	return call
}

func TestExpectations(t *testing.T) {
	for _, name := range []string{"intra", "implicit", "inter", "maypanic"} {
		t.Run(name, func(t *testing.T) {
			p := fixture(t, name)
			c := &checker{
				t:     t,
				pkg:   p,
				a:     New(p.SSA.Prog, Options{NoImplicitBranches: hasOption(t, p, "noimplicit")}),
				funcs: functions(p.SSA),
			}
			c.run()
		})
	}
}
