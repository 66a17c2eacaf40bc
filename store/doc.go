// Package store keeps the solver chain's answers across runs and
// machines. It holds the implementations of solver.Store that
// cmd/gosymtest's -store flag chooses.
//
// # The paper
//
// Jia, Ghezzi and Ying, "Enhancing Reuse of Constraint Solutions to
// Improve Symbolic Execution" (ISSTA 2015, GreenTrie), §1 and §7.2. The
// Green framework they extend keeps solved constraints in Redis, so that
// a later run, of the same program or a changed one, reuses them. This
// package does the same for the answers of the chain's exact cache, in
// files or in Redis.
//
// # Contract
//
// A solver.Store has three methods. Load returns the entries saved under
// a scope. Save adds entries under a scope, replacing those with the same
// keys. Close releases files and connections. Keys and values are opaque
// here: the solver's cache layer encodes them. Two processes may use one
// scope at once; the last save of an entry wins.
//
// [Open] opens the store a spec names: a redis:// URL, or a directory.
// [DefaultDir] is the default directory. [Options] carry the namespace, a
// Warn function for problems that do not stop the store, and a timeout.
// A [Store] also reports its own counts and latency ([Stats]), so that the
// file and Redis stores can be compared. The cache layer counts its own
// loads, saves and hits.
//
// # File
//
// [File], the default, keeps one file per scope, in dir/<namespace>. The
// directory dir defaults to os.UserCacheDir()/gosymtest.
//
//   - A file is written to a temporary name and renamed. A reader sees the
//     old file or the whole new one.
//   - A save holds an exclusive lock (flock) on the scope's lock file. It
//     reads the file again, merges its entries, and writes the result. So
//     two processes saving one scope at once both keep their entries.
//   - A file that is corrupt or truncated fails its checksum. It is read
//     as empty, reported through Options.Warn, and replaced by the next
//     save.
//
// # Redis
//
// [Redis] (redis://host:port[/db]) keeps one hash per scope, under the key
// gosymtest:<namespace>:<scope>. The machines of a CI matrix can share it.
// HSET replaces the fields it names and keeps the others: that is the
// merge two writers need. Connecting and every command have timeouts
// ([DefaultTimeout]). A server that cannot be reached when the store opens
// is an error that names the flag.
//
// # The namespace: which answers may be reused
//
// An entry is a formula, in the cache layer's canonical form, and Z3's
// answer to it. Whether a formula is satisfiable does not depend on the
// program it came from. So the user's code is not part of the key. A
// changed function asks other formulas; the formulas it still asks have
// the same answers.
//
// A stored answer could be wrong only after a change in how a formula is
// translated to Z3, in how keys are encoded, or in Z3 itself. So every
// build of gosymtest, with every Z3 library, gets a namespace of its own.
// [Namespace] hashes the running executable and Z3's full version. The
// version counts too, since a dynamically linked libz3 can be upgraded
// alone. A different Z3 would give other models, and reusing the old ones
// would make a rerun write other tests than a fresh run does.
//
// # Scopes
//
// Entries are grouped by scope: the full name of the explored function
// (solver.ChainOptions.Scope). A chain replays the answers its own
// function got, whatever ran before it. So a rerun writes the same tests.
package store
