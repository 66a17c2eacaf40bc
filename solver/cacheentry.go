package solver

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// An entry of the query cache, as kept in memory and as encoded for a
// Store.

// entry holds the answers for one key: slot 0 for the query as keyed,
// slot 1 for its negation.
type entry struct {
	slots [2]*slot
	dirty bool // changed since it was loaded: to be saved
}

// slot holds the reusable answers to one query: its Sat or Unsat
// answer, if one is known, and the resource-limit Unknowns it got, each
// reused for its own ResourceLimit only.
//
// An Unknown for the query's limit comes before a Sat or Unsat answer:
// a run that got Unknown for a limit, and later the answer without one,
// must get Unknown again when it is replayed from a Store, where both
// are known from its first query on.
type slot struct {
	Result   Result       // Sat, Unsat, or Unknown for none yet
	Model    *expr.Values // on Sat
	Unknowns []limited
}

// limited is a resource-limit Unknown.
type limited struct {
	Limit  uint64
	Reason string
}

// answer is the slot's answer for a query with the given limit.
func (s *slot) answer(limit uint64) (Response, bool) {
	for _, u := range s.Unknowns {
		if u.Limit == limit {
			return Response{Result: Unknown, Reason: u.Reason}, true
		}
	}
	switch s.Result {
	case Sat:
		return Response{Result: Sat, Model: s.Model}, true
	case Unsat:
		return Response{Result: Unsat}, true
	}
	return Response{}, false
}

// reusable reports whether r may be answered again: a Sat or Unsat, or
// an Unknown for an exceeded resource limit (deterministic, unlike a
// timeout).
func reusable(r Response, limit uint64) bool {
	switch r.Result {
	case Sat:
		return r.Model != nil
	case Unsat:
		return true
	}
	return limit > 0 && strings.HasPrefix(r.Reason, "resource limit")
}

// entryVersion is the first byte of an encoded entry; decode refuses
// any other.
const entryVersion = 1

// encode is the entry in a compact binary form, the same bytes for the
// same entry (variables in order of name and sort).
//
//	version, then per slot: 0 (absent) or 1, result, model, unknowns (limit, reason)…
//	model: 0 (none) or 1, scalars (var, value)…, arrays (var, default, entries (index, value)…)
//	var: name, sort kind, width, index width
//
// Numbers are uvarints, strings a uvarint length and the bytes.
func (e *entry) encode() []byte {
	b := []byte{entryVersion}
	for _, s := range e.slots {
		if s == nil {
			b = append(b, 0)
			continue
		}
		b = append(b, 1, byte(s.Result))
		b = appendModel(b, s.Model)
		b = binary.AppendUvarint(b, uint64(len(s.Unknowns)))
		for _, u := range s.Unknowns {
			b = binary.AppendUvarint(b, u.Limit)
			b = appendString(b, u.Reason)
		}
	}
	return b
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendVar(b []byte, v expr.Expr) []byte {
	b = appendString(b, v.Name())
	s := v.Sort()
	return append(b, byte(s.Kind()), byte(s.Width()), byte(s.IndexWidth()))
}

func appendModel(b []byte, m *expr.Values) []byte {
	if m == nil {
		return append(b, 0)
	}
	b = append(b, 1)
	scalars := sortedVars(m.Scalars)
	b = binary.AppendUvarint(b, uint64(len(scalars)))
	for _, v := range scalars {
		b = appendVar(b, v)
		b = binary.AppendUvarint(b, m.Scalars[v])
	}
	arrays := sortedVars(m.Arrays)
	b = binary.AppendUvarint(b, uint64(len(arrays)))
	for _, v := range arrays {
		a := m.Arrays[v]
		b = appendVar(b, v)
		b = binary.AppendUvarint(b, a.Default)
		idx := make([]uint64, 0, len(a.Entries))
		for i := range a.Entries {
			idx = append(idx, i)
		}
		slices.Sort(idx)
		b = binary.AppendUvarint(b, uint64(len(idx)))
		for _, i := range idx {
			b = binary.AppendUvarint(b, i)
			b = binary.AppendUvarint(b, a.Entries[i])
		}
	}
	return b
}

func sortedVars[V any](m map[expr.Expr]V) []expr.Expr {
	vs := make([]expr.Expr, 0, len(m))
	for v := range m {
		vs = append(vs, v)
	}
	slices.SortFunc(vs, func(a, b expr.Expr) int {
		if c := strings.Compare(a.Name(), b.Name()); c != 0 {
			return c
		}
		return expr.Compare(a, b)
	})
	return vs
}

// errEntry is a malformed encoded entry.
var errEntry = errors.New("malformed cache entry")

// decodeEntry reads what encode wrote.
func decodeEntry(data []byte) (e *entry, err error) {
	d := &decoder{b: data}
	defer func() {
		// expr's constructors panic on a sort out of range.
		if r := recover(); r != nil {
			e, err = nil, fmt.Errorf("%w: %v", errEntry, r)
		}
	}()
	if d.byte() != entryVersion {
		return nil, fmt.Errorf("%w: version %d, want %d", errEntry, data[0], entryVersion)
	}
	e = &entry{}
	for i := range e.slots {
		if d.byte() == 0 {
			continue
		}
		s := &slot{Result: Result(d.byte())}
		s.Model = d.model()
		for range d.count() {
			s.Unknowns = append(s.Unknowns, limited{Limit: d.uvarint(), Reason: d.string()})
		}
		if s.Result > Unsat || (s.Result == Sat) != (s.Model != nil) {
			d.fail()
		}
		e.slots[i] = s
	}
	if d.err == nil && len(d.b) > 0 {
		d.err = fmt.Errorf("%w: %d bytes left over", errEntry, len(d.b))
	}
	if d.err != nil {
		return nil, d.err
	}
	return e, nil
}

// decoder reads an encoded entry; the first error sticks and the reads
// after it give zeros.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail() {
	if d.err == nil {
		d.err = fmt.Errorf("%w: truncated", errEntry)
	}
	d.b = nil
}

func (d *decoder) byte() byte {
	if len(d.b) == 0 {
		d.fail()
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) string() string {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.fail()
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

func (d *decoder) count() int {
	n := d.uvarint()
	if n > uint64(len(d.b)) { // every item takes a byte at least
		d.fail()
		return 0
	}
	return int(n)
}

func (d *decoder) variable() expr.Expr {
	name := d.string()
	kind, width, index := expr.Kind(d.byte()), int(d.byte()), int(d.byte())
	if d.err != nil {
		return expr.Expr{}
	}
	switch kind {
	case expr.KindBool:
		return expr.BoolVar(name)
	case expr.KindBV:
		return expr.BVVar(name, width)
	case expr.KindArray:
		return expr.ArrayVar(name, index, width)
	}
	d.err = fmt.Errorf("%w: sort kind %d", errEntry, kind)
	return expr.Expr{}
}

func (d *decoder) model() *expr.Values {
	if d.byte() == 0 {
		return nil
	}
	m := &expr.Values{Scalars: map[expr.Expr]uint64{}}
	for range d.count() {
		v := d.variable()
		m.Scalars[v] = d.uvarint()
	}
	if n := d.count(); n > 0 {
		m.Arrays = make(map[expr.Expr]expr.ArrayValue, n)
		for range n {
			v := d.variable()
			a := expr.ArrayValue{Default: d.uvarint()}
			if k := d.count(); k > 0 {
				a.Entries = make(map[uint64]uint64, k)
				for range k {
					i := d.uvarint()
					a.Entries[i] = d.uvarint()
				}
			}
			m.Arrays[v] = a
		}
	}
	return m
}
