package concrete

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
)

// BufferText is the text the *bytes.Buffer v holds (buf[off:]), what the
// calls before wrote to it, or that an interface v holds one of; ok is
// false for any other value.
func BufferText(v Value) (text string, ok bool) {
	if v.Kind == Interface && v.Elem != nil {
		v = *v.Elem
	}
	if v.Kind != Pointer || v.Elem == nil || !loader.IsBytesBuffer(v.Type) {
		return "", false
	}
	b := *v.Elem
	st, ok := b.Type.Underlying().(*types.Struct)
	if !ok || b.Kind != Struct || len(b.Elems) != st.NumFields() {
		return "", false
	}
	var buf []byte
	off := -1
	for i := 0; i < st.NumFields(); i++ {
		f := b.Elems[i]
		switch st.Field(i).Name() {
		case "buf":
			if f.Kind == Slice {
				for _, c := range f.Elems {
					buf = append(buf, byte(c.Uint))
				}
			}
		case "off":
			off = int(f.Int)
		}
	}
	if off < 0 || off > len(buf) {
		return "", false
	}
	return string(buf[off:]), true
}
