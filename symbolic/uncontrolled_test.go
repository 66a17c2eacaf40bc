package symbolic

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/outside"
	"github.com/gosymtest/gosymtest/testdata/exec/clock"
	"golang.org/x/tools/go/ssa"
)

// returned lists the paths of a run that returned with a replayed test.
func returned(t *testing.T, paths []*machine.PathEnd) []*machine.PathEnd {
	t.Helper()
	var out []*machine.PathEnd
	for _, p := range paths {
		if p.Kind == machine.EndInternal {
			t.Errorf("internal error: %s", p.Reason)
		}
		if p.Kind == machine.EndReturn && p.Test != nil && p.Test.Replayed {
			out = append(out, p)
		}
	}
	return out
}

func branchesOnUncontrolled(p *machine.PathEnd) bool {
	for _, c := range p.Concretized {
		if strings.HasPrefix(c, outside.UncontrolledBranchNote) {
			return true
		}
	}
	return false
}

// Remaining branches on the clock: the paths that do are not exhaustive
// and their tests are marked, the durations are not asserted, and the
// expired case's deadline is before any moment a test can run at.
func TestClockBranchIsUncontrolled(t *testing.T) {
	sum, paths := explore(t, "clock.Remaining", machine.Config{})
	if sum.Exhausted {
		t.Error("Remaining claimed exhausted, but a test cannot force its clock branch")
	}
	var expired, left bool
	for _, p := range returned(t, paths) {
		tc := p.Test
		deadline := tc.Args[0].Int
		switch tc.ErrMsgs[2] {
		case "deadline passed":
			expired = true
			if !tc.Uncontrolled || !branchesOnUncontrolled(p) {
				t.Errorf("expired path %v: not marked uncontrolled (%v)", p.Pins, p.Concretized)
			}
			if deadline < 0 || deadline >= outside.WallLo {
				t.Errorf("expired case has deadline %d: the clock may not have passed it", deadline)
			}
			if _, err := callRemaining(deadline); !errors.Is(err, clock.ErrExpired) {
				t.Errorf("Remaining(%d) in Go: %v, want ErrExpired", deadline, err)
			}
		case "":
			left = true
			if !tc.Uncontrolled {
				t.Errorf("path %v with time left: not marked uncontrolled", p.Pins)
			}
			for i := range 2 {
				if tc.Results[i].Kind != concrete.Opaque {
					t.Errorf("result %d of the path with time left is asserted: %v", i, tc.Results[i])
				}
			}
			if deadline < outside.WallHi {
				t.Errorf("case with time left has deadline %d: the clock may pass it", deadline)
			}
			if _, err := callRemaining(deadline); err != nil {
				t.Errorf("Remaining(%d) in Go: %v, want time left", deadline, err)
			}
		case "negative deadline":
			if tc.Uncontrolled || branchesOnUncontrolled(p) {
				t.Errorf("negative deadline path %v: marked uncontrolled, but the clock is not read", p.Pins)
			}
		}
	}
	if !expired || !left {
		t.Errorf("expired path found: %v, path with time left found: %v", expired, left)
	}
}

func callRemaining(deadline int64) (bool, error) {
	_, near, err := clock.Remaining(deadline)
	return near, err
}

// Elapsed reads the clock but never branches on it: exhaustive, the label
// asserted, the duration not.
func TestClockValueIsNotAsserted(t *testing.T) {
	sum, paths := explore(t, "clock.Elapsed", machine.Config{})
	if !sum.Exhausted {
		t.Error("Elapsed not exhausted: no branch depends on the clock")
	}
	ps := returned(t, paths)
	if len(ps) != 2 {
		t.Fatalf("%d paths returned, want 2", len(ps))
	}
	for _, p := range ps {
		tc := p.Test
		if tc.Uncontrolled {
			t.Errorf("path %v marked uncontrolled", p.Pins)
		}
		if tc.Results[0].Kind != concrete.String || tc.Results[1].Kind != concrete.Opaque {
			t.Errorf("results %v: want the label asserted and the seconds not", tc.Results)
		}
		if label, _ := clock.Elapsed(tc.Args[0].Int, tc.Args[1].Str); label != tc.Results[0].Str {
			t.Errorf("Elapsed label in Go %q, interpreter %q", label, tc.Results[0].Str)
		}
	}
}

// NewStamped records the call stack; its message does not depend on it.
func TestStackDoesNotHideTheMessage(t *testing.T) {
	sum, paths := explore(t, "clock.NewStamped", machine.Config{})
	if !sum.Exhausted {
		t.Error("NewStamped not exhausted: no branch depends on the stack")
	}
	found := false
	for _, p := range returned(t, paths) {
		if msg := p.Test.Args[0].Str; msg != "" {
			found = true
			if p.Test.ErrMsgs[0] != msg || p.Test.Uncontrolled {
				t.Errorf("NewStamped(%q): message %q, uncontrolled %v", msg, p.Test.ErrMsgs[0], p.Test.Uncontrolled)
			}
		}
	}
	if !found {
		t.Error("no path made an error")
	}
}

