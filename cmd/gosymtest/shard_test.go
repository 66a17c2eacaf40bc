package main

import (
	"fmt"
	"testing"
)

// TestShardOfIsFNV1a pins the hash: FNV-1a 64 of the full name, mod n.
// A change would move functions between the shards of a CI matrix whose
// machines run different builds.
func TestShardOfIsFNV1a(t *testing.T) {
	// FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c.
	const h = uint64(0xaf63dc4c8601ec8c)
	for n := 1; n <= 7; n++ {
		if got, want := shardOf("a", n), int(h%uint64(n))+1; got != want {
			t.Errorf("shardOf(a, %d) = %d, want %d", n, got, want)
		}
	}
}

// TestShardsPartition: for every n, each name is held by exactly one of
// the n shards, the same one each time, and the shards are not all
// empty but one.
func TestShardsPartition(t *testing.T) {
	var names []string
	for i := range 200 {
		names = append(names, fmt.Sprintf("example.com/p%d.(*T%d).Method", i%7, i))
	}
	for n := 1; n <= 5; n++ {
		sizes := make([]int, n)
		for _, name := range names {
			holders := 0
			for i := 1; i <= n; i++ {
				if (shardSpec{i, n}).holds(name) {
					holders++
					sizes[i-1]++
					if shardOf(name, n) != i {
						t.Errorf("%s: held by shard %d/%d, shardOf says %d", name, i, n, shardOf(name, n))
					}
				}
			}
			if holders != 1 {
				t.Fatalf("%s is held by %d of %d shards", name, holders, n)
			}
		}
		for i, size := range sizes {
			if size == 0 {
				t.Errorf("shard %d/%d holds none of %d names", i+1, n, len(names))
			}
		}
	}
	if !(shardSpec{}).holds("anything") {
		t.Error("no -shard does not hold every target")
	}
}

func TestShardFlag(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want shardSpec
		err  bool
	}{
		{"1/1", shardSpec{1, 1}, false},
		{"2/3", shardSpec{2, 3}, false},
		{"3/3", shardSpec{3, 3}, false},
		{"0/3", shardSpec{}, true},
		{"4/3", shardSpec{}, true},
		{"1/0", shardSpec{}, true},
		{"-1/3", shardSpec{}, true},
		{"2", shardSpec{}, true},
		{"a/b", shardSpec{}, true},
		{"1/2/3", shardSpec{}, true},
	} {
		var got shardSpec
		err := shardFlag{&got}.Set(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("-shard %s = %v, %v; want %v (error: %v)", tc.in, got, err, tc.want, tc.err)
		}
	}
	if name := (shardSpec{2, 3}).testFileName(); name != "gosymtest_generated_shard_2_of_3_test.go" {
		t.Errorf("testFileName = %q", name)
	}
}
