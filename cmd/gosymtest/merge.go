package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/gosymtest/gosymtest/report"
)

// runMerge is gosymtest merge: it combines the -stats files (and the
// -report files, and the test files) of the shards of one run (-shard
// i/n) into the files an unsharded run writes. Flags: -stats FILE and
// -report FILE, the merged files to write, and -tests, to join each
// package's shard test files into one (mergetests.go); the arguments are
// the shards' files, stats and reports in any order (told apart by their
// content).
func runMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gosymtest merge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var statsOut, reportOut string
	var tests bool
	fs.StringVar(&statsOut, "stats", "", "")
	fs.StringVar(&reportOut, "report", "", "")
	fs.BoolVar(&tests, "tests", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, helpText())
			return exitOK
		}
		fmt.Fprintf(stderr, "gosymtest merge: %v\n%s", err, mergeUsage)
		return exitUsage
	}
	if fs.NArg() == 0 || (statsOut == "" && reportOut == "" && !tests) {
		fmt.Fprintf(stderr, "gosymtest merge: want -stats, -report or -tests, and the shards' files\n%s", mergeUsage)
		return exitUsage
	}
	var shards []*stats
	var reports []*report.Report
	for _, name := range fs.Args() {
		s, r, err := readShardFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "gosymtest merge: %s: %v\n", name, err)
			return exitFail
		}
		if s != nil {
			shards = append(shards, s)
		} else {
			reports = append(reports, r)
		}
	}
	m, err := newMerger(shards)
	if err != nil {
		fmt.Fprintf(stderr, "gosymtest merge: %v\n", err)
		return exitFail
	}
	if statsOut != "" {
		if err := writeStatsFile(statsOut, m.stats()); err != nil {
			fmt.Fprintf(stderr, "gosymtest merge: %v\n", err)
			return exitFail
		}
	}
	if tests {
		if err := m.mergeTests(); err != nil {
			fmt.Fprintf(stderr, "gosymtest merge: -tests: %v\n", err)
			return exitFail
		}
	}
	if reportOut != "" {
		r, err := m.report(reports)
		if err == nil {
			err = writeFileAtomic(reportOut, r.WriteJSON)
		}
		if err != nil {
			fmt.Fprintf(stderr, "gosymtest merge: %v\n", err)
			return exitFail
		}
	}
	return exitOK
}

const mergeUsage = "usage: gosymtest merge [-stats FILE] [-report FILE] [-tests] SHARD-FILES...\nRun 'gosymtest -help' for details.\n"

// readShardFile reads a shard's -stats file (it has a shard object) or
// -report file (it has bounds).
func readShardFile(name string) (*stats, *report.Report, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, nil, err
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		return nil, nil, fmt.Errorf("not a gosymtest -stats or -report file: %v", err)
	}
	dec := func(v any) error {
		d := json.NewDecoder(bytes.NewReader(data))
		d.DisallowUnknownFields()
		return d.Decode(v)
	}
	switch {
	case keys["bounds"] != nil:
		var r report.Report
		if err := dec(&r); err != nil {
			return nil, nil, fmt.Errorf("reading the report: %v", err)
		}
		return nil, &r, nil
	case keys["totals"] != nil:
		var s stats
		if err := dec(&s); err != nil {
			return nil, nil, fmt.Errorf("reading the statistics: %v", err)
		}
		if s.Shard == nil {
			return nil, nil, errors.New("the statistics of a run without -shard")
		}
		return &s, nil, nil
	}
	return nil, nil, errors.New("not a gosymtest -stats or -report file")
}

// merger holds the shards' stats, checked to be the n parts of one run.
type merger struct {
	shards []*stats // by shard index
	// owner is the shard (its index in shards) that explored each target
	// (package.Func); targets the unsharded order.
	owner   map[string]int
	targets []string
	funcs   map[string]*functionStats // adjusted to the union's coverage
	// blocks are the union's cover blocks by package; packages their
	// order (the loader's: by import path).
	blocks   map[string][]report.Block
	packages []string
}

