package main

import "testing"

// TestMaxCallsFlag: -max-calls defaults to one method call on a made
// input, 0 turns sequences off, and it reaches the executor's bounds.
func TestMaxCallsFlag(t *testing.T) {
	cfg, err := parseArgs(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.bounds().MaxCalls; got != 1 {
		t.Errorf("default MaxCalls %d, want 1", got)
	}
	for _, n := range []string{"0", "3"} {
		cfg, err := parseArgs([]string{"-max-calls", n})
		if err != nil {
			t.Fatal(err)
		}
		if got := cfg.bounds().MaxCalls; n == "0" && got != 0 || n == "3" && got != 3 {
			t.Errorf("-max-calls %s: MaxCalls %d", n, got)
		}
	}
	if _, err := parseArgs([]string{"-max-calls", "-1"}); err == nil {
		t.Errorf("-max-calls -1: no error")
	}
}
