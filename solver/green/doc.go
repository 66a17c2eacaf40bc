// Package green reuses solved constraints by logical implication, after
// GreenTrie. It works over gosymtest's terms: bit-vectors of width 1 to
// 64, whose signedness lives in the operators, and Bool.
//
// # The paper
//
// Jia, Ghezzi and Ying, "Enhancing Reuse of Constraint Solutions to
// Improve Symbolic Execution" (ISSTA 2015). Theorem 1 (§2) is the idea.
// If a stored Sat conjunction implies every atom of a query, its model
// satisfies the query. If the query implies every atom of a stored Unsat
// conjunction, the query is Unsat. This package follows §4 (constraint
// reduction), §5 (storing, the L-Tries) and §6 (querying, Algorithms 1
// and 2). The paper works over linear integer arithmetic; Go's integers
// wrap, so the canonical form and the rules below are this package's own.
//
// # Contract
//
// The solver chain's trie layer (package solver, LayerTrie) is the one
// user. This package does not import package solver.
//
//   - [Reduce] returns an equivalent conjunction of canonical atoms, or
//     reports a conflict: the query is Unsat.
//   - [NewStore] makes a [Store]. AddSat stores a conjunction with its
//     model; AddUnsat stores an Unsat one.
//   - Store.FindSat returns a stored model that satisfies the query, checked
//     by evaluation (expr.Eval). Store.FindUnsat reports whether a stored
//     Unsat conjunction is a logical subset of the query.
//
// Callers get the most reuse by passing Reduce's output both to Find and
// to Add. The answers are sound either way. Everything is deterministic:
// walks follow insertion order and sorted atoms, never map order or
// addresses.
//
// # Canonical atoms
//
// The paper moves terms and constants across a comparison (h1·v1+…+k op 0,
// with h1 ≥ 0). That is not sound for wrapping integers: x+1 > x is false
// at MaxInt, and -x < 0 is not x > 0 at MinInt. So an atom here is T ⋈ c:
//
//   - T is a bit-vector term, kept as the program computed it. No term ever
//     moves across a comparison.
//   - c is a constant of T's width.
//   - ⋈ is ==, !=, ≥ or ≤. An order is signed (from Slt/Sle) or unsigned
//     (from Ult/Ule), fixed by the operator. == and != hold in both.
//
// A constraint becomes zero, one or two atoms, or false:
//
//   - Not is pushed in, and T goes first: ¬(T < c) is T ≥ c; c < T is T > c.
//     Strict bounds become non-strict: T < c is T ≤ c-1. The ends of the
//     domain decide the rest: T < MIN is false, T ≤ MAX is true.
//   - Equal sets of values give equal atoms. A bound that leaves one value
//     is an equality (T ≤u 0 is T == 0). One that excludes one value is a
//     disequality (T ≥u 1 is T != 0). So a canonical bound holds at least
//     two values and misses at least two.
//   - Sign normalisation and other bijections mod 2^w apply to == and !=
//     only: T+k == c is T == c-k, -T == c is T == -c, ^T == c is T == ^c,
//     T^k == c is T == c^k; b-a == c is a-b == -c.
//   - A constant offset moves into an order bound only when the result is
//     the same set: when T+k ∈ [lo, hi] does not pass the domain's wrap
//     point. x+y+3 ≥s 0 is then x+y ≥s -3 ∧ x+y ≤s MAX-3. But x+3 ≤u 10
//     stays as it is: x ∈ [MAX-2, MAX] ∪ [0, 7] is no interval.
//   - A conjunction gives the atoms of its parts.
//   - Anything else is an opaque atom that implies only itself: Or, Bool
//     variables, arrays, a comparison of two non-constant sides. Its form
//     does not depend on the side the program wrote.
//
// Atoms are ordered by T (expr.Compare), then by kind, domain and
// constant. So the atoms of one T are adjacent, as the paper's order keeps
// a non-constant prefix together.
//
// # Implication rules
//
// Two atoms are related only when they are equal or have the same T. Two
// bounds are related only in the same domain. The paper's table becomes:
//
//	R1  φ ⇒ φ
//	R2  T == a ⇒ T != b   iff a ≠ b
//	R3  T == a ⇒ T ≤ b    iff a ≤ b
//	R4  T == a ⇒ T ≥ b    iff a ≥ b
//	R5  T ≤ a  ⇒ T != b   iff b > a
//	R6  T ≤ a  ⇒ T ≤ b    iff a ≤ b
//	R7  T ≥ a  ⇒ T != b   iff b < a
//	R8  T ≥ a  ⇒ T ≥ b    iff a ≥ b
//
// Nothing else holds. T != a implies no other atom. T ≤ a implies no
// T ≥ b and no T == b, because a canonical bound holds two values and
// misses two. For atoms over one T, read as a free value, the rules are
// complete as well as sound.
//
// # Reduction (§4)
//
// Reduce works per T. It intersects the signed bounds into one interval
// and the unsigned ones into another. It collects the excluded points E.
// An equality must lie in both intervals and outside E; then it is all
// that is said of T. Otherwise, repeatedly, points of E outside an
// interval are dropped, and an interval's end that is in E moves inward.
// An empty interval is a conflict. What is left is counted: no value is a
// conflict, one value is an equality. Else the intervals are said as
// atoms, with the points of E. The output is again canonical, so reducing
// twice changes nothing.
//
// The paper's example, x+y+3 ≥ 0 ∧ x+y+5 ≥ 0 ∧ x+y−4 ≤ 0 ∧ x+y ≠ 0 ∧
// x+y+6 ≠ 0 ∧ x+y−4 ≠ 0, in signed bit-vectors of width 5 or more, gives
// the interval [-3, 4] for s = x+y, and E = {0, -6, 4}. -6 is outside, the
// end 4 is excluded, and the result is x+y ≥s -3 ∧ x+y ≤s 3 ∧ x+y ≠ 0:
// the paper's. Note that x+y+3 ≥s 0 alone is not x+y ≥s -3. Wrapping adds
// an upper bound, here implied by s ≤s 3.
//
// # The L-Tries (§5, §6)
//
// A Store has two tries of sorted atom sequences. A path from the root to
// a leaf is one stored conjunction. The SCS holds Sat ones, with models at
// the leaves; the UCS holds Unsat ones. Of two conjunctions one of which is
// a prefix of the other, the SCS keeps the longer and the UCS the shorter.
// Each trie has an implication partial-order graph (IPOG) of its atoms,
// grouped by T. From it come RIS(φ), the SCS atoms that imply φ, and
// IS(φ), the UCS atoms that φ implies. Only the group of φ's T is visited.
//
// FindSat is Algorithm 1. Every atom of the query needs a non-empty RIS. It
// starts at the nodes labelled by the RIS of the rightmost atom and walks
// up to the root. It accepts a path on which every atom of the query has
// an implier. A leaf's model that fails evaluation is passed over.
// FindUnsat is Algorithm 2: the union of IS over the query's atoms, and a
// walk down the UCS along edges in that union to a leaf.
//
// # Tests
//
// Z3 proves, at widths 8, 16, 32 and 64 and in both domains, at least
// 10,000 random instances of each rule and of canonicalisation
// (TestRulesByZ3), and 10,000 random reductions (TestReduceByZ3).
// TestStoreNeverWrongByZ3 checks every answer of a store fed with Z3's
// answers. At widths 1 to 4, exhaustive tests try every value. The
// paper's examples are tests in their bit-vector form (paper_test.go).
package green
