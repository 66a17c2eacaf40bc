package loader

import (
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// harnessPackages are the standard packages whose functions the input
// harness calls to make inputs as callers make them: strings.NewReader
// for an io.Reader, new(bytes.Buffer) for an io.Writer, errors.New for
// an error. They are loaded with every program, so that a package whose
// imports do not bring them in (text/scanner takes an io.Reader and
// never imports strings) still gets a reader over a string, not some
// other implementation of the program (a nil *io.LimitedReader). They
// are never targets unless the patterns name them.
var harnessPackages = []string{"bytes", "errors", "strings"}

// withHarness returns the patterns to load: the user's, then the harness
// packages.
func withHarness(patterns []string) []string {
	return append(slices.Clip(patterns), harnessPackages...)
}

// userPackages drops from what was loaded the harness packages that only
// withHarness asked for: those the patterns do not name by import path
// and whose directory is not below dir (a run inside GOROOT/src/strings
// targets strings itself).
func userPackages(dir string, patterns []string, loaded []*packages.Package) []*packages.Package {
	var out []*packages.Package
	for _, p := range loaded {
		if slices.Contains(harnessPackages, p.PkgPath) && !slices.Contains(patterns, p.PkgPath) && !below(p.Dir, dir) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// below reports whether path is dir or inside it.
func below(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// IsErrorType reports whether t is the predeclared error type.
func IsErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// IsBytesBuffer reports whether t is *bytes.Buffer, the io.Writer the
// harness makes: what a call writes to it is what a test checks.
func IsBytesBuffer(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "bytes" && named.Obj().Name() == "Buffer"
}
