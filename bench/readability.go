package main

import (
	"fmt"
	"strings"

	"github.com/gosymtest/gosymtest/testgen"
)

// readability is what a reviewer sees first in a generated test file,
// counted by testgen.FileFigures (which defines the counts): distinct
// string literals of the case rows and those with bytes a reader cannot
// see, case names and those of the returns_…_N kind (another row's name
// and a counter), and the cases a reviewer rejects (casetargets.go).
type readability struct {
	Literals, NonPrintable int // distinct string values, and those with a non-printable byte
	Names, ReturnsN        int // case names, and those of the returns_…_N kind
	// Cases are the rows of the case tables; Private those that set an
	// unexported field of the package's type; Panics those that expect
	// a panic, NilDeref and RuntimeError those of them whose message is
	// a nil dereference, and any runtime error.
	Cases, Private, Panics, NilDeref, RuntimeError int
	// Tables are the case tables, FailureOnly those whose every case
	// panics or returns an error.
	Tables, FailureOnly int
}

// measureReadability counts a generated test file's literals, names and
// cases.
func measureReadability(src []byte) readability {
	f := testgen.FileFigures(src)
	return readability{Literals: f.Strings, NonPrintable: f.NonPrintable, Names: f.Names, ReturnsN: f.Numbered,
		Cases: f.Cases, Private: f.PrivateState, Panics: f.Panics, NilDeref: f.NilDeref, RuntimeError: f.RuntimeError,
		Tables: f.Tables, FailureOnly: f.FailureOnly}
}

// literalShare is the share of distinct string literals with a
// non-printable byte (0 when there are none).
func (r readability) literalShare() float64 { return share(r.NonPrintable, r.Literals) }

// namesShare is the share of case names of the returns_…_N kind.
func (r readability) namesShare() float64 { return share(r.ReturnsN, r.Names) }

func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// add pools two files' counts (the totals row).
func (r readability) add(o readability) readability {
	return readability{
		Literals: r.Literals + o.Literals, NonPrintable: r.NonPrintable + o.NonPrintable,
		Names: r.Names + o.Names, ReturnsN: r.ReturnsN + o.ReturnsN,
		Cases: r.Cases + o.Cases, Private: r.Private + o.Private, Panics: r.Panics + o.Panics,
		NilDeref: r.NilDeref + o.NilDeref, RuntimeError: r.RuntimeError + o.RuntimeError,
		Tables: r.Tables + o.Tables, FailureOnly: r.FailureOnly + o.FailureOnly,
	}
}

// readabilityTable has one row per package whose generated file was read,
// and a row of the pooled counts.
func readabilityTable(results []pkgResult) string {
	var b strings.Builder
	b.WriteString("| package | string literals | non-printable | share | case names | numbered (…_N) | share | cases | private state | panics | nil deref | runtime error | tables | failure-only |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	var all readability
	n := 0
	for _, p := range results {
		if p.Readability == nil {
			continue
		}
		r := *p.Readability
		all = all.add(r)
		n++
		fmt.Fprintf(&b, "| %s | %d | %d | %s | %d | %d | %s | %s |\n", p.Entry.Name, r.Literals, r.NonPrintable, percentCell(r.literalShare(), r.Literals),
			r.Names, r.ReturnsN, percentCell(r.namesShare(), r.Names), caseCells(r, false))
	}
	fmt.Fprintf(&b, "| **all** (%d files) | %d | %d | **%s** | %d | %d | **%s** | %s |\n", n, all.Literals, all.NonPrintable, percentCell(all.literalShare(), all.Literals),
		all.Names, all.ReturnsN, percentCell(all.namesShare(), all.Names), caseCells(all, true))
	return b.String()
}

// readabilitySummary says how many packages meet the ≤ 5% target of
// non-printable literals.
func readabilitySummary(results []pkgResult) string {
	met, n := 0, 0
	for _, p := range results {
		if p.Readability == nil {
			continue
		}
		n++
		if p.Readability.literalShare() <= literalTarget {
			met++
		}
	}
	return fmt.Sprintf("packages with at most %.0f%% non-printable literals: **%d of %d**", 100*literalTarget, met, n)
}

// literalTarget bounds the share of non-printable literals: a reader
// cannot review a case whose inputs they cannot see.
const literalTarget = 0.05

func percentCell(x float64, of int) string {
	if of == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}
