package symbolic

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/testdata/exec/bigmap"
)

// The map fixtures also run through TestEveryFixtureAgreesWithGo.
func init() {
	natives["bigmap.Pick"] = bigmap.Pick
	natives["bigmap.Drop"] = bigmap.Drop
}

// TestConcreteKeysAreIndexed: lookups of constant keys in a map an init
// filled with 3,000 entries, and in maps that mix constant and symbolic
// keys (before and after a delete, which drops the index), give the
// outcomes Go gives on every path, cover every block and are exhaustive.
func TestConcreteKeysAreIndexed(t *testing.T) {
	for _, name := range []string{"bigmap.Pick", "bigmap.Drop"} {
		t.Run(name, func(t *testing.T) {
			sum, paths := explore(t, name, machine.Config{})
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
