package main

import (
	"strings"
	"testing"
)

// TestFailingReadersAndWritersInTheFile runs the binary on a copy of
// testdata/exec/iofail and checks the file it writes: the read and write
// error branches are covered by a reader that fails after its data and a
// writer that fails, whose helper types the file declares; it is gofmt-
// and vet-clean and passes go test -count=3 with full coverage.
func TestFailingReadersAndWritersInTheFile(t *testing.T) {
	dir := fixtureModule(t, "iofail")
	file := generateIn(t, dir, ".", "-budget", "10m", "-max-work", "200000", "-max-len", "2", ".")
	for _, want := range []string{
		`io.MultiReader(strings.NewReader(`, `&errReader{errors.New("read failed")}`, `&errWriter{errors.New("write failed")}`,
		`wantErr: "read: read failed"`, `wantErr: "write: write failed"`,
		"type errReader struct{ err error }", "type errWriter struct{ err error }",
	} {
		if !strings.Contains(string(file), want) {
			t.Errorf("the file lacks %s:\n%s", want, file)
		}
	}
	checkFullyCovering(t, dir)
}
