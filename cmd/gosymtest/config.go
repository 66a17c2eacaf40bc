package main

import (
	"errors"
	"flag"
	"io"
	"regexp"
	"runtime"
	"strconv"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/machine"
)

// config is the parsed command line.
type config struct {
	run      *regexp.Regexp // nil selects every target
	budget   time.Duration  // per function, always positive
	maxPaths int            // per function; 0 means no limit
	maxWork  int            // per function, in machine.Config.MaxWork units; 0 means no limit
	// parallel is -p: how many functions are explored, and packages'
	// tests validated, at once; at least 1.
	parallel int
	// timeout is -timeout: how long the run may explore, counted from
	// its start; 0 means no bound (timeout.go).
	timeout time.Duration
	// seed starts the search's random choices (machine.Config.Seed).
	seed uint64
	// noIncremental turns off the solver's reuse of asserted prefixes
	// (for benchmarks and differential runs).
	noIncremental bool
	// noEscalate keeps every query in Z3's incremental solver, however
	// long it takes there (z3.Options.EscalateAfter; for measurement).
	noEscalate bool
	// noBoundaries turns off the extra cases at the boundaries of the
	// comparisons a path decides (for measurement).
	noBoundaries bool
	// noDictionary turns off the extra cases that set a string or
	// []byte parameter to one of the package's words (for measurement).
	noDictionary bool
	// noMutants turns off the in-process mutation pass that chooses
	// cases for the mutants they catch (for measurement).
	noMutants bool
	// noPrebuild leaves the tables packages build on first use to every
	// path (machine.Inits.NoPrebuild).
	noPrebuild bool
	// noFinishEarly turns the finish rule off (machine.Config.NoFinishEarly).
	noFinishEarly bool
	// nilAnywhere tries nil pointer and func inputs at every
	// dereference, not only where the code compares them with nil (for
	// measurement).
	nilAnywhere bool
	// solverOff and solverValidate are -solver-off and -solver-validate:
	// the solver layers left out, and whether every layer's answer is
	// checked against Z3.
	solverOff      []string
	solverValidate bool
	// store is -store: off, a directory, a redis:// URL, or "" for the
	// file store in the user cache directory. solverStore is the store
	// it opened for the run (nil for none); it is not a flag.
	store       string
	solverStore solver.Store
	// shard is -shard: the part of the targets this run explores.
	shard shardSpec
	// prune is -prune and -prune-off: the redundant-state
	// detector and its refinements.
	prune    pruneConfig
	maxLen   int // bytes of a string input
	maxElems int // elements of a slice input
	// maxLenCap and maxElemsCap are what maxLen and maxElems may grow to
	// for an input a branch needs larger; not above them: no growth.
	maxLenCap   int
	maxElemsCap int
	// maxCalls is how many of the package's methods may be called on a
	// value made through its API before the function under test; 0: none.
	maxCalls int
	// initBudget and initWork bound the init of each package (time and
	// instructions; 0: no limit).
	initBudget    time.Duration
	initWork      int
	dryRun        bool
	allPaths      bool   // keep one test per path, not only those adding coverage
	checkAllPaths bool   // run every path's case under go test, to find every disagreement
	fuzzSeeds     bool   // write fuzz targets with the solved inputs as their seed corpus
	stats         string // path of the statistics file; "" for none
	verbose       bool
	logJSON       bool
	version       bool
	patterns      []string // package patterns; empty means ./...

	// coverProfile and report are the paths of the coverprofile and of
	// the JSON coverage report; "" for none.
	coverProfile string
	report       string
}

// Defaults of the flags that have one.
const (
	defaultBudget   = 10 * time.Second
	defaultMaxLen   = 16
	defaultMaxElems = 8
	// defaultMaxWork is about 4 s of exploration on a 2-core machine
	// (string loops ran 4 to 5 million units a second), well within the
	// default budget, so that the deterministic limit, not the clock, is
	// what normally cuts a long exploration, and two runs write the same
	// tests. Queries are counted at 1 ms each (machine.QueryWork): a
	// function whose queries take far longer (text/scanner's Scan and
	// scanNumber, tens of ms) reaches the budget first.
	defaultMaxWork = 20_000_000
	// The caps let a string grow to hold what real formats need (a UUID
	// is 36 bytes, a CSV record longer) without letting one input make
	// every query heavy.
	defaultMaxLenCap   = 256
	defaultMaxElemsCap = 64
	// defaultMaxCalls: one step reaches the states of a value after a
	// single use or setting (a writer after a write, a list after a
	// PushBack, a reader whose Comma is ';'); each more multiplies a made
	// input's alternatives again.
	defaultMaxCalls = 1
	// A package's init is run once per run and must not eat the run: an
	// init that needs more is reported and the functions that read its
	// variables stop there.
	defaultInitBudget = 10 * time.Second
	defaultInitWork   = 5_000_000
	// defaultEscalateAfter: see escalateAfter.
	defaultEscalateAfter = 100_000
)

