package detector

import (
	"sync/atomic"

	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/slicing"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// Options switch parts of the detector off, to measure each one's share.
type Options struct {
	// NoModSets turns off the mod analysis of potential dependences
	// (§3.2.1; modsets.go): a write on a branch outcome a path did not
	// take is then taken to reach every object.
	NoModSets bool
	// NoRefine turns off dynamic refinement (§3.4).
	NoRefine bool
	// NoSearch turns off the relevant-search heuristic (§3.6): no
	// unsound sets are built, and no state is put off, for reaching
	// nothing uncovered (reach.go) either.
	NoSearch bool
	// NoSingle turns off single-valued locations (§3.5): every relevant
	// location is compared at every match.
	NoSingle bool
	// NoHurry turns off hurrying: the states of a subtree that states
	// told to Wait are waiting for are not favoured (symbolic/search).
	NoHurry bool
	// Reach prunes the states that can reach no code of the package left
	// uncovered (reach.go), snapshot or not, instead of only putting them
	// off. It is off by default: it keeps the coverage of blocks, but
	// such a state may still take a branch edge no test took, or panic in
	// a way no test did, and the tests are kept for those too.
	Reach bool

	// counts, when set, adds up what the detectors did (tests).
	counts *counts
}

// counts are what the detectors of one Options did, for tests: the
// locations of states read by matches against sound snapshots, and those
// of them left out as single-valued where the state and the snapshot it
// matched differ (it must stay 0).
type counts struct {
	lookups, wrongSingles atomic.Int64
}

// New returns a Config.Pruner for engines exploring prog: each engine gets
// a detector of its own; they share the static control dependence
// analysis and the mod analysis. targets are the functions the engines
// will explore: the mod analysis runs once for all of them, and again
// for a function prepared that it has not reached.
func New(prog *ssa.Program, targets []*ssa.Function, opts Options) func() machine.Pruner {
	a := cdg.New(prog, cdg.Options{})
	var mod *modSets
	if !opts.NoModSets {
		mod = newModSets(prog, targets)
	}
	explored := make(map[*ssa.Function]bool, len(targets))
	for _, fn := range targets {
		explored[fn] = true
	}
	return func() machine.Pruner { return &detector{cdg: a, mod: mod, opts: opts, explored: explored} }
}

// detector is one engine's redundant-state detector. It implements
// Algorithm 1's boxed lines: it feeds the slicing graph with the engine's
// events (UpdateDynamicDepGraph), lets tested paths cover code
// (UpdateRelBranchSet), stores the snapshots the graph publishes, and
// matches each state at each point against them (FindMatch).
type detector struct {
	cdg  *cdg.Analysis
	mod  *modSets // nil with Options.NoModSets
	opts Options
	// explored are the functions the run explores, each from its own
	// entry: the finish rule leaves their code to them (reach.go).
	explored map[*ssa.Function]bool

	fn *ssa.Function
	// rel is fn's relevance; it outlives rounds, since code a test
	// covers stays covered.
	rel   *cdg.Relevance
	graph *slicing.Graph
	store store
	// unsound holds the snapshots of the unsound slice (§3.6).
	unsound store
	conds   condSets
	// matched holds, from Stepped to Ended, the snapshot that each state
	// the engine is pruning matched; unreaching the states it is pruning
	// for reaching nothing uncovered (reach.go).
	matched    map[int]*slicing.Snapshot
	unreaching map[int]bool
	// visits are, by context, the first visits of states to a point
	// whose subtree is still open, and putOff the states put off for
	// coming behind one (symbolic/search).
	visits visits
	putOff putOff
	// awaited are the open visits that states told to Wait wait for, whose
	// subtrees the searcher favours (symbolic/search).
	awaited awaited
	// singles are the round's single-valued locations (single.go).
	singles *singles
}

// Prepare builds fn's relevance: the control dependence analysis of fn
// and all it may call, which cdg shares among a package's functions; and
// the mod analysis of all it may call.
func (d *detector) Prepare(fn *ssa.Function) {
	if fn != d.fn {
		d.fn = fn
		d.rel = d.cdg.Relevance(fn)
		d.rel.Focus(fn, func(g *ssa.Function) bool { return g != fn && d.explored[g] })
		if d.mod != nil {
			d.mod.prepare(fn)
		}
	}
}

func (d *detector) Begin(fn *ssa.Function) {
	d.Prepare(fn)
	d.singles = newSingles(d.opts.NoSingle, d.opts.counts)
	d.store, d.unsound = newStore(d.singles, d.opts.counts), newStore(d.singles, nil)
	d.conds = condSets{}
	d.matched = make(map[int]*slicing.Snapshot)
	d.unreaching = make(map[int]bool)
	d.visits = visits{}
	d.putOff = putOff{}
	d.awaited = newAwaited()
	opts := slicing.Options{
		Publish: func(s *slicing.Snapshot) {
			if s.Unsound {
				d.unsound.add(s, d.graph.Epoch())
			} else {
				d.store.add(s, d.graph.Epoch())
			}
		},
		NoRefine: d.opts.NoRefine,
		Unsound:  !d.opts.NoSearch,
	}
	if d.mod != nil {
		// Not a nil *modSets in the interface: that would not be nil.
		opts.Mod = d.mod
	}
	d.graph = slicing.New(d.cdg, d.rel, opts)
}

func (d *detector) Root(s *machine.State) {
	frozen := s.Frozen()
	d.graph.Root(s.ID(), s.Activations(), frozen)
	d.singles.root(frozen)
}

func (d *detector) Forked(parent, child *machine.State) {
	d.graph.Fork(parent.ID(), child.ID())
	d.awaited.forked(parent.ID(), child.ID())
}

func (d *detector) Stepped(s *machine.State, evs []machine.Event) machine.Verdict {
	ctx, at := s.AtPoint()
	var p *slicing.Point
	if at {
		p = &slicing.Point{Ctx: ctx, Acts: s.Activations(), CondLen: len(s.Cond())}
	}
	d.singles.stepped(s, evs)
	d.graph.Step(s.ID(), evs, p)
	if !at {
		return machine.Keep
	}
	return d.verdict(s, ctx)
}

func (d *detector) Recheck(s *machine.State) machine.Verdict {
	d.awaited.done(s.ID())
	ctx, at := s.AtPoint()
	if !at {
		return machine.Keep
	}
	return d.verdict(s, ctx)
}

// verdict matches s, standing at a point of context ctx, against the
// snapshots there (FindMatch); a state that matches none is put off
// when it looks redundant all the same (symbolic/search), or can reach
// nothing uncovered (reach.go; with Options.Reach it is pruned).
func (d *detector) verdict(s *machine.State, ctx machine.Context) machine.Verdict {
	var rel *cdg.Relevance
	if !d.opts.NoRefine {
		rel = d.rel
	}
	if d.opts.Reach && !d.canCover(ctx) {
		d.unreaching[s.ID()] = true
		return machine.Prune
	}
	cond := d.conds.of(s)
	if snap := d.store.match(ctx, s, cond, d.graph.Epoch(), rel); snap != nil {
		d.matched[s.ID()] = snap
		return machine.Prune
	}
	if d.opts.NoSearch {
		return machine.Keep
	}
	if !d.opts.Reach && !d.canCover(ctx) {
		return machine.Later
	}
	if d.unsound.match(ctx, s, cond, d.graph.Epoch(), rel) != nil {
		return machine.Later
	}
	if behind, first := d.visits.behind(d.graph, ctx, s.ID()); behind && d.putOff.first(s.ID()) {
		if !d.opts.NoHurry {
			d.awaited.wait(d.graph, first, s.ID())
		}
		return machine.Wait
	}
	return machine.Keep
}

// Hurry reports whether s runs in the subtree of a visit that states
// told to Wait are waiting for (symbolic/search).
func (d *detector) Hurry(s *machine.State) bool {
	return d.awaited.hurried(s.ID())
}

func (d *detector) Ended(s *machine.State, kind machine.EndKind, tested bool) {
	if tested {
		// The edges the test took, for the finish rule (reach.go).
		for _, e := range s.Edges {
			d.rel.CoverEdge(e.From, e.To)
		}
	}
	d.conds.drop(s.ID())
	delete(d.putOff, s.ID())
	d.awaited.ended(s.ID())
	if kind == machine.EndPruned {
		snap, unreaching := d.matched[s.ID()], d.unreaching[s.ID()]
		delete(d.matched, s.ID())
		delete(d.unreaching, s.ID())
		if unreaching {
			d.graph.Unreaching(s.ID(), s.Cond(), tested)
			return
		}
		d.graph.Pruned(s.ID(), snap, s.Cond(), tested)
		return
	}
	if in := s.Final(); in != nil {
		d.graph.Ran(s.ID(), in)
	}
	// A pin during the path came as Event.Lost; its other concretizations
	// (inputs built in part) are the same for every state of a context.
	complete := kind == machine.EndReturn || kind == machine.EndPanic
	d.graph.End(s.ID(), kind, complete, tested, s.Cond())
}
