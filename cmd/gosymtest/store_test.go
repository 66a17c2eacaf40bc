package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/report"
	"github.com/gosymtest/gosymtest/store/redistest"
)

// gosymtestIn runs the binary in dir with env added to the test's
// environment (a later value of a variable wins).
func gosymtestIn(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "NO_COLOR=1"), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatalf("running gosymtest %q: %v", args, err)
	}
	return result{cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()}
}

// storeOf runs gosymtest on Max[int] of testdata/demo with args and env
// and returns the store object of its -stats file and its stderr.
func storeOf(t *testing.T, env []string, args ...string) (report.StoreStats, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "stats.json")
	r := gosymtestIn(t, demoModule(t), env, append([]string{"-stats", path, "-run", `^Max\[int\]$`, "./testdata/demo"}, args...)...)
	if r.code != 0 {
		t.Fatalf("gosymtest %q: %s", args, r)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Store *report.StoreStats `json:"store"`
	}
	if err := json.Unmarshal(data, &s); err != nil || s.Store == nil {
		t.Fatalf("no store object in the stats (%v):\n%s", err, data)
	}
	return *s.Store, r.stderr
}

// TestStoreDefaultIsTheUserCacheDir: without -store, the file store is
// in the user cache directory, under a namespace of the build.
func TestStoreDefaultIsTheUserCacheDir(t *testing.T) {
	cache := t.TempDir()
	st, stderr := storeOf(t, []string{"XDG_CACHE_HOME=" + cache})
	if st.Kind != "file" || st.Errors != 0 {
		t.Errorf("store = %+v, want a file store without errors\n%s", st, stderr)
	}
	dirs, err := filepath.Glob(filepath.Join(cache, "gosymtest", "*"))
	if err != nil || len(dirs) != 1 || !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(filepath.Base(dirs[0])) {
		t.Errorf("store directories = %q, want one namespace", dirs)
	}
}

// TestStoreDirAndOff: -store DIR puts the store there; -store off uses
// none and makes no store in the cache directory.
func TestStoreDirAndOff(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	st, _ := storeOf(t, []string{"XDG_CACHE_HOME=" + cache}, "-store", dir)
	if st.Kind != "file" {
		t.Errorf("-store DIR: store = %+v", st)
	}
	if dirs, _ := filepath.Glob(filepath.Join(dir, "*")); len(dirs) != 1 {
		t.Errorf("-store DIR: %q in the directory, want one namespace", dirs)
	}
	st, _ = storeOf(t, []string{"XDG_CACHE_HOME=" + cache}, "-store", "off")
	if st.Kind != "off" || st.Loads != 0 {
		t.Errorf("-store off: store = %+v", st)
	}
	if _, err := os.Stat(filepath.Join(cache, "gosymtest")); err == nil {
		t.Errorf("-store off wrote a store in the cache directory")
	}
}

// TestStoreWithoutCacheDir: when there is no user cache directory the
// run says so once and goes on without a store.
func TestStoreWithoutCacheDir(t *testing.T) {
	st, stderr := storeOf(t, []string{"XDG_CACHE_HOME=", "HOME="})
	if st.Kind != "off" {
		t.Errorf("store = %+v, want off", st)
	}
	if n := strings.Count(stderr, "no user cache directory"); n != 1 {
		t.Errorf("%d warnings about the cache directory, want 1:\n%s", n, stderr)
	}
}

// TestStoreUnopenable: a store that cannot be opened (a directory under
// a file, a Redis server nobody runs) is a warning naming -store, and
// the run goes on without it.
func TestStoreUnopenable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	for _, spec := range []string{filepath.Join(file, "store"), fmt.Sprintf("redis://127.0.0.1:%d", port)} {
		st, stderr := storeOf(t, nil, "-store", spec)
		if st.Kind != "off" {
			t.Errorf("-store %s: store = %+v, want off", spec, st)
		}
		if !strings.Contains(stderr, "-store: cannot open the store; running without it") {
			t.Errorf("-store %s: no warning naming the flag:\n%s", spec, stderr)
		}
	}
}

// TestStoreRedis runs with a Redis store of the test's own.
func TestStoreRedis(t *testing.T) {
	url := redistest.Start(t)
	st, stderr := storeOf(t, nil, "-store", url)
	if st.Kind != "redis" || st.Errors != 0 {
		t.Errorf("store = %+v, want redis without errors\n%s", st, stderr)
	}
}
