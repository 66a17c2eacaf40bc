package slicing

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/cdg"
)

// benchSrc has n independent branches that update a sum, then a branch
// on the sum whose body is uncovered: every path's events reach the
// relevant branch through φs.
func benchSrc(n int) string {
	var b strings.Builder
	b.WriteString("package p\n\nvar sink int\n\nfunc F(")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "x%d, ", i)
	}
	b.WriteString("y int) int {\n\ts := 0\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "\tif x%d > 0 {\n\t\ts += x%d * y\n\t}\n", i, i)
	}
	b.WriteString("\tif s == 77 {\n\t\tsink = 1\n\t}\n\treturn s\n}\n")
	return b.String()
}

// BenchmarkTree slices the whole tree of 2^10 paths of benchSrc(10):
// per iteration, every call the engine would make for the round.
func BenchmarkTree(b *testing.B) {
	fx := newFixture(b, benchSrc(10), "F", cdg.Options{NoImplicitBranches: true})
	last := fx.pkg.Func("F").Blocks
	fx.coverAllBut(last[len(last)-2]) // the body of the last if
	fx.rec = &recorder{}
	all := fx.allPaths("F")
	fx.run("F", nil, all...)
	ops := fx.rec.ops
	events := 0
	paths, _, _ := fx.paths("F", all...)
	for _, p := range paths {
		for _, s := range p {
			events += len(s.evs)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	snaps := 0
	for i := 0; i < b.N; i++ {
		snaps = 0
		g := New(fx.a, fx.rel, Options{Publish: func(*Snapshot) { snaps++ }})
		for _, op := range ops {
			op(g)
		}
	}
	b.ReportMetric(float64(len(all)), "paths")
	b.ReportMetric(float64(snaps), "snapshots")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(events), "ns/event")
}
