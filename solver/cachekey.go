package solver

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"slices"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// Keys of the query cache. They must be the same in every process that
// shares a Store, and two different queries must never share one: a
// wrong key would be a wrong answer. expr.Expr.Hash is stable across runs
// but has 64 bits, which is too few to rule out a collision among all the
// queries a shared store sees, so a term's key is a SHA-256 over its
// structure, computed bottom-up (a Merkle hash: operator, sort, the
// constant, extract offset or variable name, and the keys of the
// operands) and memoized per term.

// digest is a term's key.
type digest [sha256.Size]byte

// keyer computes and memoizes term keys for one chain.
type keyer struct {
	memo map[expr.Expr]digest
	buf  []byte
}

func newKeyer() *keyer { return &keyer{memo: map[expr.Expr]digest{}} }

// keyVersion changes whenever the serialization does, so that a store
// written by an older gosymtest is never read with a different meaning.
const keyVersion = 1

// of is e's key.
func (k *keyer) of(e expr.Expr) digest {
	if d, ok := k.memo[e]; ok {
		return d
	}
	n := e.NumArgs()
	args := make([]digest, n)
	for i := range n {
		args[i] = k.of(e.Arg(i))
	}
	b := k.buf[:0]
	s := e.Sort()
	b = append(b, keyVersion, byte(e.Op()), byte(s.Kind()), byte(s.Width()), byte(s.IndexWidth()))
	switch {
	case e.IsConst():
		b = binary.BigEndian.AppendUint64(b, e.Value())
	case e.IsVar():
		b = binary.AppendUvarint(b, uint64(len(e.Name())))
		b = append(b, e.Name()...)
	case e.Op() == expr.OpExtract:
		b = append(b, byte(e.Lo()))
	}
	b = append(b, byte(n))
	for _, a := range args {
		b = append(b, a[:]...)
	}
	k.buf = b
	d := digest(sha256.Sum256(b))
	k.memo[e] = d
	return d
}

// queryKey is the cache key of a query and the polarity of its last
// constraint: the premise (every constraint but the last, as a set: in
// any order, repeats and all) and the last constraint's atom (without a
// leading negation). A query and its negation, P ∧ c and P ∧ ¬c, share
// the key and differ in polarity, as in KLEE's caching solver.
func (k *keyer) queryKey(cs []expr.Expr) (key string, negated bool) {
	last := cs[len(cs)-1]
	if last.Op() == expr.OpNot {
		last, negated = last.Arg(0), true
	}
	premise := make([]digest, 0, len(cs)-1)
	for _, c := range cs[:len(cs)-1] {
		if c != cs[len(cs)-1] {
			premise = append(premise, k.of(c))
		}
	}
	slices.SortFunc(premise, func(a, b digest) int { return bytes.Compare(a[:], b[:]) })
	premise = slices.Compact(premise)
	h := sha256.New()
	h.Write([]byte{keyVersion, byte(len(premise) >> 24), byte(len(premise) >> 16), byte(len(premise) >> 8), byte(len(premise))})
	for _, d := range premise {
		h.Write(d[:])
	}
	atom := k.of(last)
	h.Write(atom[:])
	return hex.EncodeToString(h.Sum(nil)), negated
}
