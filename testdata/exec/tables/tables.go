// Package tables holds lookup-table and nested-address fixtures: reads and
// writes at symbolic indices into package tables, slices and arrays nested
// in structs, and slices made with a symbolic size.
package tables

// first is a utf8-style table: the class of a sequence's first byte.
var first [256]uint8

func init() {
	for i := range first {
		switch {
		case i < 0x80:
			first[i] = 1
		case i >= 0xC2 && i < 0xE0:
			first[i] = 2
		case i >= 0xE0 && i < 0xF0:
			first[i] = 3
		case i >= 0xF0 && i < 0xF5:
			first[i] = 4
		default:
			first[i] = 0xF1
		}
	}
}

// SeqLen classifies the first byte of s through the table.
func SeqLen(s string) int {
	if len(s) == 0 {
		return 0
	}
	x := first[s[0]]
	if x == 0xF1 {
		return -1
	}
	if int(x) > len(s) {
		return -2
	}
	return int(x)
}

// hexTable decodes a hex digit; 0xFF marks a non-digit.
var hexTable = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = byte(c - '0')
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] = byte(c-'a') + 10
	}
	for c := 'A'; c <= 'F'; c++ {
		t[c] = byte(c-'A') + 10
	}
	return t
}()

// DecodeHex decodes two hex digits into a byte.
func DecodeHex(s string) (byte, bool) {
	if len(s) != 2 {
		return 0, false
	}
	hi, lo := hexTable[s[0]], hexTable[s[1]]
	if hi == 0xFF || lo == 0xFF {
		return 0, false
	}
	b := hi<<4 | lo
	if b == 0xAB {
		return b, true
	}
	return b, true
}

// Bump writes at a symbolic index and reads back at another.
func Bump(i, j int) int {
	var counts [8]int
	if i < 0 || i >= len(counts) || j < 0 || j >= len(counts) {
		return -1
	}
	counts[i] += 5
	if counts[j] == 5 {
		return 1
	}
	return 0
}

// Entry is a table entry of structs with a string.
type Entry struct {
	Name string
	Code int
}

var entries = [4]Entry{{"zero", 0}, {"one", 10}, {"two", 20}, {"three", 30}}

// Lookup reads a struct element at a symbolic index.
func Lookup(i uint8) string {
	if i >= 4 {
		return ""
	}
	e := entries[i]
	if e.Code == 20 {
		return e.Name + "!"
	}
	return e.Name
}

// Buf holds an array inside a struct, as bufio and hex.Dumper do.
type Buf struct {
	n   int
	buf [16]byte
}

// Fill slices the array inside the struct and writes through the slice.
func Fill(b byte, n int) int {
	var x Buf
	if n < 0 || n > len(x.buf) {
		return -1
	}
	s := x.buf[:n]
	for i := range s {
		s[i] = b
	}
	x.n = n
	if n > 2 && x.buf[2] == 'z' {
		return 2
	}
	return len(s)
}

// Grid is an array of arrays indexed symbolically on both levels.
func Grid(i, j uint8) int {
	var g [4][4]int
	for r := range g {
		for c := range g[r] {
			g[r][c] = r*4 + c
		}
	}
	if i >= 4 || j >= 4 {
		return -1
	}
	g[i][j] = 100
	if g[2][3] == 100 {
		return 1
	}
	return g[i][3-j]
}

// MakeSized makes a slice of a symbolic size.
func MakeSized(l int) []int {
	arr := make([]int, l)
	if l < 5 || l > 10 {
		return arr
	}
	arr[3] = 111
	return arr
}

// MakeCap makes a slice with a symbolic length and capacity and uses both.
func MakeCap(l, c int) int {
	if l < 0 || c < l || c > 6 {
		return -1
	}
	s := make([]byte, l, c)
	s = s[:c]
	if c > 4 {
		s[4] = 1
		return int(s[4]) + len(s)
	}
	return len(s)
}

// MakeBig has a branch only sizes past the allocation bound take.
func MakeBig(n int) int {
	buf := make([]byte, n)
	if n > 1000 {
		return 1
	}
	return len(buf)
}

// big is a large package table, as golang.org/x/mod's initialisers fill.
var big [100000]int

// FillBig stores into every element of a large package variable.
func FillBig() int {
	for i := range big {
		big[i] = i * 3
	}
	return big[len(big)-1]
}

// SetAt writes into an input slice at a symbolic index.
func SetAt(xs []int, i, v int) int {
	xs[i] = v
	if xs[0] == 7 {
		return 1
	}
	return xs[len(xs)-1]
}

// Pair is an element of a slice of structs.
type Pair struct{ A, B int }

// Pairs updates a field of a symbolically indexed struct element.
func Pairs(ps []Pair, i int) int {
	if i < 0 || i >= len(ps) {
		return -1
	}
	ps[i].B = ps[i].A * 2
	if ps[0].B == 4 {
		return 1
	}
	return 0
}

var names = [...]string{"alpha", "beta", "gamma", "delta"}

// Name reads a string table at a symbolic index.
func Name(i uint) string {
	if i >= uint(len(names)) {
		return "?"
	}
	n := names[i]
	if n[0] == 'g' {
		return n + "!"
	}
	return n
}

// Window slices a slice, a string and an array, with two and three
// indices: each bound that fails panics with Go's own message.
func Window(b []byte, str string, lo, hi, max int, k uint8) int {
	var a [4]int
	switch k {
	case 0:
		return len(b[lo:hi])
	case 1:
		return len(str[lo:hi])
	case 2:
		return len(b[lo:hi:max])
	case 3:
		return len(a[lo:hi])
	case 4:
		return len(a[lo:hi:max])
	case 5:
		return len(b[lo:])
	}
	return 0
}

// MakeRange makes a slice of a symbolic length and capacity, which may be
// out of range either way.
func MakeRange(l, c int) int {
	s := make([]int32, l, c)
	if cap(s) > 3 {
		return 1
	}
	return len(s)
}
