package loader

import (
	"errors"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// expandPatterns returns the patterns to hand to the go command.
//
// The go command never matches a directory named testdata with a
// wildcard, not even at the root of the pattern: "go list ./testdata/..."
// matches no packages. Yet a user who writes that pattern plainly means
// the packages in there, and they are part of the main module, so they
// can be loaded by directory. Such patterns are expanded here into one
// directory pattern per package directory below the root; every other
// pattern is passed through unchanged.
func expandPatterns(dir string, patterns []string) ([]string, error) {
	var out []string
	for _, pattern := range patterns {
		root, ok := testdataWildcardRoot(pattern)
		if !ok {
			out = append(out, pattern)
			continue
		}
		dirs, err := packageDirs(dir, root)
		if err != nil {
			return nil, err
		}
		out = append(out, dirs...)
	}
	return out, nil
}

// testdataWildcardRoot reports whether pattern is a file system wildcard
// ("./x/...", "../x/...", "/abs/x/...") whose root lies inside a
// directory named testdata, and returns that root.
func testdataWildcardRoot(pattern string) (string, bool) {
	if !isLocalPattern(pattern) {
		return "", false
	}
	root, ok := strings.CutSuffix(pattern, "/...")
	if !ok || strings.Contains(root, "...") {
		return "", false
	}
	for _, elem := range strings.Split(filepath.ToSlash(filepath.Clean(root)), "/") {
		if elem == "testdata" {
			return root, true
		}
	}
	return "", false
}

// isLocalPattern reports whether pattern names directories rather than
// import paths, by the go command's rules.
func isLocalPattern(pattern string) bool {
	return pattern == "." || pattern == ".." ||
		strings.HasPrefix(pattern, "./") || strings.HasPrefix(pattern, "../") ||
		filepath.IsAbs(pattern)
}

// packageDirs lists, as directory patterns relative to dir where
// possible, the directories at or below root (itself relative to dir)
// that hold a non-test Go package. Like the go command, it skips
// directories whose names begin with "." or "_", nested testdata
// directories, and nested modules. A root that does not exist is passed
// through as a plain directory pattern so that the go command reports it.
func packageDirs(dir, root string) ([]string, error) {
	absRoot := root
	if !filepath.IsAbs(absRoot) {
		absRoot = filepath.Join(dir, root)
	}
	if info, err := os.Stat(absRoot); err != nil || !info.IsDir() {
		return []string{root}, nil
	}
	var dirs []string
	err := filepath.WalkDir(absRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if path != absRoot {
			name := d.Name()
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		if holdsPackage(path) {
			dirs = append(dirs, directoryPattern(dir, path))
		}
		return nil
	})
	return dirs, err
}

// holdsPackage reports whether dir has Go files that the build would
// compile, test files aside. A directory whose files do not even parse
// still counts: it is a package, and a broken one must be reported.
func holdsPackage(dir string) bool {
	pkg, err := build.Default.ImportDir(dir, 0)
	var noGo *build.NoGoError
	if errors.As(err, &noGo) {
		return false
	}
	if err != nil {
		return true
	}
	return len(pkg.GoFiles)+len(pkg.CgoFiles) > 0
}

// directoryPattern writes path as "./rel" when it is inside dir, so that
// the go command resolves it in the module rooted there.
func directoryPattern(dir, path string) string {
	rel, ok := relativeInside(dir, path)
	switch {
	case !ok:
		return path
	case rel == ".":
		return "."
	}
	return "./" + filepath.ToSlash(rel)
}

// relativeInside returns path relative to dir, if path is dir or inside it.
func relativeInside(dir, path string) (string, bool) {
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}
