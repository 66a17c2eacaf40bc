package report

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// markedDead lists the lines of a fixture file marked "// dead".
func markedDead(t *testing.T, name string) map[int]bool {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines := map[int]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if strings.HasSuffix(sc.Text(), "// dead") {
			lines[n] = true
		}
	}
	return lines
}

// gapLines is the first and last line of a gap.
func gapLines(t *testing.T, g Gap) (int, int) {
	t.Helper()
	parts := strings.Split(g.Pos, ":")
	from, err1 := strconv.Atoi(parts[len(parts)-2])
	to, err2 := strconv.Atoi(strings.Split(g.End, ":")[0])
	if err1 != nil || err2 != nil {
		t.Fatalf("malformed gap %+v", g)
	}
	return from, to
}

// TestDeadcodeFixture checks that the report proves dead exactly the
// blocks marked "// dead" in testdata/report/deadcode, and covers the
// branches that only assign.
func TestDeadcodeFixture(t *testing.T) {
	r, _ := explore(t, exploration{}, "./testdata/report/deadcode")
	want := markedDead(t, filepath.Join(moduleDir, "testdata/report/deadcode/deadcode.go"))
	got := map[int]bool{}
	reasons := map[string]string{}
	for _, f := range r.Packages[0].Functions {
		if !f.Exhausted {
			t.Errorf("%s: exploration not exhausted", f.Name)
		}
		for _, g := range f.Uncovered {
			reasons[f.Name] = g.Reason
			if g.Reason != "dead" {
				continue
			}
			from, to := gapLines(t, g)
			marked := false
			for l := from; l <= to; l++ {
				if want[l] {
					got[l], marked = true, true
				}
			}
			if !marked {
				t.Errorf("%s: block %s-%s claimed dead but not marked dead", f.Name, g.Pos, g.End)
			}
		}
	}
	for l := range want {
		if !got[l] {
			t.Errorf("line %d is marked dead but not claimed", l)
		}
	}
	if reasons["Adder"] != "closure" {
		t.Errorf("Adder's closure body: reason %q, want closure", reasons["Adder"])
	}
	if reasons["Clamper"] != "closure" {
		t.Errorf("Clamper's closure's blocks: reason %q, want closure", reasons["Clamper"])
	}
	if reasons["Tried"] != "closure" {
		t.Errorf("Tried's closure, which it returns: reason %q, want closure", reasons["Tried"])
	}
	for _, name := range []string{"Sign", "Flag", "Sum", "Either"} {
		if why, ok := reasons[name]; ok {
			t.Errorf("%s has an uncovered block (%s); all of its blocks run", name, why)
		}
	}
	p := r.Packages[0]
	if p.Dead != 6 || p.Statements != 59 {
		t.Errorf("package counts: %d statements, %d dead; want 59 and 6", p.Statements, p.Dead)
	}
}

// TestBudgetIsNeverDead explores with budgets too small to finish: the
// gaps are budget gaps, never dead code, and Steps' gaps name the budget
// that stopped it, so that the user knows which flag to raise.
func TestBudgetIsNeverDead(t *testing.T) {
	for _, c := range []struct {
		ex     exploration
		detail string // of Steps' budget gaps
	}{
		{exploration{maxPaths: 2}, "path budget 2"},
		{exploration{maxWork: 3000}, "work budget 3000 (-max-work)"},
		{exploration{budget: time.Millisecond}, "time budget 1ms"},
	} {
		ex := c.ex
		r, _ := explore(t, ex, "./testdata/report/budget", "./testdata/report/deadcode")
		budget := 0
		for _, p := range r.Packages {
			for _, f := range p.Functions {
				for _, g := range f.Uncovered {
					if g.Reason == "dead" && !f.Exhausted {
						t.Errorf("%+v: %s: dead claim in an exploration that was not exhausted: %+v", ex, f.Name, g)
					}
					if g.Reason == "budget" {
						budget++
						if f.Name == "Steps" && !strings.HasPrefix(g.Detail, c.detail) {
							t.Errorf("%+v: Steps' gap at %s: detail %q, want it to start with %q", ex, g.Pos, g.Detail, c.detail)
						}
					}
				}
				if f.Name == "Steps" && (f.Exhausted || len(f.Uncovered) == 0) {
					t.Errorf("%+v: Steps exhausted=%v with %d gaps; want a budget stop", ex, f.Exhausted, len(f.Uncovered))
				}
			}
		}
		if budget == 0 {
			t.Errorf("%+v: no gap has reason budget", ex)
		}
		if r.Packages[0].Reasons["budget"] == 0 {
			t.Errorf("%+v: package reasons %v lack budget", ex, r.Packages[0].Reasons)
		}
	}
}

// TestProfileReadByGoToolCover writes the profile and has go tool cover
// read it with -func and -html.
func TestProfileReadByGoToolCover(t *testing.T) {
	r, in := explore(t, exploration{}, "./testdata/report/deadcode", "./testdata/demo")
	dir := t.TempDir()
	profile := filepath.Join(dir, "cover.out")
	f, err := os.Create(profile)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.WriteProfile(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	got := profileBlocks(t, profile)
	want := goTestProfile(t, in.BaseDir, "./testdata/report/deadcode", "./testdata/demo")
	if len(got) != len(want) {
		t.Errorf("profile has %d blocks, go test's %d", len(got), len(want))
	}
	for k := range want {
		if _, ok := got[k]; !ok {
			t.Errorf("block %s of go test's profile is missing", k)
		}
	}

	cmd := exec.Command("go", "tool", "cover", "-func="+profile)
	cmd.Dir = in.BaseDir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go tool cover -func: %v\n%s", err, out)
	}
	// Mod4 has 5 statements, 1 of them dead: 80%.
	for _, want := range []string{"deadcode.go:7:", "Mod4", "80.0%", "Classify", "100.0%", "total:"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go tool cover -func output lacks %q:\n%s", want, out)
		}
	}
	html := filepath.Join(dir, "cover.html")
	cmd = exec.Command("go", "tool", "cover", "-html="+profile, "-o", html)
	cmd.Dir = in.BaseDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go tool cover -html: %v\n%s", err, out)
	}
	if b, err := os.ReadFile(html); err != nil || !strings.Contains(string(b), "deadcode.go") {
		t.Errorf("HTML output lacks the file (%v)", err)
	}
}