func newMerger(in []*stats) (*merger, error) {
	if len(in) == 0 {
		return nil, errors.New("no -stats file of a shard: merge needs every shard's")
	}
	n := in[0].Shard.Count
	m := &merger{shards: make([]*stats, n), owner: map[string]int{}, funcs: map[string]*functionStats{}, targets: in[0].Shard.Targets}
	for _, s := range in {
		sh := s.Shard
		if sh.Count != n {
			return nil, fmt.Errorf("shards of different splits: %d/%d and x/%d", sh.Index, sh.Count, n)
		}
		if m.shards[sh.Index-1] != nil {
			return nil, fmt.Errorf("shard %d/%d given twice", sh.Index, n)
		}
		if !slices.Equal(sh.Targets, m.targets) {
			return nil, fmt.Errorf("shard %d/%d selected other targets than shard %d/%d: not the same run", sh.Index, n, in[0].Shard.Index, n)
		}
		m.shards[sh.Index-1] = s
	}
	for i, s := range m.shards {
		if s == nil {
			return nil, fmt.Errorf("shard %d/%d is missing", i+1, n)
		}
		for j := range s.Functions {
			f := &s.Functions[j]
			k := f.Package + "." + f.Name
			if _, dup := m.owner[k]; dup {
				return nil, fmt.Errorf("%s explored by two shards", k)
			}
			m.owner[k], m.funcs[k] = i, f
		}
	}
	for _, k := range m.targets {
		if _, ok := m.owner[k]; !ok {
			return nil, fmt.Errorf("no shard explored %s", k)
		}
	}
	if err := m.unionBlocks(); err != nil {
		return nil, err
	}
	// A gap of a function that another shard's tests covered is covered
	// in the unsharded run, whose tests are all of the shards'.
	for _, f := range m.funcs {
		f.Uncovered = slices.DeleteFunc(f.Uncovered, func(g uncoveredJSON) bool {
			b, ok := m.block(f.Package, g.Pos)
			if ok && b.Covered {
				f.StatementsCovered += b.Statements
				if g.Reason == "dead" {
					f.StatementsDead -= b.Statements
				}
			}
			return ok && b.Covered
		})
	}
	return m, nil
}

// unionBlocks combines the shards' cover blocks: a block is covered when
// a shard's tests ran it, entered when a shard's exploration entered it.
func (m *merger) unionBlocks() error {
	m.blocks = map[string][]report.Block{}
	for i, s := range m.shards {
		for pkg, bs := range s.Shard.Blocks {
			u, ok := m.blocks[pkg]
			if !ok {
				m.blocks[pkg] = slices.Clone(bs)
				m.packages = append(m.packages, pkg)
				continue
			}
			if len(u) != len(bs) {
				return fmt.Errorf("shard %d/%d has other cover blocks in %s: not the same code", i+1, len(m.shards), pkg)
			}
			for j, b := range bs {
				if b.Pos != u[j].Pos || b.End != u[j].End {
					return fmt.Errorf("shard %d/%d has other cover blocks in %s: not the same code", i+1, len(m.shards), pkg)
				}
				u[j].Covered = u[j].Covered || b.Covered
				u[j].Entered = u[j].Entered || b.Entered
				u[j].Unmatched = u[j].Unmatched || b.Unmatched
			}
		}
	}
	for _, bs := range m.blocks {
		for j := range bs {
			bs[j].Unmatched = bs[j].Unmatched && !bs[j].Covered
		}
	}
	slices.Sort(m.packages)
	return nil
}

// block is pkg's cover block at pos.
func (m *merger) block(pkg, pos string) (report.Block, bool) {
	for _, b := range m.blocks[pkg] {
		if b.Pos == pos {
			return b, true
		}
	}
	return report.Block{}, false
}

// ordered are the merged functions in the unsharded run's order.
func (m *merger) ordered() []*functionStats {
	out := make([]*functionStats, 0, len(m.targets))
	for _, k := range m.targets {
		out = append(out, m.funcs[k])
	}
	return out
}

// gapOf is one function's verdict on an uncovered block.
type gapOf struct{ reason, detail string }

