// Package clashes has every name a generated test file could clash with:
// methods of one name on two types, a function named like a method's
// test, test files that declare the file's helpers or import packages by
// their names, and an external test package that dot-imports it.
package clashes

import "errors"

// A is one type with a Size method.
type A struct{ N int }

// B is another.
type B struct{ N int }

// Size of an A.
func (a A) Size() int { return a.N }

// Size of a B.
func (b B) Size() int { return 2 * b.N }

// A_Size would have the test name of A.Size: TestA_Size.
func A_Size(n int) int { return n + 1 }

// Deref needs the pointer helper.
func Deref(p *int) int { return *p }

// Parse needs the error helper.
func Parse(s string) error {
	if s == "" {
		return errors.New("clashes: empty")
	}
	return nil
}
