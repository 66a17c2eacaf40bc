// Package store keeps the solver chain's answers across runs and
// machines: the implementations of solver.Store that cmd/gosymtest's
// -store flag chooses.
//
//   - File (the default) keeps one file per scope in a directory, by
//     default os.UserCacheDir()/gosymtest/<namespace>. A file is written
//     through a temporary file and a rename, so a reader sees the old
//     file or the whole new one. A save reads the file again, merges its
//     entries and writes the result while it holds an exclusive lock
//     (flock) on the scope's lock file, so two processes saving the same
//     scope at once both keep their entries. A file that is corrupt or
//     truncated (its checksum fails) is read as empty, reported through
//     Options.Warn, and replaced by the next save.
//   - Redis (redis://host:port[/db]) keeps one hash per scope under the
//     key gosymtest:<namespace>:<scope>, so that the machines of a CI
//     matrix share one store. HSET replaces the fields it names and keeps
//     the others, which is the merge two writers need. Connecting and
//     every command have timeouts; a server that cannot be reached when
//     the store opens is an error that names the flag.
//
// # The namespace: which answers may be reused
//
// An entry is a formula (the cache layer's canonical form of a query) and
// Z3's answer to it. Whether a formula is satisfiable does not depend on
// the program it came from, so the user's code is not part of the key:
// a changed function asks different formulas, and the formulas it still
// asks have the same answers. What could make a stored answer wrong is a
// different translation of the formula to Z3 (a fix in package solver),
// a different encoding of the keys (a change in the cache layer), or a
// different Z3. So every build of gosymtest, with every Z3 library, gets
// a namespace of its own: Namespace hashes the content of the running
// executable and Z3's full version (solver.Z3Version), since with a
// dynamically linked libz3 an upgrade of Z3 alone leaves the executable
// as it was. A different Z3 would give other models, so reusing the old
// ones would make a rerun write other tests than a fresh run does.
//
// Entries are grouped by scope, the explored function's full name
// (solver.ChainOptions.Scope): a chain replays the answers its own
// function got, whatever ran before it, so that reruns write the same
// tests.
//
// # Statistics
//
// The cache layer counts loads, saves and hits; a store counts its own
// latency (Stats), so that the file and Redis stores can be compared.
package store
