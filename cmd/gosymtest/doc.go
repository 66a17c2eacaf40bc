// Gosymtest writes Go unit tests by symbolic execution.
//
// Usage:
//
//	gosymtest [flags] [packages]       # e.g. gosymtest -run 'Classify|Max' ./testdata/demo
//	gosymtest merge [-tests] [-stats file] [-report file] shard-files...
//
// Gosymtest loads the named packages and builds their SSA form. It runs
// each target function with symbolic inputs, one path at a time. The Z3
// solver gives concrete inputs for each path. Gosymtest replays those
// inputs to learn the outcome, and writes the cases as one table-driven
// test file per package: gosymtest_generated_test.go. The file is written
// only after go test has run it and every case in it passed.
//
// Packages are named as for "go list". The default is ./... . The go
// command leaves testdata directories out of wildcards, so gosymtest
// expands a pattern such as ./testdata/... itself. Flags may come before
// or after the packages.
//
// # Targets
//
// The targets are the functions and methods declared in the non-test
// files of a package, exported or not. A generic function is a target once
// per instance the program uses. Where the program uses one method of an
// instance of a generic type, every method of that instance is a target.
// A generic type none of whose methods has an instance, and an exported
// generic function that has none, get an instance: each type parameter
// takes the first of int and string its constraint admits. Init
// functions, closures, functions without a Go body and other generic code
// that nothing instantiates are not targets. A target is named Func,
// Type.Method, or with its type arguments: Max[int], Stack[string].Push.
// That is the name -run matches, unanchored, as go test -run does.
//
// Nor are the methods of a type that only the package's own functions
// build: an unexported struct type that no function returns or hands out,
// and whose every literal in the package sets an unexported field.
// go/build/constraint builds its exprParser only in parseExpr, as
// &exprParser{s: text}. A table for exprParser.or would have to write
// such a literal of private fields, on a receiver no caller can hold. So
// its code is tested through parseExpr, which is a target. The list of
// targets names each such method after the package's targets, with
// "tested through parseExpr", when one of those functions is selected.
//
// # What a run does
//
// Each package's init runs once, in the interpreter, within -init-budget
// and -init-work, before any function is explored. Every function starts
// from the state the inits leave. A function is explored until -budget,
// -max-work or -max-paths runs out, until every path has ended, or until
// nothing new can come of it: once its search has spent an eighth of
// -max-work (of -budget without it), the search ends when no state left
// can reach code that no test covers, or take an edge of an if that no
// test took, in the function or the code it calls that no other explored
// function is the entry of (-no-finish-early turns that off). Such a
// function is "finished early", not exhausted, and claims no dead code;
// -stats (finished_early) and the summary's finished column count them,
// and its gaps have the reason finished. The extra cases made after the
// search (runs to the end, dictionary, boundary and mutant cases) share
// what is left of -budget, of which the search may spend four fifths,
// and a tenth of it more (at least 500ms, at most 2s): a function takes no longer than that, the package inits
// aside, which run before. -stats gives each function's search_ms
// and the pass_ms of each pass after it.
//
// With -p n, n functions are explored at once, each with a solver of its
// own, and then the tests of n packages are checked at once. The files,
// -stats (but for its times) and -report are the same for any n, as long
// as what ends each function's exploration is -max-work, -max-paths or
// the end of its paths, not -budget's clock, which the machine's load
// moves.
//
// With -timeout, exploration stops when the run, loading included, has
// lasted that long: the functions being explored are cut and left out, as
// on an interrupt, and those not started are not explored. A function
// that starts gets at most its share of the time left, the time left × -p
// ÷ the functions left, as its budget, so that the time is spread over
// the functions rather than spent by the first ones. The tests of the
// functions explored by then are still checked and written, which takes
// longer; the exit status is the usual one. The log and -stats
// ("skipped_reason") name the functions cut.
//
// The redundant-state detector (-prune rse) drops a state whose future an
// explored state already covers. With -prune reach it also drops, at
// once, a state that can reach no uncovered code of the package. That is
// faster, but it may lose a test for a new branch edge or kind of panic.
// With -prune none every path is explored. Solver queries pass a chain of layers
// that answer without Z3 when they can (-solver-off). Z3's answers are
// kept across runs (-store), so a rerun on unchanged code asks Z3 little
// and writes the same tests.
//
// An input is nil only where the code compares it with nil: a pointer or
// func input that the code dereferences or calls without that comparison
// is taken to be non-nil, since no caller passes nil there (-nil-anywhere
// tries nil at every dereference).
//
// A case is kept when it covers a block, a branch edge or a kind of panic
// that the cases before it did not. Boundary cases (-no-boundaries) and
// cases that catch a mutant (-no-mutants) are added. A string or []byte
// parameter, and then a string or []byte deeper in one (the text a
// reader argument reads), is also tried with each of the package's
// words: its string constants, the literals of its Example functions,
// strings its constant regexps match or fail at one part, the constant
// prefixes it checks for, joined to those words, and the strings the doc
// comments of its exported functions quote, as a fuzzer's dictionary
// (-no-dictionary). Such a case is kept when it covers something new, or
// when it is the first to succeed where every other case fails: a
// parser's success case. A case on which Go and the interpreter disagree
// is dropped and logged as a warning.
//
// # Flags
//
//	-run regexp           explore only the targets whose name matches (default: all)
//	-budget duration      time to explore each function (default 10s)
//	-timeout duration     time the run may explore, counted from its start; 0 is no bound (default 0)
//	-p n                  functions explored, and packages' tests checked, at once (default: the number of CPUs)
//	-max-paths n          paths per function; 0 is no limit (default 0)
//	-max-work n           work per function: 1 an instruction, 2000 a query; 0: no limit (default 20000000)
//	-seed n               seed of the search's random choices; same seed, same paths (default 0)
//	-max-len n            bytes of a string input (default 16)
//	-max-elems n          elements of a slice or map input (default 8)
//	-max-len-cap n        what -max-len may grow to when a branch needs it (default 256)
//	-max-elems-cap n      what -max-elems may grow to when a branch needs it (default 64)
//	-max-calls n          steps on a value the package made before the call under test: method calls or exported field assignments; 0: none (default 1)
//	-init-budget duration time for the init of one package (default 10s)
//	-init-work n          instructions for the init of one package; 0 is no limit (default 5000000)
//	-prune mode           the redundant-state detector: rse, reach or none (default rse)
//	-prune-off list       detector refinements to turn off, of refine,search,single,hurry,mod (default: empty)
//	-no-finish-early      search each function to its budget even when no state left can reach code or an if's edge no test covers (default off)
//	-solver-off list      solver layers to leave out, of fast,indep,cache,trie,cex,subst,narrow; or all (default: empty)
//	-solver-validate      check every layer's answer against Z3; for debugging (default off)
//	-no-incremental       do not reuse the previous query's constraints in Z3; for benchmarks (default off)
//	-no-escalate          never hand a slow query to a fresh Z3 solver; for benchmarks (default off)
//	-store spec           off, a directory or redis://host:port[/db] (default: the user cache directory)
//	-shard i/n            explore only the i-th of n parts of the targets (default: all)
//	-all-paths            keep one case per path, not only those adding coverage (default off)
//	-check-all-paths      run every path's case under go test, to find every disagreement (default off)
//	-no-boundaries        add no cases at the boundaries of comparisons (default off)
//	-no-dictionary        try no string input with the package's words (default off)
//	-no-mutants           add no cases chosen for the mutants they catch (default off)
//	-no-prebuilt-tables   let every path build the tables a package builds on first use (sync.OnceValue…), not once after init (default off)
//	-nil-anywhere         try nil inputs at every dereference, not only where the code compares them with nil (default off)
//	-fuzz-seeds           also write fuzz targets seeded with the solved inputs (default off)
//	-dry-run              list the targets and explore none (default off)
//	-stats file           write a JSON summary of the run (default: none)
//	-report file          write every uncovered statement and its reason as JSON (default: none)
//	-coverprofile file    write the tests' coverage in go test's format (default: none)
//	-v                    log debug messages too (default off)
//	-log-json             log JSON lines instead of text (default off)
//	-version              print the version and exit
//	-h, -help             print this help and exit
//
// A string or slice input that a branch needs longer than its bound is
// explored again with the bound raised, up to the cap. A value of -max-len
// or -max-elems that is not below its cap turns that growth off.
//
// A value of the package's own type is made by the package's API (a
// constructor, a factory or a package variable), and with -max-calls, up
// to that many steps are then taken on it, with solved values, before
// the function under test: calls of its exported methods (a writer after
// a write, an encoding after WithPadding), and, on a struct that a
// constructor made, assignments to its exported fields of plain kinds
// that the package reads (a csv.Reader whose Comma is ';'), which come
// first. A case shows them as a short func literal that makes the value,
// sets the fields, calls the methods and returns it.
//
// A parameter whose type a method of an earlier parameter's type hands
// out (the element of l.MoveToFront(e), which l.PushBack makes) may also
// be handed out by that parameter itself, so that it is the receiver's
// own: its column is then a func of the receiver,
// func(l *List) *Element { return l.PushBack(1) }, and the call
// tt.l.MoveToFront(tt.e(tt.l)).
//
// With -fuzz-seeds, gosymtest also writes gosymtest_fuzz_test.go. It holds
// a FuzzXxx target for each function whose parameters go test -fuzz can
// generate. The solved inputs of its returning cases become its seed
// corpus, in testdata/fuzz/FuzzXxx.
//
// # Output
//
// The targets are listed on standard output, with the file and line of
// each. Logs go to standard error. On a terminal, a status line shows the
// progress and the time left. A package that does not load is logged with
// its file, line and column; the run goes on with the others.
//
// At the end, a table gives per package the statements the written tests
// cover, those proved dead, and the main reasons for the rest. Covered
// means that a written test runs the statement, as go test -cover
// measures it. A statement is proved dead only when the exploration of its
// function was exhausted: every path ended within the input bounds, which
// the summary prints. The other reasons are budget, bounds,
// unsupported:<feature>, unmodelled:<func>, concretized, solver-unknown,
// internal, no-test, closure, skipped, through (in a method tested
// through the functions that build its receiver, which never reached the
// statement) and not-explored; package report defines them.
//
// A case that panics is kept when the package calls panic on its path, or
// when Go's runtime panics (a nil dereference, an index out of range) on
// inputs a caller can build. The summary and -report ("panics_found") list
// the latter as panics found, each with the call that triggers it. A
// runtime panic on an input that sets unexported fields of the package's
// types is left out (-all-paths keeps it); -stats counts those in
// "panics_dropped".
//
// The -stats file holds "totals", one entry per function in "functions"
// (paths, pruned states, solver queries, blocks, statements, uncovered
// positions, times), "load_errors", "disagreements", "panics_found",
// "tested_through" (each method tested through others, with their names;
// -report lists them per package with their statements) and "store".
// Every file gosymtest writes goes to a temporary name first and is
// renamed into place, so none is ever left half-written.
//
// An interrupt (Ctrl-C or SIGTERM) stops the exploration. The tests of the
// functions explored so far are still checked and written. A second
// interrupt quits at once.
//
// # Sharding
//
// A CI matrix may split a run with -shard i/n, i from 1 to n. A
// function's shard is the FNV-1a hash of its full name modulo n, so it
// stays put when others come or go. A shard explores each of its
// functions as the unsharded run would: the finish rule leaves the code
// of the other shards' functions to them. A shard writes
// gosymtest_generated_shard_<i>_of_<n>_test.go. With one -store
// redis://... the shards share their solver answers. After the shards
// have run, in the directory they ran in or in a checkout into which
// their files were gathered:
//
//	gosymtest merge -tests -stats stats.json -report report.json s1.json r1.json ...
//
// Merge takes the shards' -stats and -report files, in any order. It
// writes the report one unsharded run would write, and its stats but for
// their times and go test runs, as long as -max-work or -max-paths, not
// -budget's clock, ends each function's exploration. With -tests it also
// joins each package's shard test files into gosymtest_generated_test.go,
// the same as that run's, and removes them. It needs the stats of every
// shard. README.md shows a GitHub Actions matrix and a Kubernetes
// Indexed Job that run the shards and merge them.
//
// Exit status:
//
//	0    the packages that loaded were processed (broken ones are logged and skipped)
//	1    nothing could be loaded, or a file could not be written; for merge, the shards do not make one run
//	2    the command line is wrong: an unknown flag or a bad value
//	130  interrupted by SIGINT; the tests explored before were written
//	143  interrupted by SIGTERM; likewise
package main
