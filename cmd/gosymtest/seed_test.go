package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestSeedOrdersTheSearch runs HighScore of testdata/demo cut short after
// three paths: which three the search follows depends on -seed alone. The
// same seed writes the same file twice; another seed, other cases.
func TestSeedOrdersTheSearch(t *testing.T) {
	dir := t.TempDir()
	files, err := filepath.Glob(filepath.Join(repoRoot, "testdata", "demo", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("testdata/demo: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := copyBytes(filepath.Join(dir, filepath.Base(f)), src); err != nil {
			t.Fatal(err)
		}
	}
	if err := copyBytes(filepath.Join(dir, "go.mod"), []byte("module example.com/demo\n\ngo 1.22\n")); err != nil {
		t.Fatal(err)
	}
	generate := func(seed string) []byte {
		return generateIn(t, dir, ".", "-store", "off", "-max-paths", "3", "-run", "^HighScore$", "-seed", seed, ".")
	}
	first, again, other := generate("0"), generate("0"), generate("2")
	if !bytes.Equal(first, again) {
		t.Errorf("-seed 0 twice wrote two files:\n%s\n---\n%s", first, again)
	}
	if bytes.Equal(first, other) {
		t.Errorf("-seed 2 wrote what -seed 0 did: the seed does not reach the search\n%s", first)
	}
}
