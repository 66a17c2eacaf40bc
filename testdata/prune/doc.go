// Package prune holds the redundant-state detector's fixtures, after
// Bugrara and Engler, "Redundant State Detection for Dynamic Symbolic
// Execution" (USENIX ATC 2013): the paper's §2 program in Go (paper.go), the scaling family
// of N independent branches followed by one hard branch (indep.go,
// written by gen_indep.sh), and the cases where a careless detector is
// unsound: values chosen by φs, and writes through pointers and struct
// fields (phi.go, fields.go), writes under a branch that the mod analysis
// tells from the objects a later branch tests, or not (modsets.go),
// states that differ only in a channel's
// object (chans.go), and a function whose inputs can be built only in
// part (limited.go).
//
// The detector's tests (package detector) assert what each should prune;
// like every testdata package, these are also explored and their tests
// replayed by the tool's other tests.
package prune
