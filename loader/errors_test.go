package loader

import (
	"reflect"
	"testing"
)

func TestLoadErrorString(t *testing.T) {
	withPos := LoadError{Package: "p", Pos: "a.go:3:4", Msg: "bad"}
	if got, want := withPos.String(), "p: a.go:3:4: bad"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	noPos := LoadError{Package: "p", Msg: "bad"}
	if got, want := noPos.String(), "p: bad"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestRelativePos(t *testing.T) {
	for _, tc := range []struct{ dir, pos, want string }{
		{"/m", "/m/a/b.go:3:4", "a/b.go:3:4"},
		{"/m", "/m/a/b.go:3", "a/b.go:3"},
		{"/m", "/other/b.go:3:4", "/other/b.go:3:4"},
		{"/m", "a/b.go:3:4", "a/b.go:3:4"},
		{"/m", "-", ""},
		{"/m", "", ""},
	} {
		if got := relativePos(tc.dir, tc.pos); got != tc.want {
			t.Errorf("relativePos(%q, %q) = %q, want %q", tc.dir, tc.pos, got, tc.want)
		}
	}
}

func TestSortErrorsNumericallyAndWithoutDuplicates(t *testing.T) {
	errs := []LoadError{
		{"b", "x.go:1:1", "m"},
		{"a", "x.go:10:1", "m"},
		{"a", "x.go:9:12", "m"},
		{"a", "x.go:9:2", "m"},
		{"a", "x.go:9:2", "m"},
		{"a", "", "no position"},
	}
	want := []LoadError{
		{"a", "", "no position"},
		{"a", "x.go:9:2", "m"},
		{"a", "x.go:9:12", "m"},
		{"a", "x.go:10:1", "m"},
		{"b", "x.go:1:1", "m"},
	}
	if got := sortErrors(errs); !reflect.DeepEqual(got, want) {
		t.Errorf("sortErrors:\n got %v\nwant %v", got, want)
	}
}
