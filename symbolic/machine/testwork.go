package machine

// The paths a work limit lets the exploration explore must not depend on
// the models the solver gives. They differ from one solver to another for
// the same query: a cache answers with a model it stored for another
// query, and Z3's own depends on what it was asked before. Making a test
// takes a number of queries and steps that depends on the model: the
// search for readable inputs asks less when the first model is readable
// already, and a run to the end of a pruned path goes where its model
// leads. Were that work counted against Config.MaxWork, a run whose
// answers came from the store (a rerun), or from a solver chain with
// other layers, would stop its exploration at another path: on
// encoding/base32 at a limit of 500,000, with every cache on, 4 of its
// 21 functions explored other paths than with none (Encoding.Decode 30,
// against 29). So MaxWork bounds the exploration's own work, and the
// work of making a test is bounded by its makers (pick.ReadableQueries, the
// step bound of a replay, the mutation pass's allowance).

// MakingTests runs makeTest, which makes a test of a path the exploration
// ended, and counts the work it adds to Summary.Work as Summary.TestWork
// too.
func (e *Machine) MakingTests(makeTest func()) {
	start := e.Summary.Work
	makeTest()
	e.Summary.TestWork += e.Summary.Work - start
}

// ExplorationWork is the work of the exploration itself, in
// Config.MaxWork's units: what MaxWork bounds.
func (s *Summary) ExplorationWork() int64 { return s.Work - s.TestWork }
