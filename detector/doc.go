// Package detector is gosymtest's redundant-state detector, after Bugrara
// and Engler, "Redundant State Detection for Dynamic Symbolic Execution":
// it prunes a state whose relevant values match a relevant constraint set
// recorded on a path already explored from the same context-sensitive
// point.
//
// # Decision trees (§3.7)
//
// The relevant constraint sets recorded at one context-sensitive point
// are indexed by a decision tree (tree in dtree.go), so that a state
// finds the sets it may match with few look-ups of its values instead of
// comparing itself with every set. A set is a map from locations to value
// keys (hashes of the values); a state matches a set when it gives every
// location of the set that value. A non-leaf node is labelled with a
// location and has one edge per value of that location among the sets
// below it, plus an undef edge to the sets that do not constrain it; a
// leaf holds identical sets.
//
// The search is sound, unlike the paper's rule 1: where the state gives
// the label a value, it follows that value's edge and also the undef
// edge, since a set that does not constrain a location agrees with any
// value of it (the paper's own example state matches set {x=2, u=11},
// which its search misses). Where the state lacks the label, only the
// undef edge is followed. Each location is looked up at most once per
// search.
//
// Value keys are hashes, so the tree offers candidates: the caller's match
// confirms each (SameValue on the snapshot's values) before it prunes.
//
// Construction follows the paper: a node is split on the location with
// the most distinct values among its sets (ties to the location seen
// first), sets are inserted lazily at the next search, and when an
// insertion gives some location more distinct values than a node's
// label, only that node's subtree is rebuilt. Once the label has four
// values or more, a rebuild waits until the other location has a quarter
// more, so that locations trading the lead cannot rebuild the tree at
// every insertion.
package detector
