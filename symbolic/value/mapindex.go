package value

import (
	"strconv"
	"sync"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Concrete keys are found by hashing. A map that a package's init fills
// with thousands of constant entries (html's entity table) would
// otherwise cost a comparison, and a solver-free branch, per entry for
// every insert and lookup: quadratic work before any input is read.
//
// A map made by the program carries a MapIndex from each concrete key
// (an integer or bool constant, or a string of constant length and bytes)
// to its entry. The versions of one map that forks and writes make share
// the index, and all of them only ever append entries or replace values,
// so a key absent from the index is absent from every version; a key it
// holds at a position some version has another key at (two forks
// appended different keys there) is checked against that version and,
// when it does not match, looked for by a full scan. Deleting or clearing
// drops the index, and the map falls back to scanning.
//
// Keys that are not concrete (symbolic values, structs, interfaces) are
// listed by position in Map.Symbolic: a concrete key the index does
// not hold may still equal one of them, so only those are compared, by
// forking as before. Entries are distinct on a path, so a concrete key the
// index finds equals no other entry.

// MapIndex maps a concrete key, as ConcreteKey spells it, to its position.
// Engines that share an init's memory may share a map's index, hence the
// lock.
type MapIndex struct {
	mu  sync.Mutex
	pos map[string]int
}

// NewMapIndex is an empty index.
func NewMapIndex() *MapIndex { return &MapIndex{pos: make(map[string]int)} }

// Lookup finds key k in mv: its position and true when the index settles
// it (-1 when no entry with a concrete key equals k), or false when the
// index cannot tell and mv must be scanned.
func (x *MapIndex) Lookup(mv Map, k string) (int, bool) {
	x.mu.Lock()
	pos, ok := x.pos[k]
	x.mu.Unlock()
	if !ok {
		return -1, true
	}
	if pos < len(mv.Keys) {
		if at, isConcrete := ConcreteKey(mv.Keys[pos]); isConcrete && at == k {
			return pos, true
		}
	}
	return 0, false
}

// Add records that k is at pos in some version of the map.
func (x *MapIndex) Add(k string, pos int) {
	x.mu.Lock()
	x.pos[k] = pos
	x.mu.Unlock()
}

// ConcreteKey spells a key whose value is known in full, and ok is false
// for any other. The spelling needs to tell apart only keys of one map,
// which have one type.
func ConcreteKey(v Value) (k string, ok bool) {
	switch x := v.(type) {
	case Scalar:
		if !x.E.IsConst() {
			return "", false
		}
		return strconv.FormatUint(x.E.Value(), 16), true
	case String:
		if !x.Len.IsConst() || x.Len.Value() > uint64(len(x.Bytes)) {
			return "", false
		}
		b := make([]byte, x.Len.Value())
		for i := range b {
			if !x.Bytes[i].IsConst() {
				return "", false
			}
			b[i] = byte(x.Bytes[i].Value())
		}
		return string(b), true
	}
	return "", false
}

// Map is what a map's object holds (a map is a Pointer to it): its
// entries in insertion order, with keys that are distinct on the path.
// Which entry a symbolic key hits is decided by forking on key equality,
// so the entry structure stays known on every path.
type Map struct {
	Keys []Value
	Vals []Value
	// Size, when set, is the symbolic length of an input map that no
	// instruction has changed yet: the variable len(m), which the path
	// pins to len(Keys). Branching on it rather than on the constant lets
	// the bound check see a branch that only larger maps take.
	Size expr.Expr
	// Index finds concrete keys without comparing them one by one, and
	// Symbolic lists the positions of the keys it cannot hold
	// (mapindex.go). A map without an index (an input, or one deleted
	// from) is scanned.
	Index    *MapIndex
	Symbolic []int
}

func (Map) isValue() {}
