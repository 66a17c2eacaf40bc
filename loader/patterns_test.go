package loader

import (
	"path/filepath"
	"slices"
	"testing"
)

func TestTestdataWildcardRoot(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		root    string
		ok      bool
	}{
		{"./testdata/...", "./testdata", true},
		{"./testdata/broken/...", "./testdata/broken", true},
		{"../x/testdata/...", "../x/testdata", true},
		{"/abs/testdata/y/...", "/abs/testdata/y", true},
		{"./...", "", false},                // the go command's own rules apply
		{"./testdata/demo", "", false},      // a directory, not a wildcard
		{"testdata/...", "", false},         // an import path pattern
		{"./mytestdata/...", "", false},     // only an element named testdata
		{"./testdata/.../x/...", "", false}, // inner wildcards are left to the go command
	} {
		root, ok := testdataWildcardRoot(tc.pattern)
		if root != tc.root || ok != tc.ok {
			t.Errorf("testdataWildcardRoot(%q) = %q, %v; want %q, %v", tc.pattern, root, ok, tc.root, tc.ok)
		}
	}
}

func TestExpandPatternsWalksTestdata(t *testing.T) {
	dir, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	got, err := expandPatterns(dir, []string{"./testdata/...", "./loader"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"./testdata/demo",
		"./testdata/broken", // does not parse, but is a package to report
		"./testdata/broken/typeerr",
		"./testdata/targets",
		"./testdata/targets/user",
		"./loader", // passed through
	} {
		if !slices.Contains(got, want) {
			t.Errorf("expansion %q lacks %q", got, want)
		}
	}
	if slices.Contains(got, "./testdata") {
		t.Errorf("expansion %q lists ./testdata, which has no Go files", got)
	}
	if !slices.IsSorted(got[:len(got)-1]) {
		t.Errorf("expansion %q is not in walk order", got)
	}
}
