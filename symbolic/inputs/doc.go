// Package inputs is input construction: it builds the values of the
// parameters of the function under test, for the symbolic runs of an
// exploration and for the concrete replays of their models.
//
// # What it builds
//
// Every part of an input is a variable named by its Go access path:
// "p.X", "len(s)", "s[2]", "p != nil". A model then names its values the
// way a test writes them. Strings have up to Bounds.MaxLen bytes, slices
// and maps up to Bounds.MaxElems elements, and pointers and structs nest
// up to Bounds.MaxDepth. What pointers and slices hold is built lazily,
// on first read.
//
// An input is nil only where the code expects nil: a pointer or func
// input is assumed non-nil where the code dereferences or calls it
// without comparing it with nil (machine/nilinputs.go), and an interface
// input is nil only where its function, or for a field its package,
// compares it with nil (nilcompared.go). An input nested as deep as the
// bounds allow is nil, and reading it ends the path at the bound
// (boundnil.go). A run past a path's cut gives the parts the path never
// read a caller's values (PastTheCut).
//
// Some inputs take one of a few shapes, each in a state of its own: an
// interface is nil or one of a few types that implement it, the types
// with no value of the interface inside first (leavesFirst); a float takes
// candidate values; a func is nil or a constant function; a channel is
// nil or new. A type with unexported fields is made by its package's
// constructor, in a prologue before the call; a type of the package under
// test that its API hands out, only through the API (ownmakers.go), and
// then, within Bounds.MaxCalls, configured by assignments to its exported
// fields (fieldsteps.go) and used by calls of its methods in the
// prologue (sequences.go). A type of the package under test that no
// function returns is made by a method of another of its types that
// hands one out, on a receiver made in turn (New().PushBack(v)), or else
// built field by field in a shape the package's own literals build: only
// the unexported fields one of them sets get values; a type it never
// builds by a literal keeps all its fields (shapeinputs.go). Such a
// parameter may also be handed out by an earlier parameter of the type
// whose method hands it out, so that it is that parameter's own: the
// element of l.MoveToFront(e) made by l.PushBack(v) (handed.go).
// An io.Reader, io.Writer or error takes the
// usual values, and readers and writers that fail.
// An interface that no type of the program implements (heap.Interface)
// takes a fake, a type the test file declares: call k of its method M on
// input h returns the fresh inputs "h.M#k", up to maxFakeCalls calls
// (fakeinputs.go). The machine runs the methods of these types the test
// declares through InputProvider.RunsMethodsOf and CallMethod.
//
// A size bound grows, up to GrowLen and GrowElems, when a branch needs a
// larger input: a branch of the explored package at once, a branch of
// another package or a length forked into the values the bounds allow
// (copy's count) when the round ends with blocks left untested. The
// growth waits for the next round of exploration.
//
// A Source in replay mode gives each variable its value in a model
// instead of making it. The concrete run and the test's literal then
// agree by construction.
//
// # Contract
//
// The machine reaches this package only through machine.InputProvider.
// NewBuilder makes a Builder for a machine and sets it as the machine's
// provider. The Builder embeds the machine; it needs nothing else from
// the engine, and it never imports package symbolic.
//
// The engine uses the Builder for:
//   - the rounds: InitialStates, GrowthAsked, Grow, GrownBounds,
//     ForgetGrowth, and MaxRounds;
//   - replays and test literals: ReplayInputs, InitialState,
//     ParamLiteral, ParamName;
//   - the readable values of package pick: Signed, ArrayByte.
//
// Features that make inputs of their own, such as the environment or
// values no test can set, use Of(s), the Source of a path (Scalar,
// MaxSize, IsReplay, Bounds), and the Builder's BuildString, AssumeBuilt,
// Choose, NoteMapBound, NoteFixedBound and IsSizeBound. NewSymbolic makes
// a Source of fresh variables. LenName, ElemName and MapKeyName name the
// variables of an input's parts.
//
// Everything else is internal. A new way to build an input belongs here,
// behind the same contract.
package inputs
