package literal

import (
	"go/token"
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// A writer made over a buffer the test reads (testgen's outputcolumn.go)
// cannot be a value of the table: the test must hold the buffer the
// writer was made over, and a row holds one expression per input. So its
// column is a func that makes the writer over the buffer the loop makes,
// the way callers write w := NewWriter(&out):
//
//	func(out *bytes.Buffer) *Writer { return NewWriter(out) }
//	func(out *bytes.Buffer) *Writer { w := NewWriter(out); w.UseCRLF = true; return w }
//
// A row whose writer is made over another writer (one that fails)
// ignores it: func(*bytes.Buffer) *Writer { return NewWriter(&errWriter{…}) }.

// OutputFunc writes v, a value of type t made through its package's API,
// as the func that makes it over the buffer named out, of type buf
// (*bytes.Buffer): the new(bytes.Buffer) among its calls' arguments
// becomes out.
func (w *Writer) OutputFunc(v concrete.Value, t, buf types.Type, out string) (string, error) {
	typ, btyp, err := w.outputTypes(t, buf)
	if err != nil {
		return "", err
	}
	over, n := overBuffer(v, types.NewVar(token.NoPos, nil, out, buf))
	param := btyp
	if n > 0 {
		param = out + " " + btyp
	}
	head := "func(" + param + ") " + typ + " "
	if over.Kind == concrete.Setup {
		// Not a chain: the setup's own body is this func's (setup.go).
		src, chain, err := w.setupBody(over)
		if err != nil {
			return "", err
		}
		if !chain {
			return head + src, nil
		}
		return head + "{ return " + src + " }", nil
	}
	src, err := w.InSlot(over, t, false)
	if err != nil {
		return "", err
	}
	return head + "{ return " + src + " }", nil
}

// OutputType is the type of the column of a writer of type t made over
// a buffer of type buf: func(*bytes.Buffer) *Writer.
func (w *Writer) OutputType(t, buf types.Type) (string, error) {
	typ, btyp, err := w.outputTypes(t, buf)
	return "func(" + btyp + ") " + typ, err
}

// outputTypes spells the writer's type t and the buffer's, buf.
func (w *Writer) outputTypes(t, buf types.Type) (typ, btyp string, err error) {
	if typ, err = w.TypeName(t); err != nil {
		return "", "", err
	}
	btyp, err = w.TypeName(buf)
	return typ, btyp, err
}

// MadeBuffers counts the new(bytes.Buffer) values v is made over, and
// gives their type (nil when there is none).
func MadeBuffers(v concrete.Value) (n int, buf types.Type) {
	v.Every(func(x concrete.Value) bool {
		if isMadeBuffer(x) {
			n, buf = n+1, x.Type
		}
		return true
	})
	return n, buf
}

// isMadeBuffer reports whether v is new(bytes.Buffer).
func isMadeBuffer(v concrete.Value) bool {
	return v.Kind == concrete.Call && v.Func == nil && loader.IsBytesBuffer(v.Type)
}

// overBuffer is a copy of v in which each new(bytes.Buffer) is the
// variable out, and how many it replaced.
func overBuffer(v concrete.Value, out *types.Var) (concrete.Value, int) {
	if isMadeBuffer(v) {
		return concrete.Value{Type: v.Type, Kind: concrete.Global, Var: out}, 1
	}
	n := 0
	if v.Elem != nil {
		elem, k := overBuffer(*v.Elem, out)
		v.Elem, n = &elem, n+k
	}
	if len(v.Elems) > 0 {
		elems := make([]concrete.Value, len(v.Elems))
		for i, x := range v.Elems {
			var k int
			elems[i], k = overBuffer(x, out)
			n += k
		}
		v.Elems = elems
	}
	return v, n
}
