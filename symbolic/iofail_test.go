package symbolic

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// TestFailingReaderAndWriterReachErrorBranches: Copy's read and write
// error branches are reached only by a reader that fails after its data
// and a writer that fails, which the executor tries besides
// strings.NewReader and new(bytes.Buffer); the replay gives the wrapped
// errors the helper types' methods return.
func TestFailingReaderAndWriterReachErrorBranches(t *testing.T) {
	sum, paths := explore(t, "iofail.Copy", machine.Config{MaxWork: 1_000_000, Bounds: machine.Bounds{MaxLen: 2, MaxElems: 3}})
	if sum.Covered != sum.Blocks {
		t.Errorf("covered %d of %d blocks", sum.Covered, sum.Blocks)
	}
	if sum.Exhausted {
		t.Errorf("claimed exhausted, though the readers and writers tried are not every implementation")
	}
	var errs []string
	readData := false
	for _, p := range paths {
		if p.Kind == machine.EndInternal {
			t.Errorf("internal error: %s", p.Reason)
		}
		if p.Test == nil || p.Test.Panics {
			continue
		}
		msg := p.Test.ErrMsgs[1]
		if !slices.Contains(errs, msg) {
			errs = append(errs, msg)
		}
		w, r := dynamic(p.Test.Args[0]), dynamic(p.Test.Args[1])
		switch msg {
		case "write: write failed":
			if !w.IsHelper() || w.Func.Name() != "errWriter" {
				t.Errorf("a write error from writer %s", w)
			}
		case "read: read failed":
			if r.Kind != concrete.Call || r.Func.Name() != "MultiReader" {
				t.Fatalf("a read error from reader %s", r)
			}
			fails := dynamic(r.Elems[0].Elems[1])
			if !fails.IsHelper() || fails.Func.Name() != "errReader" {
				t.Errorf("a read error from reader %s", r)
			}
			if data := stringsReaderOf(r).Elems[0].Str; data != "" && p.Test.Results[0].Int == int64(len(data)) {
				readData = true // the error came after the data was copied
			}
		}
	}
	slices.Sort(errs)
	if want := []string{"", "read: read failed", "write: write failed"}; !slices.Equal(errs, want) {
		t.Errorf("errors %q, want %q", errs, want)
	}
	if !readData {
		t.Errorf("no read error after data was copied")
	}
}

// TestWriterFieldIsANewBuffer: an io.Writer a receiver keeps in a field
// (built lazily, with no prologue to make it in) is new(bytes.Buffer),
// whose text the call leaves for the test to check; nothing that needs a
// call (the failing writer's errors.New) is offered for it.
func TestWriterFieldIsANewBuffer(t *testing.T) {
	paths := exploreMade(t, "ctor.Log.Print")
	var texts []string
	for _, p := range paths {
		if p.Test == nil || p.Test.Panics || p.Test.Args[0].Kind != concrete.Pointer {
			continue
		}
		log := *p.Test.Args[0].Elem
		prefix, msg := log.Elems[1].Str, p.Test.Args[1].Str
		out := dynamic(log.Elems[0])
		if out.Kind != concrete.Call || out.Func != nil || types.TypeString(out.Type, nil) != "*bytes.Buffer" {
			t.Errorf("a returning Print with l.out = %v", out)
			continue
		}
		text, ok := concrete.BufferText(p.Test.After[0].Elems[0])
		want := prefix + msg
		if !strings.HasSuffix(msg, "\n") {
			want += "\n"
		}
		if !ok || text != want {
			t.Errorf("Print(%q) with prefix %q left %q in the buffer (read: %v), want %q", msg, prefix, text, ok, want)
		}
		texts = append(texts, text)
	}
	if len(texts) < 2 {
		t.Errorf("buffers written %q, want a line that ends and one that does not", texts)
	}
}
