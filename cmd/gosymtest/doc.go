// Gosymtest writes Go unit tests by symbolic execution.
//
// It loads the named packages, builds their SSA form, and explores each
// target function path by path, asking the Z3 solver for inputs that
// reach every path, so that it can write those inputs down as a
// _test.go file.
//
// Each package's init runs once, in the interpreter, within a budget of
// its own; every function then starts from the package state it leaves.
// An init that reads the environment reads gosymtest's own, as it will
// read go test's, so the tests expect what it found there.
// Each path's inputs are replayed concretely to find the outcome the test
// asserts, and the table-driven file gosymtest_generated_test.go is written
// in each package only after go test has run it and it passed; a case on
// which Go and the interpreter disagree is dropped and reported. With
// -fuzz-seeds it also writes fuzz targets whose seed corpus is the inputs
// it solved. A redundant-state detector (-prune) drops the states whose
// future an explored state already covers.
//
// Usage:
//
//	gosymtest [flags] [packages]
//	gosymtest merge [-stats file] [-report file] shard-files...
//
// Packages are named as for "go list"; the default is ./... . A pattern
// rooted in a testdata directory, such as ./testdata/..., is expanded by
// gosymtest itself, because the go command leaves testdata directories
// out of wildcards. Flags may come before or after the packages.
//
// The targets of a package are the functions and methods declared in its
// non-test files, exported or not, and every instantiation of its generic
// functions and methods that the loaded packages use. Where they use a
// method of an instance of a generic type, every method of that instance
// is a target, called or not; the methods of a generic type none of whose
// methods has an instance, and the exported generic functions that have
// none, are instantiated for them, each type parameter with the first of
// int and string its constraint admits (for a function, else with the one
// type its constraint names: S ~[]T gets []int). Init functions,
// closures, functions written in assembly and other uninstantiated
// generic code (an unexported generic function nothing instantiates) are
// left out. A target is named Func, Type.Method (for value and pointer
// receivers alike), or with its type arguments: Max[int],
// Stack[string].Push, Last[int, []int].
//
// The flags are:
//
//	-run regexp
//		Explore only the targets whose names match regexp. The match is
//		unanchored, as with go test: -run Max selects Max[int] and
//		Max[string]; -run '^Stack\..*Push$' selects Stack[T].Push for
//		every T.
//	-budget duration
//		Time to spend exploring each function, such as 500ms or 1m.
//		It must be positive. The default is 10s. The passes that make
//		the tests of what the exploration found come after it (runs to
//		the end of the paths it cut, boundary cases), each within a work
//		allowance of its own and, as a guard, another budget (a quarter
//		of one, at most 2s, with -max-work 0). So a function may take
//		longer than -budget: on encoding/ascii85 at -budget 2s, up to
//		about 5s.
//	-max-paths n
//		Stop exploring a function after n paths. The default, 0, sets no
//		limit other than -budget and -max-work.
//	-max-work n
//		Stop exploring a function after n units of work: one per
//		instruction interpreted, 2,000 per solver query. Unlike -budget,
//		this limit falls at the same point on every run, so a function it
//		cuts short still gets the same tests each time. What making the
//		tests of the paths found costs (readable inputs, replays) is not
//		counted: it depends on which of the many models of a path the
//		solver gives, and a rerun that takes its answers from the -store
//		gets other ones. 0 means no limit; the default is 20000000: about
//		4s on a 2-core machine where queries are quick, while a function
//		whose queries take tens of milliseconds each, as text/scanner's
//		Scan, reaches -budget first.
//	-seed n
//		Start the search's random choices of which path to follow next
//		from n. Two runs with the same seed and -max-work explore the
//		same paths; another seed explores them in another order, which
//		can reach other code where the limits cut a function short. The
//		default is 0.
//	-no-incremental
//		Turn off the solver's incremental mode, in which a query reuses
//		the constraints it shares with the previous one. The answers are
//		the same; only the speed differs. For benchmarks.
//	-no-escalate
//		Keep every query in Z3's incremental solver however long it
//		takes there. By default a query it has not decided within a
//		fixed share of work (Z3's resource units, so the hand-over does
//		not depend on the machine) is tried by a fresh, non-incremental
//		Z3 solver, which is much faster on some hard queries, such as
//		those that count bytes of a string; if that one does not decide
//		it within its own share, a new incremental solver goes on with
//		it, and after two such failures a function's queries stay in the
//		incremental solver. For benchmarks.
//	-solver-off list
//		Leave some of the solver's layers out, to measure each one's
//		share: a comma-separated list among fast (constant folding and
//		duplicate constraints), indep (solving independent groups of
//		constraints apart), cache (answers to queries asked before),
//		trie (GreenTrie: reuse by implication), cex (KLEE's
//		counterexample cache), subst (a term a constraint equates to a
//		constant replaced by it in the other constraints) and narrow
//		(multiplications and divisions of wide integers asked at 16 bits
//		first, the model checked), or all. The answers stay correct; only
//		the number of queries that reach Z3, and their difficulty,
//		change.
//	-solver-validate
//		Check every answer a solver layer gives against Z3 itself, and
//		count the wrong ones in the stats (solver_layers). For debugging;
//		it makes every query reach Z3 at least once more.
//	-store off|dir|redis://host:port[/db]
//		Where the solver's answers are kept across runs, so that a rerun
//		on unchanged code needs few solver calls. The default is a
//		directory of files in the user cache directory
//		($XDG_CACHE_HOME/gosymtest, ~/.cache/gosymtest); dir names
//		another; redis://host:port keeps them in a Redis server, which
//		the machines of a CI matrix can share; off keeps them for the
//		run only. Answers are kept per function and per build of
//		gosymtest (package store explains why this is sound); two runs
//		may share a store at once. A store that cannot be opened is a
//		warning, and the run goes on without one.
//	-shard i/n
//		Explore only the i-th of n parts of the targets (1 ≤ i ≤ n): those
//		whose full name's FNV-1a 64 hash is i-1 modulo n, so that a
//		function stays in its shard when others are added or removed.
//		A shard writes its tests to
//		gosymtest_generated_shard_<i>_of_<n>_test.go, and its -stats
//		file holds what gosymtest merge needs (see below).
//	-no-boundaries
//		Do not add boundary cases. By default, for each ordered comparison
//		of integers that a tested path decides at an if of the package,
//		the executor also solves for the operands being equal and one
//		apart on the other side (score 90 and 89 for score >= 90), so that
//		a test tells < from <=; such a case is kept only when no other
//		case sits on that boundary. They add tests, never coverage claims.
//	-no-mutants
//		Do not choose cases for the mutants they catch. By default each
//		case is also replayed, in the interpreter, with small changes to
//		the package's operations (< for <=, == for !=, + for -, a
//		negation dropped), and a case is kept when it tells such a
//		mutant from the original and no kept case does. An arithmetic
//		mutant that no case tells apart gets a case of its own where
//		the solver finds inputs that make it compute another value and
//		the case then tells it apart; a mutant that a case reaches but
//		does not tell apart gets one on the same path with other
//		values (a pointer non-nil, an input no branch reads set), kept
//		when that tells it apart.
//	-prune mode
//		The redundant-state detector (package detector; Bugrara and
//		Engler's redundant state detection): rse, the default, drops a
//		state when it can reach no block that a state already explored
//		could not, so that independent branches stop multiplying the
//		paths, and runs last a state from which no code of the package
//		that no test runs is reachable; none explores every path; reach
//		drops such a state instead, without waiting for an explored
//		state to compare it with: faster, and it covers the same
//		blocks, but it may lose a test for a new branch edge or a new
//		kind of panic. A dropped state that entered a block no test
//		enters still gives a test, its inputs run to the end.
//	-prune-off list
//		Turn off some of the detector's refinements, to measure each one's
//		share: a comma-separated list among refine (dynamic refinement of
//		the relevant sets as blocks get covered), search (running later
//		the states that match an unsound relevant set, that can reach no
//		code left uncovered, or that may match a state explored first
//		once the paths below it end), single (leaving out of matches the
//		locations that have held one value on every path), hurry
//		(favouring the paths below such a first state, so that they end
//		sooner) and mod (the analysis of what a branch's side not taken
//		may write; without it, any write there may change any object).
//		Pruning stays sound; turning off refine, search or mod only
//		prunes less, hurry only changes the order of the search, and
//		single only makes matching slower.
//	-all-paths
//		Keep one test per path found. By default a test is kept only when
//		it covers a block or a branch edge of its package that the tests
//		kept before it did not.
//	-check-all-paths
//		Run every path's test case under go test once before choosing
//		the cases to keep, so that every disagreement between the
//		interpreter and Go is found and reported, not only those of the
//		cases the file keeps. The file written is the same.
//	-fuzz-seeds
//		Also write gosymtest_fuzz_test.go with a target FuzzXxx for each
//		explored function whose parameters go test -fuzz can generate
//		(strings, []byte, bools, integers, floats, and the package's types
//		defined on them; not methods, generic or variadic functions), and
//		its seed corpus: the inputs solved for the function's cases that
//		return, one file per set of blocks and branch edges they cover,
//		named gosymtest-<hash>, in
//		testdata/fuzz/FuzzXxx in go test's corpus format, so that go test
//		-fuzz=FuzzXxx starts past the guards. A target calls the function
//		and ignores its results: a panic is a finding. Plain go test runs
//		every seed as a test, so a case that panics is no seed (the unit
//		tests assert its panic), and the file is checked with go test
//		before it is written: a seed that fails there is dropped and
//		logged. A later run replaces its own seeds and keeps the inputs
//		go test -fuzz saved. The package's go version must be 1.18 or
//		later.
//	-max-len n
//		The most bytes a string input has (default 16).
//	-max-elems n
//		The most elements a slice input has (default 8).
//	-max-len-cap n
//		What -max-len may grow to for one input (default 256). When a
//		branch of the package can be taken only by a longer string than
//		the bound allows (a 36-byte UUID), the function is explored
//		again, within its budget, with that input's bound raised to the
//		length the branch needs (at least doubled). A path that needs
//		the longer string only because of a value it was forked for
//		(the index of a byte, with other paths for the other indexes)
//		asks for no growth, and a branch inside another package's code
//		asks for none either. Only a branch that needs more than the cap
//		is reported as a bounds gap. A value not above -max-len turns
//		growth off.
//	-max-elems-cap n
//		What -max-elems may grow to for one slice or map input, likewise
//		(default 64).
//	-init-budget duration
//		Time the init of one package may take (default 10s). Each
//		package's init runs once per run, before the functions that need
//		it, and not within their -budget.
//	-init-work n
//		Instructions the init of one package may run (default 5000000;
//		0: no limit). An init that runs out of its budget, or that fails,
//		is logged with its package, and a path that reads a variable of
//		that package stops there (unsupported:init of <package> failed).
//		An init that reads a variable of such a package goes on with its
//		zero value; the paths that read what it initialised back no claim
//		of dead code.
//	-dry-run
//		List the targets and explore none of them.
//	-stats file
//		Write a summary of the run to file as JSON (see below).
//	-coverprofile file
//		Write the statement coverage of the emitted tests in go test's
//		coverprofile format (mode set), for go tool cover -func and -html.
//	-report file
//		Write the full coverage report as JSON: per package and function
//		the statements covered and proved dead, and every uncovered block
//		with the reason it stayed uncovered (dead, budget, bounds,
//		unsupported:<feature>, unmodelled:<func>, concretized,
//		solver-unknown, no-test, closure, skipped, not-explored; package report
//		documents them) and the bounds the dead claims hold within.
//	-v
//		Log debug messages too.
//	-log-json
//		Log JSON lines instead of text.
//	-version
//		Print the version and exit.
//	-h, -help
//		Print this help and exit.
//
// The targets are listed on standard output, grouped by package, with the
// file and line where each is declared. Logs go to standard error. A
// package that does not load, parse or type-check is logged as an error
// with its file, line and column, and so is each package that imports
// one; the run goes on with the other packages.
//
// On a terminal, a line at the bottom of the log shows the functions
// explored of the total, the time elapsed and an estimate of the time
// left; it is not printed when standard error is a pipe or a file, nor
// with -log-json.
//
// An interrupt (SIGINT, such as Ctrl-C, or SIGTERM) stops the exploration:
// the function being explored is abandoned, and the tests of the
// functions explored before it are validated and written as usual, the
// coverage summary and the -stats, -report and -coverprofile files
// describe that part of the run, and gosymtest exits with status 130 (143
// for SIGTERM). A second interrupt quits at once, writing nothing more:
// every file is written to a temporary name and renamed into place, so
// none is ever left half-written.
//
// The statistics file holds one JSON object, such as (shortened):
//
//	{
//	  "totals": {
//	    "packages": 1,           packages loaded
//	    "packages_failed": 0,    packages left out because of errors
//	    "functions": 8,          targets selected by -run and -shard
//	    "functions_explored": 7, targets explored
//	    "functions_skipped": 1,  selected targets not explored: the
//	                             executor cannot run them, or an interrupt
//	                             came first
//	    "paths": 52, "pruned": 0, "prune_ms": 3, "instructions": 2204,
//	    "solver_queries": 161, "solver_ms": 812,
//	    "solver_unknowns": 0,    queries Z3 answered unknown (timeouts,
//	    "solver_unknown_ms": 0,  resource limits), and the part of
//	                             solver_ms they took
//	    "solver_escalations": 0, queries handed to a fresh solver (see
//	    "solver_escalated_ms": 0, -no-escalate), and the time it took
//	    "blocks": 60, "blocks_covered": 58,
//	    "tests_emitted": 31, "tests_dropped": 0, "wall_ms": 9240, ...
//	  },
//	  "functions": [{"package": "example.com/p", "name": "Classify",
//	                 "position": "p/triangle.go:27", "blocks": 16,
//	                 "blocks_covered": 16, "paths": 11, "pruned": 0,
//	                 "tests": 11,
//	                 "exhausted": true, "wall_ms": 247,
//	                 "ms_to_cover": 182,
//	                 "cover_timeline": [[0, 1], [38, 2], ...],
//	                 "solver_queries": 46, ...}],
//	  "load_errors": [{"package": "example.com/q",
//	                   "position": "q/q.go:3:9", "message": "..."}],
//	  "disagreements": []
//	}
//
// A function's wall_ms is the time its exploration took, ms_to_cover when
// the last block it covered was first entered, and cover_timeline the
// coverage curve, [ms, blocks covered] each time a new block was entered;
// pruned counts the states the detector dropped as redundant (see
// -prune), which are not in paths, and prune_ms the time spent on the
// detector; boundary_cases counts the cases made at the boundaries of
// its comparisons (see -no-boundaries), apart from paths;
// infection_cases the cases made for an arithmetic mutant no other case
// caught, and propagation_cases those made on other values of a path
// whose test a mutant survived, likewise apart from paths;
// mutant_replays the replays of its tests with a mutant in place (see
// -no-mutants);
// skipped_reason says why a target was not explored;
// with -fuzz-seeds, fuzz_target and fuzz_seeds name the function's
// FuzzXxx and count its seed files.
// Each function also has blocks_dead (SSA blocks no path entered in an
// exhausted exploration: unreachable within the bounds), statements,
// statements_covered, statements_executor_covered and statements_dead (go
// test -cover's units), and uncovered, a list of {"pos":
// "file.go:line:col", "reason": ...} relative to the module directory;
// totals has blocks_dead, the statement counts, tests_emitted,
// tests_dropped (of which tests_not_compiled did not compile),
// validation_runs (the runs of go test that validation made),
// disagreements, and fuzz_targets and fuzz_seeds (what -fuzz-seeds
// wrote) too. The top-level "disagreements" list has each case whose
// outcome under go test differed from the interpreter's ({"package",
// "function", "test", "case", "inputs", "expected", "got"}); each was
// dropped from the test file and is logged as a warning.
//
// Coverage is what the emitted tests run: the last validation run of a
// package's test file, which passed, runs only the generated tests with
// go test -coverprofile -coverpkg=<the package>, and that profile is what
// -coverprofile, the summary and statements_covered count. A block some
// explored path entered but no emitted test runs (the path stopped at an
// unsupported instruction, found no inputs, or its case was dropped)
// counts as uncovered with reason no-test; statements_executor_covered
// keeps the executor's own view, every statement an explored path
// entered. blocks and blocks_covered count SSA blocks, in the executor's
// view too.
//
// The statistics file is replaced atomically, so a reader never sees half
// of it; so are the -report and -coverprofile files.
//
// The stats also have a "store" object: the kind of store used (off,
// file or redis), its loads and saves, the entries they carried, the
// time they took (load_ms, save_ms) and its errors.
//
// Sharding: a CI matrix runs gosymtest -shard i/n -stats si.json -report
// ri.json on n machines (with one -store redis://... they share their
// answers), gathers the files, and runs in one checkout
//
//	gosymtest merge -tests -stats stats.json -report report.json s1.json ... r1.json ...
//
// merge combines the shards' files (stats and reports, in any order;
// every shard's stats are needed) into those one unsharded run writes:
// the functions in the unsharded order, the totals recomputed, and
// coverage as the union of what the shards' tests ran, so that a
// function covered by the tests of a caller in another shard counts as
// covered. With -tests it also joins each package's shard test files
// into gosymtest_generated_test.go (tests in the unsharded order, each
// helper once, the imports' union) and removes them; it runs in the
// directory the shards ran in, since the stats' positions are relative
// to it. When the explorations are the same, the merged report and test
// files are byte-identical to the unsharded run's, and so is the merged
// statistics file but for what no two runs share: times (the *_ms
// fields, ms_to_cover, the times in cover_timeline: summed over the
// shards, or the shard's that explored the function) and validation_runs
// (each shard validates its own file). Shards run one after the other in
// one checkout see each other's test files, whose names testgen then
// avoids: their helpers may get other names, and merge -tests refuses
// files that declare one helper differently.
//
// After exploring, a coverage summary is printed at the end of the log
// (with -log-json, only its "coverage" log event): per package the
// functions, how many explorations were exhausted, the statements the
// emitted tests cover and those proved dead, and the top reasons for the
// gaps; then the blocks counted dead and the bounds they are dead within.
//
// Exit status:
//
//	0  the packages that could be loaded were processed; packages that
//	   failed to parse or type-check are reported with file and line and
//	   skipped
//	1  nothing could be loaded at all, a package's test file could not be
//	   written (the log says why), or the -coverprofile, -report or
//	   -stats file could not be written; for merge, the shards' files do
//	   not make up one run
//	2  the command line is wrong: an unknown flag or a bad value for one
//	130, 143
//	   interrupted by SIGINT or SIGTERM; the tests of the functions
//	   explored before the interrupt were written
package main
