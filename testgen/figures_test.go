package testgen

import "testing"

// figuresSrc is a generated file in the shapes the emitter writes (emit.go,
// errcheck.go), with one case of each kind the counts tell apart:
//
//   - TestParse: an error message column and the panic columns. A case
//     whose want sets T's unexported n, one that sets only the exported
//     Name, an error, and a nil dereference.
//   - TestT_Get: a parameter called panics, so the panic columns are
//     panics_ and wantPanic, and an error result named e: a sentinel
//     column wantE beside its message column wantEMsg. Every case fails
//     (an index error, a sentinel, a message, an explicit panic); the
//     row with panics: true is the parameter's and does not panic.
//   - TestValid: rows without keys, a nil-ness error column, and a T
//     built without its type name in []*T{{n: 2}}. Both cases fail.
//   - TestDo: a panic of unknown message; the file's own double
//     errReader, whose unexported field does not count; a T three calls
//     and literals deep; an anonymous struct; a named slice of the
//     package whose element sets an unexported field.
//
// The slice of strings is not a case table.
const figuresSrc = `package p

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name      string
		s         string
		want      *T
		wantErr   string
		panics    bool
		wantPanic string // "" accepts any message
	}{
		{name: "returns_t", s: "a", want: &T{n: 1}},
		{name: "empty_s_returns_error", s: "", wantErr: "empty"},
		{
			name:      "panics_nil_pointer_dereference",
			s:         "x",
			panics:    true,
			wantPanic: "runtime error: invalid memory address or nil pointer dereference",
		},
		{name: "returns_b", s: "b", want: &T{Name: "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					if !tt.panics {
						t.Errorf("Parse():\n got panic %q\nwant no panic", fmt.Sprint(r))
					} else if tt.wantPanic != "" && fmt.Sprint(r) != tt.wantPanic {
						t.Errorf("Parse():\n got panic %q\nwant panic %q", fmt.Sprint(r), tt.wantPanic)
					}
				}
			}()
			got, gotErr := Parse(tt.s)
			if tt.panics {
				t.Fatalf("Parse():\n got no panic\nwant a panic")
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Parse() result 1:\n got %#v\nwant %#v", got, tt.want)
			}
			if errText(gotErr) != tt.wantErr {
				t.Errorf("Parse() error:\n got %q\nwant %q", errText(gotErr), tt.wantErr)
			}
		})
	}
	other := []string{"\x00"}
	_ = other
}

func TestT_Get(t *testing.T) {
	tests := []struct {
		name      string
		t         *T
		panics    bool
		wantE     error
		wantEMsg  string // checked when wantE is nil
		panics_   bool
		wantPanic string // "" accepts any message
	}{
		{
			name:      "panics_index_out_of_range",
			t:         &T{items: []int{}},
			panics_:   true,
			wantPanic: "runtime error: index out of range [0] with length 0",
		},
		{name: "returns_errnotfound", t: &T{Name: "x"}, panics: true, wantE: ErrNotFound},
		{name: "nil_t_returns_error", t: nil, wantEMsg: "bad"},
		{name: "panics_must", t: nil, panics_: true, wantPanic: "p: must not be nil"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					if !tt.panics_ {
						t.Errorf("T.Get():\n got panic %q\nwant no panic", fmt.Sprint(r))
					} else if tt.wantPanic != "" && fmt.Sprint(r) != tt.wantPanic {
						t.Errorf("T.Get():\n got panic %q\nwant panic %q", fmt.Sprint(r), tt.wantPanic)
					}
				}
			}()
			gotE := tt.t.Get(tt.panics)
			if tt.panics_ {
				t.Fatalf("T.Get():\n got no panic\nwant a panic")
			}
			if tt.wantE != nil {
				if !errors.Is(gotE, tt.wantE) {
					t.Errorf("T.Get():\n got %v\nwant %v", gotE, tt.wantE)
				}
			} else if errText(gotE) != tt.wantEMsg {
				t.Errorf("T.Get():\n got %q\nwant %q", errText(gotE), tt.wantEMsg)
			}
		})
	}
}

func TestValid(t *testing.T) {
	tests := []struct {
		name    string
		xs      []*T
		wantErr bool
	}{
		{"invalid", []*T{{n: 2}}, true},
		{"empty_invalid", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gotErr := Valid(tt.xs)
			if (gotErr != nil) != tt.wantErr {
				t.Errorf("Valid():\n got %v\nwant an error: %v", gotErr, tt.wantErr)
			}
		})
	}
}

func TestDo(t *testing.T) {
	tests := []struct {
		name   string
		r      io.Reader
		want   any
		panics bool
	}{
		{name: "panics", r: &errReader{err: io.EOF}, panics: true},
		{name: "returns_path", r: io.MultiReader(ptr(fs.PathError{Err: &T{n: 1}}))},
		{name: "returns_anon", want: map[string]struct{ a int }{"k": {a: 1}}},
		{name: "returns_pairs", want: Pairs{{b: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					if !tt.panics {
						t.Errorf("Do():\n got panic %q\nwant no panic", fmt.Sprint(r))
					}
				}
			}()
			got := Do(tt.r)
			if tt.panics {
				t.Fatalf("Do():\n got no panic\nwant a panic")
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Do():\n got %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

type errReader struct{ err error }

func (r *errReader) Read([]byte) (int, error) { return 0, r.err }

func ptr[T any](v T) *T { return &v }

// errText is err's message, or "" for a nil error.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
`

