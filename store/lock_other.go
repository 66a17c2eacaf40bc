//go:build !unix

package store

import "sync"

// lockMu stands in for flock where there is none: it serialises the
// saves of one process; two processes saving one scope at once may then
// lose one's entries (never write a corrupt file: the rename is whole).
var lockMu sync.Mutex

func lockFile(string) (unlock func(), err error) {
	lockMu.Lock()
	return lockMu.Unlock, nil
}
