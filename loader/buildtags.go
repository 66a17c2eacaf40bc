package loader

import (
	"go/build/constraint"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// pureGoTags are the build tags under which the standard library (and
// many modules) compile Go fallbacks instead of assembly: math/big's
// arithmetic, crypto's block functions, hash/maphash. The executor can only
// interpret Go bodies, so the program is loaded with these tags set, and
// dependencies then have bodies where they otherwise would have none.
var pureGoTags = []string{"purego", "math_big_pure_go"}

// pureGoBuildFlags is the go command flag that sets pureGoTags.
func pureGoBuildFlags() []string {
	return []string{"-tags=" + strings.Join(pureGoTags, ",")}
}

// usesPureGoTags reports whether a build constraint in one of the matched
// packages' own files mentions a pure-Go tag. Such a package would compile
// differently under the tags than under a plain go test, and the tests
// gosymtest writes for it are compiled without them, so the caller loads
// the program without the tags instead: the code under test is then exactly
// what go test builds, and only its dependencies lose their fallbacks.
func usesPureGoTags(initial []*packages.Package) bool {
	for _, p := range initial {
		files := append(append([]string(nil), p.GoFiles...), p.IgnoredFiles...)
		for _, f := range files {
			if fileMentionsTags(f, pureGoTags) {
				return true
			}
		}
	}
	return false
}

// fileMentionsTags reports whether the //go:build line of a Go file names
// one of tags. A file that cannot be read counts as not mentioning them:
// the go command already reported it.
func fileMentionsTags(path string, tags []string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "package ") {
			return false // build constraints come before the package clause
		}
		if !constraint.IsGoBuild(line) {
			continue
		}
		expr, err := constraint.Parse(line)
		if err != nil {
			return false
		}
		return mentions(expr, tags)
	}
	return false
}

// mentions reports whether a constraint expression names one of tags
// (Eval would not do: it stops early at && and ||).
func mentions(x constraint.Expr, tags []string) bool {
	switch x := x.(type) {
	case *constraint.TagExpr:
		return slices.Contains(tags, x.Tag)
	case *constraint.NotExpr:
		return mentions(x.X, tags)
	case *constraint.AndExpr:
		return mentions(x.X, tags) || mentions(x.Y, tags)
	case *constraint.OrExpr:
		return mentions(x.X, tags) || mentions(x.Y, tags)
	}
	return false
}
