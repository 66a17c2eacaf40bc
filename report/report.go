package report

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// Input is what a run explored.
type Input struct {
	Program  *ssa.Program
	Packages []Package
	// Bounds, Budget, MaxWork and MaxPaths are the limits the functions
	// were explored under; every dead claim is made within them.
	Bounds   machine.Bounds
	Budget   time.Duration
	MaxWork  int64 // machine.Config.MaxWork: 0 for no limit
	MaxPaths int
	// BaseDir is the directory positions are written relative to (the
	// module's); ModulePath, when set, shortens import paths in the text.
	BaseDir    string
	ModulePath string
	// Tested, when set, is what the emitted tests executed: a block is
	// covered only when one of them ran it, and a block the executor
	// entered but no test ran is a gap with reason no-test. Without it,
	// coverage is the executor's: every block a path entered.
	Tested *Tested
}

// Package is one loaded package and its selected functions.
type Package struct {
	Path  string // import path
	Dir   string
	Funcs []Func
	// Through are the methods that are not targets of their own, but
	// tested through the functions that build their receivers
	// (loader.Through).
	Through []Through
}

// Through is a method tested through the targets that build its
// receiver. It was not explored itself.
type Through struct {
	Name     string // as loader.FuncName gives it
	Fn       *ssa.Function
	Builders []string // the names of the targets it is tested through
}

// Func is one target function and what its exploration gave.
type Func struct {
	Name    string // as loader.FuncName gives it
	Fn      *ssa.Function
	Skipped string // why it was not explored; "" when it was
	Summary *machine.Summary
	Paths   []*machine.PathEnd

	through []string // for a Through: its builders
}

// Report is the coverage report of a run.
type Report struct {
	Bounds   Bounds           `json:"bounds"`
	Totals   Counts           `json:"totals"`
	Reasons  map[string]int   `json:"reasons"` // uncovered statements by reason
	Packages []*PackageReport `json:"packages"`
	// PanicsFound are the crashes the written tests show (PanicFound).
	PanicsFound []PanicFound `json:"panics_found"`
	module      string
}

// Counts are statement counts in the units of go test -cover.
type Counts struct {
	Funcs     int `json:"funcs"`
	Explored  int `json:"explored"`
	Exhausted int `json:"exhausted"`
	// Finished counts the functions whose search the finish rule ended
	// before their budget: nothing new could come of them.
	Finished   int `json:"finished_early"`
	Statements int `json:"statements"`
	Covered    int `json:"statements_covered"`
	Dead       int `json:"statements_dead"`
	// ExecutorCovered counts the statements some explored path entered,
	// whether or not a test came of it: the executor's own view, which
	// Covered equals when there is no Input.Tested.
	ExecutorCovered int `json:"statements_executor_covered"`
	// Unmatched counts the statements of blocks that go test's profile of
	// the emitted tests does not have, though it has the file: the block
	// split differs from cmd/cover's, and such a block counts as
	// uncovered. It should be 0.
	Unmatched int `json:"statements_unmatched,omitempty"`
}

// PackageReport is the report of one package.
type PackageReport struct {
	Path string `json:"path"`
	Counts
	Reasons   map[string]int `json:"reasons"`
	Functions []*FuncReport  `json:"functions"`
	// Other lists the uncovered blocks outside every selected function
	// (init functions, functions left out by -run, package-level
	// function literals).
	Other []Gap `json:"other_uncovered"`
	// TestedThrough are the methods that are not targets of their own,
	// each with the targets its code is tested through and its
	// statements; their uncovered blocks have the reason through, or
	// no-test when an exploration entered them.
	TestedThrough []*FuncReport `json:"tested_through"`

	profile []profileBlock
	// dead are the blocks counted in Dead, for the summary's list, which
	// is thus made of what the table counts and nothing else.
	dead []deadBlock
}

// deadBlock is a block the package report counts as dead, with the
// targets (instantiations of one declaration) whose explorations prove
// it.
type deadBlock struct {
	gap   Gap
	funcs string
}

