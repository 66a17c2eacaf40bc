package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
)

// TestSolverOffFlag checks that -solver-off takes layer names and all,
// the last flag winning, and that an unknown name is an error that names
// the flag and the layers it takes.
func TestSolverOffFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{nil, nil},
		{[]string{"-solver-off", "trie, cex"}, []string{solver.LayerTrie, solver.LayerCex}},
		{[]string{"-solver-off", "all"}, solver.Layers},
		{[]string{"-solver-off", "all", "-solver-off", "fast"}, []string{solver.LayerFast}},
	} {
		cfg, err := parseArgs(tc.args)
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if !slices.Equal(cfg.solverOff, tc.want) {
			t.Errorf("%q: layers off %v, want %v", tc.args, cfg.solverOff, tc.want)
		}
	}
	_, err := parseArgs([]string{"-solver-off", "cache,green"})
	if err == nil {
		t.Fatal("-solver-off green: no error")
	}
	for _, w := range []string{"-solver-off", `"green"`, strings.Join(solver.Layers, ", ")} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not say %q", err, w)
		}
	}
}
