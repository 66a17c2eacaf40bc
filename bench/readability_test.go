package main

import (
	"strings"
	"testing"
)

// A generated file in the shape testgen writes: two tables, keyed and
// positional rows, a literal repeated across rows, and format strings
// and an import path that are not counted.
const readabilitySrc = `package p

import (
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		s       string
		b       []byte
		want    int
		wantErr string
	}{
		{name: "returns_false_7", s: "v1.2", want: 1},
		{name: "returns_x00", s: "\x80\x00", want: 0, wantErr: "bad input"},
		{name: "empty_version", s: "", b: []byte("ab\tc\n"), want: 2},
		{name: "returns_3", s: "v1.2", want: 3},
		{name: "tab_at_limit", s: "héllo", want: 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Parse(tt.s, tt.b); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Parse():\n got %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestDel(t *testing.T) {
	tests := []struct {
		name string
		s    string
	}{
		{"returns_2", "\x7f"},
		{"no_v_prefix", "x"},
	}
	_ = tests
}
`

// The bench reads testgen.FileFigures' counts into its table's columns.
func TestMeasureReadability(t *testing.T) {
	r := measureReadability([]byte(readabilitySrc))
	// Distinct values: "v1.2" (twice), "\x80\x00", "bad input", "",
	// "ab\tc\n", "héllo", "\x7f", "x". Non-printable: "\x80\x00" and
	// "\x7f" (DEL); é is a printable character. Numbered: returns_3 is
	// not another row's name plus a number, so none is.
	want := readability{Literals: 8, NonPrintable: 2, Names: 7, ReturnsN: 0, Cases: 7, Tables: 2}
	if r != want {
		t.Errorf("measureReadability = %+v, want %+v", r, want)
	}
	if got := r.literalShare(); got != 2.0/8 {
		t.Errorf("literalShare = %v", got)
	}
}

// casesSrc has a count of each kind that differs from every other, so a
// count read into the wrong column shows: 13 cases in 3 tables. TestA
// only panics (1 nil dereference, 3 index errors, 1 explicit panic):
// 5 panics, 4 of them runtime errors. TestB's one case returns an
// error. TestC has 6 cases built on T's unexported field a and one on
// its exported A. Failure-only: TestA and TestB.
const casesSrc = `package p

import "fmt"

func TestA(t *testing.T) {
	tests := []struct {
		name      string
		x         *T
		panics    bool
		wantPanic string // "" accepts any message
	}{
		{name: "nil_x", panics: true, wantPanic: "runtime error: invalid memory address or nil pointer dereference"},
		{name: "empty", x: &T{}, panics: true, wantPanic: "runtime error: index out of range [0] with length 0"},
		{name: "one", x: &T{A: 1}, panics: true, wantPanic: "runtime error: index out of range [0] with length 0"},
		{name: "two", x: &T{A: 2}, panics: true, wantPanic: "runtime error: index out of range [0] with length 0"},
		{name: "must", x: &T{A: 3}, panics: true, wantPanic: "p: must"},
	}
	for _, tt := range tests {
		defer func() {
			if r := recover(); r != nil {
				if !tt.panics {
				} else if tt.wantPanic != "" && fmt.Sprint(r) != tt.wantPanic {
				}
			}
		}()
		A(tt.x)
	}
}

func TestB(t *testing.T) {
	tests := []struct {
		name    string
		wantErr string
	}{
		{name: "fails", wantErr: "bad"},
	}
	for _, tt := range tests {
		if errText(B()) != tt.wantErr {
		}
	}
}

func TestC(t *testing.T) {
	tests := []struct {
		name string
		x    T
	}{
		{name: "a", x: T{a: 1}},
		{name: "b", x: T{a: 2}},
		{name: "c", x: T{a: 3}},
		{name: "d", x: T{a: 4}},
		{name: "e", x: T{a: 5}},
		{name: "f", x: T{a: 6}},
		{name: "g", x: T{A: 7}},
	}
	_ = tests
}

func errText(err error) string { return "" }
`

// The bench reads each case count of testgen.FileFigures into its own
// field.
func TestMeasureReadabilityCases(t *testing.T) {
	r := measureReadability([]byte(casesSrc))
	// Literals: the three panic messages and "bad".
	want := readability{Literals: 4, Names: 13, Cases: 13, Private: 6, Panics: 5, NilDeref: 1, RuntimeError: 4, Tables: 3, FailureOnly: 2}
	if r != want {
		t.Errorf("measureReadability =\n %+v, want\n %+v", r, want)
	}
}

func TestReadabilityTable(t *testing.T) {
	results := []pkgResult{
		{Entry: entry{Name: "p"}, Readability: &readability{Literals: 20, NonPrintable: 1, Names: 10, ReturnsN: 4,
			Cases: 10, Private: 1, Panics: 3, NilDeref: 2, RuntimeError: 3, Tables: 4, FailureOnly: 1}},
		{Entry: entry{Name: "q"}}, // no generated file: no row
		{Entry: entry{Name: "r"}, Readability: &readability{Literals: 10, NonPrintable: 2, Names: 10,
			Cases: 90, Private: 4, Panics: 7, NilDeref: 0, RuntimeError: 1, Tables: 16}},
	}
	tab := readabilityTable(results)
	for _, want := range []string{
		"| p | 20 | 1 | 5.0% | 10 | 4 | 40.0% | 10 | 1 (10.0%) | 3 (30.0%) | 2 (20.0%) | 3 (30.0%) | 4 | 1 (25.0%) |",
		"| r | 10 | 2 | 20.0% | 10 | 0 | 0.0% | 90 | 4 (4.4%) | 7 (7.8%) | 0 (0.0%) | 1 (1.1%) | 16 | 0 (0.0%) |",
		"| **all** (2 files) | 30 | 3 | **10.0%** | 20 | 4 | **20.0%** | 100 | 5 (**5.0%**) | 10 (**10.0%**) | 2 (**2.0%**) | 4 (**4.0%**) | 20 | 1 (**5.0%**) |",
	} {
		if !strings.Contains(tab, want) {
			t.Errorf("table lacks %q:\n%s", want, tab)
		}
	}
	if strings.Contains(tab, "| q |") {
		t.Errorf("a package without a file has a row:\n%s", tab)
	}
	if got := readabilitySummary(results); !strings.Contains(got, "**1 of 2**") {
		t.Errorf("summary = %q, want 1 of 2 packages at or under 5%%", got)
	}
	// Pooled: private state 5% (over 3%; p has 10%, r 4.4%),
	// nil dereferences 2% (over 1%; r has none), runtime errors 4%
	// (met; p has 30%), failure-only 5% of tables (over 3%; r has none).
	sum := casesSummary(results)
	for _, want := range []string{
		"- private-state cases: **5.0%** of 100 cases pooled (5), target at most 3%: **not met**; packages at or under it: 0 of 2\n",
		"- nil-dereference cases: **2.0%** of 100 cases pooled (2), target at most 1%: **not met**; packages at or under it: 1 of 2\n",
		"- runtime-error panic cases: **4.0%** of 100 cases pooled (4), target at most 5%: met; packages at or under it: 1 of 2\n",
		"- failure-only tables: **5.0%** of 20 tables pooled (1), target at most 3%: **not met**; packages at or under it: 1 of 2\n",
	} {
		if !strings.Contains(sum, want) {
			t.Errorf("cases summary lacks %q:\n%s", want, sum)
		}
	}
}
