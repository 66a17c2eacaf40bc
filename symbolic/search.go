package symbolic

import (
	"fmt"
	"go/types"
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

// newSearcher makes the strategy called name. covered is the set of
// blocks entered so far; home is the package of the function under test,
// whose blocks are the ones the coverage-seeking choice goes for.
func newSearcher(name string, seed uint64, covered map[*ssa.BasicBlock]bool, home *types.Package) (Searcher, error) {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	switch name {
	case "", "covnew":
		// KLEE's default: alternate between a coverage-seeking choice and a
		// random-path choice, so neither starves the other.
		return &interleaved{parts: []picker{&covNew{r: r, covered: covered, home: home}, &randomPath{r: r}}}, nil
	case "dfs":
		return &interleaved{parts: []picker{dfs{}}}, nil
	case "bfs":
		return &interleaved{parts: []picker{bfs{}}}, nil
	case "random-path":
		return &interleaved{parts: []picker{&randomPath{r: r}}}, nil
	}
	return nil, fmt.Errorf("unknown search strategy %q (want one of %v)", name, SearcherNames)
}

// picker chooses an index into the list of runnable states.
type picker interface {
	pick(states []*State) int
}

// interleaved holds the runnable states and takes turns among pickers.
type interleaved struct {
	states []*State
	parts  []picker
	turn   int
}

func (q *interleaved) Add(s *State) { q.states = append(q.states, s) }
func (q *interleaved) Len() int     { return len(q.states) }

func (q *interleaved) Select() *State {
	if len(q.states) == 0 {
		return nil
	}
	p := q.parts[q.turn%len(q.parts)]
	q.turn++
	i := p.pick(q.states)
	s := q.states[i]
	// Keep the order of the rest: BFS and DFS depend on it.
	q.states = append(q.states[:i], q.states[i+1:]...)
	return s
}

// dfs runs the newest state: one path to its end before the next.
type dfs struct{}

func (dfs) pick(states []*State) int { return len(states) - 1 }

// bfs runs the oldest state.
type bfs struct{}

func (bfs) pick([]*State) int { return 0 }

// randomPath approximates KLEE's random-path selection, which walks the
// binary state tree from the root choosing a child at random: a state at
// depth d is chosen with probability proportional to 2^-d, so shallow
// states, which root large unexplored subtrees, are favoured.
type randomPath struct{ r *rand.Rand }

func (p *randomPath) pick(states []*State) int {
	minDepth := states[0].depth
	for _, s := range states {
		minDepth = min(minDepth, s.depth)
	}
	weights := make([]float64, len(states))
	total := 0.0
	for i, s := range states {
		d := min(s.depth-minDepth, 60)
		weights[i] = 1 / float64(uint64(1)<<uint(d))
		total += weights[i]
	}
	return weightedPick(p.r, weights, total)
}

// covNew prefers states that are about to enter blocks of the package
// under test that no path has entered yet: the weight of a state falls
// with its distance to the nearest such block. The tests count only that
// package's statements, so the uncovered blocks of library code a state
// is running (strconv.ParseInt's digit loop) are no goal: a state inside
// another package is as far as the number of frames it must return from,
// plus the distance from the call in the nearest frame of the package
// under test. Without that, states deep in a parser of the standard
// library drew the search away from the package's own branches.
type covNew struct {
	r       *rand.Rand
	covered map[*ssa.BasicBlock]bool
	home    *types.Package // nil: every block is a goal
}

func (p *covNew) pick(states []*State) int {
	weights := make([]float64, len(states))
	total := 0.0
	for i, s := range states {
		d := p.distance(s)
		weights[i] = 1 / float64((d+1)*(d+1))
		total += weights[i]
	}
	return weightedPick(p.r, weights, total)
}

// farAway is the distance of a state from which no goal block is
// reachable within its frames' functions.
const farAway = 1000

// distance is the number of CFG edges (and frames to return from) between
// s and the nearest goal block not covered yet, or farAway.
func (p *covNew) distance(s *State) int {
	returns := 0
	for i := len(s.stack) - 1; i >= 0; i-- {
		f := s.stack[i]
		if f.block == nil {
			break
		}
		if p.home == nil || funcPackage(f.fn) == p.home {
			if d := p.blockDistance(f.block); d < farAway {
				return returns + d
			}
		}
		returns++
	}
	return farAway
}

// blockDistance is the number of CFG edges from start to the nearest block
// of its function not covered yet, or farAway.
func (p *covNew) blockDistance(start *ssa.BasicBlock) int {
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
	return farAway
}

// funcPackage is the package fn is declared in (an instance of a generic
// function has none of its own: its origin's), or nil.
func funcPackage(fn *ssa.Function) *types.Package {
	if fn == nil {
		return nil
	}
	if fn.Pkg == nil && fn.Origin() != nil {
		fn = fn.Origin()
	}
	if fn.Pkg == nil {
		return nil
	}
	return fn.Pkg.Pkg
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
