package symbolic

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// TestFieldStepsReachConfiguredStates: Kind's "semi" and "strict" are
// reached only by a splitter whose Sep or Strict a caller set after
// NewSplitter, so without set-up steps only "comma" is returned, and with
// one step every result is, the "semi" one by the assignment Sep = ';'.
// No step sets a field to the value NewSplitter left in it.
// Label, which nothing reads, is never set.
func TestFieldStepsReachConfiguredStates(t *testing.T) {
	off, recvs := exploreSequences(t, "fields.Splitter.Kind", 0)
	if got := strings.Join(keys(off), ","); got != "comma" {
		t.Errorf("without set-up steps: results %s, want only comma", got)
	}
	for _, r := range recvs {
		if r.Kind == concrete.Setup {
			t.Errorf("without set-up steps: receiver %s is set up", r)
		}
	}
	on, recvs := exploreSequences(t, "fields.Splitter.Kind", 1)
	if got := strings.Join(keys(on), ","); got != "comma,semi,strict" {
		t.Errorf("with one step: results %s, want comma,semi,strict", got)
	}
	assigned := map[string]bool{}
	for _, r := range recvs {
		if r.Kind != concrete.Setup {
			continue
		}
		if r.Elem.Kind != concrete.Call || r.Elem.Func == nil || r.Elem.Func.Name() != "NewSplitter" {
			t.Errorf("receiver %s: fields set on a value NewSplitter did not make", r)
		}
		if len(r.Elems) != 1 {
			t.Errorf("receiver %s, want one step", r)
			continue
		}
		if r.Elems[0].Kind != concrete.Assign {
			continue // a call of Add
		}
		a := r.Elems[0]
		assigned[a.Var.Name()] = true
		if a.Var.Name() == "Sep" && a.Elem.Kind == concrete.Int && a.Elem.Int == ';' {
			assigned["Sep = ';'"] = true
		}
		// An assignment of what NewSplitter leaves is the state without
		// it, and reads as a setting that matters.
		if a.Var.Name() == "Sep" && a.Elem.Int == ',' || a.Var.Name() == "Strict" && !a.Elem.Bool {
			t.Errorf("receiver %s: a field set to the value it holds", r)
		}
	}
	for _, want := range []string{"Sep", "Strict", "Sep = ';'"} {
		if !assigned[want] {
			t.Errorf("no receiver with %s set (set: %v)", want, keys(assigned))
		}
	}
	if assigned["Label"] {
		t.Errorf("Label, which nothing reads, was set")
	}
}

// TestFieldStepsLeaveSharedValuesAlone: what Current and Defaults hand
// out every caller shares (the address of a package variable, and a
// pointer the package's init made), so no step sets Verbose or Strict
// on it, and "verbose" and "strict" stay out of reach.
func TestFieldStepsLeaveSharedValuesAlone(t *testing.T) {
	for fn, unreached := range map[string]string{"fields.Config.Mode": "verbose", "fields.Options.Mode": "strict"} {
		results, recvs := exploreSequences(t, fn, 1)
		if results[unreached] || len(results) == 0 {
			t.Errorf("%s: results %v, want some but not %s", fn, keys(results), unreached)
		}
		for _, r := range recvs {
			if r.Kind == concrete.Setup {
				t.Errorf("%s: receiver %s is set up", fn, r)
			}
		}
	}
}

// TestFieldStepsOnlySetWhatTheCallReads: Add reads no exported field, so
// no receiver of its tests has one set, though Kind, another method of
// the package, reads Sep and Strict.
func TestFieldStepsOnlySetWhatTheCallReads(t *testing.T) {
	_, recvs := exploreSequences(t, "fields.Splitter.Add", 1)
	if len(recvs) == 0 {
		t.Fatal("no tests")
	}
	for _, r := range recvs {
		if r.Kind != concrete.Setup {
			continue
		}
		for _, step := range r.Elems {
			if step.Kind == concrete.Assign {
				t.Errorf("receiver %s: a field Add does not read is set", r)
			}
		}
	}
}
