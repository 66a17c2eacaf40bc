package report

import (
	"bytes"
	"strings"
	"testing"
)

// notestProfile is what go test -coverprofile gives for the tests of
// testdata/report/notest that gosymtest can write: the complex branch of
// Scale (11.12,14.3) never runs.
const notestProfile = `mode: set
github.com/gosymtest/gosymtest/testdata/report/notest/notest.go:10.23,11.12 1 1
github.com/gosymtest/gosymtest/testdata/report/notest/notest.go:11.12,14.3 2 0
github.com/gosymtest/gosymtest/testdata/report/notest/notest.go:15.2,15.11 1 1
github.com/gosymtest/gosymtest/testdata/report/notest/notest.go:15.11,17.3 1 1
github.com/gosymtest/gosymtest/testdata/report/notest/notest.go:18.2,18.10 1 1
`

// TestTestedCoverage checks that with Input.Tested a block counts as
// covered only when the tests ran it: the branch the executor entered on
// a path that stopped at complex arithmetic is a no-test gap naming the
// feature, the executor's view is kept beside it, and the profile
// written says what the tests ran.
func TestTestedCoverage(t *testing.T) {
	executor, in := explore(t, exploration{}, "./testdata/report/notest")
	if executor.Totals.Covered != 6 || executor.Totals.ExecutorCovered != 6 {
		t.Fatalf("executor's view: %d covered, %d executor-covered; want 6 and 6", executor.Totals.Covered, executor.Totals.ExecutorCovered)
	}
	in.Tested = NewTested()
	if err := in.Tested.AddProfile([]byte(notestProfile)); err != nil {
		t.Fatal(err)
	}
	r, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	if r.Totals.Covered != 4 || r.Totals.ExecutorCovered != 6 || r.Totals.Statements != 6 {
		t.Errorf("totals %+v: want 4 of 6 covered, 6 executor-covered", r.Totals)
	}
	if r.Reasons["no-test"] != 2 || r.Totals.Unmatched != 0 {
		t.Errorf("reasons %v, %d unmatched: want no-test 2, 0 unmatched", r.Reasons, r.Totals.Unmatched)
	}
	var summary bytes.Buffer
	if err := r.WriteSummary(&summary); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(summary.String(), "executor's view: explored paths entered 6 statements (100.0%)") {
		t.Errorf("summary does not give the executor's view:\n%s", summary.String())
	}
	f := r.Packages[0].Functions[0]
	if f.Covered != 4 || f.ExecutorCovered != 6 || len(f.Uncovered) != 1 {
		t.Fatalf("Scale: %+v", f)
	}
	g := f.Uncovered[0]
	if g.Reason != "no-test" || !strings.Contains(g.Detail, "produced no test") || !strings.Contains(g.Detail, "complex") || !strings.HasSuffix(g.Pos, "notest.go:11:12") {
		t.Errorf("gap %+v: want no-test at 11:12 naming complex arithmetic", g)
	}
	var buf bytes.Buffer
	if err := r.WriteProfile(&buf); err != nil {
		t.Fatal(err)
	}
	if buf.String() != notestProfile {
		t.Errorf("profile written:\n%s\nwant:\n%s", buf.String(), notestProfile)
	}
}

// TestTestedNeverAddsDead checks that counting only the tests' coverage
// makes no block dead that the executor's view did not: with no test at
// all on the deadcode fixture, the dead statements are the same, and
// every other entered block is a no-test gap.
func TestTestedNeverAddsDead(t *testing.T) {
	executor, in := explore(t, exploration{}, "./testdata/report/deadcode")
	in.Tested = NewTested()
	r, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	if r.Totals.Dead != executor.Totals.Dead {
		t.Errorf("dead statements: %d with no tests, %d in the executor's view", r.Totals.Dead, executor.Totals.Dead)
	}
	if r.Totals.Covered != 0 {
		t.Errorf("%d statements covered with no tests", r.Totals.Covered)
	}
	if r.Reasons["no-test"] != executor.Totals.Covered {
		t.Errorf("no-test gaps: %d statements, want the %d the executor entered", r.Reasons["no-test"], executor.Totals.Covered)
	}
}

// TestUnmatchedBlocks checks that a profile whose blocks differ from the
// report's (here one block split differently) is noticed, not silently
// counted as uncovered.
func TestUnmatchedBlocks(t *testing.T) {
	_, in := explore(t, exploration{}, "./testdata/report/notest")
	in.Tested = NewTested()
	other := strings.Replace(notestProfile, "15.2,15.11 1 1", "15.2,15.12 1 1", 1)
	if err := in.Tested.AddProfile([]byte(other)); err != nil {
		t.Fatal(err)
	}
	r, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	if r.Totals.Unmatched != 1 || r.Totals.Covered != 3 {
		t.Errorf("%d unmatched, %d covered; want 1 and 3", r.Totals.Unmatched, r.Totals.Covered)
	}
}

func TestAddProfileErrors(t *testing.T) {
	for _, bad := range []string{"mode: set\nnonsense\n", "mode: set\na.go:1.1,2.2 1 x\n"} {
		if err := NewTested().AddProfile([]byte(bad)); err == nil {
			t.Errorf("AddProfile(%q) succeeded", bad)
		}
	}
	tt := NewTested()
	// Two profiles merge: a block either counts is covered.
	if err := tt.AddProfile([]byte("mode: set\np/a.go:1.1,2.2 1 0\n")); err != nil {
		t.Fatal(err)
	}
	if err := tt.AddProfile([]byte("mode: count\np/a.go:1.1,2.2 1 3\n")); err != nil {
		t.Fatal(err)
	}
	if !tt.ran("p/a.go:1.1,2.2 1") {
		t.Error("merged profile lost the covered block")
	}
}
