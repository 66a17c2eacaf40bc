package solver

import "context"

// Store keeps solver answers across runs and machines. Entries are
// grouped by scope (ChainOptions.Scope, a function's full name): a chain
// loads its scope's entries when it starts and saves what it added when
// it closes. Keys and values are opaque to the Store; the cache layer
// encodes them. Implementations (a file in the user cache directory,
// Redis) are in package store; they must be safe for two processes that
// use the same scope at once, the last save of an entry winning.
type Store interface {
	// Load returns the entries saved under scope; none is not an error.
	Load(ctx context.Context, scope string) (map[string][]byte, error)
	// Save adds entries under scope, replacing those with the same keys.
	Save(ctx context.Context, scope string, entries map[string][]byte) error
	// Close releases the store's connections and files.
	Close() error
}
