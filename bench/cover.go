package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
)

// block is one statement block of a go test coverprofile.
type block struct {
	File                string // base name: the copy's import path differs per arm
	StartLine, StartCol int
	EndLine, EndCol     int
	NumStmt             int
}

// profile maps each block to whether some test entered it. Merging two
// profiles is a union, as "go tool covdata merge" does for mode set.
type profile map[block]bool

// parseProfile reads a coverprofile ("mode: set|count|atomic" then
// "file:l0.c0,l1.c1 numStmt count" lines).
func parseProfile(r io.Reader) (profile, error) {
	p := make(profile)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	first := true
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if first {
			first = false
			if strings.HasPrefix(line, "mode:") {
				continue
			}
		}
		b, count, err := parseProfileLine(line)
		if err != nil {
			return nil, err
		}
		p[b] = p[b] || count > 0
	}
	return p, sc.Err()
}

func parseProfileLine(line string) (block, int, error) {
	bad := fmt.Errorf("bad coverprofile line %q", line)
	colon := strings.LastIndexByte(line, ':')
	if colon < 0 {
		return block{}, 0, bad
	}
	f := strings.Fields(line[colon+1:])
	if len(f) != 3 {
		return block{}, 0, bad
	}
	var b block
	b.File = path.Base(line[:colon])
	if _, err := fmt.Sscanf(f[0], "%d.%d,%d.%d", &b.StartLine, &b.StartCol, &b.EndLine, &b.EndCol); err != nil {
		return block{}, 0, bad
	}
	n, err1 := strconv.Atoi(f[1])
	count, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil {
		return block{}, 0, bad
	}
	b.NumStmt = n
	return b, count, nil
}

func readProfile(file string) (profile, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseProfile(f)
}

// merge returns the union of the profiles.
func merge(ps ...profile) profile {
	out := make(profile)
	for _, p := range ps {
		for b, hit := range p {
			out[b] = out[b] || hit
		}
	}
	return out
}

// lineRange is a function declaration's extent in a file, inclusive.
type lineRange struct {
	File       string // base name
	Start, End int
}

// scope is the set of statements a comparison counts: every arm is
// measured over the same statements. A nil scope is the whole package.
type scope []lineRange

func (s scope) contains(b block) bool {
	if s == nil {
		return true
	}
	for _, r := range s {
		if r.File == b.File && b.StartLine >= r.Start && b.EndLine <= r.End {
			return true
		}
	}
	return false
}

// coverage counts the statements of p inside s, and those covered.
func (p profile) coverage(s scope) (covered, total int) {
	for b, hit := range p {
		if !s.contains(b) {
			continue
		}
		total += b.NumStmt
		if hit {
			covered += b.NumStmt
		}
	}
	return covered, total
}
