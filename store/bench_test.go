package store

import (
	"context"
	"fmt"
	"testing"

	"github.com/gosymtest/gosymtest/store/redistest"
)

// benchEntries is a scope the size of an explored function's in
// testdata/demo: about 50 answers of about 150 bytes.
func benchEntries() map[string][]byte {
	m := make(map[string][]byte, 50)
	for i := range 50 {
		m[fmt.Sprintf("key-%040d", i)] = make([]byte, 110)
	}
	return m
}

// benchStores runs bench on the file store and on a Redis store.
func benchStores(b *testing.B, bench func(b *testing.B, s Store)) {
	b.Run("file", func(b *testing.B) {
		f, err := OpenFile(b.TempDir(), Options{Namespace: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		bench(b, f)
	})
	b.Run("redis", func(b *testing.B) {
		r, err := OpenRedis(context.Background(), redistest.Start(b), Options{Namespace: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		defer r.Close()
		bench(b, r)
	})
}

func BenchmarkLoad(b *testing.B) {
	benchStores(b, func(b *testing.B, s Store) {
		ctx := context.Background()
		if err := s.Save(ctx, "fn", benchEntries()); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if got, err := s.Load(ctx, "fn"); err != nil || len(got) != 50 {
				b.Fatal(len(got), err)
			}
		}
	})
}

// BenchmarkSave saves a scope's entries again: the file store reads,
// merges and rewrites the file each time.
func BenchmarkSave(b *testing.B) {
	benchStores(b, func(b *testing.B, s Store) {
		ctx := context.Background()
		entries := benchEntries()
		for b.Loop() {
			if err := s.Save(ctx, "fn", entries); err != nil {
				b.Fatal(err)
			}
		}
	})
}
