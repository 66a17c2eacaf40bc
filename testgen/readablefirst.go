package testgen

import (
	"go/types"
	"math"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// Selection is greedy: a candidate is kept when it adds a block, an edge,
// a panic kind, a boundary or a mutant to what the candidates kept before
// it have. Whatever the order, the kept cases cover every block some
// candidate covers, so the order decides only which case shows it. The
// executor's order puts first the path it finished first, which, below a
// utf8 or strconv call, is often the one that took a multi-byte or
// control-character branch there ("\u0080", "\x7fb") while a later path
// with plain letters enters the same blocks of the package. Float inputs
// are tried as a few candidates, NaN and +Inf among them, and the first
// path to reach a block may hold math.Inf(1) where 0.5 does as well.
// readableFirst moves the candidates whose inputs a reader can read ahead
// of those with a non-printable byte or a float that is not a number,
// keeping the executor's order within each part, so that such a path's
// case is the one written.

// preferred orders cands for selection: readable inputs first
// (readableFirst), then fewer setup calls (setupfirst.go), then a writer
// whose output the test checks (outputcolumn.go).
func preferred(cands []*candidate) []*candidate {
	return readableFirst(fewerSetupsFirst(outputFirst(cands)))
}

// readableFirst orders cands with every candidate whose arguments are
// printable text first; the order within each group is kept.
func readableFirst(cands []*candidate) []*candidate {
	out := make([]*candidate, 0, len(cands))
	var later []*candidate
	for _, c := range cands {
		if argsPrintable(c.Args) {
			out = append(out, c)
		} else {
			later = append(later, c)
		}
	}
	return append(out, later...)
}

// argsPrintable reports whether every string, and every []byte, in the
// arguments is printable ASCII (tab and newline allowed), and every float
// is finite.
func argsPrintable(args []concrete.Value) bool {
	for _, a := range args {
		if !valuePrintable(a) {
			return false
		}
	}
	return true
}

func valuePrintable(v concrete.Value) bool {
	return v.Every(func(x concrete.Value) bool {
		switch x.Kind {
		case concrete.Float:
			return !math.IsNaN(x.Float) && !math.IsInf(x.Float, 0)
		case concrete.String:
			return textPrintable(x.Str)
		case concrete.Slice:
			if b, ok := x.Type.Underlying().(*types.Slice).Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 {
				buf := make([]byte, 0, len(x.Elems))
				for _, e := range x.Elems {
					buf = append(buf, byte(e.Uint))
				}
				return textPrintable(string(buf))
			}
		}
		return true
	})
}

// textPrintable: printable ASCII, tab and newline; what bench's
// readability figure counts as printable.
func textPrintable(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < ' ' || c > '~') && c != '\t' && c != '\n' {
			return false
		}
	}
	return true
}
