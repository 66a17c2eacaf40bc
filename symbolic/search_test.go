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
