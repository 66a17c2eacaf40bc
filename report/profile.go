package report

import (
	"bufio"
	"fmt"
	"io"
)

// WriteProfile writes the coverage in go test's coverprofile format (mode
// set), one line per cover block with file names qualified by import
// path, so that go tool cover -func and -html read it.
func (r *Report) WriteProfile(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "mode: set")
	for _, p := range r.Packages {
		for _, b := range p.profile {
			fmt.Fprintf(bw, "%s %d\n", profileKey(b.file, b.l0, b.c0, b.l1, b.c1, b.nstmts), b.count)
		}
	}
	return bw.Flush()
}

// profileKey formats a block the way a profile line starts.
func profileKey(file string, l0, c0, l1, c1, nstmts int) string {
	return fmt.Sprintf("%s:%d.%d,%d.%d %d", file, l0, c0, l1, c1, nstmts)
}