// TestFileFiguresCases checks the case counts of figuresSrc; the names
// and literals are TestFileFigures'.
func TestFileFiguresCases(t *testing.T) {
	got := FileFigures([]byte(figuresSrc))
	got.Names, got.Numbered, got.Strings, got.NonPrintable = 0, 0, 0, 0
	want := Figures{
		Tables: 4,
		Cases:  14,
		// Parse's returns_t, Get's index error, Valid's invalid, Do's
		// returns_path and returns_pairs.
		PrivateState: 5,
		// Parse's nil dereference, Get's index error and explicit
		// panic, Do's panic of unknown message.
		Panics:       4,
		NilDeref:     1,
		RuntimeError: 2,
		FailureOnly:  2, // T.Get's and Valid's
	}
	if got != want {
		t.Errorf("FileFigures = %+v\n          want %+v", got, want)
	}
}

// TestFileFiguresOneRowEach checks each count on one row alone, so that a
// count that is right on the file by luck (one case too many, one too
// few) is still caught.
func TestFileFiguresOneRowEach(t *testing.T) {
	table := func(row string) string {
		return `package p

import "fmt"

func TestF(t *testing.T) {
	tests := []struct {
		name      string
		x         any
		wantErr   string
		panics    bool
		wantPanic string
	}{
		` + row + `
	}
	for _, tt := range tests {
		defer func() {
			if r := recover(); r != nil {
				if !tt.panics {
				} else if tt.wantPanic != "" && fmt.Sprint(r) != tt.wantPanic {
				}
			}
		}()
		if errText(F(tt.x)) != tt.wantErr {
		}
	}
}

func errText(err error) string { return "" }

type errReader struct{ err error }
`
	}
	for _, c := range []struct {
		row  string
		want Figures
	}{
		{"", Figures{}}, // a table without cases does not only fail
		{`{name: "ok", x: T{A: 1}},`, Figures{}},
		{`{name: "private", x: T{a: 1}},`, Figures{PrivateState: 1}},
		{`{name: "private_ptr", x: []any{&T{a: 1}}},`, Figures{PrivateState: 1}},
		{`{name: "generic", x: G[int]{a: 1}},`, Figures{PrivateState: 1}},
		{`{name: "elided", x: map[string][]*T{"k": {{a: 1}}}},`, Figures{PrivateState: 1}},
		{`{name: "other_package", x: bytes.Buffer{}},`, Figures{}},
		{`{name: "map_of_constant_keys", x: map[kind]int{low: 1}},`, Figures{}},
		{`{name: "anonymous", x: struct{ a int }{a: 1}},`, Figures{}},
		{`{name: "double", x: &errReader{err: nil}},`, Figures{}},
		{`{name: "blank", x: T{_: 1}},`, Figures{}},
		{`{name: "error", wantErr: "bad"},`, Figures{FailureOnly: 1}},
		{`{name: "no_error", wantErr: ""},`, Figures{}},
		{`{name: "panics", panics: true},`, Figures{Panics: 1, FailureOnly: 1}},
		{`{name: "explicit", panics: true, wantPanic: "p: nil pointer dereference"},`, Figures{Panics: 1, NilDeref: 1, FailureOnly: 1}},
		{`{name: "runtime", panics: true, wantPanic: "runtime error: slice bounds out of range [:2] with capacity 1"},`, Figures{Panics: 1, RuntimeError: 1, FailureOnly: 1}},
	} {
		got := FileFigures([]byte(table(c.row)))
		got.Names, got.Numbered, got.Strings, got.NonPrintable = 0, 0, 0, 0
		c.want.Tables = 1
		if c.row != "" {
			c.want.Cases = 1
		}
		if got != c.want {
			t.Errorf("%s\nFileFigures = %+v\n       want %+v", c.row, got, c.want)
		}
	}
}