// TempName uses the process id: explored (not skipped for reaching
// package os), its error asserted, its name not.
func TestProcessIDIsNotAsserted(t *testing.T) {
	fn := target(t, "clock.TempName")
	if why := SkipReason(fn); why != "" {
		t.Fatalf("TempName skipped: %s", why)
	}
	_, paths := explore(t, "clock.TempName", machine.Config{})
	ok := false
	var steady []*ssa.BasicBlock
	for _, p := range returned(t, paths) {
		tc := p.Test
		if tc.ErrMsgs[1] != "" {
			continue
		}
		// The paths differ only in strconv's branches on the pid's
		// digits, which Go takes as the real pid says: what every one
		// of them is sure to enter is the same.
		if steady != nil && !slices.Equal(steady, tc.SteadyBlocks) {
			t.Errorf("TempName(%q): steady blocks %v, another path's %v", tc.Args[0].Str, tc.SteadyBlocks, steady)
		}
		steady = tc.SteadyBlocks
		ok = true
		if tc.Results[0].Kind != concrete.Opaque || tc.Results[1].Kind != concrete.Nil {
			t.Errorf("TempName(%q) results %v: want the name not asserted, the error nil", tc.Args[0].Str, tc.Results)
		}
		if _, err := clock.TempName(tc.Args[0].Str); err != nil {
			t.Errorf("TempName(%q) in Go: %v", tc.Args[0].Str, err)
		}
	}
	if !ok {
		t.Error("no path returned a name")
	}
}

// Frames gives runtime.Callers a buffer whose length is an input: the
// count is not asserted, and the case replays in Go.
func TestCallersIntoABufferOfInputLength(t *testing.T) {
	_, paths := explore(t, "clock.Frames", machine.Config{})
	ok := false
	for _, p := range returned(t, paths) {
		tc := p.Test
		if tc.ErrMsgs[1] != "" {
			continue
		}
		ok = true
		if tc.Results[0].Kind != concrete.Opaque || tc.Uncontrolled {
			t.Errorf("Frames(%d): results %v, uncontrolled %v", tc.Args[0].Int, tc.Results, tc.Uncontrolled)
		}
		if _, err := clock.Frames(int(tc.Args[0].Int)); err != nil {
			t.Errorf("Frames(%d) in Go: %v", tc.Args[0].Int, err)
		}
	}
	if !ok {
		t.Error("no path counted frames")
	}
}

// Where walks the caller's frames with runtime.CallersFrames: the loop
// ends with the counters, its branches are uncontrolled, the label is
// asserted and agrees with Go, the frame count is not.
func TestFramesAreUncontrolled(t *testing.T) {
	sum, paths := explore(t, "clock.Where", machine.Config{MaxPaths: 60})
	if sum.Exhausted {
		t.Error("Where claimed exhausted, but its loop runs as the stack says")
	}
	ps := returned(t, paths)
	if len(ps) == 0 {
		t.Fatal("no path returned")
	}
	for _, p := range ps {
		tc := p.Test
		if !tc.Uncontrolled || tc.Results[0].Kind != concrete.String || tc.Results[1].Kind != concrete.Opaque {
			t.Errorf("Where(%q): results %v, uncontrolled %v", tc.Args[0].Str, tc.Results, tc.Uncontrolled)
		}
		if label, _ := clock.Where(tc.Args[0].Str); label != tc.Results[0].Str {
			t.Errorf("Where(%q) in Go labels %q, interpreter %q", tc.Args[0].Str, label, tc.Results[0].Str)
		}
	}
}

// Token reads crypto/rand, whose bytes come from the operating system:
// explored to its end (not stopped at the timer crypto/rand starts, nor at
// the kernel call), its error asserted where the length is out of range,
// its random text never.
func TestRandomBytesAreNotAsserted(t *testing.T) {
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/isolated/testdata/token"}})
	if err != nil {
		t.Fatal(err)
	}
	_, paths := exploreIn(t, prog.SSA, prog.Packages[0].SSA.Func("Token"), machine.Config{})
	random := 0
	for _, p := range paths {
		if p.Kind != machine.EndReturn {
			t.Errorf("a path ended %v: %s", p.Kind, p.Reason)
			continue
		}
		tc := p.Test
		n := tc.Args[0].Int
		inRange := n > 0 && n <= 8
		if !inRange {
			if tc.ErrMsgs[1] != "token length out of range" {
				t.Errorf("Token(%d): error %q, want the length's", n, tc.ErrMsgs[1])
			}
			continue
		}
		random++
		if tc.ErrMsgs[1] != "" || tc.Results[0].Kind != concrete.Opaque || tc.Uncontrolled {
			t.Errorf("Token(%d): error %q, results %v, uncontrolled %v; want no error and the text not asserted", n, tc.ErrMsgs[1], tc.Results, tc.Uncontrolled)
		}
	}
	if random == 0 {
		t.Error("no path read random bytes")
	}
}
