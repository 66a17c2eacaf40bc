package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gosymtest/gosymtest/solver"
)

// Store is a solver.Store that also reports its own latency.
type Store interface {
	solver.Store
	// Stats are the store's counts so far.
	Stats() Stats
}

// Stats count a store's work. The cache layer counts hits; these are for
// comparing stores.
type Stats struct {
	Kind string // "file" or "redis"
	// Loads and Saves count the calls; EntriesLoaded and EntriesSaved
	// the entries they carried.
	Loads, Saves                int64
	EntriesLoaded, EntriesSaved int64
	// LoadTime and SaveTime are the wall time spent in Load and Save.
	LoadTime, SaveTime time.Duration
	// Errors counts the calls that failed and the files found corrupt.
	Errors int64
}

// Options configure Open.
type Options struct {
	// Namespace separates the answers of builds whose translation to Z3
	// may differ (Namespace gives it); it must not be empty.
	Namespace string
	// Warn is told of problems that do not stop the store, such as a
	// corrupt file read as empty; nil drops them.
	Warn func(error)
	// Timeout bounds connecting to a server and each command; zero means
	// DefaultTimeout.
	Timeout time.Duration
}

// DefaultTimeout bounds a Redis command: a store that answers slower
// than Z3 would is of no use.
const DefaultTimeout = 2 * time.Second

// Open opens the store that spec names: a redis:// URL, or a directory
// for a file store (entries go in spec/<namespace>). Use DefaultDir for
// the default directory.
func Open(ctx context.Context, spec string, opts Options) (Store, error) {
	if opts.Namespace == "" {
		return nil, errors.New("store: empty namespace")
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if strings.HasPrefix(spec, "redis://") {
		return OpenRedis(ctx, spec, opts)
	}
	if spec == "" {
		return nil, errors.New("store: empty directory")
	}
	return OpenFile(filepath.Join(spec, opts.Namespace), opts)
}

// DefaultDir is the directory of the default file store:
// os.UserCacheDir()/gosymtest.
func DefaultDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "gosymtest"), nil
}

// Namespace names the answers of the running build of gosymtest with the
// Z3 library z3 (its full version, z3.Version): the first 16 bytes
// of the SHA-256 of the executable and that version, in hex (see the
// package comment). The executable is read once per process.
func Namespace(z3 string) (string, error) {
	exe, err := executableHash()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write(exe)
	h.Write([]byte{0})
	h.Write([]byte(z3))
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// executableHash is the SHA-256 of the running executable.
var executableHash = sync.OnceValues(func() ([]byte, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("finding the executable: %w", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return nil, fmt.Errorf("reading the executable: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil, fmt.Errorf("reading the executable: %w", err)
	}
	return h.Sum(nil), nil
})

// counter keeps a store's Stats.
type counter struct {
	mu sync.Mutex
	st Stats
}

func (c *counter) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.st
}

// loaded counts a Load that began at began.
func (c *counter) loaded(began time.Time, n int, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.st.Loads++
	c.st.LoadTime += time.Since(began)
	c.st.EntriesLoaded += int64(n)
	if err != nil {
		c.st.Errors++
	}
}

// saved counts a Save that began at began.
func (c *counter) saved(began time.Time, n int, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.st.Saves++
	c.st.SaveTime += time.Since(began)
	if err != nil {
		c.st.Errors++
		return
	}
	c.st.EntriesSaved += int64(n)
}

// problem counts an error that did not fail the call.
func (c *counter) problem() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.st.Errors++
}