// FuncReport is the report of one target function.
type FuncReport struct {
	Name      string `json:"name"`
	Pos       string `json:"position"`
	Exhausted bool   `json:"exhausted"`
	// Finished tells that the finish rule ended the search early.
	Finished bool   `json:"finished_early,omitempty"`
	Skipped  string `json:"skipped_reason,omitempty"`
	// Through names, for a method that is not a target of its own, the
	// targets its code is tested through.
	Through []string `json:"through,omitempty"`
	// Statements, Covered and Dead count the statements of the function's
	// declaration (with its function literals) as this exploration saw it.
	Statements int `json:"statements"`
	Covered    int `json:"statements_covered"`
	Dead       int `json:"statements_dead"`
	// ExecutorCovered counts the statements this exploration entered.
	ExecutorCovered int `json:"statements_executor_covered"`
	// BlocksDead counts the SSA blocks of the function no path entered in
	// an exhausted exploration (0 otherwise).
	BlocksDead int   `json:"blocks_dead"`
	Uncovered  []Gap `json:"uncovered"`
}

// Gap is one uncovered cover block and why it stayed uncovered.
type Gap struct {
	Pos        string `json:"pos"` // file.go:line:col, relative to BaseDir
	End        string `json:"end"` // line:col
	Statements int    `json:"statements"`
	Reason     string `json:"reason"`
	Detail     string `json:"detail,omitempty"`
}

// profileBlock is one line of the coverprofile.
type profileBlock struct {
	file                   string // import path / base name
	l0, c0, l1, c1, nstmts int
	count                  int
	// For Blocks: the position as gaps write it, and whether an
	// exploration entered the block and the profile lacks it.
	pos, end           string
	entered, unmatched bool
}

// Build computes the report.
func Build(in Input) (*Report, error) {
	r := &Report{Bounds: newBounds(in), Reasons: map[string]int{}, PanicsFound: []PanicFound{}, module: in.ModulePath}
	if in.Program == nil {
		return r, nil
	}
	x := newIndex(in.Program.Fset)
	union := map[*ssa.BasicBlock]bool{}
	// Index every target (with its closures) and every function a path
	// entered, so that coverage reached through callers counts.
	for _, p := range in.Packages {
		for _, f := range p.Funcs {
			if f.Summary != nil {
				for b := range f.Summary.CoveredBlocks {
					union[b] = true
				}
			}
		}
	}
	files, err := packageFiles(in)
	if err != nil {
		return nil, err
	}
	for _, names := range files {
		for _, name := range names {
			src, err := os.ReadFile(name)
			if err != nil {
				return nil, err
			}
			fb, err := parseCoverBlocks(name, src)
			if err != nil {
				return nil, fmt.Errorf("parsing %s: %w", name, err)
			}
			x.addFile(name, fb)
		}
	}
	for _, p := range in.Packages {
		for _, f := range p.Funcs {
			x.addFunc(f.Fn)
		}
		for _, th := range p.Through {
			x.addFunc(th.Fn)
		}
	}
	parents := map[*ssa.Function]bool{}
	for b := range union {
		parents[b.Parent()] = true
	}
	for fn := range parents {
		x.addFunc(fn)
	}
	all := coverage{covered: func(b *ssa.BasicBlock) bool { return union[b] }, counts: func(*ssa.Function) bool { return true }}

	for _, p := range in.Packages {
		pr := buildPackage(in, x, p, files[p.Path], all)
		r.Packages = append(r.Packages, pr)
		r.Totals.Add(pr.Counts)
		for k, n := range pr.Reasons {
			r.Reasons[k] += n
		}
	}
	return r, nil
}

// Add adds o's counts into c, as Build sums its packages.
func (c *Counts) Add(o Counts) {
	c.Funcs += o.Funcs
	c.Explored += o.Explored
	c.Exhausted += o.Exhausted
	c.Finished += o.Finished
	c.Statements += o.Statements
	c.Covered += o.Covered
	c.Dead += o.Dead
	c.ExecutorCovered += o.ExecutorCovered
	c.Unmatched += o.Unmatched
}

// packageFiles lists the non-test Go files of each package, the ones go
// test -cover instruments, as the loader parsed them.
func packageFiles(in Input) (map[string][]string, error) {
	byDir := map[string]string{}
	for _, p := range in.Packages {
		byDir[filepath.Clean(p.Dir)] = p.Path
	}
	out := map[string][]string{}
	in.Program.Fset.Iterate(func(f *token.File) bool {
		name := f.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return true
		}
		if path, ok := byDir[filepath.Dir(name)]; ok {
			out[path] = append(out[path], name)
		}
		return true
	})
	for _, names := range out {
		sort.Strings(names)
	}
	return out, nil
}

