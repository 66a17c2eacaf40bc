// Package concrete describes plain Go values: the inputs that a path's model
// gives a function under test, and the results that replaying those inputs in
// the interpreter gives back. The executor produces them and testgen writes
// them as Go literals, so neither depends on the other's internals.
//
// A Value is a tree. Sharing and cycles, which a literal cannot express, are
// not represented: the producer marks such a value Opaque, with the reason,
// and consumers leave it out of assertions.
package concrete
