package main

import (
	"strings"
	"testing"
)

// TestFakesInTheFile runs the binary on a copy of testdata/exec/fakes,
// whose functions take an interface that nothing implements, and checks
// the file it writes: every case passes a fake the file declares once
// (as a parameter or a struct field; of an interface with an unexported
// method too), scripted per call (a Less that says false, then true),
// none passes nil or panics, and the file is gofmt- and vet-clean and
// passes go test -count=3 with full coverage.
func TestFakesInTheFile(t *testing.T) {
	dir := fixtureModule(t, "fakes")
	file := string(generateIn(t, dir, ".", "-budget", "10m", "-max-work", "200000", "."))
	for _, want := range []string{
		"less: []bool{false, true}}",
		"type fakeOrdering struct {", "func (f *fakeOrdering) Less(int, int) bool {",
		"func (f *fakeOrdering) Name() (string, bool) {", "func (*fakeOrdering) Swap(int, int) {}",
		"func (f *fakeSource) next() int {", "nextResults: []int{",
		"Sorter{Seq: &fakeOrdering{",
	} {
		if !strings.Contains(file, want) {
			t.Errorf("the file lacks %s:\n%s", want, file)
		}
	}
	if n := strings.Count(file, "type fakeOrdering struct"); n != 1 {
		t.Errorf("the file declares fakeOrdering %d times", n)
	}
	for _, bad := range []string{"o: nil", "wantPanic"} {
		if strings.Contains(file, bad) {
			t.Errorf("the file has %s:\n%s", bad, file)
		}
	}
	checkFullyCovering(t, dir)
}
