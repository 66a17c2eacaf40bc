package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gosymtest/gosymtest/testgen"
)

// mergeTests is merge -tests: in the directory of each package the
// shards wrote tests for, it joins the shards' files
// (gosymtest_generated_shard_<i>_of_<n>_test.go) into the file an
// unsharded run writes, testgen.DefaultFileName (testgen.MergeFiles lays
// it out), and removes them. Positions in the -stats files are relative
// to the directory the runs ran in, which must be the current one.
//
// Every package's file is checked before any is written: an error of
// MergeFiles for one package writes nothing for any.
func (m *merger) mergeTests() error {
	type job struct {
		dir string
		src []byte
		old []string
	}
	var jobs []job
	for _, dir := range m.testDirs() {
		src, old, err := m.mergeDir(dir)
		if err != nil {
			return fmt.Errorf("%s: %w", dir, err)
		}
		if src != nil {
			jobs = append(jobs, job{dir, src, old})
		}
	}
	for _, j := range jobs {
		if err := writeFileAtomic(filepath.Join(j.dir, testgen.DefaultFileName), func(w io.Writer) error {
			_, err := w.Write(j.src)
			return err
		}); err != nil {
			return err
		}
		for _, f := range j.old {
			if err := os.Remove(f); err != nil {
				return err
			}
		}
	}
	return nil
}

// testDirs are the directories of the packages whose functions have
// tests, in the order of the targets.
func (m *merger) testDirs() []string {
	var dirs []string
	for _, f := range m.ordered() {
		if f.Tests == 0 {
			continue
		}
		file, _, _ := strings.Cut(f.Position, ":")
		if d := filepath.Dir(file); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// mergeDir builds the merged file of dir from the shards' files there,
// and lists those files; src is nil when no shard wrote one.
func (m *merger) mergeDir(dir string) (src []byte, files []string, err error) {
	var shardFiles []testgen.ShardFile
	n := len(m.shards)
	for i, sh := range m.shards {
		var mine []string // keys of the functions with tests, in order
		for _, f := range sh.Functions {
			if file, _, _ := strings.Cut(f.Position, ":"); f.Tests > 0 && filepath.Dir(file) == dir {
				mine = append(mine, f.Package+"."+f.Name)
			}
		}
		path := filepath.Join(dir, (shardSpec{i + 1, n}).testFileName())
		data, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) && len(mine) == 0 {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		files = append(files, path)
		shardFiles = append(shardFiles, testgen.ShardFile{Path: path, Label: fmt.Sprintf("shard %d/%d", i+1, n), Src: data, Funcs: mine})
	}
	if len(files) == 0 {
		return nil, nil, nil
	}
	if src, err = testgen.MergeFiles(shardFiles, m.targets); err != nil {
		return nil, nil, err
	}
	return src, files, nil
}
