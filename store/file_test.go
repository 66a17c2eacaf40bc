package store

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// entriesN makes n entries whose keys start with prefix.
func entriesN(prefix string, n int) map[string][]byte {
	m := make(map[string][]byte, n)
	for i := range n {
		m[fmt.Sprintf("%s%03d", prefix, i)] = []byte(fmt.Sprintf("value of %s%d\x00\xff", prefix, i))
	}
	return m
}

func openTestFile(t *testing.T, warn func(error)) *File {
	t.Helper()
	f, err := OpenFile(t.TempDir(), Options{Namespace: "test", Warn: warn})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFileRoundTrip(t *testing.T) {
	ctx := context.Background()
	f := openTestFile(t, func(err error) { t.Errorf("unexpected warning: %v", err) })
	scope := "example.com/p.(*T).Method[int] with \"odd\" / characters"
	got, err := f.Load(ctx, scope)
	if err != nil || len(got) != 0 {
		t.Fatalf("Load of a new scope = %v, %v; want no entries", got, err)
	}
	first := entriesN("a", 20)
	if err := f.Save(ctx, scope, first); err != nil {
		t.Fatal(err)
	}
	second := map[string][]byte{"a000": []byte("replaced"), "b": {}}
	if err := f.Save(ctx, scope, second); err != nil {
		t.Fatal(err)
	}
	want := maps.Clone(first)
	maps.Copy(want, second)
	got, err = f.Load(ctx, scope)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.EqualFunc(got, want, func(a, b []byte) bool { return string(a) == string(b) }) {
		t.Fatalf("Load = %d entries, want %d (%q)", len(got), len(want), got["a000"])
	}
	// Scopes are apart.
	if other, err := f.Load(ctx, scope+"x"); err != nil || len(other) != 0 {
		t.Fatalf("another scope = %v, %v; want none", other, err)
	}
	st := f.Stats()
	if st.Kind != "file" || st.Loads != 3 || st.Saves != 2 || st.EntriesSaved != 22 || st.EntriesLoaded != 21 || st.Errors != 0 {
		t.Errorf("Stats = %+v", st)
	}
}

// TestFileConcurrentSaves saves two sets of entries into one scope from
// many goroutines at once: every entry must survive.
func TestFileConcurrentSaves(t *testing.T) {
	ctx := context.Background()
	f := openTestFile(t, func(err error) { t.Errorf("unexpected warning: %v", err) })
	var wg sync.WaitGroup
	for _, prefix := range []string{"x", "y", "z", "w"} {
		wg.Go(func() {
			for k, v := range entriesN(prefix, 30) {
				if err := f.Save(ctx, "scope", map[string][]byte{k: v}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	got, err := f.Load(ctx, "scope")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 120 {
		t.Fatalf("after concurrent saves: %d entries, want 120", len(got))
	}
}

// TestFileTwoProcesses runs two processes (this test binary, in
// TestHelperSaver) that save into one scope of one directory at once.
func TestFileTwoProcesses(t *testing.T) {
	dir := t.TempDir()
	var cmds []*exec.Cmd
	for _, prefix := range []string{"p", "q"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperSaver$", "-test.count=1")
		cmd.Env = append(os.Environ(), "STORE_HELPER_DIR="+dir, "STORE_HELPER_PREFIX="+prefix, "STORE_HELPER_N=60")
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("saver process: %v", err)
		}
	}
	f, err := OpenFile(dir, Options{Namespace: "test"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.Load(context.Background(), "shared")
	if err != nil {
		t.Fatal(err)
	}
	for _, prefix := range []string{"p", "q"} {
		for k := range entriesN(prefix, 60) {
			if _, ok := got[k]; !ok {
				t.Fatalf("entry %s of process %s lost (%d entries in all)", k, prefix, len(got))
			}
		}
	}
}

// TestHelperSaver is the process TestFileTwoProcesses starts; on its own
// (no STORE_HELPER_DIR) it checks that a save into a fresh directory
// keeps every entry.
func TestHelperSaver(t *testing.T) {
	dir, prefix, n := os.Getenv("STORE_HELPER_DIR"), os.Getenv("STORE_HELPER_PREFIX"), 5
	if dir == "" {
		dir, prefix = t.TempDir(), "alone"
	} else {
		n, _ = strconv.Atoi(os.Getenv("STORE_HELPER_N"))
	}
	f, err := OpenFile(dir, Options{Namespace: "test"})
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range entriesN(prefix, n) {
		if err := f.Save(context.Background(), "shared", map[string][]byte{k: v}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := f.Load(context.Background(), "shared")
	if err != nil || len(got) < n {
		t.Fatalf("Load = %d entries, %v; want at least %d", len(got), err, n)
	}
}

// TestFileCorrupt: a damaged or cut file reads as empty with a warning,
// and the next save replaces it with a good one.
func TestFileCorrupt(t *testing.T) {
	ctx := context.Background()
	for name, damage := range map[string]func([]byte) []byte{
		"truncated": func(b []byte) []byte { return b[:len(b)-3] },
		"flipped":   func(b []byte) []byte { b[len(magic)+5] ^= 0x40; return b },
		"garbage":   func([]byte) []byte { return []byte("not a store file") },
		"empty":     func([]byte) []byte { return nil },
	} {
		t.Run(name, func(t *testing.T) {
			var warnings []error
			f := openTestFile(t, func(err error) { warnings = append(warnings, err) })
			if err := f.Save(ctx, "s", entriesN("a", 10)); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(f.path("s"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(f.path("s"), damage(data), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := f.Load(ctx, "s")
			if err != nil || len(got) != 0 {
				t.Fatalf("Load of a damaged file = %d entries, %v; want none, no error", len(got), err)
			}
			if len(warnings) != 1 || !strings.Contains(warnings[0].Error(), "read as empty") {
				t.Fatalf("warnings = %v, want one", warnings)
			}
			if err := f.Save(ctx, "s", entriesN("b", 3)); err != nil {
				t.Fatal(err)
			}
			if got, err := f.Load(ctx, "s"); err != nil || len(got) != 3 {
				t.Fatalf("after the save that replaces it: %d entries, %v; want 3", len(got), err)
			}
			if f.Stats().Errors == 0 {
				t.Error("the corrupt file is not counted in Stats.Errors")
			}
		})
	}
}

// TestFileUnwritable: a store whose directory cannot be written gives
// errors, not a crash, and leaves nothing behind.
func TestFileUnwritable(t *testing.T) {
	ctx := context.Background()
	parent := t.TempDir()
	dir := filepath.Join(parent, "store")
	f, err := OpenFile(dir, Options{Namespace: "test"})
	if err != nil {
		t.Fatal(err)
	}
	// A file where the directory was: every call fails, even as root.
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("in the way"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(ctx, "s", entriesN("a", 2)); err == nil {
		t.Error("Save into a path that is a file: no error")
	}
	if _, err := f.Load(ctx, "s"); err == nil {
		t.Error("Load from a path that is a file: no error")
	}
	if _, err := OpenFile(filepath.Join(dir, "sub"), Options{Namespace: "test"}); err == nil {
		t.Error("OpenFile under a file: no error")
	}
	if os.Geteuid() != 0 {
		// Permission bits hold only for a user other than root.
		ro := filepath.Join(parent, "ro")
		g, err := OpenFile(ro, Options{Namespace: "test"})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(ro, 0o755)
		if err := g.Save(ctx, "s", entriesN("a", 2)); err == nil {
			t.Error("Save into a read-only directory: no error")
		}
		left, _ := os.ReadDir(ro)
		if len(left) != 0 {
			t.Errorf("files left in the read-only directory: %v", left)
		}
	}
}

func TestOpenSpecs(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(ctx, dir, Options{Namespace: "ns1"})
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := s.(*File); !ok || f.Dir() != filepath.Join(dir, "ns1") {
		t.Fatalf("Open(%s) = %T %v, want the file store in %s/ns1", dir, s, s, dir)
	}
	if _, err := Open(ctx, dir, Options{}); err == nil {
		t.Error("Open with no namespace: no error")
	}
	if _, err := Open(ctx, "redis://[bad", Options{Namespace: "n"}); err == nil {
		t.Error("Open of a malformed redis URL: no error")
	}
	ns, err := Namespace("4.8.12.0")
	if err != nil || len(ns) != 32 {
		t.Fatalf("Namespace() = %q, %v", ns, err)
	}
	if again, _ := Namespace("4.8.12.0"); again != ns {
		t.Errorf("Namespace changed within a process: %q then %q", ns, again)
	}
	// Another Z3 library under the same executable gets other answers.
	if other, _ := Namespace("4.13.0.0"); other == ns || len(other) != 32 {
		t.Errorf("Namespace with another Z3: %q, with this one %q", other, ns)
	}
}

func TestDecodeRejectsOtherScope(t *testing.T) {
	data := encode("a", entriesN("k", 2))
	if _, err := decode("a", data); err != nil {
		t.Fatal(err)
	}
	if _, err := decode("b", data); err == nil {
		t.Error("decode of another scope's file: no error")
	}
	if !errors.Is(func() error { _, err := decode("a", data[:len(data)-1]); return err }(), errCorrupt) {
		t.Error("decode of a cut file: not errCorrupt")
	}
}
