package symbolic

import (
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// walkValues is the walk named name among vs, as ints; ok is false when
// there is none.
func walkValues(vs []concrete.View, name string) (vals []int64, ok bool) {
	for _, v := range vs {
		if v.Walks() && v.Name() == name {
			for _, e := range v.Value.Elems {
				vals = append(vals, e.Int)
			}
			return vals, true
		}
	}
	return nil, false
}

// checkWalks checks the walks of a List's view vs: from Front by Next
// and from Back by Prev, each as long as Len says and the one the
// reverse of the other; none calls Pop, which writes. It returns the
// forward walk.
func checkWalks(t *testing.T, what string, vs []concrete.View) []int64 {
	t.Helper()
	fwd, ok1 := walkValues(vs, "FrontNextValues")
	back, ok2 := walkValues(vs, "BackPrevValues")
	if !ok1 || !ok2 {
		t.Fatalf("%s: views %+v, want the walks FrontNextValues and BackPrevValues", what, vs)
	}
	var n int64 = -1
	for _, v := range vs {
		if v.Method == "Len" {
			n = v.Value.Int
		}
		if v.Method == "Pop" {
			t.Errorf("%s: a view calls Pop, which writes: %+v", what, v)
		}
	}
	if int64(len(fwd)) != n {
		t.Errorf("%s: walk %v of a list of Len %d", what, fwd, n)
	}
	rev := slices.Clone(back)
	slices.Reverse(rev)
	if !slices.Equal(fwd, rev) {
		t.Errorf("%s: forward walk %v, backward %v", what, fwd, back)
	}
	return fwd
}

// TestWalksFollowTheNavigationMethods checks the walks the executor
// records on the walks fixture: Three's *List result holds its three
// arguments in order, and List.Push's receiver, before and after the
// call, ends after it with the value pushed.
func TestWalksFollowTheNavigationMethods(t *testing.T) {
	_, paths := explore(t, "walks.Three", machine.Config{})
	ret, _ := endings(paths)
	if len(ret) == 0 {
		t.Fatal("Three: no returning test")
	}
	for _, tc := range ret {
		got := checkWalks(t, "Three's result", tc.Results[0].Views)
		want := []int64{tc.Args[0].Int, tc.Args[1].Int, tc.Args[2].Int}
		if !slices.Equal(got, want) {
			t.Errorf("Three%v: walk %v", want, got)
		}
	}

	_, paths = explore(t, "walks.List.Push", machine.Config{})
	ret, _ = endings(paths)
	if len(ret) == 0 {
		t.Fatal("List.Push: no returning test")
	}
	for _, tc := range ret {
		checkWalks(t, "List.Push, before", tc.Before[0].Views)
		after := checkWalks(t, "List.Push, after", tc.After[0].Views)
		if len(after) == 0 || after[len(after)-1] != tc.Args[1].Int {
			t.Errorf("List.Push(%d): walk %v after the call", tc.Args[1].Int, after)
		}
	}
}
