// Package stdlib holds fixtures that use the standard library's internals
// the way real packages do: strings.Builder and bytes.Buffer (unsafe
// inside), sync and sync/atomic, runes, strconv's floats and math's
// assembly. Package initialisers that use
// the standard library are in the packages under stdinit, one each, so
// that one failing does not hide the others.
package stdlib

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
)

// Join writes words into a strings.Builder, whose String method is
// unsafe.String over its buffer.
func Join(a, b string) string {
	var sb strings.Builder
	sb.WriteString(a)
	if b != "" {
		sb.WriteByte('-')
		sb.WriteString(b)
	}
	return sb.String()
}

// Buffered writes into a bytes.Buffer and reads its length.
func Buffered(s string) int {
	var buf bytes.Buffer
	buf.WriteString(s)
	buf.WriteByte('!')
	if buf.Len() > 3 {
		return buf.Len()
	}
	return -1
}

var (
	mu    sync.Mutex
	once  sync.Once
	total int
)

// Locked updates a counter under a mutex, set up once.
func Locked(n int) int {
	once.Do(func() { total = 10 })
	mu.Lock()
	defer mu.Unlock()
	if n > 0 {
		total += n
	}
	return total
}

// Atomic adds to atomic counters.
func Atomic(n int64) int64 {
	var c atomic.Int64
	var plain int32
	c.Add(n)
	atomic.AddInt32(&plain, 2)
	if c.CompareAndSwap(5, 7) {
		return c.Load() + int64(atomic.LoadInt32(&plain))
	}
	return c.Load()
}

// Runes converts to and from a rune slice.
func Runes(s string) string {
	rs := []rune(s)
	if len(rs) == 2 && rs[1] == 'é' {
		return string(rs[:1])
	}
	if len(rs) > 0 {
		return string(rs[0]) + "."
	}
	return ""
}

// Accents ranges over a string with multi-byte runes.
func Accents(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r == 'é':
			n += 10
		case r >= 0x80:
			n += 100
		case r == 'e':
			n++
		}
	}
	return n
}

// Decode decodes the first rune with unicode/utf8.
func Decode(s string) int {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return -size
	}
	if size > 1 {
		return int(r)
	}
	return 0
}

var pool = sync.Pool{New: func() any { return new(strings.Builder) }}

// Pooled borrows a Builder from a sync.Pool.
func Pooled(s string) string {
	sb := pool.Get().(*strings.Builder)
	defer pool.Put(sb)
	sb.Reset()
	sb.WriteString(s)
	if sb.Len() > 2 {
		return sb.String()[:2]
	}
	return sb.String()
}

// Shared uses an RWMutex, a WaitGroup, atomic.Pointer and atomic.Value.
func Shared(n int) int {
	var rw sync.RWMutex
	var wg sync.WaitGroup
	var p atomic.Pointer[int]
	var v atomic.Value
	wg.Add(1)
	rw.RLock()
	p.Store(&n)
	rw.RUnlock()
	wg.Done()
	wg.Wait()
	rw.Lock()
	defer rw.Unlock()
	v.Store(*p.Load() * 2)
	if v.Load().(int) > 10 {
		return 1
	}
	return 0
}

var errSmall = errors.New("small")

// wrapped is an error that wraps another.
type wrapped struct{ err error }

func (w wrapped) Error() string { return "wrapped: " + w.err.Error() }
func (w wrapped) Unwrap() error { return w.err }

// IsSmall finds a sentinel error through a wrapper with errors.Is.
func IsSmall(n int) bool {
	var err error
	if n < 10 {
		err = wrapped{errSmall}
	} else if n < 20 {
		err = wrapped{errors.New("other")}
	}
	return errors.Is(err, errSmall)
}

// View reads a string's last byte through the slice unsafe.Slice and
// unsafe.StringData make of it.
func View(s string) byte {
	if len(s) == 0 {
		return 0
	}
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	return b[len(b)-1]
}

// Label formats with fmt.Sprint, which asks reflect for each operand's kind.
func Label(name string) string {
	if name == "" {
		return fmt.Sprint("anonymous")
	}
	return fmt.Sprint("name=", name)
}

// Eighths formats n/8 with strconv, whose float formatting reads the
// float's bits through unsafe (internal/strconv's float64bits).
func Eighths(n int) string {
	if n < 0 {
		return "negative"
	}
	return strconv.FormatFloat(float64(n)/8, 'f', -1, 64)
}

// b2s is the zero-copy conversion of performance-minded packages (gjson,
// fasthttp): the bytes of b read as a string, through unsafe.
func b2s(b []byte) string { return *(*string)(unsafe.Pointer(&b)) }

// Upper upper-cases s's ASCII letters in a byte slice and hands the
// slice back as a string without copying it.
func Upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	if len(b) > 2 {
		return b2s(b[:2])
	}
	return b2s(b)
}

// Clamp keeps a positive n within 1 … 10 with math.Max and math.Min, and
// gives the decimal logarithm of n+99 with math.Log10: on amd64 they run
// math's assembly (archMax, archMin, archLog).
func Clamp(n int) (float64, float64) {
	if n <= 0 {
		return 0, 0
	}
	return math.Min(math.Max(float64(n), 1), 10), math.Log10(float64(n) + 99)
}

// Order compares a and b with bytes.Compare, assembly on amd64.
func Order(a, b string) string {
	switch c := bytes.Compare([]byte(a), []byte(b)); {
	case c < 0:
		return "less"
	case c > 0:
		return "greater"
	}
	return "equal"
}

// OrderStrings compares a and b with strings.Compare, whose
// internal/bytealg.CompareString is assembly on amd64.
func OrderStrings(a, b string) string {
	switch c := strings.Compare(a, b); {
	case c < 0:
		return "less"
	case c > 0:
		return "greater"
	}
	return "equal"
}

// Between is the text between the first "<<" of s and the next ">>",
// found with strings.Index, whose search for two bytes is assembly on
// amd64 (internal/bytealg.IndexString).
func Between(s string) string {
	i := strings.Index(s, "<<")
	if i < 0 {
		return ""
	}
	rest := s[i+2:]
	j := strings.Index(rest, ">>")
	if j < 0 {
		return "unclosed"
	}
	return rest[:j]
}

// Field is the part of s before its first "::", found with bytes.Index
// (internal/bytealg.Index, assembly on amd64), or all of s.
func Field(s string) string {
	b := []byte(s)
	if i := bytes.Index(b, []byte("::")); i >= 0 {
		return string(b[:i])
	}
	return s
}

// span is 12 bytes: sort.Slice's swapper (reflectlite.Swapper) has a
// fast path for elements of 1, 2, 4 and 8 bytes, pointers and strings, and
// copies any other size through unsafe.
type span struct {
	lo, hi, width int32
}

// Widest sorts three spans, as wide as a, b and c, by width with
// sort.Slice, and returns the low end of the widest.
func Widest(a, b, c int32) int32 {
	spans := []span{{lo: 1, hi: 2, width: a}, {lo: 3, hi: 4, width: b}, {lo: 5, hi: 6, width: c}}
	sort.Slice(spans, func(i, j int) bool { return spans[i].width > spans[j].width })
	return spans[0].lo
}
