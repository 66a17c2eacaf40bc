package report

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// Tested is the statement coverage of the emitted tests, as go test
// -coverprofile measured it on the tests that passed validation. With an
// Input.Tested, a cover block counts as covered only when one of those
// tests executed it: a path the executor explored but that produced no
// test (it stopped at an unsupported instruction, its case was dropped)
// covers nothing.
type Tested struct {
	hit   map[string]bool // by profile key, "file:l0.c0,l1.c1 n"
	files map[string]bool // the files the profiles have blocks of
}

// NewTested returns an empty Tested: no test ran, nothing is covered.
func NewTested() *Tested { return &Tested{hit: map[string]bool{}, files: map[string]bool{}} }

// AddProfile merges one coverprofile (any mode) into t: a block is
// covered when any profile counts it.
func (t *Tested) AddProfile(profile []byte) error {
	sc := bufio.NewScanner(bytes.NewReader(profile))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for first := true; sc.Scan(); first = false {
		line := strings.TrimSpace(sc.Text())
		if line == "" || first && strings.HasPrefix(line, "mode:") {
			continue
		}
		sp := strings.LastIndexByte(line, ' ')
		if sp < 0 || !strings.Contains(line[:sp], ":") {
			return fmt.Errorf("bad coverprofile line %q", line)
		}
		count := line[sp+1:]
		if strings.TrimLeft(count, "0123456789") != "" || count == "" {
			return fmt.Errorf("bad coverprofile line %q", line)
		}
		key := line[:sp]
		t.hit[key] = t.hit[key] || strings.TrimLeft(count, "0") != ""
		t.files[key[:strings.LastIndexByte(key, ':')]] = true
	}
	return sc.Err()
}

// ran tells whether a test executed the block with this profile key.
func (t *Tested) ran(key string) bool { return t.hit[key] }

// unmatched tells that the profiles cover file but have no block with
// this key: the report's blocks and go test's differ there, and the
// coverage counted for the block (none) may be wrong.
func (t *Tested) unmatched(file, key string) bool {
	_, ok := t.hit[key]
	return t.files[file] && !ok
}

// noTestDetail says why block i, which the exploration of f entered, was
// executed by no emitted test: the first path that entered it and
// produced no test case says how it ended; when every such path had a
// test, its case was dropped at validation or not written (the log says
// which), or, when every path that entered it depends on values a test
// cannot set, Go ran them otherwise.
func noTestDetail(f *Func, fi *fileIndex, mine map[*ssa.Function]bool, i int) string {
	entered := func(p *machine.PathEnd) bool {
		set := make(map[*ssa.BasicBlock]bool, len(p.Blocks))
		for _, b := range p.Blocks {
			set[b] = true
		}
		c := coverage{counts: func(fn *ssa.Function) bool { return mine[fn] }, covered: func(b *ssa.BasicBlock) bool { return set[b] }}
		return fi.eval(i, c, map[int]value{}) == ran
	}
	var tested []*machine.PathEnd
	for _, p := range f.Paths {
		if p.Test != nil && p.Test.Replayed && !p.Test.OrderDependent {
			tested = append(tested, p)
			continue
		}
		if entered(p) {
			return "the path that entered it produced no test: " + pathEnding(p)
		}
	}
	uncontrolled := false
	for _, p := range tested {
		if entered(p) {
			if !p.Test.Uncontrolled {
				return "the cases of the paths that entered it were dropped at validation or not written"
			}
			uncontrolled = true
		}
	}
	if uncontrolled {
		return "the paths that entered it depend on values the test cannot set (the clock, the call stack), and Go may run their cases otherwise"
	}
	return "the cases of the paths that entered it were dropped at validation or not written"
}

// pathEnding is how a path without a test ended, in a few words.
func pathEnding(p *machine.PathEnd) string {
	switch {
	case p.Kind == machine.EndUnsupported:
		if strings.HasPrefix(p.Reason, "unsupported:") || strings.HasPrefix(p.Reason, "unmodelled:") {
			return p.Reason
		}
		return "unsupported:" + p.Reason
	case p.Kind == machine.EndSolverUnknown:
		return "solver-unknown"
	case p.Kind == machine.EndDepth:
		return "bounds: " + p.Reason
	case p.Kind == machine.EndBudget:
		return "budget"
	case p.Kind == machine.EndInternal:
		return "internal: " + p.Reason
	case p.Test == nil:
		return "no inputs were found"
	case p.Test.OrderDependent:
		return "its outcome depends on map order"
	}
	return "its inputs were not replayed"
}
