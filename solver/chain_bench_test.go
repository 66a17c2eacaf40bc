package solver_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
)

// recording passes queries to a solver and keeps them.
type recording struct {
	solver.Solver
	queries []solver.Query
}

func (r *recording) Check(ctx context.Context, q solver.Query) solver.Response {
	r.queries = append(r.queries, solver.Query{Constraints: slices.Clone(q.Constraints), ResourceLimit: q.ResourceLimit})
	return r.Solver.Check(ctx, q)
}

// recordStreams explores each fixture function with Z3 alone and
// returns the queries the engine asked, one stream per function.
func recordStreams(b *testing.B) [][]solver.Query {
	var streams [][]solver.Query
	for _, fn := range targets(b) {
		var rec *recording
		explore(b, fn, solver.ChainOptions{Off: solver.Layers}, func(z solver.Solver) solver.Solver {
			rec = &recording{Solver: z}
			return rec
		})
		streams = append(streams, rec.queries)
	}
	return streams
}

// BenchmarkChain replays the queries recorded while exploring the
// fixture packages, one chain (and one Z3) per function as gosymtest
// makes them: with every layer off, with the whole chain, and with the
// whole chain and a Store that a first replay filled (a rerun). It
// reports the queries that reached Z3 and Z3's time per replay of all
// streams; ns/op is the whole time, the layers' included.
func BenchmarkChain(b *testing.B) {
	streams := recordStreams(b)
	total := 0
	for _, s := range streams {
		total += len(s)
	}
	filled := solver.NewMemStore()
	replay(b, streams, solver.ChainOptions{Store: filled})
	for _, arm := range []struct {
		name string
		opts solver.ChainOptions
	}{{"off", solver.ChainOptions{Off: solver.Layers}}, {"chain", solver.ChainOptions{}}, {"rerun", solver.ChainOptions{Store: filled}}} {
		b.Run(arm.name, func(b *testing.B) {
			var st solver.Stats
			for b.Loop() {
				st = replay(b, streams, arm.opts)
			}
			b.ReportMetric(float64(total), "queries/op")
			b.ReportMetric(float64(st.Queries), "z3-queries/op")
			b.ReportMetric(float64(st.Time.Microseconds())/1000, "z3-ms/op")
			if all := st.Asserted + st.Reused; all > 0 {
				b.ReportMetric(float64(st.Reused)/float64(all), "reused/constraint")
			}
		})
	}
}

// replay asks each stream of a chain of its own, scoped by the stream's
// index, and sums the chains' stats.
func replay(b *testing.B, streams [][]solver.Query, opts solver.ChainOptions) solver.Stats {
	var st solver.Stats
	for i, stream := range streams {
		z, err := plainZ3()
		if err != nil {
			b.Fatal(err)
		}
		opts.Scope = fmt.Sprint(i)
		c, err := solver.NewChain(z, opts)
		if err != nil {
			b.Fatal(err)
		}
		for _, q := range stream {
			c.Check(context.Background(), q)
		}
		s := c.Stats()
		st.Queries += s.Queries
		st.Time += s.Time
		st.Asserted += s.Asserted
		st.Reused += s.Reused
		if err := c.Close(); err != nil {
			b.Fatal(err)
		}
	}
	return st
}
