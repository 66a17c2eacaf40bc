package solver

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

func TestCacheHitsOnCanonicalForm(t *testing.T) {
	a, b := expr.Ult(x8, c8(10)), expr.Eq(y8, expr.Add(x8, c8(1)))
	cond := expr.Ult(c8(4), y8)
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerCache), Validate: true})
	first := mustResult(t, c, query(a, b, cond), Sat)
	// The premise in another order, with a repeat: the same entry.
	again := mustResult(t, c, query(b, a, b, cond), Sat)
	if len(rec.queries) != 1 {
		t.Fatalf("%d queries reached the core, want 1", len(rec.queries))
	}
	if !maps.Equal(first.Model.Scalars, again.Model.Scalars) {
		t.Errorf("the hit gave %v, the first answer %v", again.Model.Scalars, first.Model.Scalars)
	}
	// The negation has a slot of its own in the same entry.
	mustResult(t, c, query(a, b, expr.Not(cond)), Sat)
	mustResult(t, c, query(b, a, expr.Not(cond)), Sat)
	if len(rec.queries) != 2 {
		t.Fatalf("%d queries reached the core, want 2", len(rec.queries))
	}
	cache := c.(*chain).cache
	if len(cache.entries) != 1 {
		t.Errorf("%d entries, want one for the query and its negation", len(cache.entries))
	}
	// Another last constraint is another query.
	mustResult(t, c, query(a, cond, b), Sat)
	if len(rec.queries) != 3 {
		t.Fatalf("%d queries reached the core, want 3", len(rec.queries))
	}
	// Unsat is reused too.
	mustResult(t, c, query(a, expr.Ult(c8(20), x8)), Unsat)
	mustResult(t, c, query(a, expr.Ult(c8(20), x8)), Unsat)
	if st := layerStats(t, c, LayerCache); st.Queries != 7 || st.Answered != 3 || st.Wrong != 0 {
		t.Errorf("stats %+v, want 7 queries, 3 answered", st)
	}
	if got := c.Stats().Queries; got != 4 {
		t.Errorf("Stats.Queries %d, want the core's 4", got)
	}
}

func TestCacheUnknowns(t *testing.T) {
	hard := expr.Eq(expr.Mul(x8, y8), c8(143))
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerCache)})
	reason := "resource limit of 100 exceeded"
	rec.fake = func(q Query) (Response, bool) {
		switch q.ResourceLimit {
		case 100:
			return Response{Result: Unknown, Reason: reason}, true
		case 0:
			return Response{Result: Unknown, Reason: "timeout after 1ms"}, true
		}
		return Response{}, false
	}
	q := Query{Constraints: []expr.Expr{hard}, ResourceLimit: 100}
	for range 2 {
		if r := c.Check(bg, q); r.Result != Unknown || r.Reason != reason {
			t.Fatalf("got %v (%s)", r.Result, r.Reason)
		}
	}
	if len(rec.queries) != 1 {
		t.Fatalf("a resource-limit Unknown was not reused: %d queries", len(rec.queries))
	}
	// A timeout is never reused.
	c.Check(bg, query(hard))
	c.Check(bg, query(hard))
	if len(rec.queries) != 3 {
		t.Fatalf("a timeout was reused: %d queries, want 3", len(rec.queries))
	}
	// Another limit is another question.
	mustResult(t, c, Query{Constraints: q.Constraints, ResourceLimit: 50_000_000}, Sat)
	if len(rec.queries) != 4 {
		t.Fatalf("a resource-limit Unknown was reused for another limit")
	}
	// Once solved (the large limit was Sat), the answer serves every
	// other limit; the Unknown stays the answer for its own limit, as it
	// would be when a rerun replays the answers from a Store.
	mustResult(t, c, Query{Constraints: q.Constraints, ResourceLimit: 300}, Sat)
	mustResult(t, c, query(hard), Sat)
	if r := c.Check(bg, q); r.Result != Unknown || r.Reason != reason {
		t.Fatalf("got %v (%s), want the Unknown of the limit", r.Result, r.Reason)
	}
	if len(rec.queries) != 4 {
		t.Fatalf("a Sat answer was not reused for another limit")
	}
}

