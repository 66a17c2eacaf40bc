package testgen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
)

// TestMergeFilesEqualsOneFile writes the fixture's tests in one file, and
// in two shards' files, each in a copy of the package of its own (as the
// machines of a CI matrix do): the merged shards' files are the one file,
// byte for byte. The split in halves gives each file both helpers, ptr
// and errText: MergeFiles orders helpers by the order the files share,
// and two files with no helper in common share none (the first's errText
// alone and the second's ptr alone merge as errText, ptr; one file has
// ptr first).
func TestMergeFilesEqualsOneFile(t *testing.T) {
	whole := newShapes(t)
	funcs := allShapes(t, whole)
	whole.generate(t, funcs, Options{})
	want := whole.file(t)

	var order []string
	for _, ft := range funcs {
		order = append(order, loader.FuncName(ft.Func))
	}
	var files []ShardFile
	for i := range 2 {
		s := newShapes(t)
		var part []FuncTests
		for j, ft := range funcs {
			if j < len(funcs)/2 == (i == 0) {
				part = append(part, ft)
			}
		}
		name := []string{"gosymtest_generated_shard_1_of_2_test.go", "gosymtest_generated_shard_2_of_2_test.go"}[i]
		rep := s.generate(t, part, Options{FileName: name})
		sf := ShardFile{Path: rep.Path, Label: name}
		for _, ft := range part {
			if rep.KeptPerFunc[ft.Func] > 0 {
				sf.Funcs = append(sf.Funcs, loader.FuncName(ft.Func))
			}
		}
		var err error
		if sf.Src, err = os.ReadFile(filepath.Join(s.Dir, name)); err != nil {
			t.Fatal(err)
		}
		files = append(files, sf)
	}
	got, err := MergeFiles(files, order)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("merged file:\n%s\nwant the one file:\n%s", got, want)
	}
}

// TestMergeFiles joins two shards' files as Generate lays out one file,
// and refuses what it cannot join.
func TestMergeFiles(t *testing.T) {
	const head = header + "\npackage p\n\n"
	// Target A is the second file's, B the first's: the merged file puts
	// A first.
	order := []string{"p.A", "p.B"}
	for _, tc := range []struct {
		name   string
		files  [2]string
		want   string // the error
		merged string // the merged file when there is no error
	}{
		{
			name:  "more test functions than functions",
			files: [2]string{head + "import \"testing\"\n\nfunc TestB(t *testing.T) {}\n\nfunc TestB2(t *testing.T) {}\n", head + "import \"testing\"\n\nfunc TestA(t *testing.T) {}\n"},
			want:  "shard-1.go has more test functions than shard 1/2 has functions with tests (1)",
		},
		{
			name:  "fewer test functions than functions",
			files: [2]string{head + "import \"testing\"\n\nfunc TestB(t *testing.T) {}\n", head + "import \"testing\"\n\nfunc helper() {}\n"},
			want:  "shard-2.go has 0 test functions for 1 functions with tests",
		},
		{
			name:  "not written by gosymtest",
			files: [2]string{"package p\n\nfunc TestB(t *testing.T) {}\n", head + "import \"testing\"\n\nfunc TestA(t *testing.T) {}\n"},
			want:  "shard-1.go was not written by gosymtest",
		},
		{
			name:  "two packages",
			files: [2]string{head + "import \"testing\"\n\nfunc TestB(t *testing.T) {}\n", header + "\npackage q\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\n"},
			want:  "shard-2.go is of package q, another shard's of p",
		},
		{
			name:  "one package by two names",
			files: [2]string{head + "import (\n\tmrand \"math/rand\"\n\t\"testing\"\n)\n\nfunc TestB(t *testing.T) { _ = mrand.Int }\n", head + "import (\n\t\"math/rand\"\n\t\"testing\"\n)\n\nfunc TestA(t *testing.T) { _ = rand.Int }\n"},
			want:  "two shards import math/rand by different names",
		},
		{
			name:  "one name for two packages",
			files: [2]string{head + "import (\n\t\"crypto/rand\"\n\t\"testing\"\n)\n\nfunc TestB(t *testing.T) { _ = rand.Reader }\n", head + "import (\n\t\"math/rand\"\n\t\"testing\"\n)\n\nfunc TestA(t *testing.T) { _ = rand.Int }\n"},
			want:  "two shards import crypto/rand and math/rand as rand",
		},
		{
			name:  "a helper declared twice differently",
			files: [2]string{head + "import \"testing\"\n\nfunc TestB(t *testing.T) {}\n\nfunc errText(err error) string { return \"\" }\n", head + "import \"testing\"\n\nfunc TestA(t *testing.T) {}\n\nfunc errText(err error) string { return \"x\" }\n"},
			want:  "two shards declare the helper errText differently",
		},
		{
			// The first file has only the last helper; the second puts
			// another before it, as an unsharded file would.
			name:   "a helper first in a later file goes before the ones after it",
			files:  [2]string{head + "import \"testing\"\n\nfunc TestB(t *testing.T) {}\n\nfunc errText() {}\n", head + "import \"testing\"\n\nfunc TestA(t *testing.T) {}\n\nfunc ptr() {}\n\nfunc errText() {}\n"},
			merged: head + "import (\n\t\"testing\"\n)\n\nfunc TestA(t *testing.T) {}\n\nfunc TestB(t *testing.T) {}\n\nfunc ptr() {}\n\nfunc errText() {}\n",
		},
		{
			name:   "joined in the targets' order, helpers once",
			files:  [2]string{head + "import \"testing\"\n\nfunc TestB(t *testing.T) {}\n\nfunc h() {}\n", head + "import (\n\t\"fmt\"\n\t\"testing\"\n\n\t\"example.com/x\"\n)\n\n// TestA keeps its comment.\nfunc TestA(t *testing.T) { fmt.Println(x.X) }\n\nfunc h() {}\n"},
			merged: head + "import (\n\t\"fmt\"\n\t\"testing\"\n\n\t\"example.com/x\"\n)\n\n// TestA keeps its comment.\nfunc TestA(t *testing.T) { fmt.Println(x.X) }\n\nfunc TestB(t *testing.T) {}\n\nfunc h() {}\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			funcs := [2][]string{{"p.B"}, {"p.A"}}
			var files []ShardFile
			for i, src := range tc.files {
				files = append(files, ShardFile{Path: []string{"shard-1.go", "shard-2.go"}[i], Label: []string{"shard 1/2", "shard 2/2"}[i], Src: []byte(src), Funcs: funcs[i]})
			}
			got, err := MergeFiles(files, order)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("MergeFiles = %v, want an error with %q", err, tc.want)
				}
				if got != nil {
					t.Errorf("a merged file despite the error:\n%s", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.merged {
				t.Errorf("merged file:\n%s\nwant:\n%s", got, tc.merged)
			}
		})
	}
	if _, err := MergeFiles(nil, order); err == nil {
		t.Error("MergeFiles of no file: no error")
	}
}
