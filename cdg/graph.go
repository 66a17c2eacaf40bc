package cdg

import (
	"golang.org/x/tools/go/ssa"
)

// Graph is the context-insensitive interprocedural control dependence
// graph of every function reachable from a set of roots through call
// edges (Analysis.Callees: static callees, and the resolver for dynamic
// calls). It is what Relevance runs on.
//
// Its vertices are reachable segments, branch outcomes, and two hubs per
// function, entry(F) and halt(F), that keep the edge count linear. Edges
// u → v mean "u may decide whether v runs":
//
//   - O → S when segment S is control dependent on outcome O in its
//     function;
//   - S → O for the outcomes of the branch that ends segment S (a branch
//     runs when its segment does);
//   - S → entry(F) → R for each call site in S, each callee F and each
//     segment R of F that runs whenever F is entered (no intraprocedural
//     controllers): whatever controls a call site controls the callee;
//   - S → escape → entry(F) for each call through a func value in S that
//     the resolver leaves unresolved, and each entry point F of the
//     roots' packages (flow.go): the call may run any of them, so
//     whatever controls it controls them;
//   - O → halt(F) for F's HaltDeciders, and halt(F) → what runs after
//     each call site of F: the outcomes of the call's implicit branch
//     (the code after the call depends on its ok outcome, and if the
//     caller halts in turn its halt deciders include that branch, which
//     carries the dependence on to its own callers). Without implicit
//     branches the call is no branch, so halt(F) → every segment of the
//     caller reachable from the call's segment, and → halt(caller).
//
// The halt edges are Sinha, Harrold and Rothermel's interprocedural
// dependence for embedded halts: a branch that decides a halt decides
// whether anything statically reachable after it runs.
//
// A second set of edges, the flow edges, says where control may go next
// (flow.go), for Relevance.CanCover.
type Graph struct {
	a     *Analysis
	funcs []*ssa.Function
	index map[*ssa.Function]int

	seg   map[Segment]int
	out   map[Outcome]int
	entry map[*ssa.Function]int
	halt  map[*ssa.Function]int
	verts []vertex
	succ  [][]int32

	// The flow edges (flow.go), over the same vertices, and what they
	// need besides segments.
	flow   [][]int32
	defers map[*ssa.Function]int
	escape int // -1 until a call needs it
	pkgs   map[*ssa.Package]bool

	// What a Relevance of one of many roots needs to tell the part of
	// the graph that root reaches (closure.go): each vertex's function
	// (an index into funcs; -1 for the escape vertex), each function's
	// callees, whether it calls through a func value into escape, and
	// the functions escape leads to.
	owner    []int32
	calls    [][]int32
	escapes  []bool
	escapeTo []int32
}

type vertexKind uint8

const (
	vSegment vertexKind = iota
	vOutcome
	vEntry
	vHalt
	vDefers // the deferred calls of a function (flow edges only)
	vEscape // where an unresolved call through a func value may lead
)

type vertex struct {
	kind vertexKind
	seg  Segment
	out  Outcome
}

// Graph builds the interprocedural graph of the functions reachable from
// roots.
func (a *Analysis) Graph(roots ...*ssa.Function) *Graph {
	g := &Graph{
		a:     a,
		index: map[*ssa.Function]int{},
		seg:   map[Segment]int{},
		out:   map[Outcome]int{},
		entry: map[*ssa.Function]int{},
		halt:  map[*ssa.Function]int{},

		defers: map[*ssa.Function]int{},
		escape: -1,
		pkgs:   map[*ssa.Package]bool{},
	}
	type callSite struct {
		site ssa.CallInstruction
		seg  Segment
	}
	callers := map[*ssa.Function][]callSite{}
	for _, r := range roots {
		g.addFunc(r)
		g.pkgs[packageOf(r)] = true
	}
	// g.funcs grows as callees are found.
	for i := 0; i < len(g.funcs); i++ {
		fn := g.funcs[i]
		f := a.Func(fn)
		g.hubs(fn)
		for _, s := range f.Segments() {
			sv := g.vertex(vertex{kind: vSegment, seg: s})
			for _, o := range f.Controllers(s) {
				g.edge(g.vertex(vertex{kind: vOutcome, out: o}), sv)
			}
			if len(f.Controllers(s)) == 0 {
				g.edge(g.entry[fn], sv)
			}
			g.flowSuccs(f, s, sv)
			for _, site := range segmentCalls(f, s) {
				callees := a.Callees(site)
				for _, callee := range callees {
					g.addFunc(callee)
					g.calls[i] = append(g.calls[i], int32(g.index[callee]))
					g.hubs(callee)
					g.edge(sv, g.entry[callee])
					if _, isCall := site.(*ssa.Call); isCall {
						callers[callee] = append(callers[callee], callSite{site, s})
					}
				}
				// Escape's control dependence edges, and what a
				// Relevance of one root needs to know of it
				// (closure.go); flowCall makes the vertex.
				escapes := len(callees) == 0 && unresolved(site)
				for _, fn := range g.flowCall(site, sv, callees, escapes) {
					g.addFunc(fn)
					g.hubs(fn)
					g.edge(g.escape, g.entry[fn])
					g.escapeTo = append(g.escapeTo, int32(g.index[fn]))
				}
				if escapes {
					g.edge(sv, g.escape)
					g.escapes[i] = true
				}
			}
		}
		for _, b := range f.Branches() {
			sv := g.seg[f.BranchSegment(b)]
			for _, o := range f.Outcomes(b) {
				g.edge(sv, g.vertex(vertex{kind: vOutcome, out: o}))
			}
		}
		for _, o := range f.HaltDeciders() {
			g.edge(g.vertex(vertex{kind: vOutcome, out: o}), g.halt[fn])
		}
	}
	g.findOwners()
	// Halt edges, now that every function is in.
	for _, fn := range g.funcs {
		if !a.Func(fn).Halts() {
			continue
		}
		for _, cs := range callers[fn] {
			caller := a.Func(cs.site.Parent())
			if br := (Branch{Block: cs.site.Block(), Index: instrIndex(cs.site)}); caller.isBranch(br) {
				for _, o := range caller.Outcomes(br) {
					g.edge(g.halt[fn], g.vertex(vertex{kind: vOutcome, out: o}))
				}
				continue
			}
			for _, s := range caller.reachableFrom(cs.seg) {
				g.edge(g.halt[fn], g.seg[s])
			}
			g.edge(g.halt[fn], g.halt[caller.Fn])
		}
	}
	return g
}