// buildPackage reports one package: each target against its own
// exploration, and the package as a whole against every exploration.
func buildPackage(in Input, x *index, p Package, files []string, all coverage) *PackageReport {
	pr := &PackageReport{Path: p.Path, Reasons: map[string]int{}, Functions: []*FuncReport{}, Other: []Gap{}, TestedThrough: []*FuncReport{}}
	// Targets by the declaration they come from: instantiations of a
	// generic function share one.
	type declKey struct {
		fi   *fileIndex
		decl int
	}
	byDecl := map[declKey][]*funcState{}
	for i := range p.Funcs {
		f := &p.Funcs[i]
		pr.Functions = append(pr.Functions, nil)
		fs := newFuncState(in, x, p.Path, f)
		pr.Counts.Funcs++
		if f.Summary != nil {
			pr.Counts.Explored++
			if f.Summary.Exhausted {
				pr.Counts.Exhausted++
			}
			if f.Summary.FinishedEarly > 0 {
				pr.Counts.Finished++
			}
		}
		if fs.fi != nil && fs.decl >= 0 {
			k := declKey{fs.fi, fs.decl}
			byDecl[k] = append(byDecl[k], fs)
		}
		pr.Functions[i] = fs.report
	}
	for _, th := range p.Through {
		fs := newFuncState(in, x, p.Path, &Func{Name: th.Name, Fn: th.Fn, through: th.Builders})
		if fs.fi != nil && fs.decl >= 0 {
			k := declKey{fs.fi, fs.decl}
			byDecl[k] = append(byDecl[k], fs)
		}
		pr.TestedThrough = append(pr.TestedThrough, fs.report)
	}
	for _, name := range files {
		fi := x.files[name]
		memo := map[int]value{}
		for _, i := range fi.order {
			b := fi.fb.blocks[i]
			start, end := fi.fb.fset.Position(b.start), fi.fb.fset.Position(b.end)
			v := fi.eval(i, all, memo)
			file := p.Path + "/" + filepath.Base(name)
			covered, unmatched := v == ran, false
			if in.Tested != nil {
				key := profileKey(file, start.Line, start.Column, end.Line, end.Column, b.stmts)
				covered = in.Tested.ran(key)
				if in.Tested.unmatched(file, key) {
					pr.Unmatched += b.stmts
					unmatched = true
				}
			}
			count := 0
			if covered {
				count = 1
			}
			pr.profile = append(pr.profile, profileBlock{
				file: file,
				l0:   start.Line, c0: start.Column, l1: end.Line, c1: end.Column,
				nstmts: b.stmts, count: count,
				pos: relPos(in.BaseDir, start), end: fmt.Sprintf("%d:%d", end.Line, end.Column),
				entered: v == ran, unmatched: unmatched,
			})
			pr.Statements += b.stmts
			if v == ran {
				pr.ExecutorCovered += b.stmts
			}
			if covered {
				pr.Covered += b.stmts
				continue
			}
			// The package's verdict: dead only when every exploration of
			// the declaration proves it and nothing else reached it.
			fss := byDecl[declKey{fi, b.decl}]
			reason, detail := "not-explored", ""
			for k, fs := range fss {
				g := fs.gaps[i]
				if k == 0 || (reason == "dead" && g.Reason != "dead") {
					reason, detail = g.Reason, g.Detail
				}
			}
			if v == ran && reason != "no-test" {
				// Entered only by the exploration of another function
				// (a caller), whose paths gave no test that ran it.
				reason, detail = "no-test", "entered by the exploration of another function; no emitted test ran it"
			}
			if reason == "dead" {
				pr.Dead += b.stmts
				if b.stmts > 0 {
					names := make([]string, len(fss))
					for k, fs := range fss {
						names[k] = fs.report.Name
					}
					pr.dead = append(pr.dead, deadBlock{
						gap:   Gap{Pos: relPos(in.BaseDir, start), End: fmt.Sprintf("%d:%d", end.Line, end.Column), Statements: b.stmts, Reason: reason},
						funcs: strings.Join(names, ", "),
					})
				}
			}
			if b.stmts > 0 {
				pr.Reasons[reason] += b.stmts
			}
			if len(fss) == 0 {
				pr.Other = append(pr.Other, Gap{Pos: relPos(in.BaseDir, start), End: fmt.Sprintf("%d:%d", end.Line, end.Column), Statements: b.stmts, Reason: reason, Detail: detail})
			}
		}
	}
	return pr
}

func relPos(base string, p token.Position) string {
	name := p.Filename
	if base != "" {
		if rel, err := filepath.Rel(base, name); err == nil && !strings.HasPrefix(rel, "..") {
			name = filepath.ToSlash(rel)
		}
	}
	return fmt.Sprintf("%s:%d:%d", name, p.Line, p.Column)
}
