package main

import (
	"errors"
	"fmt"
	"slices"

	"github.com/gosymtest/gosymtest/report"
)

// merger holds the shards' stats, checked to be the n parts of one run.
type merger struct {
	shards []*report.Stats // by shard index
	// owner is the shard (its index in shards) that explored each target
	// (package.Func); targets the unsharded order.
	owner   map[string]int
	targets []string
	funcs   map[string]*report.FunctionStats // adjusted to the union's coverage
	// blocks are the union's cover blocks by package; packages their
	// order (the loader's: by import path).
	blocks   map[string][]report.Block
	packages []string
}

func newMerger(in []*report.Stats) (*merger, error) {
	if len(in) == 0 {
		return nil, errors.New("no -stats file of a shard: merge needs every shard's")
	}
	n := in[0].Shard.Count
	if n < 1 {
		return nil, fmt.Errorf("a shard of %d shards", n)
	}
	m := &merger{shards: make([]*report.Stats, n), owner: map[string]int{}, funcs: map[string]*report.FunctionStats{}, targets: in[0].Shard.Targets}
	for _, s := range in {
		sh := s.Shard
		if sh.Count != n {
			return nil, fmt.Errorf("shards of different splits: %d/%d and x/%d", sh.Index, sh.Count, n)
		}
		if sh.Index < 1 || sh.Index > n {
			return nil, fmt.Errorf("shard %d/%d does not exist", sh.Index, n)
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
		f.Uncovered = slices.DeleteFunc(f.Uncovered, func(g report.UncoveredBlock) bool {
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
func (m *merger) ordered() []*report.FunctionStats {
	out := make([]*report.FunctionStats, 0, len(m.targets))
	for _, k := range m.targets {
		out = append(out, m.funcs[k])
	}
	return out
}