// packageCounts recomputes a package's counts over the union's blocks as
// report.Build does (buildPackage): funcGaps gives, for a block position,
// the gaps of the package's functions whose declaration holds it, in
// target order.
func (m *merger) packageCounts(pkg string, funcGaps func(pos string) []gapOf) (c report.Counts, reasons map[string]int, other []report.Gap) {
	reasons, other = map[string]int{}, []report.Gap{}
	for _, b := range m.blocks[pkg] {
		c.Statements += b.Statements
		if b.Entered {
			c.ExecutorCovered += b.Statements
		}
		if b.Unmatched {
			c.Unmatched += b.Statements
		}
		if b.Covered {
			c.Covered += b.Statements
			continue
		}
		gs := funcGaps(b.Pos)
		reason, detail := "not-explored", ""
		for k, g := range gs {
			if k == 0 || (reason == "dead" && g.reason != "dead") {
				reason, detail = g.reason, g.detail
			}
		}
		if b.Entered && reason != "no-test" {
			reason, detail = "no-test", "entered by the exploration of another function; no emitted test ran it"
		}
		if reason == "dead" {
			c.Dead += b.Statements
		}
		if b.Statements > 0 {
			reasons[reason] += b.Statements
		}
		if len(gs) == 0 {
			other = append(other, report.Gap{Pos: b.Pos, End: b.End, Statements: b.Statements, Reason: reason, Detail: detail})
		}
	}
	return c, reasons, other
}

// statsGaps gives packageCounts the gaps of the merged -stats functions.
func (m *merger) statsGaps(pkg string) func(string) []gapOf {
	return func(pos string) []gapOf {
		var out []gapOf
		for _, f := range m.ordered() {
			if f.Package != pkg {
				continue
			}
			for _, g := range f.Uncovered {
				if g.Pos == pos {
					out = append(out, gapOf{g.Reason, g.Detail})
				}
			}
		}
		return out
	}
}

// stats is the merged -stats file.
func (m *merger) stats() stats {
	first := m.shards[0]
	s := stats{Functions: []functionStats{}, LoadErrors: first.LoadErrors, Disagreements: []disagreementJSON{}, Store: storeStatsJSON{Kind: storeOff}}
	t := &s.Totals
	t.Packages, t.PackagesFailed = first.Totals.Packages, first.Totals.PackagesFailed
	// SolverLayers stays nil (null) until a function adds to it, as in
	// newStats.
	for _, sh := range m.shards {
		o := sh.Totals
		t.Functions += o.Functions
		t.FunctionsExplored += o.FunctionsExplored
		t.FunctionsSkipped += o.FunctionsSkipped
		t.Paths += o.Paths
		t.Pruned += o.Pruned
		t.PruneMs += o.PruneMs
		t.Instructions += o.Instructions
		t.SolverQueries += o.SolverQueries
		t.SolverMs += o.SolverMs
		t.TestsEmitted += o.TestsEmitted
		t.TestsDropped += o.TestsDropped
		t.Disagreements += o.Disagreements
		t.FuzzTargets += o.FuzzTargets
		t.FuzzSeeds += o.FuzzSeeds
		t.WallMs += o.WallMs
		t.TestsNotCompiled += o.TestsNotCompiled
		t.ValidationRuns += o.ValidationRuns
		s.Store = addStore(s.Store, sh.Store)
	}
	for _, f := range m.ordered() {
		if f.SolverLayers != nil { // explored
			t.SolverLayers = addLayers(t.SolverLayers, f.SolverLayers)
		}
		t.Blocks += f.Blocks
		t.BlocksCovered += f.BlocksCovered
		t.BlocksDead += f.BlocksDead
		s.Functions = append(s.Functions, *f)
	}
	// Disagreements by package (the loader's order), each shard's in its
	// own order.
	for _, pkg := range m.packagesOf() {
		for _, sh := range m.shards {
			for _, d := range sh.Disagreements {
				if d.Package == pkg {
					s.Disagreements = append(s.Disagreements, d)
				}
			}
		}
	}
	for _, pkg := range m.packages {
		c, _, _ := m.packageCounts(pkg, m.statsGaps(pkg))
		t.Statements += c.Statements
		t.StatementsCovered += c.Covered
		t.StatementsDead += c.Dead
		t.StatementsExecutorCovered += c.ExecutorCovered
	}
	return s
}

