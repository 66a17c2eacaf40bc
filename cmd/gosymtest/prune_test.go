package main

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/detector"
)

// TestPruneFlags checks that -prune and -prune-off set
// the detector's switches, and that a wrong word is an error naming the
// flag and the word.
func TestPruneFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		none bool
		opts detector.Options
	}{
		{nil, false, detector.Options{}},
		{[]string{"-prune", "none"}, true, detector.Options{}},
		{[]string{"-prune", "none", "-prune", "rse"}, false, detector.Options{}},
		{[]string{"-prune-off", "refine"}, false, detector.Options{NoRefine: true}},
		{[]string{"-prune-off", "search"}, false, detector.Options{NoSearch: true}},
		{[]string{"-prune-off", "refine, search"}, false, detector.Options{NoRefine: true, NoSearch: true}},
		{[]string{"-prune-off", "refine", "-prune-off", "search"}, false, detector.Options{NoSearch: true}},
		{[]string{"-prune-off", "single,refine"}, false, detector.Options{NoRefine: true, NoSingle: true}},
		{[]string{"-prune-off", "hurry"}, false, detector.Options{NoHurry: true}},
		{[]string{"-prune-off", "mod,hurry"}, false, detector.Options{NoModSets: true, NoHurry: true}},
		{[]string{"-prune", "reach"}, false, detector.Options{Reach: true}},
		{[]string{"-prune", "reach", "-prune-off", "single"}, false, detector.Options{Reach: true, NoSingle: true}},
		{[]string{"-prune", "reach", "-prune", "rse"}, false, detector.Options{}},
		{[]string{"-prune-off", ""}, false, detector.Options{}},
	} {
		cfg, err := parseArgs(tc.args)
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if cfg.prune.none != tc.none || cfg.prune.opts != tc.opts {
			t.Errorf("%q: none %v, options %+v; want %v, %+v", tc.args, cfg.prune.none, cfg.prune.opts, tc.none, tc.opts)
		}
		if tc.none && cfg.prune.pruner(nil, nil) != nil {
			t.Errorf("%q: -prune none gave a pruner", tc.args)
		}
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-prune", "some"}, []string{"-prune", `"some"`, "none", "rse", "reach"}},
		{[]string{"-prune-off", "refine,semantic"}, []string{"-prune-off", `"semantic"`, "refine, search, single, hurry, mod"}},
	} {
		_, err := parseArgs(tc.args)
		if err == nil {
			t.Errorf("%q: no error", tc.args)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%q: error %q does not say %q", tc.args, err, w)
			}
		}
	}
}
