package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

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
	var shards []*report.Stats
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
func readShardFile(name string) (*report.Stats, *report.Report, error) {
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
		var s report.Stats
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
