// Package growth holds functions the default input bounds cannot finish:
// one that needs a string longer than them (a UUID-like identifier), one
// whose every path makes more decisions than the bounds allow, one where
// only a path its siblings stand in for needs a longer string, one where
// only a block of another package does, and one whose every side
// gets its test only from a run to the end.
package growth

import "strings"

// ParseID accepts a 36-byte identifier of the shape of a UUID: dashes at
// 8, 13, 18 and 23 and no dash elsewhere. It returns how many characters
// are not dashes, and whether s has the shape.
func ParseID(s string) (int, bool) {
	if len(s) != 36 {
		return 0, false
	}
	if s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return 1, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		switch i {
		case 8, 13, 18, 23:
			continue
		}
		if s[i] == '-' {
			return 2, false
		}
		n++
	}
	return n, true
}

// Grid counts the cells (i, j) of a 100×100 grid for which bit (i+j)%64
// of a is set. Each of the 10,000 iterations branches on the input, far
// more decisions than the work limits of the tests allow, yet it always
// terminates.
func Grid(a uint64) int {
	n := 0
	for i := 0; i < 100; i++ {
		for j := 0; j < 100; j++ {
			if a>>((i+j)%64)&1 == 1 {
				n++
			}
		}
	}
	return n
}

// Tagged takes its first branch only for an s of 40 bytes or more; the
// loop over t after it has more paths than a small work limit lets finish,
// so the bounds must grow before the first round has run out of states.
func Tagged(s, t string) int {
	if len(s) >= 40 {
		return -1
	}
	n := 0
	for i := 0; i < len(t); i++ {
		if t[i] == 'x' {
			n++
		}
	}
	return n
}

// Wrapped has a branch no string takes: len(s)-1 > 100 needs len(s) > 101,
// which the first branch excludes. Only a length near 2^63, which no Go
// string has, would take it, where int arithmetic wraps around.
func Wrapped(s string) int {
	if len(s) > 5 {
		return 0
	}
	if len(s)-1 > 100 {
		return 1
	}
	return 2
}

// Sides never finishes a path within a small work limit on either side of
// its first branch, for both go on into Grid. The default side, which the
// zero values take, calls three helpers before Grid, so its cut paths
// have entered more blocks than the marked side's: the paths that got
// furthest are all on the default side.
func Sides(marked bool, a uint64) int {
	if marked {
		return -Grid(a)
	}
	return low(a) + mid(a) + high(a) + Grid(a)
}

func low(a uint64) int  { return int(a & 0xff) }
func mid(a uint64) int  { return int(a >> 8 & 0xff) }
func high(a uint64) int { return int(a >> 16 & 0xff) }

// AfterMark counts the bytes of s after its first '#', or returns -1 when
// s has none. skipMark cuts a slice at the mark's index, which forks per
// value of the index: the path whose mark is the last byte the bounds
// allow needs a longer s to count any byte, while its siblings count
// them within the bounds.
func AfterMark(s string) int {
	i := strings.IndexByte(s, '#')
	if i < 0 {
		return -1
	}
	n := 0
	for j := skipMark([]byte(s), i); j < len(s); j++ {
		n++
	}
	return n
}

// skipMark returns the index after the mark at b[i].
func skipMark(b []byte, i int) int {
	if rest := b[i:]; len(rest) > 0 && rest[0] == '#' {
		return i + 1
	}
	return i
}

// Minor returns the length of what follows "go1." in tag, or -1 when tag
// has no "go1.". strings.Cut looks for it with strings.Index, which takes
// a block of its own for strings longer than 64 bytes; no branch of Minor
// needs one.
func Minor(tag string) int {
	_, v, ok := strings.Cut(tag, "go1.")
	if !ok {
		return -1
	}
	return len(v)
}

// Dial takes one of sixteen sides by the low four bits of k, and each goes
// on into Long, no path of which the work limits of the tests let finish:
// every side gets its test only from a run to the end of a path the limit
// cut, one run each.
func Dial(k uint8, a uint64) int {
	if k&8 == 0 {
		if k&4 == 0 {
			if k&2 == 0 {
				if k&1 == 0 {
					return Long(a)
				}
				return Long(a) + 1
			}
			if k&1 == 0 {
				return Long(a) + 2
			}
			return Long(a) + 3
		}
		if k&2 == 0 {
			if k&1 == 0 {
				return Long(a) + 4
			}
			return Long(a) + 5
		}
		if k&1 == 0 {
			return Long(a) + 6
		}
		return Long(a) + 7
	}
	if k&4 == 0 {
		if k&2 == 0 {
			if k&1 == 0 {
				return Long(a) + 8
			}
			return Long(a) + 9
		}
		if k&1 == 0 {
			return Long(a) + 10
		}
		return Long(a) + 11
	}
	if k&2 == 0 {
		if k&1 == 0 {
			return Long(a) + 12
		}
		return Long(a) + 13
	}
	if k&1 == 0 {
		return Long(a) + 14
	}
	return Long(a) + 15
}

// Long counts the set bits of a 33 times over: its 2,112 decisions on the
// input are more than a path may make, yet a concrete run of it takes a few
// thousand steps.
func Long(a uint64) int {
	n := 0
	for i := 0; i < 33*64; i++ {
		if a>>(i%64)&1 == 1 {
			n++
		}
	}
	return n
}
