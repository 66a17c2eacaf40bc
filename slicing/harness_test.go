package slicing

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// fixture is a program under test with its analysis and relevance.
type fixture struct {
	t    testing.TB
	pkg  *ssa.Package
	a    *cdg.Analysis
	rel  *cdg.Relevance
	w    *walker
	g    *Graph
	snap []*Snapshot
	// rec, when set, receives the calls explore makes instead of g.
	rec *recorder
}

// calls is what explore calls: a Graph, or a recorder.
type calls interface {
	Root(id int, acts []int32, initial *machine.State)
	Fork(parent, child int)
	Step(id int, evs []machine.Event, p *Point)
}

func (fx *fixture) to() calls {
	if fx.rec != nil {
		return fx.rec
	}
	return fx.g
}

// recorder records a run of calls to replay them on fresh graphs.
type recorder struct{ ops []func(g *Graph) }

func (r *recorder) Root(id int, acts []int32, initial *machine.State) {
	r.ops = append(r.ops, func(g *Graph) { g.Root(id, acts, initial) })
}
func (r *recorder) Fork(parent, child int) {
	r.ops = append(r.ops, func(g *Graph) { g.Fork(parent, child) })
}
func (r *recorder) Step(id int, evs []machine.Event, p *Point) {
	r.ops = append(r.ops, func(g *Graph) { g.Step(id, evs, p) })
}
func (r *recorder) End(id int, kind machine.EndKind, cond []expr.Expr) {
	r.ops = append(r.ops, func(g *Graph) { g.End(id, kind, true, false, cond) })
}

func newFixture(t testing.TB, src, root string, opts cdg.Options) *fixture {
	pkg := build(t, src)
	fn := pkg.Func(root)
	if fn == nil {
		t.Fatalf("no function %s", root)
	}
	a := cdg.New(pkg.Prog, opts)
	fx := &fixture{t: t, pkg: pkg, a: a, rel: cdg.NewRelevance(a.Graph(fn)), w: newWalker()}
	fx.g = New(a, fx.rel, Options{Publish: func(s *Snapshot) { fx.snap = append(fx.snap, s) }})
	return fx
}

// block returns block i of function name.
func (fx *fixture) block(name string, i int) *ssa.BasicBlock { return fx.pkg.Func(name).Blocks[i] }

// blockOf returns the block holding the first instruction whose text
// contains s in function name.
func (fx *fixture) blockOf(name, s string) *ssa.BasicBlock {
	for _, b := range fx.pkg.Func(name).Blocks {
		for _, in := range b.Instrs {
			if strings.Contains(in.String(), s) {
				return b
			}
		}
	}
	fx.t.Fatalf("no instruction %q in %s", s, name)
	return nil
}

// coverAllBut covers every segment of the functions in the graph but
// those of the blocks listed: they stay uncovered.
func (fx *fixture) coverAllBut(keep ...*ssa.BasicBlock) {
	for _, m := range fx.pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || len(fn.Blocks) == 0 {
			continue
		}
		for _, s := range fx.a.Func(fn).Segments() {
			if !slices.Contains(keep, s.Block) {
				fx.rel.Cover(s)
			}
		}
	}
}

// paths crafts the steps of several paths of function fn.
// paths crafts the steps of several paths of function fn, with how each
// ends and a path condition of the right length (true for every
// decision: no variables).
func (fx *fixture) paths(fn string, decides ...[]bool) ([][]step, []machine.EndKind, [][]expr.Expr) {
	var out [][]step
	var kinds []machine.EndKind
	var conds [][]expr.Expr
	for _, d := range decides {
		s, k, n := fx.w.path(fx.pkg.Func(fn), d...)
		out = append(out, s)
		kinds = append(kinds, k)
		cond := make([]expr.Expr, n)
		for i := range cond {
			cond[i] = expr.BoolConst(true)
		}
		conds = append(conds, cond)
	}
	return out, kinds, conds
}

func sameEvent(a, b machine.Event) bool {
	return a.Instr == b.Instr && a.Act == b.Act && slices.Equal(a.Reads, b.Reads) &&
		slices.EqualFunc(a.Writes, b.Writes, func(x, y machine.Write) bool { return x.Loc == y.Loc }) &&
		a.Decided == b.Decided && a.Raised == b.Raised && a.Pushed == b.Pushed && a.Popped == b.Popped && a.Opaque == b.Opaque
}

