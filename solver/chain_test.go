package solver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/expr/exprtest"
)

func TestChainAssembly(t *testing.T) {
	c, _ := newTestChain(t, ChainOptions{})
	var names []string
	for _, l := range c.Stats().Layers {
		names = append(names, l.Name)
	}
	if want := []string{LayerFast, LayerIndependence, LayerCache, LayerTrie, LayerCex, LayerSubst, LayerNarrow}; !slices.Equal(names, want) {
		t.Errorf("layers %v, want %v", names, want)
	}
	off, _ := newTestChain(t, ChainOptions{Off: Layers})
	if l := off.Stats().Layers; len(l) != 0 {
		t.Errorf("every layer off left %v", l)
	}
	if _, err := NewChain(nil, ChainOptions{Off: []string{"nope"}}); err == nil {
		t.Error("an unknown layer name was accepted")
	}
	c.Close()
	if r := c.Check(bg, query(expr.Ult(x8, c8(1)))); r.Result != Unknown || r.Reason != "solver is closed" {
		t.Errorf("a closed chain answered %v (%s)", r.Result, r.Reason)
	}
	// The flags check their list with a nil core.
	if _, err := NewChain(nil, ChainOptions{Off: []string{LayerCex}, Validate: true, Oracle: PlainZ3}); err != nil {
		t.Error(err)
	}
	if _, err := NewChain(nil, ChainOptions{Validate: true}); err == nil {
		t.Error("validation without an oracle was accepted")
	}
}

func TestChainStatsAndTime(t *testing.T) {
	c, rec := newTestChain(t, ChainOptions{})
	a, b := expr.Ult(x8, c8(10)), expr.Eq(y8, c8(3))
	mustResult(t, c, query(a, b), Sat)
	mustResult(t, c, query(a, b), Sat)
	st := c.Stats()
	if st.Queries != int64(len(rec.queries)) || st.Queries != 2 {
		t.Errorf("Stats.Queries %d, want the core's %d (two groups once)", st.Queries, len(rec.queries))
	}
	byName := map[string]LayerStats{}
	for _, l := range st.Layers {
		byName[l.Name] = l
	}
	if byName[LayerFast].Queries != 2 || byName[LayerIndependence].Queries != 2 || byName[LayerCache].Queries != 4 || byName[LayerCache].Answered != 2 || byName[LayerCex].Queries != 2 {
		t.Errorf("layer stats %+v", st.Layers)
	}
}

func TestValidationCorrectsWrongAnswers(t *testing.T) {
	a := expr.Ult(x8, c8(10))
	t.Run("unsat", func(t *testing.T) {
		c, _ := newTestChain(t, ChainOptions{Off: only(LayerCache), Validate: true})
		cache := c.(*chain).cache
		key, _ := cache.keys.queryKey([]expr.Expr{a})
		cache.entries[key] = &entry{slots: [2]*slot{{Result: Unsat}}}
		mustResult(t, c, query(a), Sat)
		if st := layerStats(t, c, LayerCache); st.Wrong != 1 || st.Answered != 1 {
			t.Errorf("stats %+v, want one wrong answer", st)
		}
		if c.Stats().Queries != 0 {
			t.Errorf("validation asked the core")
		}
	})
	t.Run("sat", func(t *testing.T) {
		c, _ := newTestChain(t, ChainOptions{Off: only(LayerCex), Validate: true})
		cex := c.(*chain).top.(*cexLayer)
		cex.unsat[a] = [][]expr.Expr{{a}}
		mustResult(t, c, query(a), Sat)
		if st := layerStats(t, c, LayerCex); st.Wrong != 1 {
			t.Errorf("stats %+v, want one wrong answer", st)
		}
	})
	t.Run("model", func(t *testing.T) {
		v := &validator{oracle: PlainZ3}
		defer v.close()
		r, wrong := v.check(bg, query(a), Response{Result: Sat, Model: &expr.Values{Scalars: map[expr.Expr]uint64{x8: 50}}})
		if !wrong || r.Result != Sat || r.Model.Scalars[x8] >= 10 {
			t.Errorf("a wrong model passed: %v %v", wrong, r)
		}
		_, wrong = v.check(bg, query(a, expr.Eq(y8, c8(1))), Response{Result: Sat, Model: &expr.Values{Scalars: map[expr.Expr]uint64{x8: 5}}})
		if !wrong {
			t.Errorf("a model that misses a variable passed")
		}
	})
}

// TestChainAgreesWithZ3 asks path-shaped random query streams of the
// explorer through the chain, whole and with each layer alone, with
// validation, and through a plain Z3: the results must agree, every model
// must satisfy its query, and no layer may be found wrong.
func TestChainAgreesWithZ3(t *testing.T) {
	arms := map[string][]string{"all": nil}
	for _, l := range []string{LayerFast, LayerIndependence, LayerCache, LayerCex} {
		arms[l] = only(l)
	}
	for name, off := range arms {
		t.Run(name, func(t *testing.T) {
			plain := newZ3(t)
			c, _ := newTestChain(t, ChainOptions{Off: off, Validate: true})
			g := &exprtest.Gen{R: rand.New(rand.NewPCG(3, 4)), Vars: []expr.Expr{expr.BVVar("x", 8), expr.BVVar("y", 8), expr.BVVar("z", 8), expr.BVVar("w", 8)}, Array: arr}
			e := exprtest.NewExplorer(g)
			asked := 0
			ask := func(path []expr.Expr) bool {
				asked++
				q := query(path...)
				want := plain.Check(bg, q)
				got := c.Check(bg, q)
				if got.Result != want.Result && got.Result != Unknown && want.Result != Unknown {
					t.Fatalf("query %d %v: chain %v, Z3 %v", asked, q.Constraints, got.Result, want.Result)
				}
				if got.Result == Sat {
					requireModel(t, q, got)
				}
				return want.Result == Sat
			}
			for range 300 {
				e.Step(ask)
			}
			total := int64(0)
			for _, l := range c.Stats().Layers {
				if l.Wrong != 0 {
					t.Errorf("%s: %d wrong answers", l.Name, l.Wrong)
				}
				total += l.Answered
			}
			t.Log(fmt.Sprintf("%d queries, %d reached Z3, layers %+v", asked, c.Stats().Queries, c.Stats().Layers))
			// The fast paths rarely apply to random terms, and independence
			// answers nothing itself.
			if total == 0 && name != LayerFast && name != LayerIndependence {
				t.Errorf("the layers answered nothing")
			}
		})
	}
}
