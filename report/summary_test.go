package report

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// deadListed sums the statements of the summary's dead-code list.
func deadListed(t *testing.T, r *Report) (string, int) {
	t.Helper()
	var buf bytes.Buffer
	if err := r.WriteSummary(&buf); err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, m := range regexp.MustCompile(`(?m)^  \S+-\S+  .*\((\d+) statements?\)$`).FindAllStringSubmatch(buf.String(), -1) {
		n, _ := strconv.Atoi(m[1])
		sum += n
	}
	return buf.String(), sum
}

// TestSummaryListsWhatTheTableCountsDead checks that the dead-code list
// under the table is the dead statements the table counts, no more and no
// fewer, and that there is no heading over an empty list. The second
// report adds an exploration of the same declaration that was not
// exhausted (as a second instantiation of a generic function would be):
// the package no longer counts Mod4's block dead, so the list must not
// show it either, though Mod4's own exploration still proves it.
func TestSummaryListsWhatTheTableCountsDead(t *testing.T) {
	r, in := explore(t, exploration{}, "./testdata/report/deadcode")
	summary, listed := deadListed(t, r)
	if r.Totals.Dead == 0 || listed != r.Totals.Dead {
		t.Errorf("the table counts %d dead statements, the list %d:\n%s", r.Totals.Dead, listed, summary)
	}
	if !strings.Contains(summary, "deadcode.go:9:15-11:4  Mod4") {
		t.Fatalf("the list lacks Mod4's dead block:\n%s", summary)
	}

	pkg := &in.Packages[0]
	for _, f := range pkg.Funcs {
		if f.Name != "Mod4" {
			continue
		}
		sum := *f.Summary
		sum.Exhausted = false
		again := f
		again.Name, again.Summary = "Mod4 (again)", &sum
		pkg.Funcs = append(pkg.Funcs, again)
		break
	}
	split, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	summary, listed = deadListed(t, split)
	if listed != split.Totals.Dead {
		t.Errorf("the table counts %d dead statements, the list %d:\n%s", split.Totals.Dead, listed, summary)
	}
	if strings.Contains(summary, "deadcode.go:9:15") {
		t.Errorf("the list shows Mod4's block, which the package does not count dead:\n%s", summary)
	}
	if split.Totals.Dead == 0 && strings.Contains(summary, "dead code") {
		t.Errorf("a dead-code heading with nothing counted dead:\n%s", summary)
	}
	if f := split.Packages[0].Functions[0]; f.Name != "Mod4" || f.Dead == 0 {
		t.Errorf("Mod4's own exploration no longer proves its block dead: %+v", f)
	}
}
