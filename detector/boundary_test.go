package detector

import (
	"context"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver/z3"
	"github.com/gosymtest/gosymtest/symbolic"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/testdata/exec/boundary"
)

// TestBoundaryCaseFromAPrunedPath: in boundary.Complete the only path
// after which a case at p[1] == 0xBF tells 0xBF < p[1] from 0xBF <= p[1]
// returns false right after that test, covering nothing new, and the
// detector prunes it. The boundary pass makes its cases from pruned
// states too, so a case still kills that mutant, and every boundary case
// asserts what Go computes.
func TestBoundaryCaseFromAPrunedPath(t *testing.T) {
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/exec/boundary"}})
	if err != nil {
		t.Fatal(err)
	}
	fn := prog.Packages[0].SSA.Func("Complete")
	if fn == nil {
		t.Fatal("no function Complete in testdata/exec/boundary")
	}
	z3, err := z3.New(z3.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer z3.Close()
	var bounds []*machine.PathEnd
	sink := machine.SinkFunc(func(p *machine.PathEnd) {
		if p.Boundary != "" && p.Test != nil {
			bounds = append(bounds, p)
		}
	})
	pruner := New(prog.SSA, nil, Options{})
	sum, err := symbolic.NewEngine(prog.SSA, machine.Config{Solver: z3, Sink: sink, Pruner: pruner}).Explore(context.Background(), fn)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Pruned == 0 {
		t.Fatal("no state pruned: the fixture no longer tests what it should")
	}
	killed := false
	for _, p := range bounds {
		var in []byte
		for _, e := range p.Test.Args[0].Elems {
			in = append(in, byte(e.Uint))
		}
		if got, want := p.Test.Results[0].Bool, boundary.Complete(in); got != want {
			t.Errorf("Complete(%v): interpreter %v, Go %v", in, got, want)
		}
		for _, m := range p.Test.Kills {
			if m.Expr == "0xBF < p[1]" && m.To == "<=" {
				killed = true
			}
		}
	}
	if !killed {
		var texts []string
		for _, p := range bounds {
			texts = append(texts, p.Boundary)
		}
		t.Errorf("no boundary case kills 0xBF < p[1] → <=; cases: %q", texts)
	}
}
