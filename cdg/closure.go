package cdg

import (
	"sort"
	"sync"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// Building a function's Graph is most of what a Relevance costs, and the
// graphs of one package's functions are mostly the same graph: a call
// through a func value leads, through the escape vertex, to every entry
// point of the package and whatever they call (much of fmt and reflect,
// for a package that formats). So Analysis.Relevance builds one graph per
// package, rooted at all of the package's functions, and gives each
// function a Relevance over the part of it that the function reaches.
//
// That part is exactly the function's own graph. Graph adds a function's
// vertices and edges the same way whatever the roots are; only two
// things depend on which functions the graph holds: the halt edges, which
// lead from a callee to what runs after each of its call sites in the
// graph, and the escape vertex, which exists when a function of the graph
// calls through a func value. So the function's graph is the package
// graph's subgraph induced by the vertices of the functions the root
// reaches through calls (and, through escape, the entry points): a halt
// edge into a caller the root never reaches is left out with the caller.
//
// The flow edges never leave that part (they follow calls, not returns),
// so its strongly connected components over them are the package graph's:
// the flow counts are computed once per package and cloned. The control
// dependence edges do leave it (halt edges lead to callers), so their
// components are computed for each function, over its part only.

// packageGraph is the graph of one package's functions, built once, and
// the flow counts of it that every Relevance over it starts from.
type packageGraph struct {
	once sync.Once
	g    *Graph
	flow *live
}

// Relevance returns a Relevance of fn's graph: it answers as
// NewRelevance(a.Graph(fn)) would, but shares the graph, and the flow
// edges' condensation, with the other functions of fn's package.
func (a *Analysis) Relevance(fn *ssa.Function) *Relevance {
	pkg := packageOf(fn)
	a.mu.Lock()
	pg, ok := a.pkgGraphs[pkg]
	if !ok {
		pg = &packageGraph{}
		a.pkgGraphs[pkg] = pg
	}
	a.mu.Unlock()
	pg.once.Do(func() {
		pg.g = a.Graph(a.declared(pkg)...)
		pg.flow, _ = newLive(pg.g.flow, pg.g.counts, nil)
	})
	root, ok := pg.g.index[fn]
	if !ok {
		// Not a function the package declares, such as an
		// instantiation that only another package uses.
		return NewRelevance(a.Graph(fn))
	}
	in := pg.g.reachedFrom(root)
	r := newRelevance(pg.g, in)
	r.flow = pg.flow.clone()
	r.open = pg.flow.clone()
	return r
}

// declared lists the functions whose code is pkg's, in a fixed order.
func (a *Analysis) declared(pkg *ssa.Package) []*ssa.Function {
	ep := a.entryPoints
	ep.once.Do(ep.collect)
	fns := append([]*ssa.Function(nil), ep.declared[pkg]...)
	sort.Slice(fns, func(i, j int) bool {
		if c := loader.ComparePos(pkg.Prog.Fset, fns[i].Pos(), fns[j].Pos()); c != 0 {
			return c < 0
		}
		return fns[i].String() < fns[j].String()
	})
	return fns
}

// findOwners records the function of each vertex, once the graph is
// built.
func (g *Graph) findOwners() {
	g.owner = make([]int32, len(g.verts))
	for v, x := range g.verts {
		switch x.kind {
		case vSegment:
			g.owner[v] = int32(g.index[x.seg.Func()])
		case vOutcome:
			g.owner[v] = int32(g.index[x.out.Branch.Func()])
		default:
			g.owner[v] = -1
		}
	}
	for _, hubs := range []map[*ssa.Function]int{g.entry, g.halt, g.defers} {
		for fn, v := range hubs {
			g.owner[v] = int32(g.index[fn])
		}
	}
}

// reachedFrom is the mask of the vertices of the functions that funcs[root]
// reaches through calls, escape included.
func (g *Graph) reachedFrom(root int) []bool {
	reached, escape := g.funcsFrom(root, nil)
	in := make([]bool, len(g.verts))
	for v, f := range g.owner {
		in[v] = f >= 0 && reached[f] || f < 0 && escape
	}
	return in
}

// funcsFrom is the mask of the functions that funcs[root] reaches through
// calls, escape included, not going on through a function for which
// stop holds (nil: none); escape tells whether the escape vertex is
// among what it reaches.
func (g *Graph) funcsFrom(root int, stop func(f int32) bool) (reached []bool, escape bool) {
	reached = make([]bool, len(g.funcs))
	reached[root] = true
	for work := []int32{int32(root)}; len(work) > 0; {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		next := g.calls[f]
		if g.escapes[f] && !escape {
			escape = true
			next = append(next[:len(next):len(next)], g.escapeTo...)
		}
		for _, c := range next {
			if !reached[c] && (stop == nil || !stop(c)) {
				reached[c] = true
				work = append(work, c)
			}
		}
	}
	return reached, escape
}
