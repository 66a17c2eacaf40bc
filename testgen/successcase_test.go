package testgen

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// TestAFailureOnlyTableGetsASuccess: the error cases enter every block
// first, so coverage alone keeps only them; the first case that parses
// is kept too. It is not when go test rejected it, nor when a kept case
// succeeds already, nor with -all-paths, which keeps every case anyway.
func TestAFailureOnlyTableGetsASuccess(t *testing.T) {
	a, b := BlockID{Index: 1}, BlockID{Index: 2}
	failing := func(summary string, blocks ...BlockID) *candidate {
		return &candidate{Case: Case{Summary: summary, Covers: blocks, Want: Outcome{Results: []Result{val(cv.Int(intType, 0)), errResult("bad")}}}}
	}
	parsing := func(summary string, blocks ...BlockID) *candidate {
		return &candidate{Case: Case{Summary: summary, Covers: blocks, Want: Outcome{Results: []Result{val(cv.Int(intType, 7)), val(cv.Nil(errorType))}}}}
	}
	panicking := &candidate{Case: Case{Summary: "panics", Covers: []BlockID{b}, Want: Outcome{Panics: true}}}
	summaries := func(cs []*candidate) string {
		var s []string
		for _, c := range cs {
			s = append(s, c.Summary)
		}
		return strings.Join(s, ",")
	}

	cands := []*candidate{failing("empty", a), panicking, parsing("ok", a), parsing("ok2", a), failing("junk", a, b)}
	if got := summaries(selectCases(cands, false, nil)); got != "empty,panics,ok" {
		t.Errorf("kept %s, want empty,panics,ok", got)
	}
	cands[2].failed = true
	if got := summaries(selectCases(cands, false, nil)); got != "empty,panics,ok2" {
		t.Errorf("with ok rejected by go test: kept %s, want empty,panics,ok2", got)
	}
	cands = []*candidate{parsing("ok", a), failing("junk", a, b), parsing("ok2", a)}
	if got := summaries(selectCases(cands, false, nil)); got != "ok,junk" {
		t.Errorf("with a success kept for coverage: kept %s, want ok,junk", got)
	}
	cands = []*candidate{failing("empty", a), failing("junk", a, b)}
	if got := summaries(selectCases(cands, false, nil)); got != "empty,junk" {
		t.Errorf("with no success to keep: kept %s, want empty,junk", got)
	}
}
