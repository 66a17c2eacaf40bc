package symbolic

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// endings are the tests of the paths that returned; panicked those that
// panicked.
func endings(paths []*machine.PathEnd) (ret, pan []*concrete.Test) {
	for _, p := range paths {
		switch {
		case p.Test == nil:
		case p.Test.Panics:
			pan = append(pan, p.Test)
		default:
			ret = append(ret, p.Test)
		}
	}
	return ret, pan
}

// TestAfterIsWhatTheCallLeft checks Test.Before and Test.After on the
// afterstate fixture: the counter of a void method, a slice sorted in
// place, and the size of a ring whose root points to itself are read
// before and after the call; a panicking call records neither.
func TestAfterIsWhatTheCallLeft(t *testing.T) {
	// NilAnywhere: a nil receiver, which Inc never compares with nil,
	// makes the panicking call.
	_, paths := explore(t, "afterstate.Counter.Inc", machine.Config{NilAnywhere: true})
	ret, pan := endings(paths)
	if len(ret) < 2 || len(pan) == 0 {
		t.Fatalf("Counter.Inc: %d returning and %d panicking tests, want ≥ 2 and ≥ 1", len(ret), len(pan))
	}
	for _, tc := range pan {
		if tc.After != nil || tc.Before != nil {
			t.Errorf("Counter.Inc panicked, yet After = %v, Before = %v", tc.After, tc.Before)
		}
	}
	for _, tc := range ret {
		if len(tc.After) != 1 || len(tc.Before) != 1 || tc.After[0].Kind != concrete.Struct || tc.Before[0].Kind != concrete.Struct {
			t.Fatalf("Counter.Inc: After %v, Before %v; want the Counter before and after", tc.After, tc.Before)
		}
		n, was := tc.After[0].Elems[0].Int, tc.Before[0].Elems[0].Int
		want := was + 1
		if want > 9 {
			want = 0
		}
		if n != want {
			t.Errorf("Counter.Inc from n = %d: After n = %d, want %d", was, n, want)
		}
	}

	_, paths = explore(t, "afterstate.Sort2", machine.Config{})
	ret, _ = endings(paths)
	swapped := false
	for _, tc := range ret {
		before, after := ints(tc.Before[0]), ints(tc.After[0])
		sorted := slices.Clone(before)
		if len(sorted) >= 2 && sorted[0] > sorted[1] {
			sorted[0], sorted[1] = sorted[1], sorted[0]
			swapped = true
		}
		if !slices.Equal(after, sorted) {
			t.Errorf("Sort2(%v): After %v, want %v", before, after, sorted)
		}
	}
	if !swapped {
		t.Errorf("Sort2: no test swaps the elements")
	}

	_, paths = explore(t, "afterstate.Ring.Add", machine.Config{})
	ret, _ = endings(paths)
	if len(ret) == 0 {
		t.Fatal("Ring.Add: no returning test")
	}
	selfLoops := 0
	for _, tc := range ret {
		after := tc.After[0]
		// An empty ring's root comes to point to itself; a ring given
		// nodes keeps them.
		if tc.Before[0].Elems[0].Elems[0].Kind == concrete.Nil {
			selfLoops++
			if ok, _ := after.Literal(); ok {
				t.Errorf("Ring.Add: the ring after the call has a literal (%v); its root points to itself", after)
			}
		}
		if size := after.Elems[1]; size.Kind != concrete.Int || size.Int != tc.Before[0].Elems[1].Int+1 {
			t.Errorf("Ring.Add: size after = %v, before = %v; want one more", size, tc.Before[0].Elems[1])
		}
	}
	if selfLoops == 0 {
		t.Error("Ring.Add: no test adds to an empty ring")
	}
}

func ints(v concrete.Value) []int64 {
	var out []int64
	for _, e := range v.Elems {
		out = append(out, e.Int)
	}
	return out
}

// TestSentinelErrorsAreNamed checks that a returned error that is a
// package variable's value is reported as that variable (io.EOF, the
// package's ErrBang), and an error made on the spot is not.
func TestSentinelErrorsAreNamed(t *testing.T) {
	_, paths := explore(t, "afterstate.Take", machine.Config{})
	ret, _ := endings(paths)
	got := map[string]bool{}
	for _, tc := range ret {
		r := tc.Results[1]
		switch {
		case r.Kind == concrete.Global:
			got[r.Var.Pkg().Name()+"."+r.Var.Name()] = true
			if tc.ErrMsgs[1] == "" {
				t.Errorf("the sentinel %s lost its message", r)
			}
		case tc.ErrMsgs[1] == "afterstate: question":
			got["question"] = true
			if r.Kind != concrete.Interface {
				t.Errorf("errors.New on the spot reported as %v, want the error value", r)
			}
		}
	}
	for _, want := range []string{"io.EOF", "afterstate.ErrBang", "question"} {
		if !got[want] {
			t.Errorf("no test returns %s; got %v", want, got)
		}
	}
}

// TestViewsAreWhatTheAPIShows checks Value.Views on the afterstate
// fixture: Bump's *Score result carries what its String method returned
// for the total the replay computed, and Counter.Inc's receiver carries
// its getter N before and after the call, which agree with the private
// count. Nothing else is a view: Inc mutates, so it is no getter.
func TestViewsAreWhatTheAPIShows(t *testing.T) {
	_, paths := explore(t, "afterstate.Bump", machine.Config{})
	ret, _ := endings(paths)
	if len(ret) == 0 {
		t.Fatal("Bump: no returning test")
	}
	for _, tc := range ret {
		r := tc.Results[0]
		if r.Kind != concrete.Pointer || r.Elem == nil || len(r.Views) != 1 || r.Views[0].Method != "String" {
			t.Fatalf("Bump: result %v with views %+v, want a *Score with its String view", r, r.Views)
		}
		total, word := r.Elem.Elems[0].Int, r.Views[0].Value.Str
		want := "some"
		switch {
		case total == 0:
			want = "nothing"
		case total > 9:
			want = "many"
		}
		if word != want {
			t.Errorf("Bump to %d: String view %q, want %q", total, word, want)
		}
	}

	_, paths = explore(t, "afterstate.Counter.Inc", machine.Config{})
	ret, _ = endings(paths)
	for _, tc := range ret {
		for k, v := range []concrete.Value{tc.Before[0], tc.After[0]} {
			if len(v.Views) != 1 || v.Views[0].Method != "N" || v.Views[0].Value.Int != v.Elems[0].Int {
				t.Errorf("Counter.Inc, state %d: views %+v of %v, want N = the count", k, v.Views, v)
			}
		}
	}
}
