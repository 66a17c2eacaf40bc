package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestGrowthAndInitFlagsParse(t *testing.T) {
	cfg, err := parseArgs(nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.maxLenCap != defaultMaxLenCap || cfg.maxElemsCap != defaultMaxElemsCap || cfg.initBudget != defaultInitBudget || cfg.initWork != defaultInitWork {
		t.Errorf("defaults: %+v", cfg)
	}
	cfg, err = parseArgs([]string{"-max-len-cap", "40", "-max-elems-cap", "0", "-init-budget", "3s", "-init-work", "7"})
	if err != nil {
		t.Fatal(err)
	}
	b := cfg.bounds()
	if b.GrowLen != 40 || b.GrowElems != 0 || cfg.initBudget.String() != "3s" || cfg.initWork != 7 {
		t.Errorf("parsed: %+v, bounds %+v", cfg, b)
	}
	for _, tc := range [][]string{{"-max-len-cap", "-1"}, {"-max-elems-cap", "x"}, {"-init-budget", "0s"}, {"-init-work", "-5"}} {
		if _, err := parseArgs(tc); err == nil {
			t.Errorf("%q: no error", tc)
		}
	}
}

// gaps runs gosymtest with args and the report flag, and returns the
// reasons of the uncovered blocks of the function named fn and stderr.
func gaps(t *testing.T, fn string, args ...string) ([]string, string) {
	t.Helper()
	rep := filepath.Join(t.TempDir(), "r.json")
	r := gosymtest(t, append([]string{"-report", rep}, args...)...)
	if r.code != 0 {
		t.Fatalf("%q: %s", args, r)
	}
	data, err := os.ReadFile(rep)
	if err != nil {
		t.Fatal(err)
	}
	var report struct {
		Packages []struct {
			Functions []struct {
				Name      string `json:"name"`
				Uncovered []struct {
					Reason string `json:"reason"`
				} `json:"uncovered"`
			} `json:"functions"`
		} `json:"packages"`
	}
	if err := json.Unmarshal(data, &report); err != nil {
		t.Fatal(err)
	}
	var reasons []string
	found := false
	for _, p := range report.Packages {
		for _, f := range p.Functions {
			if f.Name == fn {
				found = true
				for _, g := range f.Uncovered {
					reasons = append(reasons, g.Reason)
				}
			}
		}
	}
	if !found {
		t.Fatalf("%s not in the report of %q", fn, args)
	}
	return reasons, r.stderr
}

func TestMaxLenCapDecidesWhatIsABoundsGap(t *testing.T) {
	grown, _ := gaps(t, "ParseID", "-run", "ParseID", "-budget", "30s", "-max-len-cap", "64", "./testdata/exec/growth")
	if len(grown) != 0 {
		t.Errorf("with -max-len-cap 64 ParseID has gaps %q", grown)
	}
	capped, _ := gaps(t, "ParseID", "-run", "ParseID", "-budget", "30s", "-max-len-cap", "32", "./testdata/exec/growth")
	// The 36-byte branch is beyond the cap: its code is a bounds gap, never
	// dead. (The executor's view also counts the condition of the second
	// if as entered, which no test runs: that gap is no-test.)
	if !slices.Contains(capped, "bounds") || slices.Contains(capped, "dead") {
		t.Errorf("with -max-len-cap 32 ParseID has gaps %q, want bounds and no dead", capped)
	}
}

func TestInitOutOfItsBudgetIsLoggedWithItsPackage(t *testing.T) {
	reasons, stderr := gaps(t, "Square", "-run", "Square", "-init-work", "50", "./testdata/exec/initcost")
	if !strings.Contains(stderr, "package initialisation failed") || !strings.Contains(stderr, "testdata/exec/initcost") {
		t.Errorf("no log line naming the package:\n%s", stderr)
	}
	if len(reasons) == 0 || !strings.Contains(reasons[0], "init of github.com/gosymtest/gosymtest/testdata/exec/initcost") {
		t.Errorf("Square's gaps %q do not name the package", reasons)
	}
}
