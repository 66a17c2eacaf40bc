package detector

import (
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Single-valued locations (§3.5).
//
// Many locations in relevant sets hold the same value on every path: a
// package variable that is read and never changed, the register that
// loads it, a table built the same way on every path. A state cannot
// differ from a snapshot there, so comparing them at every match is
// wasted work. The detector leaves such locations out of its decision
// trees and comparisons, and puts one back as soon as a second value is
// written to it.
//
// Why leaving one out is sound. In a state at a point, a location holds
// its last write on the state's path or, if the path never wrote it, what
// the round's initial state held. singles sees every write of every path
// of the round (the engine reports a step's writes before it asks for a
// verdict) and every initial state. So when all of them gave a location
// the value v, a state at a point holds v there, or nothing. It cannot
// hold nothing where a snapshot of the same context holds v:
//   - an object numbered below the context's allocation counter exists in
//     every state of that context;
//   - a register relevant at a point is read further on without being
//     written first. By SSA dominance its definition then runs on every
//     path to the point: a path that reached the point without it,
//     continued as the snapshot's path, would reach the read without the
//     definition.
//
// A step that the events cannot describe (Event.Opaque) may write
// anything, so after one nothing counts as single-valued for the rest of
// the round.
//
// The paper re-slices the paths whose sets dropped a location that turns
// out to have two values. Here a snapshot keeps every relevant location
// and its value, and only indexing and comparing skip the single-valued
// ones. Putting a location back means rebuilding the trees that left it
// out, which happens before the next match at their point. The relevant
// constraints still come from every value: a single-valued location may
// hold a symbolic value whose constraints tell paths apart.

// singleKey names a location the same way on every path: an object by
// its number, a register by its function and index (every activation of
// the function shares the key, so its values are those of all of them).
type singleKey struct {
	fn    *ssa.Function // nil for an object
	index int32
}

// singleValue is what singles knows of one location: the value v, once
// it has one (has).
type singleValue struct {
	v   value.Value
	has bool
	// many says a second value was seen; left says some tree left the
	// location out while it had one.
	many, left bool
}

// singles tracks the single-valued locations of one round.
type singles struct {
	off bool
	// opaque is set once an opaque step was seen.
	opaque bool
	roots  []rootFrames
	acts   map[int32]*ssa.Function
	values map[singleKey]*singleValue
	// epoch grows whenever a location that a tree left out gets a second
	// value: the trees built before then must be rebuilt.
	epoch int
	// counts, when set, makes each match also compare the locations its
	// tree left out, and count those that differ (Options.counts).
	counts *counts
}

// rootFrames is an initial state of the round, frozen, and its frames'
// functions.
type rootFrames struct {
	state *machine.State
	fns   []*ssa.Function
}

func newSingles(off bool, c *counts) *singles {
	return &singles{off: off, counts: c, acts: map[int32]*ssa.Function{}, values: map[singleKey]*singleValue{}}
}

// root adds an initial state, frozen: it gives every location it holds a
// value.
func (sv *singles) root(frozen *machine.State) {
	if sv.off {
		return
	}
	r := rootFrames{state: frozen, fns: frozen.Funcs()}
	sv.learn(frozen)
	for k, val := range sv.values {
		if !val.many {
			r.each(k, func(v value.Value) { sv.see(val, v) })
		}
	}
	sv.roots = append(sv.roots, r)
}

// each calls f with every value r gives location k (nil ones aside).
func (r rootFrames) each(k singleKey, f func(value.Value)) {
	if k.fn == nil {
		if v := r.state.ValueAt(machine.Loc{Kind: machine.LocObj, Index: k.index}); v != nil {
			f(v)
		}
		return
	}
	for d, fn := range r.fns {
		if fn == k.fn {
			if v := r.state.ValueAt(machine.Loc{Kind: machine.LocReg, Act: int32(d), Index: k.index}); v != nil {
				f(v)
			}
		}
	}
}

// learn records the functions of s's activations.
func (sv *singles) learn(s *machine.State) {
	fns := s.Funcs()
	for i, act := range s.Activations() {
		sv.acts[act] = fns[i]
	}
}

// stepped records the writes of s's step.
func (sv *singles) stepped(s *machine.State, evs []machine.Event) {
	if sv.off || sv.opaque {
		return
	}
	for _, e := range evs {
		if e.Opaque {
			sv.opaque = true
			sv.epoch++
			return
		}
		for _, w := range e.Writes {
			var k singleKey
			switch w.Loc.Kind {
			case machine.LocObj:
				k = singleKey{index: w.Loc.Index}
			case machine.LocReg:
				fn := sv.acts[w.Loc.Act]
				if fn == nil {
					sv.learn(s)
					fn = sv.acts[w.Loc.Act]
				}
				if fn == nil {
					// A frame gone by the step's end, which a state forked
					// during the step may still have: soundness first.
					sv.opaque = true
					sv.epoch++
					return
				}
				k = singleKey{fn: fn, index: w.Loc.Index}
			default:
				continue // deferred calls and the panic are never left out
			}
			val := sv.values[k]
			if val == nil {
				val = sv.fromRoots(k)
				sv.values[k] = val
			}
			sv.see(val, w.Value)
		}
	}
}

// see adds value v to what val has held.
func (sv *singles) see(val *singleValue, v value.Value) {
	if !val.has {
		val.v, val.has = v, true
		return
	}
	if val.many || value.Same(val.v, v) {
		return
	}
	val.many = true
	if val.left {
		sv.epoch++
	}
}

// fromRoots is what the initial states give location k.
func (sv *singles) fromRoots(k singleKey) *singleValue {
	val := &singleValue{}
	for _, r := range sv.roots {
		r.each(k, func(v value.Value) { sv.see(val, v) })
	}
	return val
}

// leaveOut reports whether a tree at context ctx may leave out location
// l, which holds v in the snapshot: every path of the round so far has
// given l that one value. It then remembers that l was left out.
func (sv *singles) leaveOut(ctx machine.Context, l machine.Loc, v value.Value) bool {
	if sv.off || sv.opaque || v == nil {
		return false
	}
	var k singleKey
	switch l.Kind {
	case machine.LocObj:
		k = singleKey{index: l.Index}
	case machine.LocReg:
		k = singleKey{fn: ctx.Func(int(l.Act)), index: l.Index}
	default:
		return false
	}
	val := sv.values[k]
	if val == nil {
		val = sv.fromRoots(k)
		sv.values[k] = val
	}
	if val.many || !val.has || !value.Same(machine.ValuePart(val.v, l.Part), v) {
		return false
	}
	val.left = true
	return true
}

// check, when verifying, compares state s with the snapshot it matched at
// the locations the tree left out, and counts those that differ.
func (sv *singles) check(s *machine.State, ix *indexed) {
	if sv.counts == nil {
		return
	}
	next := 0
	for i, l := range ix.snap.Locs {
		if next < len(ix.compare) && ix.compare[next] == i {
			next++
			continue
		}
		if !value.Same(s.ValueAt(l), ix.snap.Values[i]) {
			sv.counts.wrongSingles.Add(1)
		}
	}
}
