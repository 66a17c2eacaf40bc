package search

import (
	"math/rand/v2"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
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
