// Package dictionary collects the words of a package: strings its own
// source suggests as inputs, the way a fuzzer's dictionary seeds it.
// A parser's front door (Parse, NewVersion) wants a shape that no short
// string a solver picks has, so exploration alone tests only its
// failures; the package's constants, the literals of its examples and
// the strings its regexps match are the shapes its authors had in mind.
//
// Words is the whole contract: a bounded, deterministic list of distinct
// words for one package. The list is the package's string constants and
// string variables with a constant initialiser, the constant strings it
// passes to its own functions, the string literals of the Example
// functions of its _test.go files and the string arguments of the calls
// its doc comments show, then strings generated from the regexps it
// compiles from a constant, each followed by a variant that fails to
// match at one part, then the constant prefixes it checks its inputs
// for, joined to those words and alone, and last the strings the doc
// comments of its exported functions quote ("&lt;"). It imports nothing of the
// engine: which inputs get the words is the engine's business.
package dictionary