// bounds are the input bounds of the executor the flags set.
func (c config) bounds() machine.Bounds {
	return machine.Bounds{MaxLen: c.maxLen, MaxElems: c.maxElems, GrowLen: c.maxLenCap, GrowElems: c.maxElemsCap, MaxCalls: c.maxCalls}
}

// solverTimeout bounds one solver query: a query that takes longer makes
// its branch unknown rather than eat the function's whole budget.
func (c config) solverTimeout() time.Duration { return max(c.budget/4, 100*time.Millisecond) }

// escalateAfter is the share of a query, in Z3's resource units, that
// Z3's incremental solver gets before a fresh, non-incremental one takes
// the query over (z3.Options.EscalateAfter), or 0 under -no-escalate.
func (c config) escalateAfter() uint64 {
	if c.noEscalate {
		return 0
	}
	return defaultEscalateAfter
}

// newFlagSet defines the command's flags, storing into cfg.
func newFlagSet(cfg *config) *flag.FlagSet {
	fs := flag.NewFlagSet("gosymtest", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // run reports errors; -help prints doc.go
	fs.Var(regexpValue{&cfg.run}, "run", "")
	fs.Var(positiveDuration{&cfg.budget}, "budget", "")
	fs.Var(nonNegativeInt{&cfg.maxPaths}, "max-paths", "")
	fs.Var(nonNegativeInt{&cfg.maxWork}, "max-work", "")
	fs.Var(positiveInt{&cfg.parallel}, "p", "")
	fs.Var(nonNegativeDuration{&cfg.timeout}, "timeout", "")
	fs.Var(seedValue{&cfg.seed}, "seed", "")
	fs.BoolVar(&cfg.noIncremental, "no-incremental", false, "")
	fs.BoolVar(&cfg.noEscalate, "no-escalate", false, "")
	fs.BoolVar(&cfg.noBoundaries, "no-boundaries", false, "")
	fs.BoolVar(&cfg.noDictionary, "no-dictionary", false, "")
	fs.BoolVar(&cfg.noMutants, "no-mutants", false, "")
	fs.BoolVar(&cfg.noPrebuild, "no-prebuilt-tables", false, "")
	fs.BoolVar(&cfg.nilAnywhere, "nil-anywhere", false, "")
	fs.BoolVar(&cfg.noFinishEarly, "no-finish-early", false, "")
	fs.Var(layerList{&cfg.solverOff}, "solver-off", "")
	fs.BoolVar(&cfg.solverValidate, "solver-validate", false, "")
	fs.Var(storeSpec{&cfg.store}, "store", "")
	fs.Var(shardFlag{&cfg.shard}, "shard", "")
	fs.Var(pruneMode{&cfg.prune}, "prune", "")
	fs.Var(pruneOff{&cfg.prune.opts}, "prune-off", "")
	fs.Var(nonNegativeInt{&cfg.maxLen}, "max-len", "")
	fs.Var(nonNegativeInt{&cfg.maxElems}, "max-elems", "")
	fs.Var(nonNegativeInt{&cfg.maxLenCap}, "max-len-cap", "")
	fs.Var(nonNegativeInt{&cfg.maxElemsCap}, "max-elems-cap", "")
	fs.Var(nonNegativeInt{&cfg.maxCalls}, "max-calls", "")
	fs.Var(positiveDuration{&cfg.initBudget}, "init-budget", "")
	fs.Var(nonNegativeInt{&cfg.initWork}, "init-work", "")
	fs.BoolVar(&cfg.dryRun, "dry-run", false, "")
	fs.BoolVar(&cfg.allPaths, "all-paths", false, "")
	fs.BoolVar(&cfg.checkAllPaths, "check-all-paths", false, "")
	fs.BoolVar(&cfg.fuzzSeeds, "fuzz-seeds", false, "")
	fs.StringVar(&cfg.stats, "stats", "", "")
	fs.StringVar(&cfg.coverProfile, "coverprofile", "", "")
	fs.StringVar(&cfg.report, "report", "", "")
	fs.BoolVar(&cfg.verbose, "v", false, "")
	fs.BoolVar(&cfg.logJSON, "log-json", false, "")
	fs.BoolVar(&cfg.version, "version", false, "")
	return fs
}

// parseArgs parses the command line. It returns flag.ErrHelp for -h and
// -help, and otherwise an error that names the offending flag. Flags may
// come before or after the package patterns, as with go test; "--" ends
// the flags.
func parseArgs(args []string) (config, error) {
	cfg := config{
		budget: defaultBudget, maxWork: defaultMaxWork, parallel: runtime.NumCPU(),
		maxLen: defaultMaxLen, maxElems: defaultMaxElems,
		maxLenCap: defaultMaxLenCap, maxElemsCap: defaultMaxElemsCap,
		maxCalls:   defaultMaxCalls,
		initBudget: defaultInitBudget, initWork: defaultInitWork,
	}
	fs := newFlagSet(&cfg)
	rest := args
	for len(rest) > 0 {
		if err := fs.Parse(rest); err != nil {
			return config{}, err
		}
		remaining := fs.Args()
		if len(remaining) == 0 {
			break
		}
		if consumed := len(rest) - len(remaining); consumed > 0 && rest[consumed-1] == "--" {
			cfg.patterns = append(cfg.patterns, remaining...)
			break
		}
		cfg.patterns = append(cfg.patterns, remaining[0])
		rest = remaining[1:]
	}
	return cfg, nil
}

// regexpValue is a -run flag: a regular expression compiled at parse time,
// so a bad one is reported as a usage error naming the flag.
type regexpValue struct{ re **regexp.Regexp }

func (v regexpValue) String() string {
	if v.re == nil || *v.re == nil {
		return ""
	}
	return (*v.re).String()
}

func (v regexpValue) Set(s string) error {
	re, err := regexp.Compile(s)
	if err != nil {
		return err
	}
	*v.re = re
	return nil
}

// positiveDuration is a -budget flag: a time.Duration greater than zero.
type positiveDuration struct{ d *time.Duration }

func (v positiveDuration) String() string {
	if v.d == nil {
		return ""
	}
	return v.d.String()
}

func (v positiveDuration) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New("not a duration (examples: 500ms, 10s, 2m)")
	}
	if d <= 0 {
		return errors.New("must be positive")
	}
	*v.d = d
	return nil
}

