// Package symbolic is gosymtest's executor: a forking interpreter of Go SSA
// (golang.org/x/tools/go/ssa) whose values are terms of package expr, in the
// style of KLEE (Cadar, Dunbar & Engler, OSDI 2008).
//
// # States and forking
//
// A State is one path: a stack of frames (function, block, previous block for
// φ-nodes, registers, deferred calls), a memory, and the path condition. At
// an If whose condition is symbolic the solver decides which sides are
// feasible; when both are, the state forks. Forking is cheap: frames and the
// memory's object map are shared copy-on-write, objects and values are
// immutable, and the path condition is a shared slice that each state only
// appends to.
//
// The main loop is select → step → update behind the Searcher interface:
// "covnew" (the default) alternates a coverage-seeking choice (states near
// blocks no path has entered) with a random-path choice, as KLEE does; "dfs",
// "bfs" and "random-path" are the others.
//
// # Values and memory
//
// Integers and bools are expr terms (constant when concrete, so concrete
// work folds and never reaches the solver). Concrete work is most of what
// the interpreter executes (package initialisers, loops over constants), so
// its path is kept short: constants are not interned (package expr), each
// function's frequent instructions find their operands through register
// numbers and constants computed once (slots.go), and scalar registers are
// held unboxed (registers.go). Strings are up to a bound of
// symbolic bytes plus a symbolic length. Memory is a set of objects, each an
// immutable value tree (structs and arrays nest); pointers name an object
// and a path of field and element indices. Maps are objects holding their
// entries; which entry a symbolic key hits is decided by forking on key
// equality, so the entry structure is known on every path.
//
// Arrays are persistent vectors (array.go): a radix tree of 32-element
// leaves, so a store into one element of a large array (a package table an
// initialiser fills) copies O(log n) nodes instead of the whole array. In
// BenchmarkArrayStore (100,000 elements, one run, side by side) a store
// took 8.2 ms as a flat copy and 36 µs as a persistent vector.
//
// Symbolic indexing (symindex.go). An index into a value that is read (a
// string byte, an element of an array value) becomes an if-then-else over
// the positions, which is exact and does not fork. An IndexAddr at a
// symbolic index whose address does not escape (decided statically: every
// use is a load, a store to it, or a field or element address likewise
// contained) gives a pointer with a symbolic step: a load merges the
// elements it may select into one if-then-else value (iteValue), a store
// rewrites each as ite(i == k, new, old). So lookup tables (utf8's
// first[p[0]], hex and base64 decode tables, tables of structs, arrays of
// arrays, input slices) neither fork per index nor stop at a bound. Where
// the elements cannot be merged (pointers to different objects, interfaces
// of different dynamic types, maps) or are more than 4096, and where an
// address escapes (it is passed, stored or sliced), the index forks over
// its feasible values, at most Bounds.MaxFork of them; more ends the path
// with EndDepth, so a claim of exhaustiveness is never made past it.
//
// If-then-else over the concrete contents was chosen over Z3's array
// theory (a chain of stores over a constant array, then a select) by
// BenchmarkTableLookup, both built from the same 256-entry tables and
// solved side by side: a utf8-style two-level lookup took 58 ms as
// if-then-else and timed out (10 s) as arrays; decoding four hex digits
// took 61 ms and timed out likewise.
//
// When every element a symbolic index may select is a constant, the
// value is written by runs of indices instead of one if-then-else per
// element (consttable.go): runs of consecutive indices whose values step
// by one amount ('0'..'9' → 0..9, a constant stretch) share a branch, so
// uuid's xvalues is four branches, not 256. Measured side by side by
// BenchmarkTableLookup (10 iterations, one run): the utf8 query 12.4 ms as
// a chain and 3.4 ms by runs, the hex query 11.7 ms and 1.9 ms. A path
// through uuid.Parse's 32 hex lookups exceeds a readable query's resource
// limit as a chain, and is solved by runs (consttable_test.go).
//
// A slice is a window on an array at a path inside an object (Slice.Base),
// so arrays nested in structs and arrays (x.buf[:n]) can be sliced. make
// with a symbolic length or capacity keeps both symbolic, and so the
// bounds checks against them; the backing array gets the smallest of a
// ladder of sizes (MaxElems, doubling, up to 2·max(MaxLen, MaxElems)) that
// every feasible capacity fits. A capacity past the top of the ladder is
// assumed away as an input size bound is (inputbounds.go): a branch that
// only larger sizes take is reported as cut by a bound, not as dead.
//
// # Runtime panics are branches
//
// Nil dereference, index and slice bounds, division by zero, negative shift
// amounts, failed type assertions, assignment to a nil map and calls of nil
// funcs are each checked with the solver; where the check can fail, a forked
// state panics with Go's message. Panics unwind through deferred calls and
// can be recovered, with Go's rules (recover works only when called directly
// by a deferred call during a panic).
//
// # Inputs
//
// Parameters get symbolic values named by their Go access paths ("p.X",
// "len(s)", "s[2]", "p != nil"): integers and bools unconstrained, strings of
// up to MaxLen bytes, slices nil or up to MaxElems elements, pointers nil or
// a fresh object whose contents are created lazily on first read, structs
// and arrays field by field up to MaxDepth, and a parameter of a non-empty
// interface type nil or one of up to four implementing types of the program
// (see ifaceinputs.go), and a map parameter nil or 0 … MaxElems entries with
// distinct symbolic keys (see mapinputs.go), at any depth; an empty
// interface tries the types the function asserts to first (every one of
// them, up to 16, when it asserts to more than four). A float input takes
// one of a few candidate values, each in a state of its own, where a path
// first computes with it: 0, ±1, 0.5, -2.5, NaN, +Inf, and each float
// constant the function compares with and the integers beside it (see
// floatinputs.go). The first two float inputs a path computes with get
// them, later ones are 0; a path that never computes with one holds for
// all its values. A func input is nil or a constant function, which
// ignores its arguments and returns the same values on every call: those
// of plain data (numbers, strings, and structs and arrays of them) are
// inputs, the others zero (see funcinputs.go); a path that never calls
// it holds for every function. A channel input is nil or new, open, empty
// and unbuffered (see chaninputs.go); a path that operates on the new
// one holds only for such channels. Such a limitation is recorded on the
// path, which then is not exhaustive. Inputs never alias each other.
//
// Some parameters are made through their package's API instead (see
// ctorinputs.go): a type with unexported fields by its constructor
// (csv.NewReader, big.NewInt; for the package's own types as one of two
// alternatives, the other field by field), an io.Reader as a
// strings.NewReader over a symbolic string, an io.Writer as a
// new(bytes.Buffer), an error as the package's sentinel errors or an
// errors.New of a symbolic text. The constructors run on the path, before
// the function under test, and the test calls them with the model's
// arguments, leaving out functional options (opts ...Option), which could
// only be constant functions that set nothing. So that the error branches of readers and writers
// run, an io.Reader may also be a reader that yields a symbolic string
// and then fails, io.MultiReader(strings.NewReader(s), &errReader{err}),
// and an io.Writer a writer whose every write fails, &errWriter{err} (see
// iofail.go): errReader and errWriter are helper types the test file
// declares, whose one method the executor models exactly (it returns 0 and
// err). These are alternatives of the interface's choice like the others;
// as they still are not every implementation, the paths stay
// non-exhaustive and say how many values were tried. An interface held
// inside a parameter (a struct field, built lazily, when no prologue can
// run) takes the made values that need no call: a writer field is
// new(bytes.Buffer), an error field the sentinels; so what a method
// writes through its receiver's field is text a test checks.
//
// The process environment is an input too (environ.go), made the first
// time a path reads it. os.Getenv and os.LookupEnv of a key the path has
// not met fork on a fresh input, "$env[j] is set": set to a fresh string
// without NUL bytes (and then the key is valid: not empty, no '=' or
// NUL), or unset; a symbolic key first forks over being each variable the
// path already knows. os.Environ makes the environment whole: the
// variables found so far, then 0 … 2 fresh entries (a choice of input
// shape, "count($environ)", whose bound grows as a map input's size does,
// up to GrowElems), with valid, pairwise distinct keys that differ from
// every key looked up; a later lookup finds only those. The test sets
// exactly what the path assumed: the variables looked up, or, after
// os.Environ, the whole environment in order. Placing the variables
// found before os.Environ first, and not asking whether a lookup's
// infeasible outcome becomes feasible beyond the size bounds, make a path
// non-exhaustive (it records why). os.Setenv and os.Unsetenv change the
// path's current environment, which later lookups read first
// (envwrite.go); the test unsets a variable the code only wrote, so that
// t.Setenv's cleanup restores it. os.Setenv of an invalid variable,
// os.Environ after a write, and os.Clearenv stop the path.
//
// Size bounds grow. When a branch side of the function's package is
// reachable only by an input beyond its size bound (a 36-byte UUID), and
// not by a sibling path forked for another value, the function is
// explored again with that input's bound raised to what the side needs,
// up to Bounds.GrowLen and GrowElems, within the same budget
// (inputbounds.go).
//
// # What a path gives
//
// Every path ends in one of a closed set of EndKinds and is handed to a Sink;
// the executor writes no files. For a path that returned or panicked, a model
// of the path condition gives concrete inputs, and replaying them
// concretely in the same interpreter gives the outcome the generated test
// asserts. The model is one a person would write (readable.go): the input
// bytes no condition reads are letters, the others printable and letters
// where the path allows, strings as short and integers as small as it
// allows, within a few solver queries per test, and a byte those queries
// did not reach is made a letter, and an integer they left large is
// moved toward zero, by evaluating the path condition (readablerepair.go,
// readableshrink.go); the path condition is kept, and the replay checks
// that the inputs take the path. The replay
// also records what the pointer, slice and map arguments (the receiver
// included), and the *bytes.Buffer an interface argument holds, point to
// once the input constructors have run and again when
// the function returns (Test.Before and Test.After, afterstate.go), so
// that a test checks what a call changes, and reports a returned error
// that is the value of a package variable a test can name as that
// variable (a concrete.Global, found by identity in the replay's memory,
// sentinel.go), so that a test compares it with errors.Is. A path that the bounds or the budget cut after entering blocks
// no test enters is not lost: its inputs are run concretely to the end,
// furthest paths first, then the first to enter each block of the
// package, and a run that terminates gives a test; so does a
// function no path of which finishes, from the zero values if need be
// (runtoend.go). Such a run, and a pruned state's (below), goes where
// its inputs lead once its path stops, so they come from a canonical
// model (canonical.go), which depends on the path condition alone and
// not on which model the solver or a cache gave. A path cut while a size
// choice waited for its instruction to run again has a condition that
// says nothing of the parts it never built; a run on a model that gives
// them an input Go cannot have (two equal map keys, an environment
// variable named "") ends unsupported, with no test (assumeBuilt).
// Anything that makes a path less
// than general (a symbolic value pinned to one model value, an input kind
// not modelled) is recorded on it.
//
// A path's decisions are given twice: as pins, Go-like text rebuilt from
// SSA ("!(len(s) < 2)"), and as Branches in source terms (srccond.go):
// the file and line of the condition, the condition as written for the
// side taken ("s[0] == 'v'", a switch case as "c == '\n'"), and the
// function it is in when that is not the one under test ("digits",
// "lexer.class", "strings.Index"). An If whose condition the source does
// not show (a range loop's index test, a local boolean) is only in the
// pins.
//
// # Boundary cases
//
// One test per path never tells score >= 90 from score > 90. Once a
// function is explored, each ordered comparison of integers (<, <=, >,
// >=) that a tested path decided at an if of the package under test gets
// up to two extra cases (boundary.go): inputs that reach that branch with
// the operands equal ("score == 90, the boundary of score >= 90") and one
// apart on the other side ("score == 89, one past …"), solved with the
// rest of the path where possible. They are run concretely like every
// test, handed to the Sink as PathEnds with Boundary set, and counted in
// Summary.Boundaries only: coverage, dead code and exhaustiveness are the
// exploration's. Their queries and runs count as work, within a small
// allowance on top of MaxWork. Config.NoBoundaries turns them off.
//
// # Mutants a test kills
//
// Each test, boundary cases included, is weighed against the mutants of
// the package's own operators that gremlins' default mutators make
// (mutantops.go: a comparison moved past its boundary or negated, + for
// -, * for /, % for *, x-- for x++, a negation dropped), so that the
// writer can keep a case that catches a bug no other case catches
// (mutants.go). A probe replay notes which mutants would compute another
// value at an operation the test executes (weak mutation); each such
// mutant is replayed with the mutant in place (State.mut, which binOp and
// unOp consult: one nil check on every other state), and kills the test
// when the outcome differs as the test asserts it: its results, its
// panic, or what its pointer and slice arguments hold after the call. A
// replay cut by its step limit proves nothing. Test.Kills lists the
// kills, in source terms (Mutant: "levenshtein.go:26:16",
// "y <= runeStr1len", "<=", "<"). The replays are bounded by counts per
// function (replays, killers and tries per mutant, probes), and their
// work, counted in Summary.Work and Summary.MutantWork, by the
// exploration's own, so that the same run keeps the same cases.
// Uncontrolled and order-dependent tests are not weighed;
// Config.NoMutants turns the pass off.
//
// An arithmetic mutant that no test kills was often never infected: the
// readable model's small numbers make x+0 equal x-0. For such a mutant of
// an operation a path ran on symbolic operands, the engine solves that
// path, up to the operation, with the mutant's value differing from the
// original's (DeMillo and Offutt's constraint-based testing), and hands
// the run on to the Sink, as an infection case (PathEnd.Infection), when
// it kills the mutant (infection.go). Like a boundary case it is an extra
// test, counted apart (Summary.Infections), within the same allowance.
//
// A mutant a test infects may still survive it because the readable
// model's defaults hide the difference (a nil pointer returned either
// way). For such a mutant, the path of that test is solved again with
// other values, the inputs the path condition does not mention made
// non-default, and the run is handed to the Sink as a propagation case
// (PathEnd.Propagation, Summary.Propagations) when it kills the mutant
// (propagation.go).
//
// # Pruning redundant states
//
// Config.Pruner plugs in the redundant-state detector (package detector,
// after Bugrara and Engler) through the small interface Pruner
// (prune.go). It prepares its static analysis of a function before the
// function's budget starts (Pruner.Prepare), as package initialisation
// does. The engine tells it every search state's forks and ends,
// and after each step describes what the step did as Events
// (prunehook.go): the registers (by activation, Loc.Act; a string's
// length or byte where only that was read, Loc.Part), objects, deferred
// calls and panic it read, and those it wrote with their new values.
// Object accesses are logged by the memory itself (memory.log) during
// the step. A step the events cannot describe is Opaque. The pruner reads
// a state only through pruneview.go: its Context at a block entry (the
// call-site stack and what else besides locations decides its future),
// ValueAt, Cond. Its verdict: Keep; Later (run it after the states that
// look less redundant: §3.6); Wait (likewise, but for a while only: a
// snapshot it may match is still to come, and meanwhile the searcher's
// random-path picks favour the states the pruner says it hurries,
// Pruner.Hurry: those of the subtree that will leave that snapshot); or
// Prune, and the engine ends the state without a test of its own, but
// runs its inputs concretely to the end when it entered a block no test
// enters yet, so that the stretch before the match keeps its test. A
// pruned state is counted in Summary.Pruned, not in Paths, and never
// makes an exploration less exhaustive; a branch side dropped as
// undecidable is told to the pruner (Event.Lost), so that nothing above it
// counts as fully explored.
// Without a Pruner none of this runs: one nil check per step.
//
// # Assumptions
//
// A 64-bit platform (int is 64 bits). One goroutine: channels are queues
// that the path alone fills and drains (chans.go), and an operation that
// only another goroutine could unblock, a go statement, or reflection ends
// the path as EndUnsupported with the feature named. Floating-point
// values are concrete, float inputs included (they take candidate
// values). Functions without a body need a model (models.go); an
// unmodelled one ends the path with reason "unmodelled:<name>". A model
// also replaces a Go body the executor cannot follow (float bit casts,
// sync.Pool's per-P arrays).
//
// Unsafe is followed as the standard library uses it (unsafe.go): an
// unsafe.Pointer carries the pointer it came from and its element type, and
// converts back only to a pointer of the same layout (or to the first field
// of a struct); unsafe.String, StringData, Slice and SliceData work over
// whole array objects; a *[]byte read as a *string (the zero-copy b2s of
// gjson and fasthttp) gives a copy of the bytes, and the path backs no
// claim. Pointer arithmetic and other reinterpretations of memory stop the
// path. One goroutine runs, so sync's locks are never contended and run
// from their Go bodies over the atomic models; a semaphore wait would block
// forever and stops the path (syncmodels.go). os.Stdout and os.Stderr are
// stand-ins to which writes succeed and are dropped (osstreams.go).
//
// Interface values are (type, value) pairs, not two words, so the
// functions that view an *any as an *abi.EmptyInterface (or the runtime's
// *eface) are modelled by name (efaceview.go): internal/abi.TypeOf (under
// abi.TypeFor, reflect.TypeFor, reflectlite.TypeOf and sync.Map's
// hash-trie), reflect's and reflectlite's unpackEface and packEface
// (ValueOf, which fmt calls on every operand not of a predeclared type,
// and Value.Interface), and runtime.efaceOf in the runtime's initialiser.
// The type word is a type descriptor made from go/types (typedesc.go), one
// per type so descriptors compare by address: an internal/abi.Type (or
// PtrType, MapType, …) whose size, alignment, kind, element, key and
// length are filled, and whose Equal and map Hasher are modelled functions
// (a constant hash: keys all collide, which hash tables resolve by
// comparing keys; so iterating a sync.Map, whose order follows Go's
// randomly seeded hashes, stops the path). Reading any other field (flags, hash, names, methods,
// struct fields) stops the path with the field named, so nothing rests on
// a value the executor cannot give. Of reflection proper, what errors and
// fmt ask on their common paths is modelled on go/types (reflectlite.go,
// reflecttype.go, typestring.go, reflectvalue.go): reflectlite's Elem,
// Comparable, Implements and AssignableTo; reflect's Type Kind, Elem,
// String (for %T), Implements and AssignableTo; reflect.Value's NumField, Field, Len, Index, Elem and
// Set (with which fmt prints structs, slices and arrays, and errors.As
// stores). reflect's rtype is an object of its own; its other methods stop
// the path, as do casts of a descriptor to reflect's structType and the
// like, whose layout the executor's descriptors do not have.
//
// UTF-8 is decoded symbolically with Go's rules (runes.go): a range over a
// string forks at each position over ASCII, two-, three- and four-byte
// sequences and an invalid byte, as does []rune(s), one rune a step;
// string(r) and string(runes) encode without forking.
//
// Package-level variables start from what the package initialisers leave:
// each package's init runs once per Inits (shared by the engines of a run),
// within a budget of its own (init.go). Calls into os, net, syscall and
// time.Sleep are refused, except the reads of the environment, whose
// models make it an input (environ.go), and the calls modelled as
// uncontrolled values; SkipReason lets a function call them. os.Expand
// and os.ExpandEnv run from their Go bodies.
//
// Uncontrolled values (uncontrolled.go). Calls whose results depend on the
// machine or the moment give fresh variables (named with a "$" prefix) of
// their result type, within the range the real call keeps to: time.Now's
// clock (its runtimeNow, and runtimeNano behind time.Since and timers) a
// wall clock between 2020 and 2100 with nanoseconds below 10⁹ and a
// monotonic reading that never goes back on a path; runtime.Callers writes
// 0 ≤ n ≤ len(pc) unknown program counters; runtime.Caller,
// runtime.FuncForPC and runtime.Func's Name, FileLine and Entry give
// unknown counters, lines, and names of up to 8 bytes (a size bound, so a
// side only a longer name takes is cut, not dead); runtime.Frames.Next
// (from CallersFrames) takes the counters one at a time, giving a Frame of
// unknown contents and an unknown "more" that is false once they run out
// (uncontrolledframes.go); os.Getpid, Getppid
// (1 … 2²²), Getuid, Geteuid, Getgid and Getegid (0 … 2³²−1) unknown ids;
// crypto/rand's Read and Reader unknown bytes (their
// crypto/internal/sysrand.Read, whose body starts a timer and asks the
// kernel).
// Package initialisers get the low end of each range. The ranges are
// assumptions: a branch side they exclude (a clock before 2020) is dead as
// far as the executor is concerned. A path whose condition depends on an
// uncontrolled value beyond its range cannot be forced by a test: it is
// not exhaustive, and its Test is marked Uncontrolled. A branch on
// uncontrolled values alone that the solver cannot decide (the clock's
// nanoseconds divided into milliseconds) pins them to a model of the path
// and takes the side they give: no test could choose the side anyway.
// Its inputs are
// chosen, where the solver finds such, so that the condition holds with
// every uncontrolled value at the low end and at the high end of its range
// (a deadline before 2020 for "the deadline has passed", one after 2100
// for "time is left"), so the case keeps its path as time passes. Each
// test whose path made uncontrolled calls is replayed again with the
// values at both ends: a result that differs, or whose symbolic value
// mentions an uncontrolled variable, is handed over as opaque (not
// asserted); an error or panic message that differs as unknown; a change
// in whether the function panics or an error is nil leaves the path
// without a test. Error messages are judged by those replays alone (an
// error that records the stack keeps its message check), which could miss
// a message that differs only strictly inside the ranges. The blocks all
// three replays entered are the test's SteadyBlocks: what Go is expected
// to run whatever the values (not the branches on a pid's digits), which
// is what an Uncontrolled case counts as covering when tests are chosen.
package symbolic
