package slicing

import (
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/cdg"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// allPaths lists the decision lists of every path of fn (the walker
// decides Ifs only, so every list is a path).
func (fx *fixture) allPaths(fn string) [][]bool {
	var out [][]bool
	var try func(prefix []bool)
	try = func(prefix []bool) {
		short := false
		func() {
			defer func() {
				if r := recover(); r != nil {
					if s, ok := r.(string); ok && strings.Contains(s, "out of decisions") {
						short = true
						return
					}
					panic(r)
				}
			}()
			fx.w.path(fx.pkg.Func(fn), prefix...)
		}()
		if !short {
			out = append(out, prefix)
			return
		}
		try(append(append([]bool(nil), prefix...), true))
		try(append(append([]bool(nil), prefix...), false))
	}
	try(nil)
	return out
}

// Every path of Chown as one tree: each point of the tree is published
// exactly once, the entry last, after every path ended; the tree is then
// gone.
func TestWholeTree(t *testing.T) {
	fx := newFixture(t, chownSrc, "Chown", cdg.Options{NoImplicitBranches: true})
	fx.coverAllBut(fx.block("Chown", 3), fx.block("Chown", 12))
	all := fx.allPaths("Chown")
	if len(all) < 10 {
		t.Fatalf("only %d paths", len(all))
	}
	// Count the distinct points: a point is a prefix of steps ending
	// with one that has a point.
	paths, _, _ := fx.paths("Chown", all...)
	points := 0
	for j, p := range paths {
		for i, s := range p {
			if s.pt == nil {
				continue
			}
			shared := false
			for _, q := range paths[:j] {
				if len(q) > i && slices.EqualFunc(p[:i+1], q[:i+1], sameStep) {
					shared = true
				}
			}
			if !shared {
				points++
			}
		}
	}
	ended := 0
	fx.run("Chown", func(g *Graph, id, path int, kind machine.EndKind, cond []expr.Expr) {
		if ended < len(all)-1 {
			for _, s := range fx.snap {
				if fx.keyOf(s) == "Chown.b0" {
					t.Fatalf("the entry was published after %d of %d paths", ended, len(all))
				}
			}
		}
		ended++
		g.End(id, kind, true, false, cond)
	}, all...)
	if len(fx.snap) != points {
		t.Errorf("%d snapshots for %d points", len(fx.snap), points)
	}
	if last := fx.snap[len(fx.snap)-1]; fx.keyOf(last) != "Chown.b0" {
		t.Errorf("the last snapshot is at %s, want the entry", fx.keyOf(last))
	}
	if got := fx.namesAt("Chown.b0"); len(got) != 1 || got[0] != "{FALSE, TRUE, arg1, arg2}" {
		t.Errorf("entry: %v", got)
	}
	if len(fx.g.states) != 0 {
		t.Errorf("%d states left", len(fx.g.states))
	}
}