func sameStep(a, b step) bool {
	if !slices.EqualFunc(a.evs, b.evs, sameEvent) || (a.pt == nil) != (b.pt == nil) {
		return false
	}
	return a.pt == nil || (a.pt.at == b.pt.at && slices.Equal(a.pt.Acts, b.pt.Acts))
}

// explore feeds the paths to the graph as the engine would explore them
// as one tree from state id: shared steps once, a fork where they part.
// end is called for each path (by index) when its steps are done.
func (fx *fixture) explore(id int, from int, paths [][]step, idx []int, next *int, end func(id, path int)) {
	k := from
	for {
		if k >= len(paths[0]) {
			break
		}
		all := true
		for _, p := range paths[1:] {
			if k >= len(p) || !sameStep(p[k], paths[0][k]) {
				all = false
			}
		}
		if !all {
			break
		}
		k++
	}
	for _, s := range paths[0][from:k] {
		fx.to().Step(id, s.evs, s.pt)
	}
	if len(paths) == 1 {
		end(id, idx[0])
		return
	}
	// Group the paths by their step k.
	type group struct {
		paths [][]step
		idx   []int
		id    int
	}
	var groups []*group
	for i, p := range paths {
		var gr *group
		for _, g := range groups {
			if k < len(p) && k < len(g.paths[0]) && sameStep(p[k], g.paths[0][k]) {
				gr = g
			}
		}
		if gr == nil {
			gr = &group{}
			groups = append(groups, gr)
		}
		gr.paths = append(gr.paths, p)
		gr.idx = append(gr.idx, idx[i])
	}
	if len(groups) == 1 {
		fx.t.Fatal("explore: paths part nowhere")
	}
	groups[0].id = id
	for _, gr := range groups[1:] {
		*next++
		gr.id = *next
		fx.to().Fork(id, gr.id)
	}
	for _, gr := range groups {
		fx.explore(gr.id, k, gr.paths, gr.idx, next, end)
	}
}

// run explores the paths of fn decided by decides, ending each complete
// and untested unless end says otherwise.
func (fx *fixture) run(fn string, end func(g *Graph, id, path int, kind machine.EndKind, cond []expr.Expr), decides ...[]bool) {
	paths, kinds, conds := fx.paths(fn, decides...)
	idx := make([]int, len(paths))
	for i := range idx {
		idx[i] = i
	}
	fx.to().Root(1, []int32{1}, nil)
	next := 1
	fx.explore(1, 0, paths, idx, &next, func(id, p int) {
		if end != nil {
			end(fx.g, id, p, kinds[p], conds[p])
			return
		}
		if fx.rec != nil {
			fx.rec.End(id, kinds[p], conds[p])
			return
		}
		fx.g.End(id, kinds[p], true, false, conds[p])
	})
}

// name prints a location of snapshot s.
func (fx *fixture) name(s *Snapshot, l machine.Loc) string {
	switch l.Kind {
	case machine.LocObj:
		return fx.w.objName[l.Index]
	case machine.LocPanic:
		return "panic"
	case machine.LocReg:
		act := s.point.p.Acts[l.Act]
		fn := fx.w.actFn[act]
		for v, i := range fx.w.regs[fn] {
			if i == l.Index {
				if len(s.point.p.Acts) > 1 {
					return fmt.Sprintf("%s.%s", fn.Name(), v.Name())
				}
				return v.Name()
			}
		}
	}
	return fmt.Sprint(l)
}

// sets maps each published point, by its block ("Fn.b3"), to its
// relevant locations, printed and sorted.
func (fx *fixture) sets() map[string]string {
	out := map[string]string{}
	for _, s := range fx.snap {
		var names []string
		for _, l := range s.Locs {
			names = append(names, fx.name(s, l))
		}
		sort.Strings(names)
		key := fx.keyOf(s)
		if _, dup := out[key]; dup {
			fx.t.Fatalf("two snapshots at %s", key)
		}
		out[key] = "{" + strings.Join(names, ", ") + "}"
	}
	return out
}

// keyOf names the block of s's point: "Fn.b3".
func (fx *fixture) keyOf(s *Snapshot) string {
	return fmt.Sprintf("%s.b%d", s.point.p.at.Parent().Name(), s.point.p.at.Index)
}
