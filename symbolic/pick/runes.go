package pick

import (
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Repair of the characters the byte repair cannot reach. A path that
// needs a byte at or above 0x80 (a decoder's multi-byte branch, a
// scanner's "not ASCII" case) keeps the solver's bytes there: "\u0080cdef",
// "//go:build\U00040000o", "\uffdd". No single printable byte can stand
// for them, but often a whole printable character can: "écdef" drives the
// same path when all it asks is a valid two-byte sequence. So each run of
// bytes from one at or above 0x80 that is not a printable character is
// tried, without the solver, as a printable character of two to four
// bytes: a few familiar ones first (é, €, 中, 😀), then the printable
// characters that share the run's leading byte, in order. The first under
// which every constraint of the path condition that mentions a byte it
// changes still holds is kept, so the path is the same; an invalid
// sequence the path needs (utf8's "\xc7") keeps its bytes.

// familiarRunes are the characters a repaired run tries first, by their
// length in UTF-8, the most familiar first.
var familiarRunes = [utf8.UTFMax + 1][]rune{
	2: []rune("éüñçßåøαβπλжд"),
	3: []rune("€中→…✓日本"),
	4: []rune("😀🙂𝄞"),
}

// leadRunesTried bounds the characters tried that share a run's leading
// byte, so that a run the path needs as it is costs few evaluations.
const leadRunesTried = 64

// repairRunes returns m with the runs of text bytes among vars that are
// not printable characters made printable characters where the path
// condition cond allows; m itself is not changed.
func (p *Picker) repairRunes(cond []expr.Expr, m *expr.Values, vars []expr.Expr) *expr.Values {
	texts := p.textElements(vars, m)
	if !anyAbove(texts, m, utf8.RuneSelf) {
		return m
	}
	mentions := termsMentioning(cond, vars)
	out := scalarsCopy(m)
	bases := make([]string, 0, len(texts))
	for base := range texts {
		bases = append(bases, base)
	}
	// A term may mention two texts (s[0] == t[0]), so a repair sees the
	// ones before it: a fixed order makes two runs repair alike.
	sort.Strings(bases)
	for _, base := range bases {
		repairText(texts[base], mentions, &out)
	}
	return &out
}

// anyAbove reports whether some text byte is at least b in m.
func anyAbove(texts map[string]map[int]expr.Expr, m *expr.Values, b uint64) bool {
	for _, elems := range texts {
		for _, v := range elems {
			if m.Scalar(v) >= b {
				return true
			}
		}
	}
	return false
}

// textElements groups the text bytes among vars (textLetter) by the input
// they belong to ("s" for s[3]), each group indexed by position. A byte at
// or past its text's length in m is left out: the path may mention it
// under a guard, but no literal holds it.
func (p *Picker) textElements(vars []expr.Expr, m *expr.Values) map[string]map[int]expr.Expr {
	lengths := make(map[string]expr.Expr)
	for _, v := range vars {
		lengths[v.Name()] = v
	}
	texts := make(map[string]map[int]expr.Expr)
	for _, v := range vars {
		if _, text := p.textLetter(v); !text {
			continue
		}
		base, i, ok := elementOf(v.Name())
		if !ok {
			continue
		}
		if n, ok := lengths[lenName(base)]; ok && uint64(i) >= m.Scalar(n) {
			continue
		}
		if texts[base] == nil {
			texts[base] = make(map[int]expr.Expr)
		}
		texts[base][i] = v
	}
	return texts
}

// repairText repairs the runs of one text's bytes in out, left to right.
func repairText(elems map[int]expr.Expr, mentions map[expr.Expr][]expr.Expr, out *expr.Values) {
	positions := make([]int, 0, len(elems))
	for i := range elems {
		positions = append(positions, i)
	}
	sort.Ints(positions)
	next := 0 // the first position after the character last seen
	for _, i := range positions {
		if i < next || out.Scalar(elems[i]) < utf8.RuneSelf {
			continue
		}
		run := runAt(elems, i, out)
		if r, size := utf8.DecodeRune(run); r != utf8.RuneError && unicode.IsPrint(r) {
			next = i + size // a printable character: its bytes are right
			continue
		}
		next = i + repairRun(elems, i, run, mentions, out)
	}
}

// runAt is the model's bytes of the text from position i on, as far as
// they are consecutive inputs, at most utf8.UTFMax of them.
func runAt(elems map[int]expr.Expr, i int, m *expr.Values) []byte {
	var run []byte
	for j := i; j < i+utf8.UTFMax; j++ {
		v, ok := elems[j]
		if !ok {
			break
		}
		run = append(run, byte(m.Scalar(v)))
	}
	return run
}

// repairRun sets the bytes from position i to the first printable
// character under which the path condition's terms that mention them hold,
// and returns its length; it leaves out unchanged when none does, and
// returns 1.
func repairRun(elems map[int]expr.Expr, i int, run []byte, mentions map[expr.Expr][]expr.Expr, out *expr.Values) int {
	for _, r := range runCandidates(run) {
		var buf [utf8.UTFMax]byte
		n := utf8.EncodeRune(buf[:], r)
		if n > len(run) {
			continue
		}
		var terms []expr.Expr
		for j := 0; j < n; j++ {
			v := elems[i+j]
			out.Scalars[v] = uint64(buf[j])
			terms = append(terms, mentions[v]...)
		}
		if allHold(terms, out) {
			return n
		}
		for j := 0; j < n; j++ {
			out.Scalars[elems[i+j]] = uint64(run[j]) // run holds the bytes as they were
		}
	}
	return 1
}

// runCandidates are the characters a run is tried as, in order: the
// familiar ones of the run's own length first when it is a character,
// then those of every length, then the printable characters that share
// its leading byte.
func runCandidates(run []byte) []rune {
	var out []rune
	_, own := utf8.DecodeRune(run)
	if own > 1 {
		out = append(out, familiarRunes[own]...)
	}
	for size := 2; size <= len(run); size++ {
		if size != own {
			out = append(out, familiarRunes[size]...)
		}
	}
	tried := 0
	for r := range runesLedBy(run[0]) {
		if tried == leadRunesTried {
			break
		}
		if unicode.IsPrint(r) {
			out = append(out, r)
			tried++
		}
	}
	return out
}

// minRuneOfLen is the first character whose UTF-8 form has a given length.
var minRuneOfLen = [utf8.UTFMax + 1]rune{2: 0x80, 3: 0x800, 4: 0x10000}

// runesLedBy yields the characters whose UTF-8 form starts with lead, in
// order; none when lead cannot start one.
func runesLedBy(lead byte) func(yield func(rune) bool) {
	return func(yield func(rune) bool) {
		var first, last rune
		var size int
		switch {
		case 0xc2 <= lead && lead <= 0xdf:
			first, size = rune(lead&0x1f)<<6, 2
			last = first | 0x3f
		case 0xe0 <= lead && lead <= 0xef:
			first, size = rune(lead&0x0f)<<12, 3
			last = first | 0xfff
		case 0xf0 <= lead && lead <= 0xf4:
			first, size = rune(lead&0x07)<<18, 4
			last = first | 0x3ffff
		default:
			return
		}
		first = max(first, minRuneOfLen[size])
		for r := first; r <= last && r <= unicode.MaxRune; r++ {
			if utf8.ValidRune(r) && !yield(r) { // not a surrogate half
				return
			}
		}
	}
}
