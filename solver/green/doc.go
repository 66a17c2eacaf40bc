// Package green is GreenTrie's reuse of solved constraints by logical
// implication (Jia, Ghezzi & Ying, ISSTA 2015; seed 004), over gosymtest's
// terms: bit-vectors of width 1–64 whose signedness lives in the
// operators, and Bool.
//
// Theorem 1 of the paper is the whole idea: if a stored Sat conjunction
// implies every atom of a query (it is a logical superset of it), its
// model satisfies the query; if the query implies every atom of a stored
// Unsat conjunction (that one is a logical subset of the query), the
// query is Unsat. The package gives the solver chain's trie layer four
// things: canonical atoms, the implication rules between them, the
// logical reduction of a conjunction (Reduce), and the two L-Tries with
// their implication partial-order graphs (Store). It does not import
// package solver: the layer that calls Z3 around it lives there.
//
// # Canonical atoms
//
// The paper normalises linear integer constraints to h1·v1+…+k op 0,
// moving terms and constants across the comparison and flipping signs so
// that h1 ≥ 0. Go's integers wrap, and none of that is sound for an
// order: x+1 > x is false at MaxInt, and -x < 0 is not x > 0 at MinInt.
// So an atom here is T ⋈ c where
//
//   - T is a bit-vector term kept as the program computed it: no term
//     ever moves across a comparison;
//   - c is a constant of T's width;
//   - ⋈ is ==, !=, ≥ or ≤, the last two in one domain: signed (from
//     Slt/Sle) or unsigned (from Ult/Ule), fixed by the operator; == and
//     != hold in both.
//
// A constraint becomes zero, one or two atoms, or false:
//
//   - Not is pushed in: ¬(T < c) is T ≥ c. Operands are put T first:
//     c < T is T > c. Strict bounds become non-strict (T < c is T ≤ c-1)
//     and the ends of the domain decide the rest: T < MIN is false, T ≤ MAX
//     is true.
//   - Every atom is canonical by itself, so that equal sets of values of
//     T are equal atoms: a bound that leaves one value is an equality
//     (T ≤u 0 is T == 0, T ≥s MAX is T == MAX), one that excludes one
//     value is a disequality (T ≥u 1 is T != 0, T ≤s MAX-1 is T != MAX).
//     A canonical T ≥ c or T ≤ c thus holds at least two values and
//     misses at least two.
//   - Sign normalisation (negating T) and the other bijections of the
//     integers mod 2^w are used for == and != only, where they are sound:
//     T+k == c is T == c-k, -T == c is T == -c, k-T == c is T == k-c,
//     ^T == c is T == ^c, T^k == c is T == c^k, and of a-b and b-a the
//     one with its operands in expr.Compare order is kept (b-a == c is
//     a-b == -c).
//   - A constant offset moves into an order bound only where the result
//     is the same set: T+k ∈ [lo, hi] is T ∈ [lo-k, hi-k] read cyclically,
//     which is an interval of the domain exactly when it does not pass the
//     domain's wrap point. Then U+k ≥s c becomes two atoms on U (a lower
//     and an upper bound); otherwise the atom stays on U+k. For example
//     x+y+3 ≥s 0 is x+y ≥s -3 ∧ x+y ≤s MAX-3, while x+3 ≤u 10 stays as it
//     is (x ∈ [MAX-2, MAX] ∪ [0, 7] is no interval of the unsigned order).
//   - A conjunction (a ∧ b, ¬(a ∨ b)) gives the atoms of its parts.
//   - Anything else (Or, Bool variables, array terms, a comparison of two
//     non-constant sides, …) is an opaque atom: it implies only itself.
//     Its form does not depend on the side a program wrote: ¬(a < b) is
//     b ≤ a, and a == b has its operands in expr.Compare order.
//
// Atoms are ordered by T (expr.Compare, which depends on structure only),
// then by kind, domain and the constant in the domain's order, so the
// atoms of one T are adjacent, as the paper's order keeps a non-constant
// prefix together.
//
// # Implication rules
//
// Two atoms are related only when they are equal (R1) or have the same T;
// two order bounds only when they share the domain. With ≤ and ≥ read in
// the domain (MIN and MAX its ends), the paper's table becomes:
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
// and nothing else: T != a implies no other atom, and T ≤ a implies no
// T ≥ b nor T == b, because a canonical bound holds at least two values
// and misses at least two (the domain's ends were folded away above). For
// atoms over one T, read as a free value, the rules are thus complete as
// well as sound.
//
// # Reduction
//
// Reduce works per T. It intersects the signed bounds into one signed
// interval and the unsigned ones into one unsigned interval, and collects
// the excluded points E (!=); an equality must lie in both intervals and
// outside E, and then it is all that is said of T. Otherwise, repeatedly:
// points of E outside either interval are dropped, and an endpoint of
// either interval that is in E moves inward (leaving E). An empty
// interval is a conflict. What is left, the intersection of the two
// intervals minus E, is counted: no value is a conflict, one value is an
// equality; else the intervals are said as atoms (one is left out when
// the other implies it) with the points of E. The output is again
// canonical atoms on the same T, so reducing twice changes nothing.
//
// The paper's example, over integers,
//
//	x+y+3 ≥ 0 ∧ x+y+5 ≥ 0 ∧ x+y−4 ≤ 0 ∧ x+y ≠ 0 ∧ x+y+6 ≠ 0 ∧ x+y−4 ≠ 0
//	  → x+y+3 ≥ 0 ∧ x+y−3 ≤ 0 ∧ x+y ≠ 0
//
// is, with signed bit-vectors of any width w ≥ 5 (MIN and MAX of w bits,
// s the term x+y as the program computed it),
//
//	x+y+3 ≥s 0   is s ∈ [-3, MAX-3]      (the offset moves: no wrap)
//	x+y+5 ≥s 0   is s ∈ [-5, MAX-5]
//	x+y-4 ≤s 0   is s ∈ [MIN+4, 4]
//	x+y ≠ 0, x+y+6 ≠ 0, x+y-4 ≠ 0   is s ∉ {0, -6, 4}
//
// so the interval is [-3, 4] and E = {0, -6, 4}; -6 is outside, the end 4
// is excluded, and the result is x+y ≥s -3 ∧ x+y ≤s 3 ∧ x+y ≠ 0: the
// paper's, with the constants in the bounds. Note that x+y+3 ≥s 0 alone
// is not x+y ≥s -3 (s = MAX-1 satisfies the second only): the upper
// bounds that wrapping adds are part of the translation, and here they
// are implied by s ≤s 3.
//
// # The L-Tries
//
// A Store has two tries of sorted canonical atom sequences (a path from
// the root to a leaf is one stored conjunction): the SCS, whose leaves
// carry models, and the UCS. Storing follows the paper's prefix policy:
// of two conjunctions one of which is a prefix of the other, the SCS
// keeps the longer (its model satisfies the shorter) and the UCS the
// shorter (its unsatisfiability covers the longer). Each trie has an
// implication partial-order graph (IPOG) of the atoms on its edges,
// grouped by T, each atom with the trie nodes it labels and with the
// atoms above and below it in the implication order. From it come the
// paper's RIS(φ), the SCS atoms that imply φ, and IS(φ), the UCS atoms
// that φ implies; only the group of φ's T is ever visited.
//
// FindSat is Algorithm 1: it needs a non-empty RIS for every atom of the
// query, starts at the trie nodes labelled by the RIS of the rightmost
// atom, and walks up to the root, accepting a path on which every atom
// of the query has an implier; the model of a leaf below the start is
// then checked by evaluating the query (expr.Eval), and a model that
// fails is passed over. FindUnsat is Algorithm 2: the union of IS over
// the query's atoms, and a walk down the UCS along edges in that union
// to a leaf.
//
// The store does not reduce: callers (the chain's trie layer) get the
// most reuse by passing Reduce's output to both finding and storing, and
// the answers are sound with or without. Everything is deterministic:
// walks follow insertion order and sorted atoms, never map order or
// memory addresses, so the same calls give the same answers in every run.
//
// # Tests
//
// Z3 proves, at widths 8, 16, 32 and 64 and in both domains, at least
// 10,000 random instances of each rule and of canonicalisation
// (TestRulesByZ3) and 10,000 random reductions (TestReduceByZ3), over
// random terms of one or two variables with constants that favour the
// domains' ends; TestStoreNeverWrongByZ3 checks every answer of a store
// fed with Z3's answers. A batch of claims about the value of one term is
// proven in one Z3 call with a fresh variable in the term's place (a
// stronger claim, which Z3 proves far faster); claims that relate two
// terms (an offset moved into a bound, a sign normalised) are proven over
// the real terms. At widths 1 to 4 the exhaustive tests try every value.
// The paper's examples are tests in their bit-vector form (paper_test.go).
package green
