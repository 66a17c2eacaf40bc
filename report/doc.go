// Package report turns what the symbolic executor found into the coverage
// report of gosymtest: statement coverage in the units of go test -cover,
// the reason why each uncovered statement block stayed uncovered, proofs
// of dead code, and a coverprofile that go tool cover reads.
//
// # Units
//
// Users see coverage as go test -cover shows it: blocks of statements, the
// way cmd/cover splits a function (coverblocks.go computes the same blocks
// from the source). The executor counts SSA basic blocks. A cover block is
// covered when an SSA instruction positioned inside it ran (its SSA block
// was entered). Many cover blocks hold no positioned instruction (a branch
// that only assigns a constant to a local, a lone break), so the mapping
// also follows the SSA edge that enters an if/for/case body, the entry of
// the function, and, failing those, the enclosing block (an
// over-approximation: it never makes an uncovered block out of one that
// ran, which is what a dead-code claim needs).
//
// # Covered means a test ran it
//
// With Input.Tested (what cmd/gosymtest always passes), a cover block is
// covered only when one of the emitted tests that passed validation ran
// it, as go test -coverprofile measured it on those tests alone. The
// executor's own view, every block some explored path entered, is kept
// beside it as statements_executor_covered: the two differ by the paths
// that produced no test (they stopped at an unsupported instruction, found
// no inputs, or their case was dropped because Go disagreed). Without
// Input.Tested (the package's own tests of the mapping), coverage is the
// executor's view. Blocks are matched to the profile's by position; a
// block of a file the profile covers that the profile lacks is counted in
// statements_unmatched (and as uncovered), so that a difference between
// this package's block split and cmd/cover's cannot pass unseen. The
// summary gives the executor's view on a line of its own when it is
// larger.
//
// # Why a block stayed uncovered
//
// For each uncovered cover block the report gives one reason:
//
//   - dead: the function's exploration was exhausted (every path ended
//     inside the bounds, nothing concretised, unsupported or unknown) and
//     no path reached the block. The claim is "unreachable for all inputs
//     within the stated bounds", and the report states the bounds. It is
//     only made for blocks whose coverage the mapping knows exactly.
//   - unsupported:<feature>, unmodelled:<func>, solver-unknown, concretized,
//     bounds, budget, internal: the exploration was not exhausted. The rule:
//     take the nearest enclosing cover block that was covered; among the
//     paths that reached it and stopped early or lost generality, the
//     reason of the first in the order unsupported/unmodelled,
//     solver-unknown, concretized, bounds, budget, internal wins (a hard
//     stop on the way explains more than a budget that ran out everywhere).
//     When no such path reached it, the function-level reason is taken in
//     the order solver-unknown (the solver drops branch sides silently),
//     unsupported/unmodelled, concretized, bounds, budget, internal. When
//     the time budget ran out, unknown answers count as budget: the solver
//     was interrupted. A budget gap's detail names the budget that was
//     spent: the path budget, the work budget (-max-work, which usually
//     stops a long exploration first) or the time budget.
//   - no-test: an explored path entered the block, but no emitted test
//     ran it (only with Input.Tested). The detail says how the first path
//     that entered it without giving a test ended, or that the cases of
//     the paths that entered it were dropped at validation or not written,
//     or that those paths depend on values a test cannot set (the clock,
//     the call stack), so Go may have run their cases otherwise.
//   - closure: inside a function literal whose body never ran; a closure
//     may be called after its function returns, so no claim is made.
//   - skipped: the function was not explored (SkipReason, an error, or
//     an interrupt of the run before its exploration finished; the
//     detail says which).
//   - not-explored: no explored function holds the block (not a target,
//     or left out by -run).
//
// A package counts a block dead only when every exploration of its
// declaration (each instantiation of a generic function) proves it and no
// other exploration entered it; the summary's list of dead code is those
// blocks, so that it agrees with the table's count. Each function's own
// claims are in -report.
//
// A dead claim is checked by a test (soundness_test.go) that runs every
// function with dead claims in testdata natively on random and boundary
// inputs within the same bounds and asserts that no claimed block runs.
package report