// packagesOf lists the packages of the targets and of the blocks, by
// import path.
func (m *merger) packagesOf() []string {
	set := slices.Clone(m.packages)
	for _, f := range m.funcs {
		set = append(set, f.Package)
	}
	slices.Sort(set)
	return slices.Compact(set)
}

// addStore sums two store objects; the kind is the first one used.
func addStore(a, b storeStatsJSON) storeStatsJSON {
	if a.Kind == storeOff {
		a.Kind = b.Kind
	}
	a.Loads += b.Loads
	a.Saves += b.Saves
	a.EntriesLoaded += b.EntriesLoaded
	a.EntriesSaved += b.EntriesSaved
	a.LoadMs += b.LoadMs
	a.SaveMs += b.SaveMs
	a.Errors += b.Errors
	return a
}

// report is the merged -report file; reports are the shards' (any
// order; a report belongs to the shard whose functions it lists).
func (m *merger) report(reports []*report.Report) (*report.Report, error) {
	funcs := map[string]*report.FuncReport{}
	var first *report.Report
	for _, r := range reports {
		for _, p := range r.Packages {
			for _, f := range p.Functions {
				k := p.Path + "." + f.Name
				if _, dup := funcs[k]; dup {
					return nil, fmt.Errorf("%s is in two reports", k)
				}
				funcs[k] = f
			}
		}
		if first == nil || len(r.Packages) > len(first.Packages) {
			first = r
		}
	}
	if first == nil {
		return nil, errors.New("no -report file of a shard")
	}
	for _, k := range m.targets {
		if funcs[k] == nil {
			return nil, fmt.Errorf("no report lists %s: give each shard's -report", k)
		}
	}
	out := &report.Report{Bounds: first.Bounds, Reasons: map[string]int{}, Packages: []*report.PackageReport{}}
	for k, fr := range funcs {
		pkg := strings.TrimSuffix(k, "."+fr.Name)
		fr.Uncovered = slices.DeleteFunc(fr.Uncovered, func(g report.Gap) bool {
			b, ok := m.block(pkg, g.Pos)
			if ok && b.Covered {
				fr.Covered += g.Statements
				if g.Reason == "dead" {
					fr.Dead -= g.Statements
				}
			}
			return ok && b.Covered
		})
	}
	for _, p := range first.Packages {
		pr := &report.PackageReport{Path: p.Path, Functions: []*report.FuncReport{}}
		var fns []*report.FuncReport
		for _, k := range m.targets {
			if fr := funcs[k]; fr != nil && strings.TrimSuffix(k, "."+fr.Name) == p.Path {
				fns = append(fns, fr)
			}
		}
		for _, fr := range fns {
			pr.Functions = append(pr.Functions, fr)
			pr.Funcs++
			if fr.Skipped == "" {
				pr.Explored++
			}
			if fr.Exhausted {
				pr.Exhausted++
			}
		}
		c, reasons, other := m.packageCounts(p.Path, func(pos string) []gapOf {
			var out []gapOf
			for _, fr := range fns {
				for _, g := range fr.Uncovered {
					if g.Pos == pos {
						out = append(out, gapOf{g.Reason, g.Detail})
					}
				}
			}
			return out
		})
		c.Funcs, c.Explored, c.Exhausted = pr.Funcs, pr.Explored, pr.Exhausted
		pr.Counts, pr.Reasons, pr.Other = c, reasons, other
		out.Packages = append(out.Packages, pr)
		addCounts(&out.Totals, c)
		for k, n := range reasons {
			out.Reasons[k] += n
		}
	}
	return out, nil
}

// addCounts adds o into c as report.Build sums its packages.
func addCounts(c *report.Counts, o report.Counts) {
	c.Funcs += o.Funcs
	c.Explored += o.Explored
	c.Exhausted += o.Exhausted
	c.Statements += o.Statements
	c.Covered += o.Covered
	c.Dead += o.Dead
	c.ExecutorCovered += o.ExecutorCovered
	c.Unmatched += o.Unmatched
}
