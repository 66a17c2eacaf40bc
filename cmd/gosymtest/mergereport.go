package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gosymtest/gosymtest/report"
)

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
	out := &report.Report{Bounds: first.Bounds, Reasons: map[string]int{}, Packages: []*report.PackageReport{}, PanicsFound: []report.PanicFound{}}
	for k, fr := range funcs {
		m.dropCovered(strings.TrimSuffix(k, "."+fr.Name), fr)
	}
	for _, p := range first.Packages {
		// Every shard lists the methods tested through others (they are
		// a fact of the package), each with the coverage of its own run.
		pr := &report.PackageReport{Path: p.Path, Functions: []*report.FuncReport{}, TestedThrough: []*report.FuncReport{}}
		for _, fr := range p.TestedThrough {
			m.dropCovered(p.Path, fr)
			pr.TestedThrough = append(pr.TestedThrough, fr)
		}
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
			if fr.Finished {
				pr.Finished++
			}
		}
		c, reasons, other := m.packageCounts(p.Path, func(pos string) []gapOf {
			var out []gapOf
			for _, fr := range slices.Concat(fns, pr.TestedThrough) {
				for _, g := range fr.Uncovered {
					if g.Pos == pos {
						out = append(out, gapOf{g.Reason, g.Detail})
					}
				}
			}
			return out
		})
		c.Funcs, c.Explored, c.Exhausted, c.Finished = pr.Funcs, pr.Explored, pr.Exhausted, pr.Finished
		pr.Counts, pr.Reasons, pr.Other = c, reasons, other
		out.Packages = append(out.Packages, pr)
		out.Totals.Add(c)
		for k, n := range reasons {
			out.Reasons[k] += n
		}
		for _, r := range reports {
			for _, f := range r.PanicsFound {
				if f.Package == p.Path {
					out.PanicsFound = append(out.PanicsFound, f)
				}
			}
		}
	}
	return out, nil
}

// dropCovered takes out of fr's gaps the blocks of package pkg that
// another shard's tests cover, and counts them covered.
func (m *merger) dropCovered(pkg string, fr *report.FuncReport) {
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
