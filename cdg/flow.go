package cdg

import (
	"golang.org/x/tools/go/ssa"
)

// The flow edges of a Graph say where control may go next, so that
// Relevance.CanCover can tell whether a state may still run code that no
// test covers: a state that cannot is redundant whatever its values are
// (Bugrara and Engler's detector drops states that cannot reach code not
// yet covered; their relevant branches are its control dependence side).
//
// The edges, over the graph's vertices:
//
//   - S → T for each successor T of segment S in its function's
//     control-flow graph (Func: a panic goes to fn.Recover when the
//     function defers a call);
//   - S → the first segment of every function a call or go statement of
//     S may call;
//   - S → the first segment of every function a defer statement of S may
//     call, and defers(F) → the same, for a state whose activation of F
//     has deferred calls pending (they run when it returns or panics);
//   - for a call through a func value that the resolver leaves
//     unresolved (the default one does), S → escape → the first segment
//     of every entry point of the roots' packages (funcvalues.go): the
//     functions through which code the graph does not follow may call
//     back into them. Those functions join the graph.
//
// Returning needs no edge: CanCover takes the whole call stack, each
// activation where it goes on from. That keeps it context-sensitive: a
// state inside fmt.Sprintf reaches what follows its own call site, not
// what follows every call of Sprintf in the graph.
//
// Only the code of the roots' packages counts: the tests
// gosymtest writes are measured on their own package's statements, so
// code elsewhere, such as the standard library's, is no goal in itself.
// It still carries edges: a call into it may call back into the package.

// flowSuccs adds the flow edges from segment s (vertex sv) of f to its
// successors in f.
func (g *Graph) flowSuccs(f *Func, s Segment, sv int) {
	for _, w := range f.g.succs[f.node(s)] {
		if w != f.g.exit && f.reach[w] {
			g.flowEdge(sv, g.vertex(vertex{kind: vSegment, seg: f.segs[w]}))
		}
	}
}

// flowCall adds the flow edges of call site site in the segment of vertex
// sv, whose callees are callees, and which escapes when it is a call
// through a func value that the resolver leaves unresolved; it returns
// the functions the graph must hold besides them.
func (g *Graph) flowCall(site ssa.CallInstruction, sv int, callees []*ssa.Function, escapes bool) []*ssa.Function {
	from := []int{sv}
	if _, ok := site.(*ssa.Defer); ok {
		fn := site.Parent()
		h, ok := g.defers[fn]
		if !ok {
			h = g.newVertex(vertex{kind: vDefers})
			g.defers[fn] = h
		}
		from = append(from, h)
	}
	var more []*ssa.Function
	for _, v := range from {
		for _, callee := range callees {
			g.flowEnter(v, callee)
		}
		if escapes {
			if g.escape < 0 {
				g.escape = g.newVertex(vertex{kind: vEscape})
				for pkg := range g.pkgs {
					for _, fn := range g.a.EntryPoints(pkg) {
						g.flowEnter(g.escape, fn)
						more = append(more, fn)
					}
				}
			}
			g.flowEdge(v, g.escape)
		}
	}
	return more
}

// flowEnter adds the flow edge from v to the first segment of fn.
func (g *Graph) flowEnter(v int, fn *ssa.Function) {
	if len(fn.Blocks) > 0 {
		g.flowEdge(v, g.vertex(vertex{kind: vSegment, seg: Segment{Block: fn.Blocks[0]}}))
	}
}

// unresolved reports whether site is a call through a func value, which
// a resolver found no callees for: a builtin calls no Go code, and an
// interface method call with no callees has no implementation to call.
func unresolved(site ssa.CallInstruction) bool {
	c := site.Common()
	if c.IsInvoke() || c.StaticCallee() != nil {
		return false
	}
	_, builtin := c.Value.(*ssa.Builtin)
	return !builtin
}

func (g *Graph) flowEdge(from, to int) {
	g.flow[from] = append(g.flow[from], int32(to))
}

// counts reports whether vertex v is code whose coverage counts: a
// segment of a root's package.
func (g *Graph) counts(v int) bool {
	x := g.verts[v]
	return x.kind == vSegment && g.pkgs[packageOf(x.seg.Func())]
}

// packageOf is the package that declares fn: for an instantiation of a
// generic function, the generic function's.
func packageOf(fn *ssa.Function) *ssa.Package {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	return fn.Pkg
}

// Resume is where one activation of a call stack goes on from: the
// segment it stands in (for all but the innermost activation, the one
// holding the call site of the activation above it), and whether it has
// deferred calls pending.
type Resume struct {
	At     Segment
	Defers bool
}

// CanCover reports whether a state whose call stack stands at stack
// (outermost first) may still run code of the roots' packages that is
// not covered yet, counting the segments it stands in. A stack that
// leaves the graph may.
//
// Coverage only grows: once false for a stack, it stays false.
func (r *Relevance) CanCover(stack []Resume) bool { return r.stackReaches(r.flow, stack, false) }

// stackReaches reports whether, from where some activation of stack goes
// on, or from its deferred calls, the flow edges lead to a target that l
// counts as not covered yet; a stack that leaves r's part of the graph
// may, or with beyond, only one that leaves the graph: l must then count
// no target outside r's part.
func (r *Relevance) stackReaches(l *live, stack []Resume, beyond bool) bool {
	known := func(v int) bool { return beyond || r.holds(v) }
	for _, f := range stack {
		v, ok := r.g.seg[f.At]
		if !ok || !known(v) || l.reaches(v) {
			return true
		}
		if f.Defers {
			h, ok := r.g.defers[f.At.Func()]
			if !ok || !known(h) || l.reaches(h) {
				return true
			}
		}
	}
	return false
}
