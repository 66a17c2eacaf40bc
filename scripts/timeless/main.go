// Command timeless prints a gosymtest -stats file without what no two
// runs share, so that scripts/ci-recipes.sh can compare the merged
// shards' statistics with an unsharded run's: every time ("ms", "*_ms",
// "ms_to_cover", the times of "cover_timeline") and "validation_runs"
// (each shard runs go test on its own tests) are zeroed, as the merge
// tests of cmd/gosymtest do. The output is indented JSON with sorted
// keys, fit for diff.
//
//	go run ./scripts/timeless stats.json
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: timeless STATS-FILE")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "timeless:", err)
		os.Exit(1)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		fmt.Fprintf(os.Stderr, "timeless: %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	zeroTimes(v)
	out, err := json.MarshalIndent(v, "", "  ") // maps: keys sorted
	if err != nil {
		fmt.Fprintln(os.Stderr, "timeless:", err)
		os.Exit(1)
	}
	fmt.Printf("%s\n", out)
}

func zeroTimes(v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			switch {
			case k == "ms" || strings.HasSuffix(k, "_ms") || k == "ms_to_cover" || k == "validation_runs":
				v[k] = 0
			case k == "cover_timeline":
				if points, ok := x.([]any); ok {
					for _, p := range points {
						if p, ok := p.([]any); ok && len(p) > 0 {
							p[0] = 0
						}
					}
				}
			default:
				zeroTimes(x)
			}
		}
	case []any:
		for _, x := range v {
			zeroTimes(x)
		}
	}
}
