package detector

import (
	"cmp"
	"slices"
)

// A tree indexes the relevant constraint sets ("entries") recorded at one
// context-sensitive point, so that a state finds the entries it may match
// with few look-ups of its values (Bugrara & Engler §3.7). L is a location
// key; P is the entry's payload (the detector keeps a snapshot there).
//
// A non-leaf node is labelled with a location l. Its edges are the values
// of l among the entries below it, plus one undef edge to the entries
// that do not constrain l. A leaf holds a group of identical entries
// (same locations, same values): whenever the entries at a node differ,
// some location splits them, so the tree splits them.
//
// A tree is not safe for concurrent use.
type tree[L comparable, P any] struct {
	root *node[P]

	// pending holds the entries added since the last lookup: they are
	// inserted lazily, when a state first needs them (the paper's
	// optimisation 1), so that a burst of adds costs one pass.
	pending []*entry[P]
	size    int // entries accepted by add: inserted and pending
	seq     int // sequence number of the next entry, for a stable order

	// Locations are interned to dense ids in order of first appearance.
	// The id is also the split heuristic's tie-break, which makes the
	// shape of the tree depend on nothing but the order of the adds.
	ids  map[L]int32
	locs []L

	// memo caches the state's values during one lookup, so that value()
	// is called at most once per location per lookup: an inner node's
	// label is looked up once, and the leaf check below it reuses it.
	// A slot is valid when its gen is the lookup's gen; gens are never
	// reused, so a lookup nested in a match callback only makes the
	// outer one fetch again what it overwrote.
	memo    []memoSlot
	nextGen uint64
	active  int // lookups in progress (match may call lookup)

	lookups  int // calls of value(), for tests and benchmarks
	rebuilds int // subtrees rebuilt because the heuristic was violated
}

type memoSlot struct {
	gen uint64
	val uint64
	ok  bool
}

// An entry is one relevant constraint set: locations (ids, ascending)
// with the value key each must have, and the payload.
type entry[P any] struct {
	ids     []int32
	vals    []uint64
	payload P
	seq     int
}

// value returns the entry's value for location id, and whether the entry
// constrains it.
func (e *entry[P]) value(id int32) (uint64, bool) {
	i, ok := slices.BinarySearch(e.ids, id)
	if !ok {
		return 0, false
	}
	return e.vals[i], true
}

// sameSet reports whether e and f constrain the same locations to the
// same values: such entries can never be split apart.
func (e *entry[P]) sameSet(f *entry[P]) bool {
	return slices.Equal(e.ids, f.ids) && slices.Equal(e.vals, f.vals)
}

// A node is a leaf (entries != nil, children == nil) or an inner node
// labelled with a location.
type node[P any] struct {
	entries []*entry[P] // leaf: identical entries, in order of addition

	label    int32
	children map[uint64]*node[P]
	undef    *node[P]
	// distinct counts, for every location constrained by some entry
	// below this node, the values those entries give it. It lets an
	// insertion notice that the label no longer has the most distinct
	// values (the heuristic is violated) without visiting the subtree.
	distinct *valueCounts
}

// valueCounts counts the distinct values of each location among some
// entries. It is kept flat (one map of location-value pairs, one of
// counts) because every inner node holds one: a map per location would
// cost several times the memory of the entries themselves.
type valueCounts struct {
	seen map[locVal]struct{}
	n    map[int32]int
}

// A locVal is a location id (widened: a key without padding hashes
// faster) and one of its values.
type locVal struct {
	id  uint64
	val uint64
}

// newValueCounts makes counts with room for about pairs location-value
// pairs, so that build does not grow the maps as it fills them.
func newValueCounts(pairs int) *valueCounts {
	return &valueCounts{seen: make(map[locVal]struct{}, pairs), n: make(map[int32]int, pairs)}
}

// add records the entry's values.
func (c *valueCounts) add(ids []int32, vals []uint64) {
	for i, id := range ids {
		k := locVal{uint64(id), vals[i]}
		if _, ok := c.seen[k]; !ok {
			c.seen[k] = struct{}{}
			c.n[id]++
		}
	}
}

func (n *node[P]) leaf() bool { return n.children == nil }

