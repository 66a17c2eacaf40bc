package loader

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// IsStandard reports whether the import path names a package of the
// standard library: its first element has no dot and GOROOT/src holds
// its directory. The dot alone is not enough: a module may be called
// "myapp" (module myapp in its go.mod), and its packages must not be
// taken for the standard library's, which may import internal/abi.
func IsStandard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	if first == "" || strings.Contains(first, ".") {
		return false
	}
	if known, ok := standardDirs.Load(path); ok {
		return known.(bool)
	}
	info, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(path)))
	std := err == nil && info.IsDir()
	standardDirs.Store(path, std)
	return std
}

// standardDirs caches IsStandard's answers by path.
var standardDirs sync.Map
