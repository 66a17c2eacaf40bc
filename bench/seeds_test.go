package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCorpusTypes(t *testing.T) {
	for in, want := range map[string]string{
		"go test fuzz v1\nstring(\"-12\")\n":                  "string",
		"go test fuzz v1\nint(3)\nrune('a')\nbyte('\\x00')\n": "int,int32,uint8",
		"go test fuzz v1\n[]byte(\"ab(\")\nuint64(0x10)\n":    "[]byte,uint64",
		"not a corpus file\nint(3)\n":                         "",
		"go test fuzz v1\nnonsense\n":                         "",
	} {
		if got := strings.Join(corpusTypes([]byte(in)), ","); got != want {
			t.Errorf("corpusTypes(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestHarvestSeeds(t *testing.T) {
	fuzzable := []funcDecl{
		{Name: "ParseDigits", Fuzz: []fuzzParam{{"string", "string"}}},
		{Name: "Guard", Fuzz: []fuzzParam{{"int32", "int32"}, {"int32", "int32"}}},
		{Name: "parseFlag", Fuzz: []fuzzParam{{"string", "string"}}},
	}
	root := t.TempDir()
	write := func(target, name, data string) {
		d := filepath.Join(root, target)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("FuzzParseDigits", "s1", "go test fuzz v1\nstring(\"-12\")\n")
	write("FuzzParseDigits", "s0", "go test fuzz v1\nstring(\"\")\n")
	write("FuzzGuard", "g", "go test fuzz v1\nint32(7)\nrune('a')\n")
	write("Fuzz_parseFlag", "f", "go test fuzz v1\nstring(\"-v\")\n")
	write("FuzzGuard", "wrong", "go test fuzz v1\nint(7)\nint(8)\n") // types differ from the wrapper's
	write("FuzzOther", "x", "go test fuzz v1\nstring(\"x\")\n")      // no such function
	seeds, unmatched := harvestSeeds(root, fuzzable)
	var got []string
	for _, s := range seeds {
		got = append(got, s.Fuzz+"/"+s.Name)
		if s.At != 0 {
			t.Errorf("seed %s at %v, want 0: fuzzing starts from it", s.Name, s.At)
		}
	}
	want := "FuzzBench_Guard/gosymtest-g,FuzzBench_ParseDigits/gosymtest-s0,FuzzBench_ParseDigits/gosymtest-s1,FuzzBench_parseFlag/gosymtest-f"
	if strings.Join(got, ",") != want {
		t.Errorf("seeds = %v, want %s", got, want)
	}
	if unmatched != 2 {
		t.Errorf("unmatched = %d, want 2", unmatched)
	}
	if s, n := harvestSeeds(filepath.Join(root, "none"), fuzzable); len(s) != 0 || n != 0 {
		t.Errorf("a missing corpus gave %v, %d", s, n)
	}
}

func TestSeedsTable(t *testing.T) {
	curve := func(ps ...float64) []point {
		var out []point
		for i, p := range ps {
			out = append(out, point{Ms: int64(i) * 1000, Percent: p})
		}
		return out
	}
	results := []pkgResult{
		{Entry: entry{Name: "demo", Seeds: true}, Fuzzable: 3, Arms: []armResult{
			{Arm: "fuzz", Covered: 30, Total: 45, Curve: curve(1, 2, 3, 4), FuzzedCurve: curve(10, 40, 60, 66.7)},
			{Arm: "fuzz-seeded", Covered: 45, Total: 45, Curve: curve(5, 6, 7, 8), FuzzedCurve: curve(90, 95, 100, 100), Note: "5 gosymtest seeds for 3 of 3 fuzzed functions"},
		}},
		{Entry: entry{Name: "basics", Seeds: true}, Fuzzable: 2, Arms: []armResult{
			{Arm: "fuzz", Covered: 9, Total: 10, FuzzedCurve: curve(50, 90)},
			{Arm: "fuzz-seeded", Status: "flag not available: -fuzz-seeds"},
		}},
		{Entry: entry{Name: "hex"}, Arms: []armResult{{Arm: "fuzz", Covered: 1, Total: 2}}},
	}
	tab := seedsTable(results)
	for _, want := range []string{
		"| demo | 3 | 10.0% (0.0s) | 60.0% (2.0s) | 66.7% (3.0s) | 90.0% (0.0s) | 100.0% (2.0s) | 100.0% (3.0s) | +33.3 pts | 5 gosymtest seeds for 3 of 3 fuzzed functions |",
		"| basics | 2 | 50.0% (0.0s) | 90.0% (1.0s) | 90.0% (1.0s) | n/a | n/a | n/a | n/a | flag not available: -fuzz-seeds |",
	} {
		if !strings.Contains(tab, want) {
			t.Errorf("table lacks %q:\n%s", want, tab)
		}
	}
	if strings.Contains(tab, "| hex |") {
		t.Errorf("a package without the seeds tag has a row:\n%s", tab)
	}
	if seedsTable(results[2:]) != "" {
		t.Error("a table without guarded packages is not empty")
	}
}