func TestCacheChecksModelsAgain(t *testing.T) {
	a := expr.Ult(x8, c8(10))
	c, rec := newTestChain(t, ChainOptions{Off: only(LayerCache)})
	mustResult(t, c, query(a), Sat)
	cache := c.(*chain).cache
	for _, e := range cache.entries {
		e.slots[0].Model = &expr.Values{Scalars: map[expr.Expr]uint64{x8: 200}}
	}
	mustResult(t, c, query(a), Sat)
	if len(rec.queries) != 2 {
		t.Fatalf("a stored model that fails the query was given")
	}
}

// queriesForStore are asked in the store tests: Sat with arrays, Unsat,
// and a resource-limit Unknown.
func queriesForStore() []Query {
	return []Query{
		query(expr.Eq(expr.Select(arr, x8), c8(7)), expr.Ult(x8, c8(3))),
		query(expr.Eq(expr.Select(expr.Store(arr, c8(1), y8), x8), c8(9)), expr.Ne(x8, c8(1))),
		query(expr.Ult(x8, c8(3)), expr.Ult(c8(5), x8)),
		query(expr.BoolVar("b"), expr.Eq(z8, c8(200))),
		{Constraints: []expr.Expr{expr.Eq(expr.Mul(x8, y8), c8(143))}, ResourceLimit: 100},
		// Solved after the Unknown: a rerun must still get the Unknown
		// first.
		query(expr.Eq(expr.Mul(x8, y8), c8(143))),
		{Constraints: []expr.Expr{expr.Eq(expr.Mul(x8, y8), c8(143))}, ResourceLimit: 100},
	}
}

func limitedFake(q Query) (Response, bool) {
	if q.ResourceLimit == 100 {
		return Response{Result: Unknown, Reason: "resource limit of 100 exceeded"}, true
	}
	return Response{}, false
}

