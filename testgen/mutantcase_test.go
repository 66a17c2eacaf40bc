package testgen

import (
	"go/types"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// mutantCand is a case of f(n) that covers blocks and kills mutants.
func mutantCand(n int64, covers []BlockID, kills ...Mutant) *candidate {
	return &candidate{Case: Case{
		Summary: "returns " + string(rune('0'+n)),
		Args:    []concrete.Value{{Type: types.Typ[types.Int], Kind: concrete.Int, Int: n}},
		Covers:  covers,
		Kills:   kills,
		Want:    Outcome{Results: []Result{{Value: concrete.Value{Type: types.Typ[types.Int], Kind: concrete.Int, Int: n}}}},
	}}
}

func TestSelectMutantKillers(t *testing.T) {
	a, b := []BlockID{{Index: 0}}, []BlockID{{Index: 0}, {Index: 1}}
	lt := Mutant{Pos: "sum.go:10:16", Expr: "i <= n", From: "<=", To: "<"}
	gt := Mutant{Pos: "sum.go:10:16", Expr: "i <= n", From: "<=", To: ">"}
	minus := Mutant{Pos: "sum.go:11:5", Expr: "s + i", From: "+", To: "-"}
	cands := []*candidate{
		mutantCand(0, a),
		mutantCand(1, a, lt, gt),
		mutantCand(2, a, lt),    // kills nothing 1 does not
		mutantCand(3, a, minus), // so does 4, kept for coverage
		mutantCand(4, b, minus),
	}
	summaries := func(cs []*candidate) string {
		var s []string
		for _, c := range cs {
			s = append(s, c.Summary)
		}
		return strings.Join(s, ",")
	}
	if got := summaries(selectCases(cands, false, nil)); got != "returns 0,returns 1,returns 4" {
		t.Errorf("kept %s, want the coverage cases 0 and 4, and 1 for its mutants", got)
	}
	if cands[1].tells == nil || *cands[1].tells != lt || cands[0].tells != nil || cands[4].tells != nil {
		t.Errorf("tells: %v %v %v", cands[0].tells, cands[1].tells, cands[4].tells)
	}
	kept := selectCases(cands, false, nil)
	names := rowNames(kept, nil)
	if names[1] != "returns_1_not_i_below_n" {
		t.Errorf("the killer is named %q", names[1])
	}
	if got := strings.Join(comment(kept[1], nil), "\n"); got != "sum.go:10: tells i <= n from i < n" {
		t.Errorf("the killer's comment: %q", got)
	}
	// Its pins, a path condition that decided nothing about the mutant,
	// are left out: the mutant says why the case is here.
	kept[1].Pins = []string{"n > 0"}
	if got := strings.Join(comment(kept[1], nil), "\n"); got != "sum.go:10: tells i <= n from i < n" {
		t.Errorf("the killer's comment with pins: %q", got)
	}
	kept[1].Pins = nil
	if got := summaries(selectCases(cands, true, nil)); got != "returns 0,returns 1,returns 2,returns 3,returns 4" {
		t.Errorf("all paths kept %s", got)
	}
	// Without the mutation pass (-no-mutants: Kills nil), only the
	// coverage cases are kept.
	noKills := make([]*candidate, len(cands))
	for i, c := range cands {
		cp := *c
		cp.Kills = nil
		noKills[i] = &cp
	}
	if got := summaries(selectCases(noKills, false, nil)); got != "returns 0,returns 4" {
		t.Errorf("without kills kept %s, want the coverage cases 0 and 4", got)
	}
	cands[1].failed = true // 1 failed under go test: 2 kills i < n instead
	if got := summaries(selectCases(cands, false, nil)); got != "returns 0,returns 2,returns 4" {
		t.Errorf("without 1 kept %s, want 0, 2 and 4", got)
	}

	// At most maxMutantCases cases are kept for mutants alone.
	cands = []*candidate{mutantCand(0, a)}
	for i := range maxMutantCases + 4 {
		m := Mutant{Pos: "f.go:1:1", Expr: "x + y", From: "+", To: "-"}
		m.Pos += strings.Repeat("0", i)
		cands = append(cands, mutantCand(int64(i+1), a, m))
	}
	if got := len(selectCases(cands, false, nil)); got != 1+maxMutantCases {
		t.Errorf("kept %d cases, want 1 + %d", got, maxMutantCases)
	}
}

func TestMutantTexts(t *testing.T) {
	for _, tc := range []struct {
		m            Mutant
		text, phrase string
	}{
		{Mutant{Pos: "a.go:3:7", Expr: "price > 100", From: ">", To: ">="}, "a.go:3: tells price > 100 from price >= 100", "not_price_at_least_100"},
		{Mutant{Pos: "a.go:4:2", Expr: "i++", From: "++", To: "--"}, "a.go:4: tells i++ from i--", "not_i_decremented"},
		{Mutant{Pos: "a.go:5:9", Expr: "-x", From: "-", To: ""}, "a.go:5: tells -x from x", "with_minus_x"},
		// The operator occurs twice: the text cannot say which.
		{Mutant{Pos: "a.go:6:9", Expr: "a - b - c", From: "-", To: "+"}, "a.go:6: tells a - b - c from it with + for -", ""},
	} {
		if got := mutantText(tc.m); got != tc.text {
			t.Errorf("%v: text %q, want %q", tc.m, got, tc.text)
		}
		if got := mutantPhrase(tc.m); got != tc.phrase {
			t.Errorf("%v: phrase %q, want %q", tc.m, got, tc.phrase)
		}
	}
}
