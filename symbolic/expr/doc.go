// Package expr is gosymtest's expression language: the typed terms that the
// symbolic executor computes with and that the solver package hands to Z3.
//
// # Terms
//
// A term (Expr) has one of three sorts:
//
//   - Bool, the sort of conditions;
//   - BV(w), a bit-vector of width w, 1 ≤ w ≤ 64, the sort of every Go integer
//     (int8 … uint64, uintptr) and of the bytes of memory;
//   - Array(i, e), a total map from BV(i) to BV(e), the sort of memory that is
//     indexed by a symbolic value.
//
// Bit-vectors carry no sign. As in SMT-LIB and LLVM, signedness lives in the
// operators (SDiv/UDiv, Slt/Ult, AShr/LShr, SExt/ZExt). The helpers in gosem.go
// (Div, Rem, Shr, Less, Resize, …) pick the operator from the signedness of the
// Go type, so the interpreter can translate a Go operator in one call.
//
// # Go's semantics
//
// Folding implements Go's integer arithmetic exactly: two's-complement
// wraparound, division and remainder that truncate toward zero (with
// MinInt / -1 == MinInt and MinInt % -1 == 0), shifts whose amount may have any
// width and that give 0 or the sign fill when the amount is at least the width,
// and sign or zero extension and truncation on conversion. Division by zero
// panics in Go; here it follows SMT-LIB (x/0 is all ones, x%0 is x) so that the
// folder and Z3 agree, and the executor guards every division with a branch to
// the panic before it divides.
//
// # Construction
//
// Terms are hash-consed with the unique package: two structurally equal terms
// are the same Expr, so == is structural equality and an Expr is a cheap map key.
// Unreferenced terms are garbage collected. Constants are the exception that
// keeps concrete execution fast: they are not interned, but carry their value
// in the Expr beside a node shared by all constants of their sort, so building
// one costs nothing and == still compares them by value. Every constructor folds constant
// operands and applies cheap, local, always-sound rewrites (x+0 → x,
// ite(c, a, a) → a, select over a store at the same index, …), so a fully
// concrete computation yields a constant and never reaches the solver. One
// rewrite is not local: an operator with a constant operand is pushed into
// an if-then-else whose leaves are all constants, up to a bound on their
// number (lift.go). A position that a library function computes is such a
// chain (strings.IndexByte's), and arithmetic on it then folds, and a
// comparison of it leaves only the chain's conditions, instead of 64-bit
// arithmetic over a multiplexer that Z3 would bit-blast.
//
// Constructors panic when given operands of the wrong sort: that is a bug in
// the caller, never a property of the program under test.
package expr
