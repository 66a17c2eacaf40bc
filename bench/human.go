package main

import (
	"os"
	"path/filepath"
	"strings"
)

// runHuman is the baseline of the package's own tests, copied along with
// the code (imports of the package rewritten to the copy's path).
func runHuman(b *bench, w *pkgWork) armResult {
	res := armResult{Arm: "human"}
	dir := filepath.Join(w.Dir, "human")
	if err := copyPackage(w.Entry, w.Src, dir, true); err != nil {
		res.Status = "copy: " + err.Error()
		return res
	}
	if !hasTests(dir) {
		res.Status = "the package has no tests of its own"
		return res
	}
	// -vet=off: the baseline is the tests as their authors ran them; the
	// copy's newer go directive turns on vet checks (printf's
	// non-constant format strings) that older packages predate.
	r := command(dir, b.env, b.set.TestTimeout, "go", "test", "-count=1", "-vet=off", "-coverprofile=bench-cover.out", "./")
	res.Wall, res.ToFinal, res.MaxRSSKB = r.Wall, r.Wall, r.MaxRSSKB
	prof, err := readProfile(filepath.Join(dir, "bench-cover.out"))
	if err != nil || buildFailed(r) {
		// Typically std tests that import internal/... packages, which
		// cannot be imported from outside GOROOT.
		res.Status = "own tests do not build in the copy: " + firstBuildError(r.Stdout+"\n"+r.Stderr)
		return res
	}
	if r.Err != nil {
		res.Note = "some of its tests fail in the copy"
		if r.TimedOut {
			res.Note = "timed out"
		}
	}
	prof = merge(w.Base, prof)
	res.Covered, res.Total = prof.coverage(w.Scope)
	res.profile = prof
	// go test reports no finer timing: the curve is a step at the end.
	res.Curve = []point{{0, 0}, {res.Wall.Milliseconds(), res.percent()}}
	return res
}

// buildFailed tells a test binary that never built from tests that ran
// and failed: go test may still leave an all-zero profile behind.
func buildFailed(r ran) bool {
	out := r.Stdout + r.Stderr
	return r.Err != nil && (strings.Contains(out, "[build failed]") || strings.Contains(out, "[setup failed]"))
}

func hasTests(dir string) bool {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), "_test.go") {
			return true
		}
	}
	return false
}

// firstBuildError picks the line of go test's output that says why the
// build failed, shortened for a table cell.
func firstBuildError(out string) string {
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		if strings.Contains(line, "use of internal package") || strings.Contains(line, ".go:") {
			if i := strings.Index(line, ": "); i >= 0 && strings.Contains(line[:i], ".go") {
				line = line[i+2:]
			}
			return truncate(line, 100)
		}
	}
	lines := strings.Fields(out)
	return truncate(strings.Join(lines, " "), 100)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}
