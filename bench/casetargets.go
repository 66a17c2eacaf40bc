package main

import (
	"fmt"
	"strings"
)

// The cases a reviewer rejects, each with the largest pooled share the
// project accepts: a case built on private state breaks when a
// field is renamed and tests a state no caller reaches; a nil
// dereference or another runtime error is a crash from an input no
// caller gives, not a finding; a table whose every case fails never
// shows the function working.
type caseTarget struct {
	name  string
	count func(readability) int // the rejected cases (or tables)
	of    func(readability) int // the cases (or tables)
	unit  string                // what of counts
	max   float64               // the target: at most this share, pooled
}

var caseTargets = []caseTarget{
	{"private-state cases", func(r readability) int { return r.Private }, caseCount, "cases", 0.03},
	{"nil-dereference cases", func(r readability) int { return r.NilDeref }, caseCount, "cases", 0.01},
	{"runtime-error panic cases", func(r readability) int { return r.RuntimeError }, caseCount, "cases", 0.05},
	{"failure-only tables", func(r readability) int { return r.FailureOnly }, func(r readability) int { return r.Tables }, "tables", 0.03},
}

// caseCount is the denominator of the case targets.
func caseCount(r readability) int { return r.Cases }

// caseCells are the case columns of the readability table, each count
// with its share; the totals row has its shares in bold.
func caseCells(r readability, total bool) string {
	cell := func(n, of int) string {
		s := percentCell(share(n, of), of)
		if total && of > 0 {
			s = "**" + s + "**"
		}
		return fmt.Sprintf("%d (%s)", n, s)
	}
	return strings.Join([]string{
		fmt.Sprint(r.Cases), cell(r.Private, r.Cases), cell(r.Panics, r.Cases), cell(r.NilDeref, r.Cases), cell(r.RuntimeError, r.Cases),
		fmt.Sprint(r.Tables), cell(r.FailureOnly, r.Tables),
	}, " | ")
}

// casesSummary has a line per target: the pooled share, whether it meets
// the target, and how many packages do on their own.
func casesSummary(results []pkgResult) string {
	var all readability
	var files []readability
	for _, p := range results {
		if p.Readability != nil {
			all = all.add(*p.Readability)
			files = append(files, *p.Readability)
		}
	}
	var b strings.Builder
	for _, t := range caseTargets {
		n, of := t.count(all), t.of(all)
		verdict := "met"
		if share(n, of) > t.max {
			verdict = "**not met**"
		}
		met := 0
		for _, f := range files {
			if share(t.count(f), t.of(f)) <= t.max {
				met++
			}
		}
		fmt.Fprintf(&b, "- %s: **%s** of %d %s pooled (%d), target at most %.0f%%: %s; packages at or under it: %d of %d\n",
			t.name, percentCell(share(n, of), of), of, t.unit, n, 100*t.max, verdict, met, len(files))
	}
	return b.String()
}
