package main

import (
	"fmt"
	"math"
	"strings"
)

// ownThreshold is the share of the package's own tests' coverage that
// gosymtest's tests should reach: less would make them a poor start for
// a package without tests.
const ownThreshold = 0.7

// unionOf measures gosymtest's default arm and the package's own tests
// together: what a user who keeps both gets.
func unionOf(p pkgResult, s scope) (u unionCoverage) {
	g, ok1 := p.arm(armSpecs[0].Name)
	h, ok2 := p.arm(armHuman)
	if !ok1 || !ok2 || g.profile == nil || h.profile == nil {
		return u
	}
	u.Covered, u.Total = merge(g.profile, h.profile).coverage(s)
	u.OK = true
	return u
}

// genOverOwn is gosymtest's coverage divided by the package's own tests'
// (NaN when either did not run).
func genOverOwn(p pkgResult) float64 {
	c, _ := ratios(p, armHuman)
	return c
}

// ownTable compares gosymtest's tests with the package's own, per
// package: each alone, the two together, how many tests were emitted,
// whether the file passes separate reruns, the interpreter/Go
// disagreements found, and the top reasons for the gaps.
func ownTable(results []pkgResult) string {
	var b strings.Builder
	b.WriteString("| package | own tests cov | gosymtest cov | gen ÷ own | union cov | union ÷ own | tests emitted | passes 3 runs | disagreements | top gap reasons |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---|---:|---|\n")
	for _, p := range results {
		if p.Status != "" {
			continue
		}
		g, gok := p.arm(armSpecs[0].Name)
		h, hok := p.arm(armHuman)
		own, gen, union, unionRatio := "n/a", "n/a", "n/a", "n/a"
		if hok {
			own = fmt.Sprintf("%.1f%%", h.percent())
		}
		tests, passes, dis, gaps := "", "", "", ""
		if gok {
			gen = fmt.Sprintf("%.1f%%", g.percent())
			tests = fmt.Sprint(g.Tests)
			passes = passCell(g)
			dis = fmt.Sprint(len(g.Disagreements))
			gaps = cell(strings.TrimPrefix(g.Gaps, "uncovered: "))
		}
		if p.Union.OK {
			union = fmt.Sprintf("%.1f%%", pct(p.Union.Covered, p.Union.Total))
			if hok {
				unionRatio = fmtRatio(ratio(pct(p.Union.Covered, p.Union.Total), h.percent()))
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			p.Entry.Name, own, gen, fmtRatio(genOverOwn(p)), union, unionRatio, tests, passes, dis, gaps)
	}
	return b.String()
}

// passCell says whether the written file passed its separate reruns.
func passCell(a armResult) string {
	switch {
	case a.Reruns == 0:
		return "not run"
	case a.Passes == a.Reruns:
		return fmt.Sprintf("yes (%d/%d)", a.Passes, a.Reruns)
	}
	return fmt.Sprintf("**no (%d/%d)**", a.Passes, a.Reruns)
}

// ownSummary is the headline against the packages' own tests: the median
// of gen ÷ own, and how many packages reach ownThreshold.
func ownSummary(results []pkgResult) string {
	var rs []float64
	for _, p := range results {
		if p.Status == "" {
			rs = append(rs, genOverOwn(p))
		}
	}
	m, n := median(rs)
	reached := 0
	for _, r := range rs {
		if !math.IsNaN(r) && r >= ownThreshold {
			reached++
		}
	}
	return fmt.Sprintf("median gen ÷ own: **%s** (n=%d); packages with gen ÷ own ≥ %.1f: **%d of %d**", fmtRatio(m), n, ownThreshold, reached, n)
}

// disagreementList lists every interpreter/Go disagreement of gosymtest's
// arms, for RESULTS.md: none may go unseen.
func disagreementList(results []pkgResult) []string {
	var out []string
	for _, p := range results {
		for _, a := range p.Arms {
			for _, d := range a.Disagreements {
				out = append(out, fmt.Sprintf("%s (%s): %s", p.Entry.Name, a.Arm, d))
			}
		}
	}
	return out
}
