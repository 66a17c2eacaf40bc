package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Reading what gremlins found: its --output file, or its log when it was
// stopped before writing one.

// gremlinsOutput is the part of gremlins' --output file the harness
// reads: each mutation with its status.
type gremlinsOutput struct {
	Files []struct {
		FileName  string `json:"file_name"`
		Mutations []struct {
			Type   string `json:"type"`
			Status string `json:"status"`
			Line   int    `json:"line"`
			Column int    `json:"column"`
		} `json:"mutations"`
	} `json:"files"`
}

func parseGremlinsJSON(data []byte) ([]mutant, error) {
	var o gremlinsOutput
	if err := json.Unmarshal(data, &o); err != nil {
		return nil, err
	}
	var out []mutant
	for _, f := range o.Files {
		for _, m := range f.Mutations {
			out = append(out, mutant{File: filepath.Base(f.FileName), Line: m.Line, Col: m.Column, Type: m.Type, Status: m.Status})
		}
	}
	return out, nil
}

var (
	ansiRE        = regexp.MustCompile("\x1b\\[[0-9;]*m")
	gremlinsLogRE = regexp.MustCompile(`^\s*(KILLED|LIVED|NOT COVERED|TIMED OUT|NOT VIABLE|SKIPPED)\s+([A-Z_]+) at (.+):(\d+):(\d+)\s*$`)
)

// parseGremlinsLog reads the mutants from gremlins' log lines ("KILLED
// CONDITIONALS_BOUNDARY at hex.go:256:7"): all there is of a run stopped
// before it wrote its --output file.
func parseGremlinsLog(log string) []mutant {
	var out []mutant
	for _, line := range strings.Split(ansiRE.ReplaceAllString(log, ""), "\n") {
		m := gremlinsLogRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		l, _ := strconv.Atoi(m[4])
		c, _ := strconv.Atoi(m[5])
		out = append(out, mutant{File: filepath.Base(m[3]), Line: l, Col: c, Type: m[2], Status: m[1]})
	}
	return out
}
