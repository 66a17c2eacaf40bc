package solver

import "testing"

func TestResultString(t *testing.T) {
	for r, want := range map[Result]string{Unknown: "unknown", Sat: "sat", Unsat: "unsat", Result(9): "unknown"} {
		if r.String() != want {
			t.Errorf("Result(%d).String() = %q, want %q", int(r), r.String(), want)
		}
	}
	var zero Response
	if zero.Result != Unknown {
		t.Error("the zero Response must claim nothing")
	}
}
