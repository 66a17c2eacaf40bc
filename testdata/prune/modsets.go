package prune

import "sync/atomic"

// tally and ledger are two types that no write to one can reach in the
// other.
type tally struct{ n int }
type ledger struct{ total int }

// Unrelated counts in a tally, under a test of a value that an earlier
// branch chose, then branches on a ledger in a way no input satisfies, so
// that the ledger branch stays relevant (§3.1). The write under the
// tally's test reaches no ledger: by the mod analysis that test does not
// decide the ledger branch (no potential dependence), so k is not
// relevant after the first branch, and a state that differs from an
// explored one only in k is redundant there. Without the mod analysis
// the write may reach the ledger, and k stays relevant.
func Unrelated(a, b, c, d, total int) int {
	var t tally
	l := &ledger{total: total}
	k := 0
	if a > 0 {
		k = 1
	}
	n := 0
	if c > 0 {
		n++
	}
	if d > 0 {
		n += 2
	}
	if k+b > 1 {
		t.n++
	}
	if l.total > 10 && l.total < 5 {
		return -1
	}
	return t.n + n
}

// Related is Unrelated with the test writing the ledger itself: it
// decides the ledger branch, so a state that differs in k must not be
// matched on the ledger alone.
func Related(a, b, total int) int {
	l := &ledger{total: total}
	k := 0
	if a > 0 {
		k = 1
	}
	if k+b > 1 {
		l.total++
	}
	if l.total > 10 && l.total < 5 {
		return -1
	}
	return k
}

// bump adds one to the tally.
func (t *tally) bump() { t.n++ }

// Calls writes under its branches through a method, which writes only
// tallies, and through sync/atomic, whose functions have no Go body: what
// they write is not known, so they may write a ledger too.
func Calls(a, b int, n *int64, total int) int {
	var t tally
	l := &ledger{total: total}
	if a > 0 {
		t.bump()
	}
	if b > 0 {
		atomic.AddInt64(n, 1)
	}
	if l.total > 10 && l.total < 5 {
		return -1
	}
	return t.n
}
