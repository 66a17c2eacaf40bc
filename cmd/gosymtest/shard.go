package main

import (
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/gosymtest/gosymtest/report"
)

// shardSpec is -shard i/n: explore the i-th of n parts of the targets.
// The zero value (n == 0) is no sharding.
type shardSpec struct{ i, n int }

// on reports whether -shard was given.
func (s shardSpec) on() bool { return s.n > 0 }

// holds reports whether the target whose full name (ssa.Function.String)
// is fullName belongs to this shard: FNV-1a 64 of the name, mod n, is
// i-1. A function's shard depends on its name alone, so adding or
// removing other functions moves no function to another shard.
func (s shardSpec) holds(fullName string) bool {
	if !s.on() {
		return true
	}
	return shardOf(fullName, s.n) == s.i
}

// shardOf is the shard (1 to n) of the function named fullName.
func shardOf(fullName string, n int) int {
	h := fnv.New64a()
	h.Write([]byte(fullName))
	return int(h.Sum64()%uint64(n)) + 1
}

func (s shardSpec) String() string {
	if !s.on() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.i, s.n)
}

// shardFlag is the -shard flag.
type shardFlag struct{ s *shardSpec }

func (v shardFlag) String() string {
	if v.s == nil {
		return ""
	}
	return v.s.String()
}

func (v shardFlag) Set(s string) error {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return errors.New("want i/n, as in 2/3")
	}
	if n < 1 || i < 1 || i > n {
		return errors.New("want 1 ≤ i ≤ n")
	}
	*v.s = shardSpec{i: i, n: n}
	return nil
}

// filter keeps the targets of this shard, in their order.
func (s shardSpec) filter(targets []target) []target {
	if !s.on() {
		return targets
	}
	var mine []target
	for _, t := range targets {
		if s.holds(t.fn.String()) {
			mine = append(mine, t)
		}
	}
	return mine
}

// newShardJSON is the -stats file's shard object (report.ShardStats) of
// shard s of the targets all: what merge needs to combine the shards'
// files into the unsharded run's.
func newShardJSON(s shardSpec, all []target, rep *report.Report) *report.ShardStats {
	sh := &report.ShardStats{Index: s.i, Count: s.n, Targets: []string{}}
	for _, t := range all {
		sh.Targets = append(sh.Targets, t.pkg+"."+t.name)
	}
	if rep != nil {
		sh.Blocks = rep.Blocks()
	}
	return sh
}

// testFileName is the file a shard writes a package's tests to: one of
// its own, gosymtest_generated_shard_I_of_N_test.go, so that shards run
// in one checkout, or whose files are gathered into one, do not replace
// each other's tests ("" is testgen's default, for an unsharded run).
func (s shardSpec) testFileName() string {
	if !s.on() {
		return ""
	}
	return fmt.Sprintf("gosymtest_generated_shard_%d_of_%d_test.go", s.i, s.n)
}
