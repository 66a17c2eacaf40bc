// Package report turns what the symbolic executor found into gosymtest's
// coverage report. It counts statement coverage in the units of go test
// -cover. It gives the reason each uncovered block stayed uncovered. It
// claims dead code where an exploration proves it. It writes a
// coverprofile that go tool cover reads.
//
// The dead-code claims follow Bugrara and Engler, "Redundant State
// Detection for Dynamic Symbolic Execution" (USENIX ATC 2013), §3.4 and
// §4: a search that pruning makes exhaustive proves that the instructions
// it left uncovered are dead with respect to the modelled environment.
// Here the environment is the input bounds, which the report states.
//
// # Contract
//
// [Build] takes an [Input]: the program, each package's explored
// functions ([Func]: the executor's machine.Summary and the ends of its
// paths), the bounds and budgets of the run, and the coverage of the
// written tests ([Tested]). It returns a [Report]:
//
//   - Report.WriteSummary prints the table at the end of a gosymtest run.
//   - Report.WriteJSON writes the -report file: per package and function,
//     the statements covered and dead, and every gap with its reason.
//   - Report.WriteProfile writes the -coverprofile file, mode set.
//   - Report.Blocks gives every cover block, for cmd/gosymtest's merge of
//     shards.
//
// [NewTested] and Tested.AddProfile read the profiles that go test
// -coverprofile wrote while testgen validated each file.
//
// # Units
//
// Users see coverage as go test -cover shows it: blocks of statements, the
// way cmd/cover splits a function. coverblocks.go computes the same blocks
// from the source. The executor counts SSA basic blocks. A cover block
// was entered when an SSA instruction positioned inside it ran.
//
// Many cover blocks hold no positioned instruction: a branch that only
// assigns a constant, a lone break. So the mapping also follows the SSA
// edge that enters an if, for or case body, and the function's entry.
// Failing those, it takes the enclosing block. That over-approximates: it
// never makes an uncovered block out of one that ran, which a dead-code
// claim needs.
//
// # Covered means a test ran it
//
// With Input.Tested, which cmd/gosymtest always passes, a cover block is
// covered only when a written test ran it, as go test -coverprofile
// measured on those tests alone. The executor's own view, every block some
// path entered, is kept as statements_executor_covered. The two differ by
// the paths that gave no test. Without Input.Tested (in this package's own
// tests), coverage is the executor's view.
//
// Blocks are matched to the profile's by position. A block the profile
// lacks, in a file it covers, is counted in statements_unmatched and as
// uncovered. So a difference between this package's block split and
// cmd/cover's cannot pass unseen.
//
// # Why a block stayed uncovered
//
// Each uncovered cover block gets one reason:
//
//   - dead: the function's exploration was exhausted, and no path reached
//     the block. Exhausted means every path ended inside the bounds, with
//     nothing concretised, unsupported or unknown. The claim is
//     "unreachable for all inputs within the stated bounds", and the
//     report states the bounds. It is made only for blocks whose coverage
//     the mapping knows exactly.
//   - unsupported:<feature>, unmodelled:<func>, solver-unknown,
//     concretized, bounds, budget, internal: the exploration was not
//     exhausted. The reason comes from the nearest enclosing block that was
//     covered. Among the paths that reached it and stopped early, the
//     first reason in that order wins: a hard stop on the way explains more
//     than a budget that ran out everywhere. With no such path, the
//     function's own reason is taken, solver-unknown first. When the time
//     budget ran out, unknown answers count as budget. A budget gap names
//     the budget spent: paths, work (-max-work) or time.
//   - finished: the finish rule ended the function's search before its
//     budget, since no state left could reach the block (nor an edge of
//     an if no test took); the block is not claimed dead, as not every
//     path ended.
//   - no-test: an explored path entered the block, but no written test
//     ran it. The detail says how that path ended, or that its case was
//     dropped, or that it depends on values a test cannot set.
//   - closure: inside a function literal whose body never ran. A closure
//     may run after its function returns, so no claim is made.
//   - skipped: the function was not explored (an error, a skip reason, or
//     an interrupt). The detail says which.
//   - through: in a method that is not a target of its own, because only
//     the package's own functions build its receiver (loader.Through),
//     and whose builders' explorations never entered the block. The
//     detail names the builders it is tested through. PackageReport's
//     TestedThrough lists each such method with its statements.
//   - not-explored: no explored function holds the block (not a target, or
//     left out by -run).
//
// A package counts a block dead only when every exploration of its
// declaration proves it, one per instance of a generic function, and no
// other exploration entered it. The summary lists those blocks, so it
// agrees with the table. Each function's own claims are in the JSON.
//
// # Tests
//
// soundness_test.go checks the dead claims. It runs every function of
// testdata with dead claims natively, on random and boundary inputs within
// the same bounds, and asserts that no claimed block runs.
package report