// newTree returns an empty tree.
func newTree[L comparable, P any]() *tree[L, P] {
	return &tree[L, P]{ids: map[L]int32{}}
}

// add queues an entry: locs[i] must have value key vals[i]. Entries are
// inserted lazily, at the next lookup (the paper's optimisation 1). An
// entry that gives one location two different values matches no state,
// so add drops it.
func (t *tree[L, P]) add(locs []L, vals []uint64, payload P) {
	if len(locs) != len(vals) {
		panic("detector: tree.add: locations and values differ in length")
	}
	e := &entry[P]{payload: payload, seq: t.seq}
	t.seq++
	type pair struct {
		id  int32
		val uint64
	}
	pairs := make([]pair, len(locs))
	for i, l := range locs {
		id, ok := t.ids[l]
		if !ok {
			id = int32(len(t.locs))
			t.ids[l] = id
			t.locs = append(t.locs, l)
		}
		pairs[i] = pair{id, vals[i]}
	}
	slices.SortFunc(pairs, func(a, b pair) int { return cmp.Compare(a.id, b.id) })
	for i, p := range pairs {
		if i > 0 && p.id == pairs[i-1].id {
			if p.val != pairs[i-1].val {
				return
			}
			continue
		}
		e.ids = append(e.ids, p.id)
		e.vals = append(e.vals, p.val)
	}
	t.pending = append(t.pending, e)
	t.size++
}

// len returns the number of entries the tree holds (added and accepted).
func (t *tree[L, P]) len() int { return t.size }

// Lookups returns how many times lookup has called its value function
// since the tree was made: the cost the decision tree exists to cut.
func (t *tree[L, P]) Lookups() int { return t.lookups }

// flush inserts the pending entries. It is skipped while a lookup is in
// progress (a match callback that adds and looks up again), since the
// outer lookup is walking the nodes an insertion would change; the
// entries then wait for the next lookup, which only means fewer matches.
func (t *tree[L, P]) flush() {
	if t.active > 0 || len(t.pending) == 0 {
		return
	}
	for _, e := range t.pending {
		t.root = t.insert(t.root, e)
	}
	clear(t.pending)
	t.pending = t.pending[:0]
	if len(t.memo) < len(t.locs) {
		t.memo = append(t.memo, make([]memoSlot, len(t.locs)-len(t.memo))...)
	}
}

// insert adds e below n (nil: an empty subtree) and returns the node that
// takes n's place.
func (t *tree[L, P]) insert(n *node[P], e *entry[P]) *node[P] {
	if n == nil {
		return &node[P]{entries: []*entry[P]{e}}
	}
	if n.leaf() {
		if e.sameSet(n.entries[0]) {
			n.entries = append(n.entries, e)
			return n
		}
		// The entries now differ: split the leaf.
		return build(append(n.entries, e))
	}
	n.distinct.add(e.ids, e.vals)
	violated := false
	for _, id := range e.ids {
		if outgrows(n.distinct.n[id], n.distinct.n[n.label]) {
			violated = true
			break
		}
	}
	if violated {
		// Some location now splits this subtree's entries into more
		// values than the label does: rebuild this subtree only (the
		// paper's optimisation 2); the ancestors were checked on the way
		// down and still satisfy the heuristic.
		t.rebuilds++
		all := collect(n, nil)
		slices.SortFunc(all, func(a, b *entry[P]) int { return cmp.Compare(a.seq, b.seq) })
		return build(append(all, e))
	}
	if v, ok := e.value(n.label); ok {
		n.children[v] = t.insert(n.children[v], e)
	} else {
		n.undef = t.insert(n.undef, e)
	}
	return n
}

// outgrows reports whether a location with count distinct values among
// a node's entries violates the split heuristic against the node's label,
// which has label values. This is the paper's rule (count > label) while
// the label has fewer than four values; beyond, it asks for a quarter
// more. Without that slack, two locations that take the lead from each
// other by one value at a time would rebuild the whole subtree every few
// insertions (quadratic); with it, the most distinct values in a subtree
// grow by a quarter between two rebuilds, so there are logarithmically
// many. A node whose label has a few values less than the best is still
// a sound node: only its search is a little less selective.
func outgrows(count, label int) bool {
	return count > label+label/4
}

