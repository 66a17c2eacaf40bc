package symbolic

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// outputOf is the output view among vs; ok is false when there is none.
func outputOf(vs []concrete.View) (concrete.View, bool) {
	for _, v := range vs {
		if v.Output {
			return v, true
		}
	}
	return concrete.View{}, false
}

// TestOutputIsReadAfterFlush: a Writer that keeps its io.Writer behind
// a bufio.Writer holds back what Line writes, so the text is read after
// its Flush. A receiver made over new(bytes.Buffer) shows, after the
// call, what its setup wrote and the line, upper-cased when Upper was
// set; one made over a writer that fails has no output view.
func TestOutputIsReadAfterFlush(t *testing.T) {
	_, paths := explore(t, "outputs.Writer.Line", machine.Config{MaxWork: 3_000_000, Bounds: machine.Bounds{MaxLen: 3, MaxElems: 2, MaxDepth: 3, MaxCalls: 1}})
	seen := map[bool]bool{}
	for _, p := range testedPaths(t, paths) {
		tc := p.Test
		if tc.Panics || len(tc.Results) != 1 || tc.Results[0].Kind != concrete.Nil || len(tc.After) == 0 {
			continue
		}
		recv := tc.Args[0].String()
		after, ok := outputOf(tc.After[0].Views)
		overBuffer := strings.Contains(recv, "bytes.Buffer")
		if ok != overBuffer {
			t.Errorf("receiver %s: output view %v, want one only over a buffer", recv, ok)
			continue
		}
		if !ok {
			continue
		}
		if after.Method != "Flush" {
			t.Errorf("receiver %s: output read after %q, want after Flush", recv, after.Method)
		}
		before, ok := outputOf(tc.Before[0].Views)
		if !ok {
			t.Errorf("receiver %s: no output view before the call", recv)
			continue
		}
		line := tc.Args[1].Str
		if strings.Contains(recv, "Upper") {
			line = strings.ToUpper(line)
		}
		if want := before.Value.Str + line + "\n"; after.Value.Str != want {
			t.Errorf("Line(%q) on %s: output %q, want %q", tc.Args[1].Str, recv, after.Value.Str, want)
		}
		seen[strings.Contains(recv, "Upper")] = true
	}
	if !seen[false] || !seen[true] {
		t.Errorf("outputs seen with Upper unset and set: %v, want both", seen)
	}
}
