package symbolic

import (
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/testdata/exec/efaceview"
)

// efaceNatives are fixtures whose standard-library calls read interface
// values through unsafe views (models/eface.go, typedesc.go).
var efaceNatives = map[string]any{
	"efaceview.Version.String": efaceview.Version.String,
	"efaceview.Describe":       efaceview.Describe,
	"efaceview.Cached":         efaceview.Cached,
	"efaceview.Code":           efaceview.Code,
	"efaceview.IsInterface":    efaceview.IsInterface,
	"efaceview.Show":           efaceview.Show,
	"efaceview.LocalKinds":     efaceview.LocalKinds,
	"efaceview.Printable":      efaceview.Printable,
}

// TestInterfaceViewsRun checks that the fixtures run to their ends (no
// path stops as unsupported, unmodelled or internal, every block is
// covered) and that what the interpreter replays agrees with Go.
func TestInterfaceViewsRun(t *testing.T) {
	for name, native := range efaceNatives {
		t.Run(name, func(t *testing.T) {
			sum, paths := explore(t, name, machine.Config{MaxPaths: 100, Bounds: machine.Bounds{MaxLen: 2}})
			natives[name] = native
			defer delete(natives, name)
			checkAgainstGo(t, name, paths)
			for _, p := range paths {
				if p.Kind == machine.EndUnsupported || p.Kind == machine.EndInternal {
					t.Errorf("path ended %v: %s", p.Kind, p.Reason)
				}
			}
			if sum.Covered < sum.Blocks {
				t.Errorf("covered %d of %d blocks", sum.Covered, sum.Blocks)
			}
		})
	}
}

// TestSyncMapRangeStops checks that ranging over a sync.Map, whose order
// Go randomises, stops the path with its reason rather than give a test.
func TestSyncMapRangeStops(t *testing.T) {
	_, paths := explore(t, "efaceview.Keys", machine.Config{MaxPaths: 20, Bounds: machine.Bounds{MaxLen: 2}})
	if len(paths) == 0 {
		t.Fatal("no paths")
	}
	for _, p := range paths {
		if p.Kind != machine.EndUnsupported || !strings.Contains(p.Reason, "iteration over a sync.Map") {
			t.Errorf("path ended %v (%s), want the sync.Map iteration stop", p.Kind, p.Reason)
		}
	}
}
