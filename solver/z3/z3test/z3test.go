// Package z3test helps the tests of other packages that use Z3: a solver
// that the test closes when it ends, and a wrapper that gives other
// models than the first.
package z3test

import (
	"testing"

	"github.com/gosymtest/gosymtest/solver/z3"
)

// New is a Z3 with default options, closed by t's cleanup. It fails t
// when Z3 cannot start.
func New(t testing.TB) *z3.Solver {
	t.Helper()
	z, err := z3.New(z3.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { z.Close() })
	return z
}
