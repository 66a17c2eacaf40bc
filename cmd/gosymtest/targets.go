package main

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// target is one function selected for exploration.
type target struct {
	pkg  string // import path
	name string // as loader.FuncName gives it, and -run matches it
	pos  string // file:line of the declaration
	fn   *ssa.Function
	// through, only in the list of targets, names the targets that test
	// a method that is not one itself (loader.Through).
	through []string
}

// selectTargets returns the targets of every loaded package whose name
// run matches (all of them when run is nil), in the loader's order:
// packages by import path, functions by position. Positions are written
// relative to dir when the file is inside it.
func selectTargets(prog *loader.Program, run *regexp.Regexp, dir string) []target {
	var selected []target
	for _, pkg := range prog.Packages {
		for _, fn := range pkg.Targets {
			name := loader.FuncName(fn)
			if run != nil && !run.MatchString(name) {
				continue
			}
			selected = append(selected, target{
				pkg:  pkg.Path,
				name: name,
				pos:  funcPos(prog, dir, fn.Pos()),
				fn:   fn,
			})
		}
	}
	return selected
}

// shortPath writes file relative to dir if it is inside dir.
func shortPath(dir, file string) string {
	rel, err := filepath.Rel(dir, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return file
	}
	return rel
}
