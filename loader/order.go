package loader

import (
	"cmp"
	"go/token"
)

// ComparePos orders two positions of fset by file name, then offset in
// the file; an invalid position (no file name) comes first. Comparing
// the token.Pos values themselves is not a fixed order: go/packages
// parses a package's files in parallel, so which file gets the lower base
// in the file set changes from run to run, and so would whatever is
// sorted by it.
func ComparePos(fset *token.FileSet, a, b token.Pos) int {
	pa, pb := fset.Position(a), fset.Position(b)
	return cmp.Or(cmp.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset))
}
