// Package concrete describes plain Go values: the inputs that a path's model
// gives a function under test, and the results that replaying those inputs in
// the interpreter gives back. The executor produces them and testgen writes
// them as Go literals, so neither depends on the other's internals.
//
// A Value is a tree. Sharing and cycles, which a literal cannot express, are
// not represented: the producer marks such a value Opaque, with the reason,
// and consumers leave it out of assertions.
//
// A Test is a path's replayed test: its arguments, outcome and the state
// its arguments point to before and after the call. A Case is what the
// test writer takes of it.
package concrete
