package symbolic

import "testing"

// A state told to Wait runs after the others for waitPicks picks from
// when the searcher gets it, and then as any other; one put off (Later)
// stays put off, and Keep ends either. The engine asks again about both
// before they run on.
func TestWaitLastsWaitPicks(t *testing.T) {
	q := &interleaved{parts: []picker{bfs{}}}
	for range 5 {
		q.Add(&State{})
		q.Select()
	}
	s := &State{}
	s.setVerdict(Wait)
	q.Add(s)
	if !s.recheck {
		t.Errorf("a waiting state is not asked about again before it runs on")
	}
	for now, want := range map[int]float64{5: laterFactor, 5 + waitPicks - 1: laterFactor, 5 + waitPicks: 1, 500: 1} {
		if got := deferral(s, now); got != want {
			t.Errorf("told to Wait at pick 5, deferral at pick %d is %v, want %v", now, got, want)
		}
	}
	s.setVerdict(Later)
	q.Add(s)
	if got := deferral(s, 1000); got != laterFactor || !s.recheck {
		t.Errorf("put off (Later): deferral %v at pick 1000, recheck %v; want %v and true", got, s.recheck, float64(laterFactor))
	}
	s.setVerdict(Wait)
	s.setVerdict(Keep)
	q.Add(s)
	if got := deferral(s, 5); got != 1 || s.recheck {
		t.Errorf("kept after a Wait: deferral %v, recheck %v; want 1 and false", got, s.recheck)
	}
}

// The searcher asks which states to hurry before each pick, over all the
// runnable states, and runs the hurried ones first.
func TestHurriedStatesRunFirst(t *testing.T) {
	var asked []int
	hurry := func(states []*State) {
		asked = append(asked, len(states))
		for _, s := range states {
			s.hurried = s.id%4 == 0
		}
	}
	q, err := newSearcher("random-path", 1, nil, hurry)
	if err != nil {
		t.Fatal(err)
	}
	for id := range 40 {
		q.Add(&State{id: id})
	}
	var picked []int
	for range 10 {
		picked = append(picked, q.Select().id)
	}
	for i, id := range picked {
		if id%4 != 0 {
			t.Errorf("pick %d ran state %d, not hurried, while hurried states were left (picks %v)", i, id, picked)
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
	s := &State{hurried: true}
	if got := deferral(s, 0); got != 1.0/hurryFactor {
		t.Errorf("a hurried state's deferral is %v, want 1/%d", got, hurryFactor)
	}
}