func TestStoreRoundTrip(t *testing.T) {
	store := NewMemStore()
	opts := ChainOptions{Off: only(LayerCache), Store: store, Scope: "pkg.F", Validate: true}
	first, rec := newTestChain(t, opts)
	rec.fake = limitedFake
	var answers []Response
	for _, q := range queriesForStore() {
		answers = append(answers, first.Check(bg, q))
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	if want := len(answers) - 2; store.Len("pkg.F") != want || store.Saves != 1 {
		t.Fatalf("%d entries in %d saves, want %d in one", store.Len("pkg.F"), store.Saves, want)
	}
	if answers[4].Result != Unknown || answers[5].Result != Sat || answers[6].Result != Unknown {
		t.Fatalf("the first run got %v, %v, %v for the limited, unlimited and limited query", answers[4].Result, answers[5].Result, answers[6].Result)
	}
	second, rec2 := newTestChain(t, opts)
	for i, q := range queriesForStore() {
		r := second.Check(bg, q)
		if r.Result != answers[i].Result || r.Reason != answers[i].Reason {
			t.Fatalf("query %d: stored %v (%s), first %v (%s)", i, r.Result, r.Reason, answers[i].Result, answers[i].Reason)
		}
		if r.Result == Sat {
			requireModel(t, q, r)
			if !maps.Equal(r.Model.Scalars, answers[i].Model.Scalars) || len(r.Model.Arrays) != len(answers[i].Model.Arrays) {
				t.Errorf("query %d: stored model %v, first %v", i, r.Model, answers[i].Model)
			}
			for v, a := range answers[i].Model.Arrays {
				if b := r.Model.Arrays[v]; a.Default != b.Default || !maps.Equal(a.Entries, b.Entries) {
					t.Errorf("query %d: array %v stored as %v, was %v", i, v, b, a)
				}
			}
		}
	}
	if len(rec2.queries) != 0 {
		t.Fatalf("a rerun asked the core %d queries, want none", len(rec2.queries))
	}
	// Nothing new: nothing saved.
	second.Close()
	if store.Saves != 1 {
		t.Errorf("a rerun that added nothing saved")
	}
	// Another scope does not see them.
	third, rec3 := newTestChain(t, ChainOptions{Off: only(LayerCache), Store: store, Scope: "pkg.G"})
	third.Check(bg, queriesForStore()[0])
	if len(rec3.queries) != 1 {
		t.Errorf("another scope reused an answer")
	}
}

func TestEntryEncoding(t *testing.T) {
	e := &entry{slots: [2]*slot{
		{Result: Sat, Model: &expr.Values{
			Scalars: map[expr.Expr]uint64{x8: 3, expr.BoolVar("b"): 1, expr.BVVar("w", 64): 1<<64 - 1},
			Arrays:  map[expr.Expr]expr.ArrayValue{arr: {Default: 4, Entries: map[uint64]uint64{1: 2, 255: 9}}, expr.ArrayVar("n", 64, 1): {}},
		}},
		{Result: Unsat, Unknowns: []limited{{Limit: 7, Reason: "resource limit of 7 exceeded"}, {Limit: 9, Reason: "resource limit of 9 exceeded"}}},
	}}
	data := e.encode()
	if string(data) != string(e.encode()) {
		t.Fatal("two encodings of one entry differ")
	}
	back, err := decodeEntry(data)
	if err != nil {
		t.Fatal(err)
	}
	if string(back.encode()) != string(data) {
		t.Fatalf("the entry changed in a round trip")
	}
	if back.slots[0].Model.Arrays[arr].Entries[255] != 9 || back.slots[1].Unknowns[1].Limit != 9 {
		t.Fatalf("decoded %+v", back)
	}
	for n := range len(data) {
		if _, err := decodeEntry(data[:n]); err == nil {
			t.Fatalf("a truncated entry (%d of %d bytes) decoded", n, len(data))
		}
	}
	bad := append([]byte(nil), data...)
	bad[0] = entryVersion + 1
	if _, err := decodeEntry(bad); err == nil {
		t.Fatal("an entry of another version decoded")
	}
}

// failingStore fails as told.
type failingStore struct {
	*MemStore
	load, save error
}

func (s failingStore) Load(ctx context.Context, scope string) (map[string][]byte, error) {
	if s.load != nil {
		return nil, s.load
	}
	return s.MemStore.Load(ctx, scope)
}

func (s failingStore) Save(ctx context.Context, scope string, entries map[string][]byte) error {
	if s.save != nil {
		return s.save
	}
	return s.MemStore.Save(ctx, scope, entries)
}

func TestStoreErrors(t *testing.T) {
	q := queriesForStore()[0]
	t.Run("load", func(t *testing.T) {
		c, rec := newTestChain(t, ChainOptions{Store: failingStore{MemStore: NewMemStore(), load: errors.New("disk on fire")}, Scope: "F"})
		mustResult(t, c, q, Sat)
		mustResult(t, c, q, Sat)
		if len(rec.queries) != 1 {
			t.Errorf("without its store the cache did not cache")
		}
		if err := StoreErr(c); err == nil || !strings.Contains(err.Error(), "disk on fire") {
			t.Errorf("StoreErr %v", err)
		}
		if err := c.Close(); err == nil {
			t.Errorf("Close hid the store error")
		}
	})
	t.Run("save", func(t *testing.T) {
		c, _ := newTestChain(t, ChainOptions{Store: failingStore{MemStore: NewMemStore(), save: errors.New("read-only")}, Scope: "F"})
		mustResult(t, c, q, Sat)
		if err := StoreErr(c); err != nil {
			t.Fatalf("StoreErr %v before any save", err)
		}
		if err := c.Close(); err == nil || !strings.Contains(err.Error(), "read-only") {
			t.Errorf("Close gave %v", err)
		}
	})
	t.Run("corrupt entry", func(t *testing.T) {
		store := NewMemStore()
		first, _ := newTestChain(t, ChainOptions{Store: store, Scope: "F"})
		mustResult(t, first, q, Sat)
		first.Close()
		entries, _ := store.Load(bg, "F")
		for k := range entries {
			entries[k] = []byte{entryVersion, 1, byte(Sat)}
		}
		store.Save(bg, "F", entries)
		second, rec := newTestChain(t, ChainOptions{Store: store, Scope: "F"})
		mustResult(t, second, q, Sat)
		if len(rec.queries) == 0 {
			t.Errorf("a corrupt entry answered")
		}
		if StoreErr(second) == nil {
			t.Errorf("a corrupt entry was not reported")
		}
	})
}
