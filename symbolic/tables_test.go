package symbolic

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/testdata/exec/tables"
)

// The table fixtures also run through TestEveryFixtureAgreesWithGo.
func init() {
	for name, fn := range map[string]any{
		"tables.SeqLen": tables.SeqLen, "tables.DecodeHex": tables.DecodeHex, "tables.Bump": tables.Bump,
		"tables.Lookup": tables.Lookup, "tables.Fill": tables.Fill, "tables.Grid": tables.Grid,
		"tables.MakeSized": tables.MakeSized, "tables.MakeCap": tables.MakeCap, "tables.MakeBig": tables.MakeBig,
		"tables.SetAt": tables.SetAt, "tables.Pairs": tables.Pairs, "tables.Name": tables.Name,
		"tables.Window": tables.Window, "tables.MakeRange": tables.MakeRange,
	} {
		natives[name] = fn
	}
}

// TestTablesAtSymbolicIndices: reads and writes at symbolic indices into
// tables of 256 entries, struct tables, nested arrays and arrays inside
// structs cover every block without forking per index, and where nothing
// was cut, the exploration is exhaustive.
func TestTablesAtSymbolicIndices(t *testing.T) {
	for _, name := range []string{"tables.SeqLen", "tables.DecodeHex", "tables.Bump", "tables.Lookup",
		"tables.Fill", "tables.Grid", "tables.MakeSized", "tables.MakeCap", "tables.SetAt", "tables.Pairs", "tables.Name"} {
		t.Run(name, func(t *testing.T) {
			sum, paths := explore(t, name, machine.Config{MaxPaths: 200})
			for _, p := range paths {
				if strings.Contains(p.Reason, "too many values") || p.Kind == machine.EndUnsupported || p.Kind == machine.EndInternal {
					t.Errorf("path ended %v: %s", p.Kind, p.Reason)
				}
			}
			if sum.Covered != sum.Blocks {
				t.Errorf("covered %d of %d blocks", sum.Covered, sum.Blocks)
			}
			if !sum.Exhausted {
				t.Errorf("not exhausted: ends %v", sum.Ends)
			}
			checkAgainstGo(t, name, paths)
		})
	}
}

// TestSymbolicMakeKeepsItsLength: make([]int, l) with a symbolic l does not
// pin l, so the store guarded by 5 <= l <= 10 is reached, and the allocation
// bound that cuts larger sizes is recorded instead of a claim.
func TestSymbolicMakeKeepsItsLength(t *testing.T) {
	sum, paths := explore(t, "tables.MakeSized", machine.Config{})
	reached := false
	for _, p := range paths {
		for _, c := range p.Concretized {
			if strings.Contains(c, "capacity of make") {
				t.Errorf("capacity pinned: %v", p.Concretized)
			}
		}
		if p.Test != nil && p.Kind == machine.EndReturn && len(p.Test.Results) == 1 && strings.Contains(p.Test.Results[0].String(), "111") {
			reached = true
		}
	}
	if !reached {
		t.Errorf("no path stores arr[3]; outcomes %v", outcomes(paths))
	}
	if sum.Covered != sum.Blocks {
		t.Errorf("covered %d of %d blocks", sum.Covered, sum.Blocks)
	}
}

// TestMakeBoundIsNoClaim: a branch that only sizes past the allocation
// bound of a symbolic make take is not reached, and the exploration says
// it was cut rather than claim it exhausted.
func TestMakeBoundIsNoClaim(t *testing.T) {
	sum, _ := explore(t, "tables.MakeBig", machine.Config{})
	if sum.Exhausted {
		t.Errorf("exhausted, though n > 1000 was cut by the allocation bound")
	}
}

// TestSliceBoundsMessagesAreGos: every way Window's slicing fails panics,
// and the differential check compares the messages with Go's.
func TestSliceBoundsMessagesAreGos(t *testing.T) {
	_, paths := explore(t, "tables.Window", machine.Config{MaxPaths: 500})
	// Readable inputs are small, so slicing a slice, a string and an
	// array out of range may read alike ("[1:0]"): count the slice
	// expressions (Window's k) that panic with a known message.
	msgs := map[string]bool{}
	for _, p := range paths {
		if p.Test != nil && p.Test.Panics && p.Test.PanicMsgKnown {
			msgs[fmt.Sprintf("k=%v: %s", p.Test.Args[5], p.Test.PanicMsg)] = true
		}
	}
	if len(msgs) < 5 {
		t.Errorf("only %d slice expressions panic with a known message: %v", len(msgs), msgs)
	}
	checkAgainstGo(t, "tables.Window", paths)
}

// TestMakePanicsAreGos: make with a length or capacity out of range panics
// with the message Go gives, for both messages.
func TestMakePanicsAreGos(t *testing.T) {
	_, paths := explore(t, "tables.MakeRange", machine.Config{})
	got := outcomes(paths)
	for _, want := range []string{"panic: runtime error: makeslice: len out of range", "panic: runtime error: makeslice: cap out of range", "[1]"} {
		if !slices.Contains(got, want) {
			t.Errorf("no path gives %s; got %v", want, got)
		}
	}
	checkAgainstGo(t, "tables.MakeRange", paths)
}
