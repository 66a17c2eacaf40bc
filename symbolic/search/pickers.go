package search

import (
	"math/rand/v2"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// The pickers, and how much the marks on a state weigh in their picks.

// dfs runs the newest state: one path to its end before the next.
type dfs struct{}

func (dfs) pick(states []*machine.State, _ int) int { return len(states) - 1 }

// bfs runs the oldest state.
type bfs struct{}

func (bfs) pick([]*machine.State, int) int { return 0 }

// randomPath approximates KLEE's random-path selection, which walks the
// binary state tree from the root choosing a child at random: a state at
// depth d is chosen with probability proportional to 2^-d, so shallow
// states, which root large unexplored subtrees, are favoured; and so are,
// hurryFactor times, the states the Pruner hurries.
type randomPath struct {
	r     *rand.Rand
	hurry func([]*machine.State) // marks PruneMarks.Hurried; nil without a Pruner
}

func (p *randomPath) pick(states []*machine.State, now int) int {
	if p.hurry != nil {
		p.hurry(states)
	}
	minDepth := states[0].Decisions
	for _, s := range states {
		minDepth = min(minDepth, s.Decisions)
	}
	weights := make([]float64, len(states))
	total := 0.0
	for i, s := range states {
		d := min(s.Decisions-minDepth, 60)
		weights[i] = 1 / float64(uint64(1)<<uint(d)) / deferral(s, now)
		if s.Prune.Hurried {
			weights[i] *= hurryFactor
		}
		total += weights[i]
	}
	return weightedPick(p.r, weights, total)
}

// deferral is how much less likely than others s is to be picked at the
// pick now: the states the Pruner put off, for good or for a while, and
// those that took an offbeat branch run after the others, though not
// never.
func deferral(s *machine.State, now int) float64 {
	f := 1.0
	if s.Prune.PutOff(now) {
		f *= laterFactor
	}
	if s.Offbeat() {
		f *= offbeatFactor
	}
	return f
}

// offbeatFactor is how much less likely covNew and random-path pick a
// state on an offbeat path (State.Offbeat). Less than laterFactor: such a
// path is as good for coverage as any, only its tests read worse.
const offbeatFactor = 8

// laterFactor is how much less likely covNew and random-path pick a
// state the Pruner put off (PruneMarks.PutOff): much less,
// but not never, since the verdict is a guess.
const laterFactor = 64

// hurryFactor is how much more likely random-path picks a state the
// Pruner hurries (PruneMarks.Hurried): one in the subtree that states
// told to Wait are waiting for. A wait pays only if that subtree ends while it
// lasts, and the subtree ends sooner when its states run first. covNew's
// picks do not hurry: they keep heading for uncovered blocks, which a
// factor this large would override. Where they hurried too, google/uuid's
// Validate covered 14 and 9 of its 19 statements at seeds 0 and 1,
// against 17 and 17 without hurrying and 16 and 17 with random-path's
// picks alone hurrying (-max-work 1000000).
const hurryFactor = 512

// waitPicks is how many picks a state told to Wait runs after the others.
// The Pruner expects a snapshot soon: the subtree below a point another
// path reached first will end, and the state will match what it leaves.
// Where that subtree ends soon (a join of independent branches), a few
// picks do; where it does not (a parser's loop head, whose first visit
// ends only with the exploration), a state kept waiting for good starves
// the part of the search it leads to. Blocks covered on average, with
// the detector, at a work bound (regexp/syntax's parse over ten seeds,
// text/scanner's scanNumber over four): waiting for good 72.2 and 30.2;
// 64 picks 71.4 and 32.2; without the detector 57.5 and 35.0. A scratch
// build tried other whiles: 256 picks 72.2 and 31.0, 16 picks 66.8 and
// 33.2.
const waitPicks = 64

// covNew prefers states that are about to enter blocks no path has entered
// yet: the weight of a state falls with the distance, in CFG edges within
// its current function, to the nearest uncovered block.
type covNew struct {
	r       *rand.Rand
	covered map[*ssa.BasicBlock]bool
	// dist caches distance by block while the covered set stays as
	// it was when the cache was filled (of size coveredLen: blocks are
	// only ever added to it). A pick weighs every pending state, and a
	// search holds thousands that stand in a few dozen blocks.
	dist       map[*ssa.BasicBlock]int
	coveredLen int
}

func (p *covNew) pick(states []*machine.State, now int) int {
	weights := make([]float64, len(states))
	total := 0.0
	for i, s := range states {
		d := p.distance(s)
		weights[i] = 1 / float64((d+1)*(d+1)) / deferral(s, now)
		total += weights[i]
	}
	return weightedPick(p.r, weights, total)
}

// far is the distance of a state from which no uncovered block of its
// function is reachable.
const far = 1000

// distance is the number of CFG edges from s's block to the nearest block
// not covered yet in the same function (far if there is none).
func (p *covNew) distance(s *machine.State) int {
	_, start := s.Location()
	if start == nil {
		return far
	}
	if p.dist == nil || p.coveredLen != len(p.covered) {
		p.dist, p.coveredLen = make(map[*ssa.BasicBlock]int), len(p.covered)
	}
	d, ok := p.dist[start]
	if !ok {
		d = distanceToUncovered(start, p.covered)
		p.dist[start] = d
	}
	return d
}

// distanceToUncovered is the number of CFG edges from start to the
// nearest block that covered does not hold, breadth first; far if none
// is reachable.
func distanceToUncovered(start *ssa.BasicBlock, covered map[*ssa.BasicBlock]bool) int {
	seen := map[*ssa.BasicBlock]bool{start: true}
	frontier := []*ssa.BasicBlock{start}
	for d := 0; len(frontier) > 0; d++ {
		var next []*ssa.BasicBlock
		for _, b := range frontier {
			if !covered[b] {
				return d
			}
			for _, succ := range b.Succs {
				if !seen[succ] {
					seen[succ] = true
					next = append(next, succ)
				}
			}
		}
		frontier = next
	}
	return far
}
