package pointer

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// Expectations are written in the fixtures as comments
//
//	//@ pointsto("alloc@L12", "global:g")   points-to set of the first argument of the print call on this line
//	//@ mod("alloc@L12.f")                   union of the mod sets of the stores, map updates, sends and calls on this line
//	//@ calls("(*T).M", "f$1")               union of the callees of the calls on this line (print excluded)
//	//@ funcmod("global:G")                  transitive mod set of the function declared on this line
//
// several separated by commas. Each names the exact set, sorted or not:
// a missing label is a soundness bug, an extra one a precision loss the
// fixture does not expect. Labels are object labels (Object.String) and
// selector paths; lines are absolute lines of the same file.
type expectation struct {
	pos  token.Position
	kind string
	want []string
}

const fixtures = "./testdata/pointer/..."

func loadFixtures(t testing.TB) *loader.Program { return loadProgram(t, fixtures) }

// parseExpectations reads the //@ comments of every Go file in dir.
func parseExpectations(t *testing.T, dir string) []expectation {
	var out []expectation
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	fset := token.NewFileSet()
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				text, ok := strings.CutPrefix(c.Text, "//@")
				if !ok {
					continue
				}
				// A plain comment may follow the notes.
				if i := strings.Index(text, "//"); i >= 0 {
					text = text[:i]
				}
				// The notes are a list of calls: parse them as the
				// elements of a composite literal.
				e, err := parser.ParseExpr("[]any{" + text + "}")
				if err != nil {
					t.Fatalf("%s: bad expectation %q: %v", fset.Position(c.Pos()), text, err)
				}
				for _, elt := range e.(*ast.CompositeLit).Elts {
					call, ok := elt.(*ast.CallExpr)
					if !ok {
						t.Fatalf("%s: expectation is not a call: %q", fset.Position(c.Pos()), text)
					}
					ex := expectation{pos: fset.Position(c.Pos()), kind: call.Fun.(*ast.Ident).Name, want: []string{}}
					for _, arg := range call.Args {
						lit, ok := arg.(*ast.BasicLit)
						if !ok || lit.Kind != token.STRING {
							t.Fatalf("%s: arguments must be strings", ex.pos)
						}
						ex.want = append(ex.want, constant.StringVal(constant.MakeFromLiteral(lit.Value, lit.Kind, 0)))
					}
					out = append(out, ex)
				}
			}
		}
	}
	return out
}

// fixtureFunctions lists the functions of the fixture packages
// (instantiations and closures included).
func fixtureFunctions(p *loader.Program) []*ssa.Function {
	var out []*ssa.Function
	inFixtures := func(fn *ssa.Function) bool {
		return fn.Pkg != nil && strings.Contains(fn.Pkg.Pkg.Path(), "testdata/pointer")
	}
	seen := map[*ssa.Function]bool{}
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if seen[fn] {
			return
		}
		seen[fn] = true
		out = append(out, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, pkg := range p.Packages {
		for _, m := range pkg.SSA.Members {
			if fn, ok := m.(*ssa.Function); ok {
				add(fn)
			}
		}
		for _, fn := range pkg.Targets {
			add(fn)
		}
	}
	// Methods, instantiations and wrappers.
	for fn := range allFunctions(p.SSA) {
		if inFixtures(fn) || fn.Origin() != nil && inFixtures(fn.Origin()) {
			add(fn)
		}
	}
	return out
}

// allFunctions yields the functions of the program reachable from the
// package members and the methods of their types.
func allFunctions(prog *ssa.Program) map[*ssa.Function]bool {
	all := map[*ssa.Function]bool{}
	for _, pkg := range prog.AllPackages() {
		for _, m := range pkg.Members {
			switch m := m.(type) {
			case *ssa.Function:
				all[m] = true
			case *ssa.Type:
				for _, t := range []types_Type{m.Type(), ptrTo(m.Type())} {
					ms := prog.MethodSets.MethodSet(t)
					for i := 0; i < ms.Len(); i++ {
						if fn := prog.MethodValue(ms.At(i)); fn != nil {
							all[fn] = true
						}
					}
				}
			}
		}
	}
	// Instantiations, closures and wrappers are found from the callers.
	work := make([]*ssa.Function, 0, len(all))
	for fn := range all {
		work = append(work, fn)
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var rands []*ssa.Value
				for _, op := range instr.Operands(rands) {
					if op == nil {
						continue
					}
					if g, ok := (*op).(*ssa.Function); ok && !all[g] {
						all[g] = true
						work = append(work, g)
					}
				}
			}
		}
	}
	return all
}

