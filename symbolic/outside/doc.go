// Package outside is what a test does not control: the process
// environment, the standard streams, and the values no test can set (the
// clock, the call stack, process ids, crypto/rand's bytes). Its models
// stand in for the calls that read them.
//
// # What it models
//
// The environment is an input (environ.go, envwrite.go). A path reads it
// lazily, and the test sets what the path assumed with t.Setenv.
// os.Stdout and os.Stderr are stand-ins that take every write
// (osstreams.go). An uncontrolled call gives fresh variables within the
// range the real call keeps to (uncontrolled.go, uncontrolledframes.go).
// A path that branches on them is not exhaustive, and what depends on
// them is not asserted (uncontrolledcase.go).
//
// # Contract
//
// The machine reaches this package only through machine.Outside, and a
// path's part of it is machine.OutsideState. New makes the Outside of a
// machine and sets it as the machine's outside. The Outside embeds the
// machine and holds the ranges of the uncontrolled values. It never
// imports package symbolic.
//
// The engine uses:
//   - the model table: Model, the outside's model of a function bound to
//     the Outside, and Has;
//   - the tests of paths: RobustModel, UncontrolledIn and
//     UncontrolledOutcome on the Outside, and TestEnv, the environment
//     a finished run assumed;
//   - package pick's Uncontrolled: IsUncontrolled.
//
// EnvironName, EnvironCountName, UncontrolledBranchNote, WallLo and
// WallHi name inputs, notes and ranges, for the engine's tests.
//
// # What it needs of the engine
//
// UncontrolledOutcome replays a test at the ends of the uncontrolled
// ranges and reads the outcome as the test-case code does. That code
// stays with the engine, which implements Cases: Readable (a path's
// readable model, package pick), RunToEnd and RecordOutcome. These three
// are the only calls back. The environment's models build their inputs
// with the engine's inputs.Builder.
package outside
