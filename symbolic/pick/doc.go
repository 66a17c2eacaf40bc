// Package pick chooses, among the models of a path condition, the one a
// test is written from.
//
// Any model of a path condition drives its path, but the solver's first
// model is often ugly: -9223372036854775806, "\x80\x02", NUL padding. A
// test reads better with "abc", 0 and 7. The executor asks a Picker for
// one of three models:
//
//   - Readable: the most readable model the search finds within a fixed
//     number of queries (readable.go). Each mentioned variable gets a
//     ladder of three preferences; bytes left unreadable are repaired by
//     evaluation (repair.go, runes.go) and large integers shrunk toward
//     zero (shrink.go).
//   - Canonical: a model that depends on the condition alone, not on
//     the solver's layers or on what the store held (canonical.go). The
//     runs to the end of cut paths take it, so that the blocks they
//     cover do not change with the model.
//   - Diverse: a model whose inputs differ from a given one where the
//     condition allows (diverse.go), for the propagation cases.
//
// Every query is bounded by a count and by Z3's resource units, never by
// time, so that two runs write the same tests however loaded the machine
// is. The path condition is always kept: the path stays the same, and the
// executor's replay of the inputs checks that it does.
//
// The package depends only on the terms (package expr) and the solver
// contract. What it must know of the inputs (which are signed integers,
// which bytes belong to arrays, which values no test sets) it asks the
// executor through the Picker's fields. It reads the names the executor
// gives input variables (names.go).
package pick
