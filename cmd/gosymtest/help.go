package main

import (
	_ "embed"
	"go/parser"
	"go/token"
)

// docSource is this command's doc.go. The help text is its package
// comment, so the documentation and -help cannot drift apart.
//
//go:embed doc.go
var docSource []byte

// helpText returns the package comment of doc.go as plain text.
func helpText() string {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", docSource, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		// doc.go is compiled into this binary, so it parsed when
		// the binary was built; a test checks that it has a comment.
		return shortUsage
	}
	return f.Doc.Text()
}

// shortUsage follows the message for a command line error.
const shortUsage = "usage: gosymtest [flags] [packages]\nRun 'gosymtest -help' for details.\n"
