package search

import (
	"math/rand/v2"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// A state told to Wait runs after the others for waitPicks picks from
// when the searcher gets it, and then as any other; one put off (Later)
// stays put off, and Keep ends either. The engine asks again about both
// before they run on.
func TestWaitLastsWaitPicks(t *testing.T) {
	q := &interleaved{parts: []picker{bfs{}}}
	for range 5 {
		q.Add(&machine.State{})
		q.Select()
	}
	s := &machine.State{}
	s.SetVerdict(machine.Wait)
	q.Add(s)
	if !s.Prune.Recheck {
		t.Errorf("a waiting state is not asked about again before it runs on")
	}
	for now, want := range map[int]float64{5: laterFactor, 5 + waitPicks - 1: laterFactor, 5 + waitPicks: 1, 500: 1} {
		if got := deferral(s, now); got != want {
			t.Errorf("told to Wait at pick 5, deferral at pick %d is %v, want %v", now, got, want)
		}
	}
	s.SetVerdict(machine.Later)
	q.Add(s)
	if got := deferral(s, 1000); got != laterFactor || !s.Prune.Recheck {
		t.Errorf("put off (Later): deferral %v at pick 1000, recheck %v; want %v and true", got, s.Prune.Recheck, float64(laterFactor))
	}
	s.SetVerdict(machine.Wait)
	s.SetVerdict(machine.Keep)
	q.Add(s)
	if got := deferral(s, 5); got != 1 || s.Prune.Recheck {
		t.Errorf("kept after a Wait: deferral %v, recheck %v; want 1 and false", got, s.Prune.Recheck)
	}
}

// Random-path asks which states to hurry before each of its picks, over
// all the runnable states, and runs the hurried ones first; covNew does
// not favour them, so that it keeps heading for uncovered blocks.
func TestHurriedStatesRunFirst(t *testing.T) {
	var asked []int
	hurry := func(states []*machine.State) {
		asked = append(asked, len(states))
		for _, s := range states {
			s.Prune.Hurried = s.Num%4 == 0
		}
	}
	picks := func(name string) (picked []int) {
		asked = nil
		q, err := New(name, 1, nil, hurry)
		if err != nil {
			t.Fatal(err)
		}
		for id := range 40 {
			q.Add(&machine.State{Num: id})
		}
		for range 10 {
			picked = append(picked, q.Select().Num)
		}
		return picked
	}
	picked := picks("random-path")
	for i, id := range picked {
		if id%4 != 0 {
			t.Errorf("random-path's pick %d ran state %d, not hurried, while hurried states were left (picks %v)", i, id, picked)
			break
		}
	}
	for i, n := range asked {
		if want := 40 - i; n != want {
			t.Errorf("before pick %d the searcher asked about %d states, want the %d runnable ones", i, n, want)
		}
	}
	if len(asked) != len(picked) {
		t.Errorf("asked %d times for %d picks", len(asked), len(picked))
	}
	q := &interleaved{parts: []picker{&covNew{r: rand.New(rand.NewPCG(1, 2))}}}
	for id := range 40 {
		q.Add(&machine.State{Num: id, Prune: machine.PruneMarks{Hurried: id%4 == 0}})
	}
	others := 0
	for range 10 {
		if q.Select().Num%4 != 0 {
			others++
		}
	}
	if others == 0 {
		t.Errorf("covNew ran only hurried states in 10 picks, among 30 others as near uncovered code")
	}
}

// covNew weighs a state by its distance to the nearest uncovered block,
// which it keeps per block between picks; when a path covers more, the
// distances are those of the new coverage, not the kept ones.
func TestCovNewDistanceFollowsCoverage(t *testing.T) {
	// b0 → b1 → b2 → b3, and b0 → b3.
	b := make([]*ssa.BasicBlock, 4)
	for i := range b {
		b[i] = &ssa.BasicBlock{Index: i}
	}
	b[0].Succs = []*ssa.BasicBlock{b[1], b[3]}
	b[1].Succs = []*ssa.BasicBlock{b[2]}
	b[2].Succs = []*ssa.BasicBlock{b[3]}
	at := func(blk *ssa.BasicBlock) *machine.State {
		return &machine.State{Stack: []*machine.Frame{{Block: blk}}}
	}
	covered := map[*ssa.BasicBlock]bool{b[0]: true}
	p := &covNew{covered: covered}
	steps := []struct {
		cover *ssa.BasicBlock
		want  [3]int // from b0, b1, b2
	}{
		{nil, [3]int{1, 0, 0}},
		{b[1], [3]int{1, 1, 0}},
		{b[3], [3]int{2, 1, 0}},
		{b[2], [3]int{far, far, far}},
	}
	for _, step := range steps {
		if step.cover != nil {
			covered[step.cover] = true
		}
		for i, want := range step.want {
			// Asked twice: the second answer comes from what the first kept.
			for range 2 {
				if got := p.distance(at(b[i])); got != want {
					t.Errorf("with %d blocks covered, distance from b%d = %d, want %d", len(covered), i, got, want)
				}
			}
		}
	}
}
