package symbolic

import (
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestCovNewOverridesLaterNearNewCode: the Pruner's Later is a guess that
// a state is redundant. covNew honours it only for a state that can reach
// no uncovered block; a state with one ahead weighs as much as a state
// not put off. Honoured everywhere, the guess starved the states that
// would have left a loop (search.go).
func TestCovNewOverridesLaterNearNewCode(t *testing.T) {
	fn := target(t, "basics.Triangle")
	at := func(later bool) *State {
		return &State{later: later, stack: []*frame{{fn: fn, block: fn.Blocks[0]}}}
	}
	covered := map[*ssa.BasicBlock]bool{}
	for _, b := range fn.Blocks {
		covered[b] = true
	}
	p := &covNew{covered: covered}
	kept, putOff := p.weight(at(false)), p.weight(at(true))
	if putOff*laterFactor != kept {
		t.Errorf("every block covered: a state put off weighs %g, want %g (1/%d of a state kept, %g)", putOff, kept/laterFactor, laterFactor, kept)
	}
	far := kept
	delete(covered, fn.Blocks[len(fn.Blocks)-1])
	kept, putOff = p.weight(at(false)), p.weight(at(true))
	if putOff != kept || kept <= far {
		t.Errorf("an uncovered block ahead: a state put off weighs %g and one kept %g; want the same, above the %g of a state with none ahead", putOff, kept, far)
	}
}
