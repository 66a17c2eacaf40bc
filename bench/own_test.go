package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gsreport "github.com/gosymtest/gosymtest/report"
)

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
		n    int
	}{
		{[]float64{0.5, math.NaN(), 0.9, 0.1}, 0.5, 3},
		{[]float64{0.4, 0.2, 0.8, 1.0}, 0.6, 4},
		{[]float64{math.NaN()}, math.NaN(), 0},
	} {
		got, n := median(c.in)
		if n != c.n || (math.IsNaN(c.want) != math.IsNaN(got)) || (!math.IsNaN(got) && math.Abs(got-c.want) > 1e-9) {
			t.Errorf("median(%v) = %v, %d; want %v, %d", c.in, got, n, c.want, c.n)
		}
	}
}

// ownResults are three packages: one where gosymtest reaches 0.8 of the
// package's own tests, one at 0.5, and one without tests of its own.
func ownResults() []pkgResult {
	gen := func(cov int, prof profile) armResult {
		return armResult{Arm: "gosymtest", Covered: cov, Total: 10, Tests: 7, Passes: 3, Reruns: 3, Gaps: "uncovered: no-test×2, budget×1", profile: prof}
	}
	a := block{File: "a.go", StartLine: 1, EndLine: 2, NumStmt: 4}
	b := block{File: "a.go", StartLine: 3, EndLine: 4, NumStmt: 4}
	c := block{File: "a.go", StartLine: 5, EndLine: 6, NumStmt: 2}
	p := pkgResult{Entry: entry{Name: "p"}, Arms: []armResult{
		gen(8, profile{a: true, b: true, c: false}),
		{Arm: "human", Covered: 10, Total: 10, profile: profile{a: true, b: true, c: true}},
	}}
	q := pkgResult{Entry: entry{Name: "q"}, Arms: []armResult{
		// gosymtest and the own tests cover different blocks: the union
		// covers more than either.
		gen(4, profile{a: true, b: false, c: false}),
		{Arm: "human", Covered: 8, Total: 10, profile: profile{a: false, b: true, c: false}},
	}}
	q.Arms[0].Passes = 2
	q.Arms[0].Disagreements = []gsreport.Disagreement{{Function: "Decode", Inputs: `s: "\x80"`, Expected: `panics: "nil"`, Got: "returned"}}
	r := pkgResult{Entry: entry{Name: "r"}, Arms: []armResult{
		gen(5, profile{a: true}),
		{Arm: "human", Status: "the package has no tests of its own"},
	}}
	for _, x := range []*pkgResult{&p, &q, &r} {
		x.Union = unionOf(*x, nil)
	}
	return []pkgResult{p, q, r}
}

func TestOwnTable(t *testing.T) {
	results := ownResults()
	if u := results[1].Union; !u.OK || u.Covered != 8 || u.Total != 10 {
		t.Errorf("union of q = %+v, want 8 of 10", u)
	}
	if results[2].Union.OK {
		t.Error("union of r made without own tests")
	}
	tab := ownTable(results)
	for _, want := range []string{
		"| p | 100.0% | 80.0% | 0.80 | 100.0% | 1.00 | 7 | yes (3/3) | 0 | no-test×2, budget×1 |",
		"| q | 80.0% | 40.0% | 0.50 | 80.0% | 1.00 | 7 | **no (2/3)** | 1 |",
		"| r | n/a | 50.0% | n/a | n/a | n/a | 7 | yes (3/3) | 0 |",
	} {
		if !strings.Contains(tab, want) {
			t.Errorf("table lacks %q:\n%s", want, tab)
		}
	}
	sum := ownSummary(results)
	if !strings.Contains(sum, "median gen ÷ own: **0.65** (n=2)") || !strings.Contains(sum, "≥ 0.7: **1 of 2**") {
		t.Errorf("summary = %q", sum)
	}
	ds := disagreementList(results)
	if len(ds) != 1 || !strings.Contains(ds[0], `q (gosymtest): Decode(s: "\x80"): interpreter panics: "nil", Go returned`) {
		t.Errorf("disagreements = %q", ds)
	}
}

func TestParseSkip(t *testing.T) {
	got, err := parseArms("-skip", "fuzz, gosymtest-no-incremental")
	if err != nil || !got["fuzz"] || !got["gosymtest-no-incremental"] || len(got) != 2 {
		t.Errorf("parseSkip = %v, %v", got, err)
	}
	if _, err := parseArms("-skip", "fuz"); err == nil {
		t.Error("parseSkip accepted an unknown arm")
	}
	if got, err := parseArms("-skip", ""); err != nil || len(got) != 0 {
		t.Errorf("parseArms(\"\") = %v, %v", got, err)
	}
}

func TestModuleDirectoryEntry(t *testing.T) {
	e := entry{Kind: kindMod, Name: "semver", Source: "golang.org/x/mod@v0.42.0/semver"}
	if mod, dir := e.moduleVersion(); mod != "golang.org/x/mod@v0.42.0" || dir != "semver" {
		t.Errorf("moduleVersion = %q, %q", mod, dir)
	}
	if p := e.modulePath(); p != "golang.org/x/mod/semver" {
		t.Errorf("modulePath = %q", p)
	}
	root := entry{Kind: kindMod, Name: "uuid", Source: "github.com/google/uuid@v1.6.0"}
	if mod, dir := root.moduleVersion(); mod != root.Source || dir != "" {
		t.Errorf("moduleVersion = %q, %q", mod, dir)
	}
}

// TestCopyInternal checks that a module's internal tree comes along with
// its root package, test files and testdata left out, imports rewritten
// to the copy's path.
func TestCopyInternal(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	files := map[string]string{
		"utils/u.go":          "package utils\n\nimport \"example.com/m/internal/other\"\n\nvar X = other.Y\n",
		"utils/u_test.go":     "package utils\n",
		"utils/testdata/x.go": "package x\n",
		"other/o.go":          "package other\n\nvar Y = 1\n",
	}
	for name, text := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e := entry{Kind: kindMod, Name: "m", Source: "example.com/m@v1.0.0"}
	if err := copyInternal(e, src, filepath.Join(dst, "internal")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dst, "internal", "utils", "u.go"))
	if err != nil || !strings.Contains(string(got), `"bench.local/m/internal/other"`) {
		t.Errorf("u.go = %q, %v", got, err)
	}
	if _, err := os.Stat(filepath.Join(dst, "internal", "other", "o.go")); err != nil {
		t.Error(err)
	}
	for _, gone := range []string{"utils/u_test.go", "utils/testdata/x.go"} {
		if _, err := os.Stat(filepath.Join(dst, "internal", filepath.FromSlash(gone))); err == nil {
			t.Errorf("%s was copied", gone)
		}
	}
}
