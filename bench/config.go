package main

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// Kinds of corpus entries: where the package's source comes from.
const (
	kindFixture = "fixture" // a directory of this repository
	kindStd     = "std"     // a package of GOROOT/src
	kindMod     = "mod"     // a module version from the module proxy
)

// entry is one line of the corpus file.
type entry struct {
	Kind   string
	Name   string // row name; the scratch module is bench.local/Name
	Source string // directory, std import path, or module@version[/dir]
	Quick  bool   // part of the -quick run
	Seeds  bool   // a fixture with hard guards: the fuzz-seeded arm runs on it
	// Subject marks a solver-bench subject (testdata/solverbench, tag
	// subject): selected only when a solver arm runs, and measured by
	// the solver arms alone (solver.go).
	Subject bool
}

var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// parseCorpus reads the corpus file: one entry per line, '#' comments,
// blank lines ignored. It rejects unknown kinds and tags and duplicate
// names, so that a typo fails the run at once instead of silently
// shrinking the corpus.
func parseCorpus(r io.Reader) ([]entry, error) {
	var out []entry
	seen := make(map[string]bool)
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		if len(f) < 3 {
			return nil, fmt.Errorf("corpus line %d: want kind name source [quick] [seeds] [subject], got %q", line, sc.Text())
		}
		e := entry{Kind: f[0], Name: f[1], Source: f[2]}
		switch e.Kind {
		case kindFixture, kindStd:
		case kindMod:
			if !strings.Contains(e.Source, "@") {
				return nil, fmt.Errorf("corpus line %d: module %q needs @version", line, e.Source)
			}
		default:
			return nil, fmt.Errorf("corpus line %d: unknown kind %q (want fixture, std or mod)", line, e.Kind)
		}
		if !nameRE.MatchString(e.Name) {
			return nil, fmt.Errorf("corpus line %d: bad name %q (lower case letters, digits, '-')", line, e.Name)
		}
		if seen[e.Name] {
			return nil, fmt.Errorf("corpus line %d: duplicate name %q", line, e.Name)
		}
		seen[e.Name] = true
		for _, tag := range f[3:] {
			switch tag {
			case "quick":
				e.Quick = true
			case "seeds":
				e.Seeds = true
			case "subject":
				e.Subject = true
			default:
				return nil, fmt.Errorf("corpus line %d: unknown tag %q", line, tag)
			}
		}
		out = append(out, e)
	}
	return out, sc.Err()
}

// modulePath returns the import path the entry's code had, which the copy
// rewrites to bench.local/NAME; "" for fixtures, whose directory is the
// package and which import no sibling. For a package in a directory of a
// module (golang.org/x/mod@v0.42.0/semver) it is the package's path,
// golang.org/x/mod/semver.
func (e entry) modulePath() string {
	switch e.Kind {
	case kindStd:
		return e.Source
	case kindMod:
		mod, dir := e.moduleVersion()
		path := mod[:strings.LastIndexByte(mod, '@')]
		if dir != "" {
			path += "/" + dir
		}
		return path
	}
	return ""
}

// moduleVersion splits a module entry's source into module@version, what
// go mod download takes, and the package's directory in the module ("" for
// the module's root).
func (e entry) moduleVersion() (mod, dir string) {
	at := strings.LastIndexByte(e.Source, '@')
	if i := strings.IndexByte(e.Source[at:], '/'); i >= 0 {
		return e.Source[:at+i], e.Source[at+i+1:]
	}
	return e.Source, ""
}

// importPath is the package's import path in the scratch copy.
func (e entry) importPath() string { return "bench.local/" + e.Name }
