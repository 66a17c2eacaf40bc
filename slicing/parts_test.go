package slicing

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// A register read in parts (the length and a byte of a string) is
// defined by a write of the whole register: the write takes every part
// out of L and brings in what it read.
func TestWholeWriteDefinesParts(t *testing.T) {
	g := New(nil, nil, Options{})
	s := newBackState(g.provs)
	str := machine.Loc{Kind: machine.LocReg, Act: 1, Index: 3}
	other := machine.Loc{Kind: machine.LocReg, Act: 1, Index: 4}
	src := machine.Loc{Kind: machine.LocReg, Act: 1, Index: 5}
	lenPart, byte2 := str, str
	lenPart.Part, byte2.Part = machine.PartLen, machine.PartByte(2)
	s.add(lenPart, provAlways)
	s.add(byte2, provAlways)
	s.add(other, provAlways)
	if got := len(s.within(str)); got != 2 {
		t.Fatalf("within(s) lists %d parts, want 2", got)
	}
	n := &node{events: []*evRec{{id: 1, ev: machine.Event{Act: 1, Reads: []machine.Loc{src}, Writes: []machine.Write{{Loc: str}}}}}}
	g.back(&s, n, 0, true)
	if _, ok := s.L[lenPart]; ok {
		t.Error("the length of s is still relevant before the write of s")
	}
	if _, ok := s.L[byte2]; ok {
		t.Error("byte 2 of s is still relevant before the write of s")
	}
	if _, ok := s.L[src]; !ok {
		t.Error("what the write of s read is not relevant")
	}
	if _, ok := s.L[other]; !ok {
		t.Error("another register left L")
	}
	if len(s.parts[str]) != 0 {
		t.Errorf("parts of s still listed: %v", s.parts[str])
	}
}