// nonNegativeDuration is a -timeout flag: a time.Duration of zero (no
// bound) or more.
type nonNegativeDuration struct{ d *time.Duration }

func (v nonNegativeDuration) String() string {
	if v.d == nil {
		return ""
	}
	return v.d.String()
}

func (v nonNegativeDuration) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New("not a duration (examples: 500ms, 10s, 2m)")
	}
	if d < 0 {
		return errors.New("must be 0 (no bound) or more")
	}
	*v.d = d
	return nil
}

// seedValue is -seed: any unsigned 64-bit number.
type seedValue struct{ n *uint64 }

func (v seedValue) String() string {
	if v.n == nil {
		return ""
	}
	return strconv.FormatUint(*v.n, 10)
}

func (v seedValue) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return errors.New("not a whole number from 0 to 18446744073709551615")
	}
	*v.n = n
	return nil
}

// nonNegativeInt is a -max-paths flag: an int of 0 or more.
type nonNegativeInt struct{ n *int }

func (v nonNegativeInt) String() string { return intString(v.n) }

func (v nonNegativeInt) Set(s string) error {
	return setIntAtLeast(v.n, s, 0, "must be 0 (no limit) or more")
}

// positiveInt is a -p flag: an int of 1 or more.
type positiveInt struct{ n *int }

func (v positiveInt) String() string { return intString(v.n) }

func (v positiveInt) Set(s string) error { return setIntAtLeast(v.n, s, 1, "must be 1 or more") }

// intString prints an int flag's value; "" for the zero flag.Value that
// flag.isZeroValue makes.
func intString(n *int) string {
	if n == nil {
		return ""
	}
	return strconv.Itoa(*n)
}

// setIntAtLeast parses s into *n when it is an integer of min or more,
// and says tooSmall otherwise.
func setIntAtLeast(n *int, s string, min int, tooSmall string) error {
	v, err := strconv.Atoi(s)
	if err != nil {
		return errors.New("not an integer")
	}
	if v < min {
		return errors.New(tooSmall)
	}
	*n = v
	return nil
}
