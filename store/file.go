package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"time"
)

// File is the file store: one file per scope in a directory (see the
// package comment). It is safe for concurrent use, by goroutines and by
// processes.
type File struct {
	counter
	dir  string
	warn func(error)
}

// OpenFile opens the file store in dir, creating the directory.
func OpenFile(dir string, opts Options) (*File, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f := &File{dir: dir, warn: opts.Warn}
	f.st.Kind = "file"
	return f, nil
}

// Dir is the directory the files are in.
func (f *File) Dir() string { return f.dir }

// path is the file of scope: the SHA-256 of its name, as a function's
// full name may hold any character and be long.
func (f *File) path(scope string) string {
	sum := sha256.Sum256([]byte(scope))
	return filepath.Join(f.dir, hex.EncodeToString(sum[:16]))
}

// Load reads scope's file; a missing file is no entries, and so is a
// corrupt one (reported through Options.Warn).
func (f *File) Load(ctx context.Context, scope string) (entries map[string][]byte, err error) {
	began := time.Now()
	defer func() { f.loaded(began, len(entries), err) }()
	return f.read(scope)
}

// read reads scope's file as Load does.
func (f *File) read(scope string) (map[string][]byte, error) {
	path := f.path(scope)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string][]byte{}, nil
	}
	if err != nil {
		return nil, err
	}
	entries, err := decode(scope, data)
	if err != nil {
		f.problem()
		if f.warn != nil {
			f.warn(fmt.Errorf("store file %s (scope %s): %w; read as empty, the next save replaces it", path, scope, err))
		}
		return map[string][]byte{}, nil
	}
	return entries, nil
}

// Save merges entries into scope's file: under the scope's lock it reads
// the file again, adds entries (replacing those with the same keys) and
// writes the whole through a temporary file and a rename.
func (f *File) Save(ctx context.Context, scope string, entries map[string][]byte) (err error) {
	began := time.Now()
	defer func() { f.saved(began, len(entries), err) }()
	if len(entries) == 0 {
		return nil
	}
	unlock, err := lockFile(f.path(scope) + ".lock")
	if err != nil {
		return err
	}
	defer unlock()
	merged, err := f.read(scope)
	if err != nil {
		return err
	}
	maps.Copy(merged, entries)
	return writeAtomic(f.path(scope), encode(scope, merged))
}

// Close does nothing: the store holds no open file between calls.
func (f *File) Close() error { return nil }

// writeAtomic writes data to path through a temporary file in the same
// directory and a rename.
func writeAtomic(path string, data []byte) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
