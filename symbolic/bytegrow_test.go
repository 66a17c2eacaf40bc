package symbolic

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/testdata/exec/bytegrow"
)

func init() {
	natives["bytegrow.DecodeReader"] = bytegrow.DecodeReader
	natives["bytegrow.DecodeCopy"] = bytegrow.DecodeCopy
	natives["bytegrow.DecodeBufio"] = bytegrow.DecodeBufio
	natives["bytegrow.Block"] = bytegrow.Block
	natives["bytegrow.ParseString"] = bytegrow.ParseString
	natives["bytegrow.Clone"] = bytegrow.Clone
	natives["bytegrow.ArrayConv"] = bytegrow.ArrayConv
}

// TestMarkerGrowthThroughOtherPackages: a decoder whose input must begin
// with an 11-byte marker needs a []byte longer than the default bound of 8
// elements, and a parser whose marker has 20 bytes a string longer than
// 16. None of them tests the length in a branch of its own: copy's count
// is forked into the values the bounds allow, or a branch of bytes, io or
// strings tests it and hands back a constant. The bound grows all the
// same, and every block past the marker is covered; without growth,
// those blocks are not.
func TestMarkerGrowthThroughOtherPackages(t *testing.T) {
	for _, tc := range []struct {
		name  string
		input string
		min   int
	}{
		{"bytegrow.DecodeReader", "b", 16},
		{"bytegrow.DecodeCopy", "b", 16},
		{"bytegrow.DecodeBufio", "b", 12},
		{"bytegrow.Block", "b", 15},
		{"bytegrow.ParseString", "s", 22},
		{"bytegrow.ArrayConv", "b", 16},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bounds := machine.Bounds{GrowLen: 64, GrowElems: 64}
			sum, paths := explore(t, tc.name, machine.Config{MaxWork: 5_000_000, Bounds: bounds})
			if sum.Covered != sum.Blocks {
				t.Errorf("covered %d of %d blocks (grown %v, ends %v)", sum.Covered, sum.Blocks, sum.Grown, sum.Ends)
			}
			if sum.Grown[tc.input] < tc.min {
				t.Errorf("%s grew to %d, want at least %d (grown %v)", tc.input, sum.Grown[tc.input], tc.min, sum.Grown)
			}
			if !sum.Exhausted {
				t.Errorf("not exhausted within the grown bounds: %v", sum.Ends)
			}
			checkAgainstGo(t, tc.name, paths)

			// The fixture needs the growth: within the default bounds
			// the blocks past the marker are not entered.
			sum, _ = explore(t, tc.name, machine.Config{MaxWork: 5_000_000})
			if sum.Covered == sum.Blocks || len(sum.Grown) > 0 {
				t.Errorf("covered %d of %d blocks without growth (grown %v): the fixture no longer needs a longer input", sum.Covered, sum.Blocks, sum.Grown)
			}
		})
	}
}

// TestDeferredGrowthStopsWhenItPaysNothing: Clone's append forks the
// length of its input into the values the bounds allow, and a longer
// input gives more, while its dead block stays uncovered. The bound grows
// once for it, and not again once that round entered no new block.
func TestDeferredGrowthStopsWhenItPaysNothing(t *testing.T) {
	sum, paths := explore(t, "bytegrow.Clone", machine.Config{MaxWork: 5_000_000, Bounds: machine.Bounds{GrowElems: 64}})
	if n := sum.Grown["b"]; n > 16 {
		t.Errorf("b grew to %d for a dead block, want at most one doubling to 16", n)
	}
	if sum.Covered != sum.Blocks-1 {
		t.Errorf("covered %d of %d blocks, want all but the dead one", sum.Covered, sum.Blocks)
	}
	checkAgainstGo(t, "bytegrow.Clone", paths)
}
