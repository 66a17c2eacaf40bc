// Package search holds the search strategies: which runnable state of an
// exploration runs next. It follows KLEE's searchers (Cadar et al., OSDI
// 2008, §3.4): coverage-new and random-path picks, interleaved so that
// neither starves the other, beside plain depth- and breadth-first.
//
// A strategy is a machine.Searcher. It reads of a state only its place
// in the program, its number of decisions, whether it took an offbeat
// branch, and the marks the Pruner left on it.
package search

import (
	"fmt"
	"math/rand/v2"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// Names lists the strategies New accepts.
var Names = []string{"covnew", "dfs", "bfs", "random-path"}

// New returns the search strategy called name. hurry, when not nil,
// marks the states to favour (PruneMarks.Hurried) before each of
// random-path's picks, the only picks that read the marks.
func New(name string, seed uint64, covered map[*ssa.BasicBlock]bool, hurry func([]*machine.State)) (machine.Searcher, error) {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var parts []picker
	switch name {
	case "", "covnew":
		// KLEE's default: alternate between a coverage-seeking choice and a
		// random-path choice, so neither starves the other.
		parts = []picker{&covNew{r: r, covered: covered}, &randomPath{r: r, hurry: hurry}}
	case "dfs":
		parts = []picker{dfs{}}
	case "bfs":
		parts = []picker{bfs{}}
	case "random-path":
		parts = []picker{&randomPath{r: r, hurry: hurry}}
	default:
		return nil, fmt.Errorf("unknown search strategy %q (want one of %v)", name, Names)
	}
	return &interleaved{parts: parts}, nil
}

// picker chooses an index into the list of runnable states; now counts
// the picks made before this one.
type picker interface {
	pick(states []*machine.State, now int) int
}

// interleaved holds the runnable states and takes turns among pickers.
type interleaved struct {
	states []*machine.State
	parts  []picker
	turn   int
}

func (q *interleaved) Len() int { return len(q.states) }

// States lists the runnable states, for the finish rule to look through
// (machine.StateLister); the caller must not change the list.
func (q *interleaved) States() []*machine.State { return q.states }

// Drain removes and returns the runnable states, in the order they are
// held (machine.StateLister).
func (q *interleaved) Drain() []*machine.State {
	states := q.states
	q.states = nil
	return states
}

func (q *interleaved) Add(s *machine.State) {
	// If the Pruner has just said Wait, the while starts now.
	s.Prune.StartWait(q.turn + waitPicks)
	q.states = append(q.states, s)
}

func (q *interleaved) Select() *machine.State {
	if len(q.states) == 0 {
		return nil
	}
	p := q.parts[q.turn%len(q.parts)]
	i := p.pick(q.states, q.turn)
	q.turn++
	s := q.states[i]
	// Keep the order of the rest: BFS and DFS depend on it.
	q.states = append(q.states[:i], q.states[i+1:]...)
	return s
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
