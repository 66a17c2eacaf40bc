package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestWhatACallChangesIsChecked runs the binary on a copy of
// testdata/exec/afterstate and checks the file it writes: a void method's
// counter and the size of a ring whose root points to itself, read
// through their getters (their fields are unexported), the text of a
// result's String method, a slice sorted and one upper-cased in place, a
// map, a field of a struct the ring embeds, the text
// written to an io.Writer argument or by a writer made over the test's
// buffer, each have a want column checked after the call; sentinel errors are compared with errors.Is and the others by
// message. The file passes go test, and fails it once the package is
// mutated the way a bug would change it: that is what the checks are for.
func TestWhatACallChangesIsChecked(t *testing.T) {
	dir := fixtureModule(t, "afterstate")
	src, err := os.ReadFile(filepath.Join(dir, "afterstate.go"))
	if err != nil {
		t.Fatal(err)
	}
	file := generateIn(t, dir, ".", "-budget", "10m", "-max-work", "200000", ".")
	for _, want := range []string{
		// A pointee with private state is read through its getters,
		// a result through its String method: never tt.c.n.
		"wantN int", "if tt.c.N() != tt.wantN {",
		"wantString string", "if got.String() != tt.wantString {",
		"wantXs []int", "if !reflect.DeepEqual(tt.xs, tt.wantXs) {",
		"wantB []byte", "if !bytes.Equal(tt.b, tt.wantB) {", `wantB: []byte("A")`,
		"wantLen  int", "if tt.r.Len() != tt.wantLen {", `"Ring.Add() r.Len():\n got %#v\nwant %#v"`,
		"wantAdds int", "if tt.r.Stats.Adds != tt.wantAdds {", // a field of an embedded struct, exported: first
		"wantCounts map[string]int", "if !reflect.DeepEqual(tt.counts, tt.wantCounts) {",
		"wantErr: io.EOF", "wantErr: ErrBang", `wantErrMsg: "afterstate: question"`,
		"if !errors.Is(gotErr, tt.wantErr) {",
		// What is written to a new(bytes.Buffer): an argument's, and
		// what a writer made over the test's own buffer wrote to it.
		"wantW    string", "if buf, ok := tt.w.(*bytes.Buffer); ok && buf.String() != tt.wantW {",
		"wantOutput string // out's text after the call", "out := new(bytes.Buffer)\n\t\t\tl := tt.l(out)",
		"if out.String() != tt.wantOutput {",
	} {
		if !strings.Contains(string(file), want) {
			t.Errorf("the file lacks %s:\n%s", want, file)
		}
	}
	// The swapping case's expected slice is in order, whatever values
	// the solver chose for it.
	ordered := false
	for _, m := range regexp.MustCompile(`wantXs: \[\]int\{(-?\d+), (-?\d+)\}`).FindAllStringSubmatch(string(file), -1) {
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		ordered = ordered || a < b
	}
	if !ordered {
		t.Errorf("no case of Sort2 expects two elements in order (wantXs: []int{a, b} with a < b):\n%s", file)
	}
	run := func(args ...string) ([]byte, error) {
		c := exec.Command(args[0], args[1:]...)
		c.Dir = dir
		return c.CombinedOutput()
	}
	for _, check := range [][]string{{"go", "vet", "."}, {"go", "test", "-count=3", "."}} {
		if out, err := run(check...); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(check, " "), err, out)
		}
	}
	// Each mutant is a bug that changes only what a call leaves behind
	// (or which error it returns): the generated tests must catch it.
	for _, m := range []struct{ from, to, fails string }{
		{"\tc.n++\n", "\tc.n += 2\n", "TestCounter_Inc"},
		{"xs[0], xs[1] = xs[1], xs[0]", "xs[0] = xs[1]", "TestSort2"},
		{"b[i] = c - 'a' + 'A'", "b[i] = c - 'a' + 'B'", "TestUpper"},
		{"\tr.size++\n", "\tr.size += 2\n", "TestRing_Add"},
		{"\tr.Adds++\n", "\tr.Adds += 2\n", "TestRing_Add"},
		{"\t\tk = 0\n", "\t\tk = 1\n", "TestBump"}, // seen through String only
		{"counts[word]++", "counts[word] += 2", "TestTally"},
		{"return 0, io.EOF", "return 0, io.ErrUnexpectedEOF", "TestTake"},
		{`"hello, "+name`, `"hello "+name`, "TestGreet"},
		{`msg+"\n"`, `msg`, "TestLogger_Log"},
	} {
		mutated := strings.Replace(string(src), m.from, m.to, 1)
		if mutated == string(src) {
			t.Fatalf("mutant %q → %q: not in the fixture", m.from, m.to)
		}
		if err := os.WriteFile(filepath.Join(dir, "afterstate.go"), []byte(mutated), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := run("go", "test", "-count=1", "-run", "^"+m.fails+"$", ".")
		if err == nil {
			t.Errorf("mutant %q → %q: %s still passes:\n%s", m.from, m.to, m.fails, out)
		}
	}
}
