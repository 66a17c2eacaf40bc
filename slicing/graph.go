package slicing

import (
	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// Options configure a Graph.
type Options struct {
	// Publish receives each snapshot as soon as it is known (see
	// Snapshot).
	Publish func(*Snapshot)
	// NoRefine records no provenance: every relevant location counts as
	// relevant for good, and Snapshot.Refine keeps it (§3.4 off).
	NoRefine bool
	// Unsound also slices through data and control dependences alone,
	// without the potential ones, and publishes those snapshots too, with
	// Snapshot.Unsound set: only for the search heuristic of §3.6, never
	// for pruning.
	Unsound bool
	// Mod, when set, narrows the potential dependences of §3.2.1 by a
	// mod analysis: an outcome a path did not take makes its branch
	// relevant only for the objects its writes may reach. Without it, a
	// write under the outcome may reach every object (modsets.go).
	Mod ModSets
}

// kinds is how many slices the graph computes: the sound one, and with
// Options.Unsound the unsound one.
func (g *Graph) kinds() int {
	if g.opts.Unsound {
		return 2
	}
	return 1
}

// Graph is the state tree and dynamic dependence graph of one
// exploration round (§3.2.1). It is not safe for concurrent use.
type Graph struct {
	a      *cdg.Analysis
	rel    *cdg.Relevance
	opts   Options
	st     *static
	states map[int]*pathState
	seq    int64
	vars   varCache
	provs  *provTable
	// epoch counts the coverings that made some branch irrelevant: a
	// snapshot refined at an older epoch may refine further.
	epoch int
}

// New returns the graph of one exploration round. a gives control
// dependence; rel the relevant static branches (cdg.Relevance over
// a.Graph(fn)), which the graph also updates as tested paths cover code.
func New(a *cdg.Analysis, rel *cdg.Relevance, opts Options) *Graph {
	return &Graph{a: a, rel: rel, opts: opts, st: newStatic(a), states: map[int]*pathState{}, vars: varCache{}, provs: newProvTable()}
}

// Root starts the path of state id (an initial state). acts are its
// frames' activations, outermost first. initial is a frozen copy of the
// state (s.Frozen()): a location no event on the path has written holds
// initial.ValueAt(loc with Act replaced by its depth in acts) (objects:
// Act 0). initial may be nil: such locations then hold nil.
func (g *Graph) Root(id int, acts []int32, initial *machine.State) {
	n := &node{root: &rootInfo{acts: append([]int32(nil), acts...), initial: initial}, live: true}
	ps := &pathState{node: n, acts: map[int32]*actState{}}
	var fns []*ssa.Function
	if initial != nil {
		fns = initial.Funcs()
	}
	for d, act := range acts {
		ps.acts[act] = &actState{last: map[cdg.Branch]int64{}}
		if d < len(fns) {
			ps.acts[act].fn = fns[d]
		}
	}
	g.states[id] = ps
}

// Fork starts child's path where parent's stands now (called during the
// parent's step; the events of that step come afterwards through Step,
// separately for parent and for child).
func (g *Graph) Fork(parent, child int) {
	ps := g.states[parent]
	if ps == nil {
		return
	}
	n := ps.node
	stay := &node{parent: n, root: n.root, live: true}
	away := &node{parent: n, root: n.root, live: true}
	n.live = false
	n.pending += 2
	cs := ps.fork()
	ps.node, cs.node = stay, away
	g.states[child] = cs
}

// Point is a match point: the state's context, its activations there
// (outermost first), and the length of its path condition there.
type Point struct {
	Ctx     machine.Context
	Acts    []int32
	CondLen int

	// at is the block the state stands at when Ctx has no frames (tests
	// build points without a state).
	at *ssa.BasicBlock
}

// Step appends the events of one step of state id. When p is not nil the
// state then stands at a match point. The graph keeps the events' Reads
// and Writes: the caller must not reuse them.
func (g *Graph) Step(id int, evs []machine.Event, p *Point) {
	ps := g.states[id]
	if ps == nil {
		return
	}
	n := ps.node
	for _, ev := range evs {
		if ev.Lost {
			// A continuation was dropped undecided: the subtree is not
			// all explored, so nothing above it may be matched.
			n.bad = true
		}
		g.seq++
		r := &evRec{ev: ev, id: g.seq}
		g.advance(ps, r)
		n.events = append(n.events, r)
	}
	if p != nil {
		pt := &pointRec{pos: len(n.events), p: *p, ctrl: g.pointCtrl(ps, p)}
		pt.p.Acts = append([]int32(nil), p.Acts...)
		n.points = append(n.points, pt)
		ps.last = pt
	}
}

// End ends id's path. complete says the path ended by return or panic
// with nothing concretized, so nothing below it was cut. tested says its
// test replayed: every instruction it ran is then covered, before
// slicing. cond is the path condition at the end (its prefixes are the
// conditions at earlier points: cond[:Point.CondLen]).
func (g *Graph) End(id int, kind machine.EndKind, complete, tested bool, cond []expr.Expr) {
	ps, n := g.stop(id, cond, tested)
	if ps == nil {
		return
	}
	if !complete || (kind != machine.EndReturn && kind != machine.EndPanic) {
		n.bad = true
		g.finish(n)
		return
	}
	s := newBackState(g.provs)
	if kind == machine.EndPanic {
		// §3.2.3's step 3: an embedded halt depends on the branches
		// that decide it, whatever gets covered later.
		if r := ps.raised; r != nil {
			if r.info != nil && r.info.isBranch {
				s.control(r.id, provAlways)
			}
			if r.ctrl != 0 {
				s.control(r.ctrl, provAlways)
			}
		}
	}
	g.endWith(n, s)
}

// Ran records that state id ran instr in a step that gave no event: the
// Return with which its path ended (machine.State.Final). It counts as
// covered with the rest of the path, when the path is tested.
func (g *Graph) Ran(id int, instr ssa.Instruction) {
	if ps := g.states[id]; ps != nil {
		ps.node.ran = append(ps.node.ran, instr)
	}
}

// Unreaching ends id's path where it stands, at a point from which no
// code that counts and is left uncovered can be reached
// (cdg.Relevance.CanCover). Nothing the path could do next would cover
// anything, now or once more code is covered, so, like a path that
// returned, it needs nothing at its end. tested says a test now runs the
// path up to there.
func (g *Graph) Unreaching(id int, cond []expr.Expr, tested bool) {
	if _, n := g.stop(id, cond, tested); n != nil {
		g.endWith(n, newBackState(g.provs))
	}
}

// endWith ends the path of leaf n, which needs s at its end, and slices
// what has finished.
func (g *Graph) endWith(n *node, s backState) {
	for k := 0; k < g.kinds(); k++ {
		n.acc[k].merge(s.clone())
	}
	g.finish(n)
}

// Pruned ends id's path at its last point, where the detector matched it
// to snap (§3.2.4, step 6: that point's relevant set is snap's, and the
// path counts as complete). tested says a test now runs the path up to
// there: its instructions are covered.
func (g *Graph) Pruned(id int, snap *Snapshot, cond []expr.Expr, tested bool) {
	ps, n := g.stop(id, cond, tested)
	if ps == nil {
		return
	}
	pt := ps.last
	if pt == nil || snap == nil || pt.ctrl < 0 || len(n.points) == 0 || n.points[len(n.points)-1] != pt {
		// The point is not where the path stands: nothing to build on.
		n.bad = true
		g.finish(n)
		return
	}
	s := newBackState(g.provs)
	why := provNone
	for i, l := range snap.Locs {
		if l.Kind == machine.LocReg || l.Kind == machine.LocDefer {
			if int(l.Act) >= len(pt.p.Acts) {
				n.bad = true
				g.finish(n)
				return
			}
			l.Act = pt.p.Acts[l.Act]
		}
		p := snap.prov(i)
		s.add(norm(l), p)
		why = g.provs.union(why, p)
	}
	if pt.ctrl > 0 && why != provNone {
		s.control(pt.ctrl, why)
	}
	// The path stops at the point; its own snapshot would only repeat
	// snap's.
	n.events = n.events[:pt.pos]
	n.points = n.points[:len(n.points)-1]
	g.endWith(n, s)
}

// stop ends the path of state id, whose condition at the end is cond,
// covering its code when tested, and returns its state and leaf; nil
// when id is unknown.
func (g *Graph) stop(id int, cond []expr.Expr, tested bool) (*pathState, *node) {
	ps := g.states[id]
	if ps == nil {
		return nil, nil
	}
	delete(g.states, id)
	n := ps.node
	if tested {
		g.cover(n)
	}
	n.live = false
	n.cond = cond
	return ps, n
}

// Mark names where state id stands in the state tree now, so that one
// can later ask whether a state descends from there (Below) and whether
// everything below it has ended (Open).
type Mark struct{ n *node }

// Mark is where id stands now.
func (g *Graph) Mark(id int) Mark {
	if ps := g.states[id]; ps != nil {
		return Mark{ps.node}
	}
	return Mark{}
}

// Open reports whether some state below m still runs.
func (m Mark) Open() bool { return m.n != nil && !m.n.finished }

// Below reports whether state id descends from where m was taken (or
// stands there still).
func (g *Graph) Below(id int, m Mark) bool {
	ps := g.states[id]
	if ps == nil || m.n == nil {
		return false
	}
	for n := ps.node; n != nil; n = n.parent {
		if n == m.n {
			return true
		}
	}
	return false
}

// StatesBelow lists, in no particular order, the states still running
// that descend from where m was taken (or stand there still).
func (g *Graph) StatesBelow(m Mark) []int {
	var ids []int
	for id := range g.states {
		if g.Below(id, m) {
			ids = append(ids, id)
		}
	}
	return ids
}

// Epoch counts the coverings that made a branch irrelevant so far: a
// snapshot refined at an earlier epoch may be refined further.
func (g *Graph) Epoch() int { return g.epoch }

// cover gives the instructions of n's path to rel.CoverInstr (Algorithm
// 1, line 16), each tree node once.
func (g *Graph) cover(n *node) {
	for m := n; m != nil && !m.covered; m = m.parent {
		m.covered = true
		seen := map[ssa.Instruction]bool{}
		covers := func(in ssa.Instruction) {
			if in != nil && !seen[in] {
				seen[in] = true
				if len(g.rel.CoverInstr(in)) > 0 {
					g.epoch++
				}
			}
		}
		for _, r := range m.events {
			covers(r.ev.Instr)
		}
		for _, in := range m.ran {
			covers(in)
		}
	}
}
