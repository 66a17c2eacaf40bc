package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gosymtest/gosymtest/detector"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// pruneConfig is what -prune and -prune-off set: whether the
// redundant-state detector runs, and which of its refinements, so that
// the share of each can be measured (bench's rse-no-* arms).
type pruneConfig struct {
	none bool             // -prune none: no detector at all
	opts detector.Options // -prune-off
}

// pruner is the Config.Pruner the flags ask for, for a run that explores
// targets: nil for -prune none.
func (p pruneConfig) pruner(prog *ssa.Program, targets []*ssa.Function) func() machine.Pruner {
	if p.none {
		return nil
	}
	return detector.New(prog, targets, p.opts)
}

// pruneMode is the -prune flag: none, rse, or reach (rse, and also the
// states that can reach no code of the package left uncovered).
type pruneMode struct{ p *pruneConfig }

func (v pruneMode) String() string {
	switch {
	case v.p == nil:
		return ""
	case v.p.none:
		return "none"
	case v.p.opts.Reach:
		return "reach"
	}
	return "rse"
}

func (v pruneMode) Set(s string) error {
	switch s {
	case "none", "rse", "reach":
		v.p.none, v.p.opts.Reach = s == "none", s == "reach"
	default:
		return fmt.Errorf("%q is none of none, rse and reach", s)
	}
	return nil
}

// pruneOff is the -prune-off flag: a comma-separated list of the
// detector's refinements to turn off, among refine (§3.4), search
// (§3.6), single (§3.5), hurry (favouring the subtrees that waiting
// states wait for) and mod (the mod analysis of potential dependences,
// §3.2.1). The empty list turns none off.
type pruneOff struct{ opts *detector.Options }

// pruneOffWords are the words -prune-off takes, in the order -help lists
// them.
var pruneOffWords = []string{"refine", "search", "single", "hurry", "mod"}

func (v pruneOff) String() string {
	if v.opts == nil {
		return ""
	}
	var words []string
	for _, w := range pruneOffWords {
		if *v.field(w) {
			words = append(words, w)
		}
	}
	return strings.Join(words, ",")
}

// field is the Options switch word turns on.
func (v pruneOff) field(word string) *bool {
	switch word {
	case "refine":
		return &v.opts.NoRefine
	case "search":
		return &v.opts.NoSearch
	case "single":
		return &v.opts.NoSingle
	case "hurry":
		return &v.opts.NoHurry
	case "mod":
		return &v.opts.NoModSets
	}
	return nil
}

func (v pruneOff) Set(s string) error {
	var set []*bool
	for _, w := range strings.Split(s, ",") {
		w = strings.TrimSpace(w)
		if w == "" {
			continue
		}
		f := v.field(w)
		if f == nil {
			return errors.New("unknown refinement " + fmt.Sprintf("%q", w) + " (want a comma-separated list of " + strings.Join(pruneOffWords, ", ") + ")")
		}
		set = append(set, f)
	}
	// A flag given twice replaces the first: only the last list counts.
	for _, w := range pruneOffWords {
		*v.field(w) = false
	}
	for _, f := range set {
		*f = true
	}
	return nil
}
