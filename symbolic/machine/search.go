package machine

import (
	"fmt"
	"math/rand/v2"

	"golang.org/x/tools/go/ssa"
)

// Searcher chooses which state runs next. The engine Adds every runnable
// state and Selects (removing) one to run for a while.
type Searcher interface {
	Add(*State)
	Select() *State
	Len() int
}

// SearcherNames lists the strategies newSearcher accepts.
var SearcherNames = []string{"covnew", "dfs", "bfs", "random-path"}

// NewSearcher returns the search strategy called name. hurry, when not
// nil, marks the states to favour (State.prune.hurried) before each of
// random-path's picks, the only picks that read the marks.
func NewSearcher(name string, seed uint64, covered map[*ssa.BasicBlock]bool, hurry func([]*State)) (Searcher, error) {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var parts []Picker
	switch name {
	case "", "covnew":
		// KLEE's default: alternate between a coverage-seeking choice and a
		// random-path choice, so neither starves the other.
		parts = []Picker{&CovNew{R: r, covered: covered}, &randomPath{r: r, hurry: hurry}}
	case "dfs":
		parts = []Picker{dfs{}}
	case "bfs":
		parts = []Picker{Bfs{}}
	case "random-path":
		parts = []Picker{&randomPath{r: r, hurry: hurry}}
	default:
		return nil, fmt.Errorf("unknown search strategy %q (want one of %v)", name, SearcherNames)
	}
	return &Interleaved{Parts: parts}, nil
}

// Picker chooses an index into the list of runnable states; now counts
// the picks made before this one.
type Picker interface {
	Pick(states []*State, now int) int
}

// Interleaved holds the runnable states and takes turns among pickers.
type Interleaved struct {
	states []*State
	Parts  []Picker
	turn   int
}

func (q *Interleaved) Len() int { return len(q.states) }

func (q *Interleaved) Add(s *State) {
	if s.Prune.wait {
		// The Pruner has just said Wait: the while starts now.
		s.Prune.wait, s.Prune.waitUntil = false, q.turn+WaitPicks
	}
	q.states = append(q.states, s)
}

func (q *Interleaved) Select() *State {
	if len(q.states) == 0 {
		return nil
	}
	p := q.Parts[q.turn%len(q.Parts)]
	i := p.Pick(q.states, q.turn)
	q.turn++
	s := q.states[i]
	// Keep the order of the rest: BFS and DFS depend on it.
	q.states = append(q.states[:i], q.states[i+1:]...)
	return s
}

// dfs runs the newest state: one path to its end before the next.
type dfs struct{}

func (dfs) Pick(states []*State, _ int) int { return len(states) - 1 }

// Bfs runs the oldest state.
type Bfs struct{}

func (Bfs) Pick([]*State, int) int { return 0 }

// randomPath approximates KLEE's random-path selection, which walks the
// binary state tree from the root choosing a child at random: a state at
// depth d is chosen with probability proportional to 2^-d, so shallow
// states, which root large unexplored subtrees, are favoured; and so are,
// hurryFactor times, the states the Pruner hurries.
type randomPath struct {
	r     *rand.Rand
	hurry func([]*State) // marks State.prune.hurried; nil without a Pruner
}

func (p *randomPath) Pick(states []*State, now int) int {
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
		weights[i] = 1 / float64(uint64(1)<<uint(d)) / Deferral(s, now)
		if s.Prune.Hurried {
			weights[i] *= hurryFactor
		}
		total += weights[i]
	}
	return weightedPick(p.r, weights, total)
}

// Deferral is how much less likely than others s is to be picked at the
// pick now: the states the Pruner put off, for good or for a while, and
// those that took an offbeat branch run after the others, though not
// never.
func Deferral(s *State, now int) float64 {
	f := 1.0
	if s.Prune.later || now < s.Prune.waitUntil {
		f *= LaterFactor
	}
	if s.offbeat {
		f *= offbeatFactor
	}
	return f
}

// offbeatFactor is how much less likely covNew and random-path pick a
// state on an offbeat path (State.offbeat). Less than laterFactor: such a
// path is as good for coverage as any, only its tests read worse.
const offbeatFactor = 8

// LaterFactor is how much less likely covNew and random-path pick a
// state the Pruner put off (State.prune.later, or waiting): much less,
// but not never, since the verdict is a guess.
const LaterFactor = 64

// hurryFactor is how much more likely random-path picks a state the
// Pruner hurries (State.prune.hurried): one in the subtree that states
// told to Wait are waiting for. A wait pays only if that subtree ends while it
// lasts, and the subtree ends sooner when its states run first. covNew's
// picks do not hurry: they keep heading for uncovered blocks, which a
// factor this large would override. Where they hurried too, google/uuid's
// Validate covered 14 and 9 of its 19 statements at seeds 0 and 1,
// against 17 and 17 without hurrying and 16 and 17 with random-path's
// picks alone hurrying (-max-work 1000000).
const hurryFactor = 512

// WaitPicks is how many picks a state told to Wait runs after the others.
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
const WaitPicks = 64

// CovNew prefers states that are about to enter blocks no path has entered
// yet: the weight of a state falls with the distance, in CFG edges within
// its current function, to the nearest uncovered block.
type CovNew struct {
	R       *rand.Rand
	covered map[*ssa.BasicBlock]bool
}

func (p *CovNew) Pick(states []*State, now int) int {
	weights := make([]float64, len(states))
	total := 0.0
	for i, s := range states {
		d := p.distance(s)
		weights[i] = 1 / float64((d+1)*(d+1)) / Deferral(s, now)
		total += weights[i]
	}
	return weightedPick(p.R, weights, total)
}

// distance is the number of CFG edges from s's block to the nearest block
// not covered yet in the same function (a large number if there is none).
func (p *CovNew) distance(s *State) int {
	const far = 1000
	_, start := s.Location()
	if start == nil {
		return far
	}
	seen := map[*ssa.BasicBlock]bool{start: true}
	frontier := []*ssa.BasicBlock{start}
	for d := 0; len(frontier) > 0; d++ {
		var next []*ssa.BasicBlock
		for _, b := range frontier {
			if !p.covered[b] {
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

func weightedPick(r *rand.Rand, weights []float64, total float64) int {
	x := r.Float64() * total
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}
