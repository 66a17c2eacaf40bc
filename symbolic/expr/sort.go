package expr

import "fmt"

// Kind distinguishes the three families of sorts.
type Kind uint8

const (
	KindBool Kind = iota + 1
	KindBV
	KindArray
)

// Sort is the type of a term. It is a small comparable value.
type Sort struct {
	kind  Kind
	width uint8 // BV: its width; Array: the width of the elements
	index uint8 // Array: the width of the indices
}

// MaxWidth is the widest bit-vector a term may have.
const MaxWidth = 64

// BoolSort is the sort of conditions.
func BoolSort() Sort { return Sort{kind: KindBool} }

// BV is the sort of bit-vectors of the given width, 1 ≤ width ≤ 64.
func BV(width int) Sort {
	checkWidth(width)
	return Sort{kind: KindBV, width: uint8(width)}
}

// ArraySort is the sort of total maps from BV(indexWidth) to BV(elemWidth).
func ArraySort(indexWidth, elemWidth int) Sort {
	checkWidth(indexWidth)
	checkWidth(elemWidth)
	return Sort{kind: KindArray, width: uint8(elemWidth), index: uint8(indexWidth)}
}

func checkWidth(w int) {
	if w < 1 || w > MaxWidth {
		panic(fmt.Sprintf("expr: bit-vector width %d out of range 1..%d", w, MaxWidth))
	}
}

// Kind reports the family of the sort.
func (s Sort) Kind() Kind { return s.kind }

// IsBool reports whether s is the Bool sort.
func (s Sort) IsBool() bool { return s.kind == KindBool }

// IsBV reports whether s is a bit-vector sort.
func (s Sort) IsBV() bool { return s.kind == KindBV }

// IsArray reports whether s is an array sort.
func (s Sort) IsArray() bool { return s.kind == KindArray }

// Width is the width of a bit-vector sort, or the element width of an array sort.
func (s Sort) Width() int { return int(s.width) }

// IndexWidth is the index width of an array sort.
func (s Sort) IndexWidth() int { return int(s.index) }

// Elem is the sort of an array's elements.
func (s Sort) Elem() Sort { return Sort{kind: KindBV, width: s.width} }

// Index is the sort of an array's indices.
func (s Sort) Index() Sort { return Sort{kind: KindBV, width: s.index} }

func (s Sort) String() string {
	switch s.kind {
	case KindBool:
		return "bool"
	case KindBV:
		return fmt.Sprintf("bv%d", s.width)
	case KindArray:
		return fmt.Sprintf("[bv%d]bv%d", s.index, s.width)
	}
	return "invalid"
}

// mask is the bit mask of a width: the largest unsigned value it holds.
func mask(width int) uint64 {
	if width >= 64 {
		return ^uint64(0)
	}
	return uint64(1)<<uint(width) - 1
}

// signExtend interprets the low width bits of v as a two's-complement number.
func signExtend(v uint64, width int) int64 {
	shift := uint(64 - width)
	return int64(v<<shift) >> shift
}
