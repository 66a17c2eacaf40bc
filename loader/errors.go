package loader

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// LoadError is one reason why a package was left out.
type LoadError struct {
	Package string // import path
	Pos     string // "file:line:col" (file path as go/packages reports it, or relative to Dir), may be "" if unknown
	Msg     string
}

// String formats the error as "package: file:line:col: message".
func (e LoadError) String() string {
	if e.Pos == "" {
		return e.Package + ": " + e.Msg
	}
	return e.Package + ": " + e.Pos + ": " + e.Msg
}

// collectErrors reports every package of the program that has errors of
// its own (whether it matched the patterns or is a dependency, so that
// the root cause is always shown; of the syntax errors in a file only the
// first), and every initial package that is left
// out only because something it imports is broken.
func collectErrors(dir string, initial []*packages.Package) []LoadError {
	var errs []LoadError
	packages.Visit(initial, nil, func(p *packages.Package) {
		parseErrorIn := make(map[string]bool)
		for _, e := range p.Errors {
			pos := relativePos(dir, e.Pos)
			if e.Kind == packages.ParseError {
				// After the first syntax error in a file the parser
				// mostly reports its own confusion; the first one
				// is the one to fix.
				file, _, _ := splitPos(pos)
				if parseErrorIn[file] {
					continue
				}
				parseErrorIn[file] = true
			}
			errs = append(errs, LoadError{Package: packageName(p), Pos: pos, Msg: e.Msg})
		}
	})
	for _, p := range initial {
		if len(p.Errors) == 0 && (p.Types == nil || p.IllTyped) {
			errs = append(errs, LoadError{Package: packageName(p), Msg: dependencyMessage(p)})
		}
	}
	return sortErrors(errs)
}

// dependencyMessage explains why a package without errors of its own is
// ill-typed: it names the broken packages it imports, directly or not.
func dependencyMessage(p *packages.Package) string {
	var broken []string
	packages.Visit([]*packages.Package{p}, nil, func(dep *packages.Package) {
		if dep != p && len(dep.Errors) > 0 {
			broken = append(broken, packageName(dep))
		}
	})
	if len(broken) == 0 {
		return "package could not be type-checked"
	}
	sort.Strings(broken)
	return "skipped: depends on broken package " + strings.Join(broken, ", ")
}

// packageName is the import path, or the ID when the go command could not
// resolve one (for example a pattern naming a directory that does not
// exist).
func packageName(p *packages.Package) string {
	if p.PkgPath != "" {
		return p.PkgPath
	}
	return p.ID
}

// relativePos rewrites the file of a "file:line:col" position relative to
// dir when the file is inside dir, so messages stay short; "-" (no
// position) becomes "".
func relativePos(dir, pos string) string {
	if pos == "-" {
		return ""
	}
	file, line, col := splitPos(pos)
	if !filepath.IsAbs(file) {
		return pos
	}
	rel, ok := relativeInside(dir, file)
	if !ok {
		return pos
	}
	return joinPos(rel, line, col)
}

// splitPos splits "file:line:col" or "file:line" into its parts; line and
// col are 0 when absent. The file part may itself contain colons.
func splitPos(pos string) (file string, line, col int) {
	file = pos
	var nums []int
	for range 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(file[i+1:])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		file = file[:i]
	}
	switch len(nums) {
	case 1:
		line = nums[0]
	case 2:
		line, col = nums[0], nums[1]
	}
	return file, line, col
}

func joinPos(file string, line, col int) string {
	switch {
	case line == 0:
		return file
	case col == 0:
		return fmt.Sprintf("%s:%d", file, line)
	default:
		return fmt.Sprintf("%s:%d:%d", file, line, col)
	}
}

// sortErrors orders errors by package, then file, line and column
// numerically, then message, and drops exact duplicates (go/packages can
// report the same list error for several packages).
func sortErrors(errs []LoadError) []LoadError {
	sort.SliceStable(errs, func(i, j int) bool {
		a, b := errs[i], errs[j]
		if a.Package != b.Package {
			return a.Package < b.Package
		}
		af, al, ac := splitPos(a.Pos)
		bf, bl, bc := splitPos(b.Pos)
		switch {
		case af != bf:
			return af < bf
		case al != bl:
			return al < bl
		case ac != bc:
			return ac < bc
		}
		return a.Msg < b.Msg
	})
	out := errs[:0]
	for _, e := range errs {
		if len(out) > 0 && e == out[len(out)-1] {
			continue
		}
		out = append(out, e)
	}
	return out
}