func (g *Graph) addFunc(fn *ssa.Function) {
	if _, ok := g.index[fn]; !ok {
		g.index[fn] = len(g.funcs)
		g.funcs = append(g.funcs, fn)
		g.calls = append(g.calls, nil)
		g.escapes = append(g.escapes, false)
	}
}

func (g *Graph) hubs(fn *ssa.Function) {
	if _, ok := g.entry[fn]; !ok {
		g.entry[fn] = g.newVertex(vertex{kind: vEntry})
		g.halt[fn] = g.newVertex(vertex{kind: vHalt})
	}
}

func (g *Graph) newVertex(v vertex) int {
	g.verts = append(g.verts, v)
	g.succ = append(g.succ, nil)
	g.flow = append(g.flow, nil)
	return len(g.verts) - 1
}

// vertex returns the vertex of a segment or outcome, adding it if new.
func (g *Graph) vertex(v vertex) int {
	switch v.kind {
	case vSegment:
		if id, ok := g.seg[v.seg]; ok {
			return id
		}
		id := g.newVertex(v)
		g.seg[v.seg] = id
		return id
	case vOutcome:
		if id, ok := g.out[v.out]; ok {
			return id
		}
		id := g.newVertex(v)
		g.out[v.out] = id
		return id
	}
	panic("cdg: hub vertices are made by hubs and flowCall")
}

func (g *Graph) edge(from, to int) {
	g.succ[from] = append(g.succ[from], int32(to))
}

// Funcs lists the functions of the graph: the roots, then their callees
// in the order they were found.
func (g *Graph) Funcs() []*ssa.Function { return g.funcs }

// Analysis is the analysis the graph was built from.
func (g *Graph) Analysis() *Analysis { return g.a }

// Contains reports whether s is a reachable segment of a function of g.
func (g *Graph) Contains(s Segment) bool {
	_, ok := g.seg[s]
	return ok
}

// segmentCalls lists the call instructions (call, go, defer) of s.
func segmentCalls(f *Func, s Segment) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	v := f.node(s)
	end := len(s.Block.Instrs)
	if v+1 < len(f.segs) && f.segs[v+1].Block == s.Block {
		end = f.segs[v+1].Start
	}
	for _, instr := range s.Block.Instrs[s.Start:end] {
		if c, ok := instr.(ssa.CallInstruction); ok {
			out = append(out, c)
		}
	}
	return out
}

func instrIndex(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

// isBranch reports whether b is a conditional node of f.
func (f *Func) isBranch(b Branch) bool {
	s, ok := f.SegmentOf(b.Instr())
	if !ok {
		return false
	}
	v := f.node(s)
	return v >= 0 && f.reach[v] && f.branch[v] == b.Index
}

// reachableFrom lists the segments reachable from s by one or more
// edges.
func (f *Func) reachableFrom(s Segment) []Segment {
	start := f.node(s)
	if start < 0 {
		return nil
	}
	seen := make([]bool, len(f.g.succs))
	var out []Segment
	work := []int{start}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, w := range f.g.succs[v] {
			if w != f.g.exit && !seen[w] {
				seen[w] = true
				out = append(out, f.segs[w])
				work = append(work, w)
			}
		}
	}
	return out
}
