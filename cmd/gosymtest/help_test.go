package main

import (
	"flag"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestHelpListsExactlyTheFlags compares the flags the command defines with
// those -help lists (the tab-indented "-name" lines of doc.go's flag
// list), both ways, and with those README.md's usage names: a flag added
// without its documentation, or documentation left behind by a flag that
// is gone, fails.
func TestHelpListsExactlyTheFlags(t *testing.T) {
	defined := map[string]bool{}
	newFlagSet(&config{}).VisitAll(func(f *flag.Flag) { defined[f.Name] = true })

	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\t(-[a-z][a-z-]*(?:, -[a-z][a-z-]*)*)`).FindAllStringSubmatch(helpText(), -1) {
		for _, name := range strings.Split(m[1], ", ") {
			listed[strings.TrimPrefix(name, "-")] = true
		}
	}
	// -h and -help are the flag package's own.
	if !listed["h"] || !listed["help"] {
		t.Errorf("help does not list -h, -help")
	}
	delete(listed, "h")
	delete(listed, "help")
	compare(t, "help", defined, listed)

	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	usage := string(readme)
	usage = usage[strings.Index(usage, "## Usage"):]
	usage = usage[:strings.Index(usage[1:], "\n## ")+1]
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`-([a-z][a-z-]*)").FindAllStringSubmatch(usage, -1) {
		named[m[1]] = true
	}
	compare(t, "README.md's usage", defined, named)
}

// compare reports the flags defined but not documented in where, and
// those documented there but not defined.
func compare(t *testing.T, where string, defined, documented map[string]bool) {
	t.Helper()
	var missing, extra []string
	for name := range defined {
		if !documented[name] {
			missing = append(missing, "-"+name)
		}
	}
	for name := range documented {
		if !defined[name] {
			extra = append(extra, "-"+name)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 {
		t.Errorf("%s does not document %v", where, missing)
	}
	if len(extra) > 0 {
		t.Errorf("%s documents %v, which the command does not define", where, extra)
	}
}
