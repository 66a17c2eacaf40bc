package loader

import (
	"go/constant"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestPureGoFallbacksLoaded checks that math/big's arithmetic, assembly on
// amd64 and arm64, is loaded from its Go fallback (math_big_pure_go), so the
// executor has a body to interpret.
func TestPureGoFallbacksLoaded(t *testing.T) {
	prog := load(t, "./testdata/loadtags/bigdep")
	big := prog.SSA.ImportedPackage("math/big")
	if big == nil {
		t.Fatal("math/big not in the program")
	}
	for _, name := range []string{"mulAddVWW", "addVV", "subVV", "lshVU"} {
		fn := big.Func(name)
		if fn == nil {
			t.Errorf("math/big.%s not found", name)
			continue
		}
		if len(fn.Blocks) == 0 {
			t.Errorf("math/big.%s has no Go body: the pure-Go tags were not set", name)
		}
	}
}

// TestOwnPureGoFileUntagged checks that a package whose own files depend on
// the purego tag is loaded as go test compiles it, without the tag.
func TestOwnPureGoFileUntagged(t *testing.T) {
	prog := load(t, "./testdata/loadtags/ownpurego")
	p := findPackage(t, prog, fixturePath+"loadtags/ownpurego")
	fn := p.SSA.Func("Kind")
	if fn == nil || len(fn.Blocks) == 0 {
		t.Fatal("no body for Kind")
	}
	var got string
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ret, ok := instr.(*ssa.Return); ok {
				if c, ok := ret.Results[0].(*ssa.Const); ok {
					got = constant.StringVal(c.Value)
				}
			}
		}
	}
	if got != "fast" {
		t.Errorf("Kind returns %q, want the untagged file's \"fast\"", got)
	}
}
