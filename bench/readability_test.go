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
	want := readability{Literals: 8, NonPrintable: 2, Names: 7, ReturnsN: 0}
	if r != want {
		t.Errorf("measureReadability = %+v, want %+v", r, want)
	}
	if got := r.literalShare(); got != 2.0/8 {
		t.Errorf("literalShare = %v", got)
	}
}

func TestReadabilityTable(t *testing.T) {
	results := []pkgResult{
		{Entry: entry{Name: "p"}, Readability: &readability{Literals: 20, NonPrintable: 1, Names: 10, ReturnsN: 4}},
		{Entry: entry{Name: "q"}}, // no generated file: no row
		{Entry: entry{Name: "r"}, Readability: &readability{Literals: 10, NonPrintable: 2, Names: 10}},
	}
	tab := readabilityTable(results)
	for _, want := range []string{
		"| p | 20 | 1 | 5.0% | 10 | 4 | 40.0% |",
		"| r | 10 | 2 | 20.0% | 10 | 0 | 0.0% |",
		"| **all** (2 files) | 30 | 3 | **10.0%** | 20 | 4 | **20.0%** |",
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
}
