package store

import (
	"context"
	"fmt"
	"maps"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gosymtest/gosymtest/store/redistest"
)

func TestRedisRoundTrip(t *testing.T) {
	ctx := context.Background()
	url := redistest.Start(t)
	s, err := Open(ctx, url, Options{Namespace: "ns"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := s.(*Redis)
	if got, err := r.Load(ctx, "fn"); err != nil || len(got) != 0 {
		t.Fatalf("Load of a new scope = %v, %v", got, err)
	}
	first := entriesN("a", 20)
	second := map[string][]byte{"a000": []byte("replaced"), "b": []byte("\x00\xff")}
	if err := r.Save(ctx, "fn", first); err != nil {
		t.Fatal(err)
	}
	if err := r.Save(ctx, "fn", second); err != nil {
		t.Fatal(err)
	}
	want := maps.Clone(first)
	maps.Copy(want, second)
	got, err := r.Load(ctx, "fn")
	if err != nil {
		t.Fatal(err)
	}
	if !maps.EqualFunc(got, want, func(a, b []byte) bool { return string(a) == string(b) }) {
		t.Fatalf("Load = %d entries, want %d", len(got), len(want))
	}
	if r.Key("fn") != "gosymtest:ns:fn" {
		t.Errorf("Key = %q", r.Key("fn"))
	}
	// Another namespace sees nothing of this one.
	o, err := OpenRedis(ctx, url, Options{Namespace: "other"})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	if got, err := o.Load(ctx, "fn"); err != nil || len(got) != 0 {
		t.Errorf("another namespace loads %d entries, %v", len(got), err)
	}
	st := r.Stats()
	if st.Kind != "redis" || st.Loads != 2 || st.Saves != 2 || st.EntriesLoaded != 21 || st.EntriesSaved != 22 {
		t.Errorf("Stats = %+v", st)
	}
}

// TestRedisConcurrentSaves: two clients saving into one scope keep both
// sets of entries.
func TestRedisConcurrentSaves(t *testing.T) {
	ctx := context.Background()
	url := redistest.Start(t)
	var wg sync.WaitGroup
	for _, prefix := range []string{"x", "y"} {
		r, err := OpenRedis(ctx, url, Options{Namespace: "ns"})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		wg.Go(func() {
			for k, v := range entriesN(prefix, 40) {
				if err := r.Save(ctx, "shared", map[string][]byte{k: v}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	r, err := OpenRedis(ctx, url, Options{Namespace: "ns"})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got, err := r.Load(ctx, "shared"); err != nil || len(got) != 80 {
		t.Fatalf("Load = %d entries, %v; want 80", len(got), err)
	}
}

// TestRedisUnreachable: no server on the port is an error saying so,
// within the timeout.
func TestRedisUnreachable(t *testing.T) {
	port, err := freePortForTest()
	if err != nil {
		t.Fatal(err)
	}
	url := fmt.Sprintf("redis://127.0.0.1:%d", port)
	_, err = Open(context.Background(), url, Options{Namespace: "ns", Timeout: 500 * time.Millisecond})
	if err == nil || !strings.Contains(err.Error(), "cannot reach redis at 127.0.0.1:") {
		t.Fatalf("Open(%s) = %v, want an error saying the server cannot be reached", url, err)
	}
}

// TestRedisServerGone: calls after the server went away fail with an
// error, not a hang or a crash.
func TestRedisServerGone(t *testing.T) {
	ctx := context.Background()
	url := redistest.Start(t)
	r, err := OpenRedis(ctx, url, Options{Namespace: "ns", Timeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.client.Shutdown(ctx).Err(); err != nil && !strings.Contains(err.Error(), "EOF") {
		t.Logf("shutdown: %v", err)
	}
	if err := r.Save(ctx, "s", entriesN("a", 1)); err == nil {
		t.Error("Save after the server stopped: no error")
	}
	if _, err := r.Load(ctx, "s"); err == nil {
		t.Error("Load after the server stopped: no error")
	}
	if r.Stats().Errors != 2 {
		t.Errorf("Stats.Errors = %d, want 2", r.Stats().Errors)
	}
}

// freePortForTest is a loopback port nothing listens on.
func freePortForTest() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
