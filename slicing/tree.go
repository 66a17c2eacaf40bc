package slicing

import (
	"sort"

	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// node is one stretch of the state tree between forks (§3.2.2: paths
// form a tree). Its events are shared by every state below it.
type node struct {
	parent *node
	root   *rootInfo
	events []*evRec
	points []*pointRec // in the order of their positions

	// pending counts the children not finished yet; live says a state
	// still runs in this node (a leaf).
	pending  int
	live     bool
	covered  bool // its instructions were given to rel.CoverInstr
	finished bool // its whole subtree has ended

	// What the finished children left at their starts (§3.2.2 steps 1-2).
	acc  [2]backState // sound, unsound (Options.Unsound)
	bad  bool         // some path below ended incomplete: publish nothing
	cond []expr.Expr  // the path condition of some path below

	// ran are instructions the path ran without an event (Graph.Ran).
	ran []ssa.Instruction

	writes map[machine.Loc][]int32 // per location, the events writing it (lazy)
	opaque []int32                 // the opaque events (with writes)
}

// rootInfo is what Root gave: the initial state and its activations.
type rootInfo struct {
	acts    []int32
	initial *machine.State
}

// evRec is one event as the graph keeps it.
type evRec struct {
	ev machine.Event
	id int64 // the dynamic instance; a branch instance is named by it
	// ctrl is the dynamic branch that controls the event (0: none).
	ctrl int64
	// entry says the event is the first of a visit to its block in its
	// activation (for φ markers).
	entry bool
	block *ssa.BasicBlock
	info  *instrInfo // nil when Instr is nil
	// For a branch: the outcome taken, once the path shows it.
	taken      cdg.Kind
	takenKnown bool
	// deferred says, for a branch, that a deferred call may be pending
	// in an activation of the path when it runs (only with Options.Mod).
	deferred bool
	// loopReads are the registers it reads that are defined in a cycle.
	loopReads []loopRead
}

// pointRec is a match point: after the first pos events of its node.
type pointRec struct {
	pos   int
	p     Point
	ctrl  int64 // the dynamic branch that controls the point (step 6)
	depth int   // len(p.Acts)
}

// lastWrite returns the value of the last write to loc (normalised)
// among the first pos events of n and its ancestors, and whether there
// was one. known is false when an opaque event came after that write (or,
// without one, anywhere before pos): it may have changed loc unseen. It
// is called only once n has ended, when n and its ancestors get no more
// events, so the index it builds stays valid.
func (n *node) lastWrite(loc machine.Loc, pos int) (v value.Value, found, known bool) {
	for m := n; m != nil; m = m.parent {
		if m.writes == nil {
			m.index()
		}
		before := func(idx []int32) int {
			return sort.Search(len(idx), func(j int) bool { return int(idx[j]) >= pos }) - 1
		}
		idx := m.writes[loc]
		j := before(idx)
		if q := before(m.opaque); q >= 0 && (j < 0 || m.opaque[q] > idx[j]) {
			return nil, false, false
		}
		if j >= 0 {
			for _, w := range m.events[idx[j]].ev.Writes {
				if norm(w.Loc) == loc {
					v = w.Value
				}
			}
			return v, true, true
		}
		if m.parent != nil {
			pos = len(m.parent.events)
		}
	}
	return nil, false, true
}

// index builds n's per-location write index and its list of opaque
// events.
func (n *node) index() {
	n.writes = map[machine.Loc][]int32{}
	for i, e := range n.events {
		for _, w := range e.ev.Writes {
			k := norm(w.Loc)
			n.writes[k] = append(n.writes[k], int32(i))
		}
		if e.ev.Opaque {
			n.opaque = append(n.opaque, int32(i))
		}
	}
}
