package symbolic

import (
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/testdata/exec/netaddr"
)

// TestPureNetFunctionsAreFollowed: net.ParseIP and net.SplitHostPort are
// pure, so the functions that call them are explored (not skipped for
// reaching package net), both sides of the branch on ParseIP's result are
// taken, SplitHostPort's errors and its success are all reached, no path
// stops at a call of package net, and every outcome agrees with Go.
func TestPureNetFunctionsAreFollowed(t *testing.T) {
	for name, want := range map[string][]string{
		// "v4" needs a dotted quad, which the search does not reach
		// within the paths allowed here.
		"netaddr.Family": {`["invalid"]`, `["v6"]`},
		// A port that is not empty and no error, and two of SplitHostPort's errors.
		"netaddr.Port": {`nil]`, `no host`, `missing port in address`},
	} {
		t.Run(name, func(t *testing.T) {
			if why := SkipReason(target(t, name)); why != "" {
				t.Fatalf("skipped: %s", why)
			}
			_, paths := explore(t, name, machine.Config{MaxPaths: 60})
			for _, p := range paths {
				if strings.Contains(p.Reason, "call of net.") || strings.Contains(p.Reason, "package net") {
					t.Errorf("path stopped at %s", p.Reason)
				}
			}
			got := outcomes(paths)
			for _, w := range want {
				found := slices.ContainsFunc(got, func(o string) bool {
					return strings.Contains(o, w) && !strings.HasPrefix(o, `["" nil]`)
				})
				if !found {
					t.Errorf("no path returned %s; outcomes %v", w, got)
				}
			}
			natives[name] = map[string]any{"netaddr.Family": netaddr.Family, "netaddr.Port": netaddr.Port}[name]
			defer delete(natives, name)
			checkAgainstGo(t, name, paths)
		})
	}
}

// TestRefusedCallsSayWhatTheyDo: a function that opens a file or sleeps
// is skipped, naming the call and what it does; explored anyway, its path
// that makes the call stops there with that reason, even where the callee
// has no Go body (time.Sleep), and its path that does not returns.
func TestRefusedCallsSayWhatTheyDo(t *testing.T) {
	for name, call := range map[string]struct{ callee, does string }{
		"netaddr.Size":    {"os.Open", "the file system"},
		"netaddr.Backoff": {"time.Sleep", "the clock"},
	} {
		t.Run(name, func(t *testing.T) {
			if got, want := SkipReason(target(t, name)), "reaches "+call.callee+": "+call.does; got != want {
				t.Errorf("skip reason %q, want %q", got, want)
			}
			_, paths := explore(t, name, machine.Config{MaxPaths: 20})
			refused, returned := 0, 0
			for _, p := range paths {
				switch {
				case p.Kind == machine.EndUnsupported && p.Reason == "unsupported:call of "+call.callee+": "+call.does:
					refused++
				case p.Kind == machine.EndReturn:
					returned++
				default:
					t.Errorf("path ended %v: %s", p.Kind, p.Reason)
				}
			}
			// More than one path may return: boundary cases add some.
			if refused != 1 || returned == 0 {
				t.Errorf("%d paths refused at %s and %d returned, want 1 and some", refused, call.callee, returned)
			}
		})
	}
}
