package pointer

import (
	"testing"
	"time"

	"golang.org/x/tools/go/ssa"
)

// The whole program behind go/parser, standard library included: the
// analysis must finish, report the unsafe code and bodiless functions
// of the standard library, find the parser's own allocations, and the
// type-based mode must cover the Andersen mod sets of the parser's
// stores.
func TestGoParserProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the standard library")
	}
	p := loadProgram(t, "go/parser")
	start := time.Now()
	and, err := Analyze(Config{Program: p.SSA, Entries: targets(p)})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Andersen: %v, %d nodes, %d reachable functions, %d warnings", time.Since(start), len(and.a.nodes), len(and.a.funcs), len(and.Warnings))
	tb, err := Analyze(Config{Program: p.SSA, Entries: targets(p), Mode: TypeBased})
	if err != nil {
		t.Fatal(err)
	}

	cats := map[string]int{}
	for _, w := range and.Warnings {
		cats[w.Category]++
	}
	t.Logf("warnings by category: %v", cats)
	if cats[WarnUnsafe] == 0 || cats[WarnNoBody] == 0 {
		t.Errorf("expected unsafe and no-body warnings from the standard library, got %v", cats)
	}

	// parser.ParseFile returns an *ast.File allocated in go/parser.
	var parserPkg *ssa.Package
	for _, lp := range p.Packages {
		if lp.Path == "go/parser" {
			parserPkg = lp.SSA
		}
	}
	parseFile := parserPkg.Func("ParseFile")
	var fileRes ssa.Value
	for _, b := range parseFile.Blocks {
		for _, instr := range b.Instrs {
			if ret, ok := instr.(*ssa.Return); ok {
				fileRes = ret.Results[0]
			}
		}
	}
	pts := and.PointsTo(fileRes)
	fromParser := false
	for _, o := range pts.Objects() {
		if o.Site != nil && o.Site.Parent() != nil && o.Site.Parent().Pkg == parserPkg {
			fromParser = true
		}
	}
	if !fromParser {
		t.Errorf("ParseFile's result points to %v, want an allocation in go/parser", pts.Strings())
	}

	// Coverage and mean mod-set sizes on the parser's direct stores. To
	// compare like with like, a type-based mod set is measured by the
	// number of Andersen cells it may touch.
	var cellsByAbs = map[Location]int{}
	for _, o := range and.Objects() {
		for i, c := range o.layout {
			if !c.header {
				cellsByAbs[canonical(tb, abstractLoc(Location{Obj: o, off: int32(i), n: 1}))]++
			}
		}
	}
	covered := map[Location]int{}
	coveredCells := func(m Location) int {
		if n, ok := covered[m]; ok {
			return n
		}
		n := 0
		for abs, k := range cellsByAbs {
			if typeLocAlias(m, abs) {
				n += k
			}
		}
		covered[m] = n
		return n
	}
	stores, andCells, tbCells, uncovered := 0, 0, 0, 0
	for _, fn := range and.a.order {
		if fn.Pkg != parserPkg {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr.(type) {
				case *ssa.Store, *ssa.MapUpdate:
				default:
					continue
				}
				am, tm := and.Mod(instr), tb.Mod(instr)
				stores++
				andCells += len(am)
				for _, m := range tm {
					tbCells += coveredCells(m)
				}
				for _, l := range am {
					ok := false
					for _, m := range tm {
						if tb.MayAlias(m, l) {
							ok = true
							break
						}
					}
					if !ok {
						uncovered++
						if uncovered < 5 {
							t.Errorf("%s: %s: %s not covered by %v", p.SSA.Fset.Position(instr.Pos()), instr, l, tm)
						}
					}
				}
			}
		}
	}
	if stores < 100 {
		t.Fatalf("only %d stores in go/parser", stores)
	}
	t.Logf("%d stores in go/parser: mean mod-set size Andersen %.2f cells, type-based %.2f cells (%d uncovered)",
		stores, float64(andCells)/float64(stores), float64(tbCells)/float64(stores), uncovered)
}

// canonical interns a type-based location so that equal ones compare
// equal as map keys.
func canonical(r *Result, l Location) Location {
	l.Obj = r.tb.typeObject(l.Obj.Type)
	return l
}
