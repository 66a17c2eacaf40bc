package symbolic

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestBranchesReadAsWritten checks that a path's branches quote the
// source: the line, the condition as written for the side taken (a byte
// against a character literal, a flipped comparison on the else side, a
// switch case as tag == value), and the function when it is not the one
// under test.
func TestBranchesReadAsWritten(t *testing.T) {
	type want struct{ pos, cond, fn string }
	cases := []struct {
		name, result string
		argLen       int // of a string argument; -1: any
		want         []want
	}{
		{"srcpins.Version", "[true]", 2, []want{
			{"srcpins.go:7", "len(s) >= 2", ""},
			{"srcpins.go:7", "s[0] == 'v'", ""},
			{"srcpins.go:16", "c >= '0'", "digits"},
			{"srcpins.go:16", "c <= '9'", "digits"},
			{"srcpins.go:15", "i >= len(s)", "digits"},
		}},
		{"srcpins.Kind", `["newline"]`, -1, []want{
			{"srcpins.go:28", "c != ' '", "lexer.class"},
			{"srcpins.go:28", `c != '\t'`, "lexer.class"},
			{"srcpins.go:30", `c == '\n'`, "lexer.class"},
		}},
	}
	for _, c := range cases {
		_, paths := explore(t, c.name, machine.Config{})
		found := false
		for _, p := range paths {
			if p.Test == nil || fmt.Sprint(p.Test.Results) != c.result || (c.argLen >= 0 && len(p.Test.Args[0].Str) != c.argLen) {
				continue
			}
			found = true
			var got []want
			for _, b := range p.Branches {
				got = append(got, want{b.Pos, b.Cond, b.Func})
				from := b.Edge.Func.Blocks[b.Edge.From-1]
				if to := b.Edge.Func.Blocks[b.Edge.Index]; from.Succs[0] != to && from.Succs[1] != to {
					t.Errorf("%s: branch %s: edge %d→%d is not out of the branch's block", c.name, b.Cond, b.Edge.From-1, b.Edge.Index)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s%v: branches\n%v\nwant\n%v", c.name, p.Test.Args, got, c.want)
			}
		}
		if !found {
			t.Errorf("%s: no path returns %s", c.name, c.result)
		}
	}
}
