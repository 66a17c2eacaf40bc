package solver

import (
	"context"
	"maps"
	"sync"
)

// MemStore is a Store in memory, for tests: it keeps what is saved for
// as long as it lives, and is safe for concurrent use.
type MemStore struct {
	mu     sync.Mutex
	scopes map[string]map[string][]byte
	// Saves counts the calls to Save that added entries.
	Saves int
}

// NewMemStore is an empty MemStore.
func NewMemStore() *MemStore { return &MemStore{scopes: map[string]map[string][]byte{}} }

// Load implements Store; the map is a copy.
func (s *MemStore) Load(ctx context.Context, scope string) (map[string][]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.scopes[scope]), nil
}

// Save implements Store.
func (s *MemStore) Save(ctx context.Context, scope string, entries map[string][]byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.scopes[scope] == nil {
		s.scopes[scope] = map[string][]byte{}
	}
	for k, v := range entries {
		s.scopes[scope][k] = append([]byte(nil), v...)
	}
	s.Saves++
	return nil
}

// Len is the number of entries under scope.
func (s *MemStore) Len(scope string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.scopes[scope])
}

// Close implements Store.
func (s *MemStore) Close() error { return nil }