// collect appends the entries of n's subtree to out, in no fixed order.
func collect[P any](n *node[P], out []*entry[P]) []*entry[P] {
	if n == nil {
		return out
	}
	if n.leaf() {
		return append(out, n.entries...)
	}
	for _, c := range n.children {
		out = collect(c, out)
	}
	return collect(n.undef, out)
}

// build makes a subtree of entries (at least one, in order of addition)
// from scratch. The label is the location with the most distinct values
// among the entries (the paper's split heuristic: as many partitions as
// possible), ties going to the location seen first. A location qualifies
// only if it splits the entries at all: two values, or one value and
// entries without it. If none does, the entries are identical: a leaf.
func build[P any](entries []*entry[P]) *node[P] {
	pairs := 0
	for _, e := range entries {
		pairs += len(e.ids)
	}
	distinct := newValueCounts(pairs)
	has := make(map[int32]int, pairs) // entries that constrain the location
	for _, e := range entries {
		distinct.add(e.ids, e.vals)
		for _, id := range e.ids {
			has[id]++
		}
	}
	best, bestVals := int32(-1), 0
	for id, nv := range distinct.n {
		parts := nv
		if has[id] < len(entries) {
			parts++ // the undef edge
		}
		if parts < 2 {
			continue
		}
		if nv > bestVals || nv == bestVals && id < best {
			best, bestVals = id, nv
		}
	}
	if best < 0 {
		return &node[P]{entries: entries}
	}
	n := &node[P]{label: best, children: map[uint64]*node[P]{}, distinct: distinct}
	// Partition in order of addition, so that every leaf keeps that order.
	parts := map[uint64][]*entry[P]{}
	var undef []*entry[P]
	for _, e := range entries {
		if v, ok := e.value(best); ok {
			parts[v] = append(parts[v], e)
		} else {
			undef = append(undef, e)
		}
	}
	for v, es := range parts {
		n.children[v] = build(es)
	}
	if len(undef) > 0 {
		n.undef = build(undef)
	}
	return n
}

// lookup walks the tree with a state's values: value(l) returns the
// state's value key for l and whether l is defined in the state. It calls
// match for each entry whose every location has the state's value,
// stopping as soon as match returns true, and returns whether one did.
// value is called at most once per location per lookup; every call is
// counted in Lookups.
//
// The walk is sound: it never skips an entry that agrees with the state.
// At a node labelled l where the state gives l the value v, it follows
// edge v and also the undef edge, because an entry that does not
// constrain l agrees with any value of l. (The paper's rule 1 follows
// edge v alone, which misses such entries.) Where l is undefined in the
// state, only the undef edge is followed: entries with l need its value.
func (t *tree[L, P]) lookup(value func(L) (uint64, bool), match func(P) bool) bool {
	t.flush()
	t.active++
	defer func() { t.active-- }()
	t.nextGen++
	w := walker[L, P]{t: t, gen: t.nextGen, value: value, match: match}
	return w.visit(t.root)
}

// A walker is one lookup in progress.
type walker[L comparable, P any] struct {
	t     *tree[L, P]
	gen   uint64
	value func(L) (uint64, bool)
	match func(P) bool
}

// get returns the state's value of location id, asking value() only the
// first time in this lookup.
func (w *walker[L, P]) get(id int32) (uint64, bool) {
	s := &w.t.memo[id]
	if s.gen != w.gen {
		w.t.lookups++
		v, ok := w.value(w.t.locs[id])
		*s = memoSlot{gen: w.gen, val: v, ok: ok}
	}
	return s.val, s.ok
}

func (w *walker[L, P]) visit(n *node[P]) bool {
	if n == nil {
		return false
	}
	if n.leaf() {
		// The entries of a leaf are identical: check the first one, then
		// offer them all. The locations decided on the way down come from
		// the memo, so only the others cost a look-up.
		e := n.entries[0]
		for i, id := range e.ids {
			if v, ok := w.get(id); !ok || v != e.vals[i] {
				return false
			}
		}
		for _, e := range n.entries {
			if w.match(e.payload) {
				return true
			}
		}
		return false
	}
	if v, ok := w.get(n.label); ok {
		if w.visit(n.children[v]) {
			return true
		}
	}
	return w.visit(n.undef)
}
