package progen

import (
	"fmt"
	"strings"
	"testing"
)

// TestDeterministic: one seed gives one package, another seed another.
func TestDeterministic(t *testing.T) {
	a, b, c := Generate("gen", 3, 20), Generate("gen", 3, 20), Generate("gen", 4, 20)
	if a.Source != b.Source {
		t.Error("the same seed gave two packages")
	}
	if a.Source == c.Source {
		t.Error("two seeds gave the same package")
	}
}

// TestCoversTheFeatures checks that a package of 100 functions has every
// construct the differential test is meant to exercise, and that each
// marker is written exactly once.
func TestCoversTheFeatures(t *testing.T) {
	p := Generate("gen", 1, 100)
	if len(p.Funcs) != 100 {
		t.Fatalf("%d functions, want 100", len(p.Funcs))
	}
	for what, text := range map[string]string{
		"recover":             "defer func() { recover() }()",
		"panic":               "panic(",
		"bounded loop":        "for i",
		"store through a ptr": "*ptr",
		"struct field write":  ".b = ",
		"slice":               "[]int{",
		"slice index":         "&3]",
		"helper call":         "= h0(",
		"φ flag":              "f1 := 0",
		"else":                "} else {",
	} {
		if !strings.Contains(p.Source, text) {
			t.Errorf("no %s (%q) in the generated package", what, text)
		}
	}
	for k := range p.Markers {
		if n := strings.Count(p.Source, fmt.Sprintf("%s[%d] = true", CovVar, k)); n != 1 {
			t.Errorf("marker %d is written %d times", k, n)
		}
	}
	for _, f := range p.Funcs {
		if !strings.Contains(p.Source, f.Source[:strings.Index(f.Source, "\n")]) {
			t.Errorf("%s's source is not in the package", f.Name)
		}
	}
}
