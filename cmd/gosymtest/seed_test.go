package main

import (
	"bytes"
	"testing"
)

// TestSeedOrdersTheSearch runs HighScore of testdata/demo cut short after
// three paths: which three the search follows depends on -seed alone. The
// same seed writes the same file twice; another seed, other cases.
func TestSeedOrdersTheSearch(t *testing.T) {
	dir := demoModule(t)
	generate := func(seed string) []byte {
		return generateIn(t, dir, "testdata/demo", "-store", "off", "-max-paths", "3", "-run", "^HighScore$", "-seed", seed, "./testdata/demo")
	}
	first, again, other := generate("0"), generate("0"), generate("2")
	if !bytes.Equal(first, again) {
		t.Errorf("-seed 0 twice wrote two files:\n%s\n---\n%s", first, again)
	}
	if bytes.Equal(first, other) {
		t.Errorf("-seed 2 wrote what -seed 0 did: the seed does not reach the search\n%s", first)
	}
}
