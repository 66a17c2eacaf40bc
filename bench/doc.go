// Command bench is gosymtest's benchmark harness: the one place every
// claim of speed or coverage comes from.
//
// Usage, from the repository root:
//
//	go run ./bench -quick                 # the packages tagged quick, short budgets
//	go run ./bench                        # the whole corpus
//	go run ./bench -only '^(hex|semver)$' -skip fuzz
//	go run ./bench -with mutation         # add the mutation arm (make bench-mutation)
//	go run ./bench -with solver -only '^sb-'   # the solver arms on the subjects alone
//	go run ./bench -orders 4 -only '^(scanner|html)$'   # coverage over 4 search orders
//
// go run ./bench -help lists every flag.
//
// # What it measures
//
// The harness copies a corpus of packages (bench/corpus.txt) into scratch
// modules under os.TempDir. The corpus holds this repository's fixtures,
// standard-library packages, and modules fetched from the module proxy.
// On each package it runs these arms side by side:
//
//   - gosymtest with its default settings;
//   - gosymtest with one technique off: -no-incremental, and -prune none;
//   - go test -fuzz, through FuzzXxx wrappers the harness writes, with the
//     same time per function;
//   - the package's own tests, the human baseline;
//   - on fixtures with hard guards (tag seeds), go test -fuzz once more,
//     from the seed corpus gosymtest -fuzz-seeds writes (seeds.go).
//
// Opt-in arms run with -with. rse-no-refine, rse-no-search, rse-no-single,
// rse-no-hurry, rse-no-mod and rse-reach each change one part of the
// detector (prune.go). The solver arms (-with solver) leave out the
// solver chain's layers, from all of them to none, and rerun the whole
// chain from a -store its first run filled (solver.go). Only they run on
// the solver subjects, tag subject. The mutation arm runs gremlins on
// gosymtest's tests, on the own tests and on both (mutation.go). It runs go
// test once per mutant, three times per package, so it is slow.
//
// With -orders N, the default arm and the unpruned one run N times more,
// with -seed 0 to N-1. Their coverage then compares over search orders,
// not one draw (orders.go).
//
// Coverage is always what go test -coverprofile measures on the tests an
// arm produced, over the same statements for every arm. The default
// gosymtest arm runs with -check-all-paths: each case Go runs differently
// from the interpreter is a disagreement, counted and listed.
//
// # The papers
//
// The pruning tables follow the evaluation of Bugrara and Engler,
// "Redundant State Detection for Dynamic Symbolic Execution" (USENIX ATC
// 2013), §4. Their speed-up is T_base/T_red: the times at which the run
// without and the run with the detector reach the same coverage. Here, per
// function that explodes, it is the time the unpruned run took to enter
// its last new block over the time the detector's run took to enter as
// many (explosion.go, prune.go). The detector must not lower coverage:
// finished.go and orders.go check that.
//
// The solver tables follow the evaluation of Jia, Ghezzi and Ying,
// "Enhancing Reuse of Constraint Solutions to Improve Symbolic Execution"
// (ISSTA 2015, GreenTrie), §7. The subjects are their programs ported to
// Go in testdata/solverbench: TriTyp, Euclid, TCAS, BinTree, BinomialHeap
// and TreeMap. Z3 calls must order as GreenTrie ≤ KLEE-like ≤ exact cache ≤
// none (§7.1, reuse in one run), and the rerun from the store measures
// reuse across runs (§7.2).
//
// # Output
//
// bench/RESULTS.md holds the tables:
//
//   - ratios of gosymtest against each baseline, with a geometric mean;
//   - the detector's gains: paths, pruned states, instructions, queries,
//     exhausted functions, and time to the same coverage;
//   - gosymtest's tests against the packages' own tests, and both together;
//   - the solver arms, with -with solver (solvertable.go);
//   - mutation efficacy, with -with mutation (mutreport.go);
//   - readability of the generated files, and the cases a reviewer rejects
//     (readability.go, casetargets.go);
//   - fuzzing with and without gosymtest's seeds;
//   - every measure of every arm, with its peak RSS and, for gosymtest
//     arms, the worst overrun of -budget by one function (the bound is
//     the budget and the passes' allowance: symbolic.PassAllowance).
//
// bench/results holds a CSV and a PNG of coverage over time per package.
package main
