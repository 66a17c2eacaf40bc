// Package source reads Go SSA back as the source text a reader of a test
// knows, for the comments and names of the generated cases.
//
// The SSA builder splits conditions into branches of their own and
// inlines locals, so a decision rebuilt from SSA reads in SSA's terms:
// "!(len(s) < 2)". Where the function's syntax shows the same thing, a
// test's comment quotes the source instead: "parse.go:42: s[0] != 'v'".
//
//   - Pin renders an SSA value as Go-like text, following operands back
//     to parameters and constants (pins.go). It is the fallback where the
//     syntax says nothing.
//   - Reader.Cond reads the condition of an ssa.If as written, for both
//     sides, with its file and line, and the variables it compares with
//     hex constants (cond.go, hex.go).
//   - Reader.Bin reads a comparison and its operands (bin.go), for the
//     boundary cases' text.
//   - Reader.Conv reads a conversion (conv.go), for the pin of a
//     []rune(s) conversion that ends.
//   - FuncLabel names the function a branch is in, as a reader of the
//     test of another function knows it (label.go).
//
// A leaf is found in the syntax by the position the SSA builder gives its
// value: a comparison's operator, a call's parenthesis. Positions are
// unique, so a search never matches the wrong node. A reading that finds
// no node is empty, and the caller falls back to the pin.
//
// The package depends on go/ast and go/ssa only. A Reader keeps what it
// read; it is not safe for concurrent use.
package source
