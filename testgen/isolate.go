package testgen

import (
	"context"
	"fmt"
	"strings"

	"github.com/gosymtest/gosymtest/testgen/gotest"
)

// Bisection. Most failures name their cases: go test -json says which
// rows failed and which row was running when the test binary died, and
// the compiler's messages point at lines of the file (blame in
// generate.go). Some do not: a compile error in a helper that only some
// rows' literals bring about, a binary that dies when no test is
// running, a run that fails outside every test. Then the rows of the
// failing file are split in two, at a test function's boundary when the
// rows belong to more than one, and go test runs on the parts: a part
// that passes is kept, one that fails is split again, down to the single
// row to blame. The rows found good so far run along with each new part,
// so that a row that fails only beside others is found too. k rows to
// blame among n cost O(k log n) runs of go test, and the rest is kept.

// failure is a failing run of go test that names no case.
type failure struct {
	r   *rendering
	got string // what Go did, as Divergence.Got says it
	// build: the file did not compile.
	build bool
}

// failureOf describes a failing run v of rendering r.
func failureOf(v *gotest.Verdict, r *rendering) failure {
	f := failure{r: r, build: v.BuildFailed}
	switch {
	case v.BuildFailed:
		f.got = "does not compile: " + firstLine(buildMessage(v))
	case len(v.Crashed) > 0 || len(v.Failed) > 0:
		f.got = "crashed: " + v.CrashReason("")
	default:
		f.got = "go test failed: " + firstLine(v.FailureText())
	}
	return f
}

// buildMessage is the compiler's first message about the candidate file,
// or else its whole output.
func buildMessage(v *gotest.Verdict) string {
	if errs := v.CompileErrors(); len(errs) > 0 {
		return errs[0].Msg
	}
	return v.BuildOutput
}

// firstLine is the first line of s that says something, without the
// lines go test adds around a failure ("FAIL", "# pkg").
func firstLine(s string) string {
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line == "FAIL" || strings.HasPrefix(line, "FAIL\t") || strings.HasPrefix(line, "# ") {
			continue
		}
		return line
	}
	return "no message"
}

// isolate finds by bisection the rows of rendering r to blame for v, a
// failure that names none, drops them and returns how many it dropped.
// When the package's tests fail even without any generated test, no row
// is to blame, and that is the error.
func (g *generator) isolate(ctx context.Context, r *rendering, v *gotest.Verdict) (int, error) {
	if err := g.checkEmpty(ctx); err != nil {
		return 0, err
	}
	var rows []*candidate
	for _, t := range r.tables {
		for _, row := range t.rows {
			rows = append(rows, row.cand)
		}
	}
	before := g.droppedCount()
	f := failureOf(v, r)
	if _, err := g.extend(ctx, nil, rows, &f); err != nil {
		return 0, err
	}
	return g.droppedCount() - before, nil
}

// extend returns base, which passes, with as many of add as pass beside
// it; the others are dropped. known, when set, is how base and add fail
// together, so that they need not run again.
func (g *generator) extend(ctx context.Context, base, add []*candidate, known *failure) ([]*candidate, error) {
	for len(add) > 0 {
		if known == nil {
			v, r, err := g.tryPart(ctx, append(append([]*candidate{}, base...), add...))
			if err != nil {
				return nil, err
			}
			if r == nil || passed(v, r) {
				return append(g.alive(base), g.alive(add)...), nil
			}
			n, err := g.blame(v, r)
			if err != nil {
				return nil, err
			}
			if n > 0 {
				// The output named the rows to blame this time.
				base, add = g.alive(base), g.alive(add)
				continue
			}
			f := failureOf(v, r)
			known = &f
		}
		if len(add) == 1 {
			g.dropIsolated(add[0], *known)
			return base, nil
		}
		first, second := g.split(add)
		whole, before := known, len(base)
		var err error
		if base, err = g.extend(ctx, base, first, nil); err != nil {
			return nil, err
		}
		// When all of first passed beside base, base and second are the
		// set that failed: no need to run it again.
		known = nil
		if len(base) == before+len(first) {
			known = whole
		}
		add = g.alive(second)
	}
	return base, nil
}

// tryPart runs go test on the file of the cases in part alone; r is nil
// when none of them is still selected.
func (g *generator) tryPart(ctx context.Context, part []*candidate) (*gotest.Verdict, *rendering, error) {
	only := make(map[*candidate]bool, len(part))
	for _, c := range part {
		only[c] = true
	}
	r, err := g.render(only)
	if err != nil || r == nil {
		return nil, nil, err
	}
	// A part's run looks for the rows to blame: the coverage is measured
	// on the file to write.
	runs, _ := g.runCount()
	v, err := g.goTest(ctx, r, runs, false)
	return v, r, err
}

// checkEmpty runs the package's tests once with a generated file that
// holds no test: if that fails too, the package's tests do not build or
// fail by themselves, and no row is to blame.
func (g *generator) checkEmpty(ctx context.Context) error {
	if g.emptyChecked {
		return g.emptyErr
	}
	src := []byte(header + "\npackage " + g.pkg.Types.Name() + "\n")
	v, err := g.goTest(ctx, &rendering{src: src}, 1, false)
	if err != nil {
		return err
	}
	g.emptyChecked = true
	switch {
	case v.BuildFailed:
		g.emptyErr = buildFailure(g.path, v)
	case v.PackageFailed || len(v.Failed) > 0 || len(v.Crashed) > 0:
		g.emptyErr = fmt.Errorf("%s: go test fails without the generated tests:\n%s", g.path, v.FailureText())
	}
	return g.emptyErr
}

// dropIsolated drops the one case bisection blames for f.
func (g *generator) dropIsolated(c *candidate, f failure) {
	for _, t := range f.r.tables {
		for _, row := range t.rows {
			if row.cand != c {
				continue
			}
			d := divergence(t, row, f.got)
			d.NotCompiled = f.build
			g.drop(t, row, d)
			return
		}
	}
	// Not in the failing file: a part run that failed without it cannot
	// blame it. Mark it all the same, so that bisection ends.
	c.failed = true
}

// split cuts a list of rows in two near its middle, at the boundary
// between two functions' rows when there is one, so that a test
// function that fails as a whole is found in few runs.
func (g *generator) split(rows []*candidate) ([]*candidate, []*candidate) {
	owner := make(map[*candidate]int)
	for i, fs := range g.funcs {
		for _, c := range fs.cands {
			owner[c] = i
		}
	}
	mid, best := len(rows)/2, -1
	for i := 1; i < len(rows); i++ {
		if owner[rows[i]] != owner[rows[i-1]] && (best < 0 || absInt(i-mid) < absInt(best-mid)) {
			best = i
		}
	}
	if best > 0 {
		mid = best
	}
	return rows[:mid:mid], rows[mid:]
}

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// alive is the cases of list that are not dropped.
func (g *generator) alive(list []*candidate) []*candidate {
	var out []*candidate
	for _, c := range list {
		if !c.failed {
			out = append(out, c)
		}
	}
	return out
}

// droppedCount counts the cases dropped so far.
func (g *generator) droppedCount() int {
	n := 0
	for _, fs := range g.funcs {
		for _, c := range fs.cands {
			if c.failed {
				n++
			}
		}
	}
	return n
}
