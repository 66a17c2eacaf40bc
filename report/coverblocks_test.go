package report

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// fixturePackages lists the testdata packages (directories with Go files),
// broken ones left out, relative to the module root.
func fixturePackages(t *testing.T) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(filepath.Join(moduleDir, "testdata"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "broken" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			rel, _ := filepath.Rel(moduleDir, filepath.Dir(path))
			dir := "./" + filepath.ToSlash(rel)
			if len(dirs) == 0 || dirs[len(dirs)-1] != dir {
				dirs = append(dirs, dir)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// goTestProfile runs go test -coverprofile on the packages (running no
// test) and returns the profile's lines without counts.
func goTestProfile(t *testing.T, dir string, pkgs ...string) map[string]int {
	t.Helper()
	out := filepath.Join(t.TempDir(), "cover.out")
	args := append([]string{"test", "-count=1", "-run=^$", "-covermode=set", "-coverprofile=" + out}, pkgs...)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test: %v\n%s", err, b)
	}
	return profileBlocks(t, out)
}

// profileBlocks reads a coverprofile into "file:range nstmts" -> count.
func profileBlocks(t *testing.T, name string) map[string]int {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	blocks := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		blocks[line[:i]] += map[bool]int{true: 1}[line[i+1:] != "0"]
	}
	return blocks
}

// TestCoverBlocksAreGoTests checks that the blocks the report counts are
// exactly those of go test -cover, on every fixture package.
func TestCoverBlocksAreGoTests(t *testing.T) {
	pkgs := fixturePackages(t)
	want := goTestProfile(t, moduleDir, pkgs...)
	got := map[string]int{}
	for _, pkg := range pkgs {
		files, _ := filepath.Glob(filepath.Join(moduleDir, pkg, "*.go"))
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			fb, err := parseCoverBlocks(name, src)
			if err != nil {
				t.Fatal(err)
			}
			qualified := "github.com/gosymtest/gosymtest/" + strings.TrimPrefix(pkg, "./") + "/" + filepath.Base(name)
			for _, b := range fb.blocks {
				s, e := fb.fset.Position(b.start), fb.fset.Position(b.end)
				got[profileKey(qualified, s.Line, s.Column, e.Line, e.Column, b.stmts)] = 0
			}
		}
	}
	var missing, extra []string
	for k := range want {
		if _, ok := got[k]; !ok {
			missing = append(missing, k)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			extra = append(extra, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing)+len(extra) > 0 {
		t.Errorf("blocks differ from go test's (%d blocks):\nmissing:\n  %s\nextra:\n  %s", len(want), strings.Join(missing, "\n  "), strings.Join(extra, "\n  "))
	}
	if len(want) < 100 {
		t.Errorf("only %d blocks in go test's profile: fixtures not found?", len(want))
	}
}