// entries are the fixture functions named Entry*.
func entries(p *loader.Program) []*ssa.Function {
	var out []*ssa.Function
	for _, pkg := range p.Packages {
		for _, fn := range pkg.Targets {
			if strings.HasPrefix(fn.Name(), "Entry") {
				out = append(out, fn)
			}
		}
	}
	return out
}

func analyzeFixtures(t testing.TB, mode Mode) (*loader.Program, *Result) {
	p := loadFixtures(t)
	r, err := Analyze(Config{Program: p.SSA, Entries: entries(p), Mode: mode})
	if err != nil {
		t.Fatal(err)
	}
	return p, r
}

// instrsAt indexes the instructions of the fixture functions by file and
// line.
func instrsAt(p *loader.Program) map[string][]ssa.Instruction {
	out := map[string][]ssa.Instruction{}
	fset := p.SSA.Fset
	for _, fn := range fixtureFunctions(p) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				pos := instr.Pos()
				if c, ok := instr.(ssa.CallInstruction); ok {
					pos = c.Common().Pos()
				}
				if !pos.IsValid() {
					continue
				}
				position := fset.Position(pos)
				key := position.Filename + ":" + itoa(position.Line)
				out[key] = append(out[key], instr)
			}
		}
	}
	return out
}

func TestExpectations(t *testing.T) {
	p, r := analyzeFixtures(t, Andersen)
	at := instrsAt(p)
	funcsAt := map[string][]*ssa.Function{}
	for _, fn := range fixtureFunctions(p) {
		if fn.Pos().IsValid() {
			pos := p.SSA.Fset.Position(fn.Pos())
			key := pos.Filename + ":" + itoa(pos.Line)
			funcsAt[key] = append(funcsAt[key], fn)
		}
	}
	var pkg *ssa.Package
	for _, lp := range p.Packages {
		pkg = lp.SSA
	}
	checked := 0
	for _, lp := range p.Packages {
		for _, ex := range parseExpectations(t, lp.Dir) {
			key := ex.pos.Filename + ":" + itoa(ex.pos.Line)
			var got []string
			switch ex.kind {
			case "pointsto":
				found := false
				for _, instr := range at[key] {
					if c, ok := instr.(*ssa.Call); ok && isPrint(c) {
						found = true
						got = append(got, r.PointsTo(c.Call.Args[0]).Strings()...)
					}
				}
				if !found {
					t.Errorf("%s: no print call for pointsto", ex.pos)
					continue
				}
			case "mod":
				for _, instr := range at[key] {
					if c, ok := instr.(*ssa.Call); ok && isPrint(c) {
						continue
					}
					for _, l := range r.Mod(instr) {
						got = append(got, l.String())
					}
				}
			case "calls":
				for _, instr := range at[key] {
					c, ok := instr.(ssa.CallInstruction)
					if !ok || c.Common().IsInvoke() == false && isBuiltin(c) {
						continue
					}
					for _, fn := range r.Callees(c) {
						got = append(got, fn.RelString(pkg.Pkg))
					}
				}
			case "funcmod":
				fns := funcsAt[key]
				if len(fns) == 0 {
					t.Errorf("%s: no function declared here", ex.pos)
					continue
				}
				for _, fn := range fns {
					for _, l := range r.FuncMod(fn) {
						got = append(got, l.String())
					}
				}
			default:
				t.Errorf("%s: unknown expectation %q", ex.pos, ex.kind)
				continue
			}
			got = sortedUnique(got)
			want := sortedUnique(ex.want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: %s = %q, want %q", ex.pos, ex.kind, got, want)
			}
			checked++
		}
	}
	if checked < 40 {
		t.Errorf("only %d expectations checked; fixtures not found?", checked)
	}
	t.Logf("%d expectations checked", checked)
}

func isPrint(c *ssa.Call) bool {
	b, ok := c.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "print"
}

func isBuiltin(c ssa.CallInstruction) bool {
	_, ok := c.Common().Value.(*ssa.Builtin)
	return ok
}

func sortedUnique(s []string) []string {
	s = append([]string{}, s...)
	sort.Strings(s)
	return slices.Compact(s)
}
