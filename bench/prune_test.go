package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	gsreport "github.com/gosymtest/gosymtest/report"
)

// TestPruningTable checks the Pruning table's ratios: the time the
// detector's arm took to reach the unpruned arm's final coverage, read
// off its curve (n/a when it never reached it), and the paths.
func TestPruningTable(t *testing.T) {
	arm := func(name string, cov int, toFinal time.Duration, paths int64, curve ...point) armResult {
		return armResult{Arm: name, Covered: cov, Total: 10, ToFinal: toFinal, Paths: paths, Pruned: paths / 2,
			Instructions: 100 * paths, Queries: 3 * paths, SolverMs: paths, PruneMs: paths / 10, MaxRSSKB: 2048, Exhausted: 2, Curve: curve}
	}
	results := []pkgResult{
		{Entry: entry{Name: "p"}, Arms: []armResult{
			// The detector reaches the 80% at 0.5s, and its final 90% at 2s.
			arm("gosymtest", 9, 2*time.Second, 10, point{0, 0}, point{500, 80}, point{2000, 90}),
			{Arm: "rse-no-refine", Status: "not run: opt-in (-with rse-no-refine)"},
			arm(armPruneNone, 8, 10*time.Second, 200, point{0, 0}, point{10000, 80}),
		}},
		{Entry: entry{Name: "q"}, Arms: []armResult{
			arm("gosymtest", 7, time.Second, 50, point{0, 0}, point{1000, 70}),
			arm(armPruneNone, 8, 4*time.Second, 100, point{0, 0}, point{4000, 80}),
		}},
	}
	tab := pruningTable(results)
	for _, want := range []string{
		"| p | gosymtest | 90.0% | 2.0s | 10 | 5 | 1000 | 30 | 10 | 1 | 2 | 2 | 20.00 | 20.00 |",
		"| p | rse-no-refine | n/a: not run: opt-in (-with rse-no-refine) |",
		"| p | gosymtest-prune-none | 80.0% | 10.0s | 200 | 100 | 20000 | 600 | 200 | 20 | 2 | 2 | | |",
		"| q | gosymtest | 70.0% | 1.0s | 50 | 25 | 5000 | 150 | 50 | 5 | 2 | 2 | n/a | 2.00 |",
		"| **geomean** | | | | | | | | | | | | **20.00** (n=1) | **6.32** (n=2) |",
		"| **median** | | | | | | | | | | | | **20.00** | **11.00** |",
	} {
		if !strings.Contains(tab, want) {
			t.Errorf("table lacks %q:\n%s", want, tab)
		}
	}
	if strings.Contains(tab, "rse-no-search") {
		t.Errorf("the table lists an arm the packages do not have:\n%s", tab)
	}
}

// TestPruneArms checks that the arms without the detector and without
// each refinement exist with their flags, the refinements' opt-in and
// out of the ratio table, the unpruned one a regular baseline.
func TestPruneArms(t *testing.T) {
	want := map[string]string{
		armPruneNone:    "-prune none",
		"rse-no-refine": "-prune-off refine",
		"rse-no-search": "-prune-off search",
		"rse-no-single": "-prune-off single",
		"rse-no-hurry":  "-prune-off hurry",
		"rse-no-mod":    "-prune-off mod",
		"rse-reach":     "-prune reach",
	}
	for _, s := range armSpecs {
		flags, ok := want[s.Name]
		if !ok {
			continue
		}
		delete(want, s.Name)
		if got := strings.Join(s.Flags, " "); got != flags || s.Kind != armGosymtest {
			t.Errorf("%s: kind %s, flags %q; want gosymtest, %q", s.Name, s.Kind, got, flags)
		}
		if regular := s.Name == armPruneNone; s.Extra == regular || s.OptIn == regular {
			t.Errorf("%s: extra %v, opt-in %v", s.Name, s.Extra, s.OptIn)
		}
	}
	if len(want) > 0 {
		t.Errorf("missing arms: %v", want)
	}
}

// TestExplosionTable checks the path-explosion table: only the functions
// the unpruned arm ran out of its budget on are rows (not one it finished,
// nor one cut short by other means); the time ratio reads each run's own
// timeline at the blocks the unpruned run entered in the end, and is n/a
// when the detector's run never entered as many. The late row takes only
// the functions whose unpruned run entered a new block after a tenth of
// the budget.
func TestExplosionTable(t *testing.T) {
	fn := func(name string, paths, wallMs int64, exhausted bool, covered int, timeline ...[2]int64) gsreport.FunctionStats {
		return gsreport.FunctionStats{Package: "p", Name: name, Position: name + ".go:1", Paths: int(paths), WallMs: wallMs, Exhausted: exhausted,
			BlocksCovered: covered, CoverTimeline: timeline}
	}
	results := []pkgResult{{Entry: entry{Name: "p"}, Arms: []armResult{
		{Arm: "gosymtest", Functions: []gsreport.FunctionStats{
			fn("Explodes", 10, 45, true, 6, [2]int64{0, 1}, [2]int64{40, 6}),
			fn("Finished", 3, 5, true, 2, [2]int64{0, 1}, [2]int64{5, 2}),
			fn("CutShort", 3, 5, false, 2, [2]int64{0, 1}, [2]int64{5, 2}),
			fn("Lower", 4, 2000, false, 3, [2]int64{0, 1}, [2]int64{10, 3}),
		}},
		{Arm: armPruneNone, Functions: []gsreport.FunctionStats{
			fn("Explodes", 700, 2000, false, 6, [2]int64{0, 1}, [2]int64{100, 5}, [2]int64{1900, 6}),
			fn("Finished", 4, 5, true, 2, [2]int64{0, 1}, [2]int64{5, 2}),
			fn("CutShort", 3, 6, false, 2, [2]int64{0, 1}, [2]int64{5, 2}),
			fn("Lower", 50, 2001, false, 4, [2]int64{0, 1}, [2]int64{30, 4}),
		}},
	}}}
	rows := explosionRows(results, 2*time.Second)
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2 (Explodes and Lower): %+v", len(rows), rows)
	}
	tab := explosionTable(rows, 2*time.Second)
	for _, want := range []string{
		"| p | Explodes | 700 | 10 | 70.00 | 6 / 6 | 6 / 6 | 2000 / 45 ms | 1900 ms / 40 ms | 95.0% | 47.50 | yes |",
		"| p | Lower | 50 | 4 | 12.50 | 4 / 3 | 4 / 3 | 2001 / 2000 ms | 30 ms / never | 1.5% | n/a | no |",
		"| **median** | 2 functions | | | **41.25** | | | | | | **47.50** | **1** exhausted |",
		"| **geomean** | 1 with fewer blocks covered with rse |",
		"| **median, late** | 1 of them with a new block after 10% of the budget | | | **70.00** | | | | | | **47.50** | |",
	} {
		if !strings.Contains(tab, want) {
			t.Errorf("table lacks %q:\n%s", want, tab)
		}
	}
}

// TestFinishedCheck checks the list of functions the unpruned arm
// finished: only those are counted (not one it ran out of time on, nor one
// the detector's arm skipped), and only those on which the detector's run
// entered other blocks are listed, with whether it was exhausted.
func TestFinishedCheck(t *testing.T) {
	fn := func(name string, exhausted bool, covered int, skipped string) gsreport.FunctionStats {
		return gsreport.FunctionStats{Package: "p", Name: name, Position: name + ".go:1", WallMs: 5, Exhausted: exhausted,
			BlocksCovered: covered, SkippedReason: skipped}
	}
	results := []pkgResult{{Entry: entry{Name: "p"}, Arms: []armResult{
		{Arm: "gosymtest", Functions: []gsreport.FunctionStats{
			fn("Same", true, 4, ""),
			fn("Fewer", false, 3, ""),
			fn("More", true, 6, ""),
			fn("Open", false, 1, ""),
			fn("Skipped", false, 0, "unsupported"),
		}},
		{Arm: armPruneNone, Functions: []gsreport.FunctionStats{
			fn("Same", true, 4, ""),
			fn("Fewer", true, 5, ""),
			fn("More", true, 5, ""),
			fn("Open", false, 2, ""),
			fn("Skipped", true, 3, ""),
		}},
	}}}
	rows := finishedRuns(results)
	if len(rows) != 3 {
		t.Fatalf("%d rows, want 3 (Same, Fewer and More): %+v", len(rows), rows)
	}
	got := finishedCheck(rows)
	for _, want := range []string{
		"The unpruned arm finished 3 functions; the detector's run entered other blocks on 2:",
		"| p | Fewer | 5 / 3 | no | 5 / 5 ms |",
		"| p | More | 5 / 6 | yes | 5 / 5 ms |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("check lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "| Same |") {
		t.Errorf("a function with the same blocks is listed:\n%s", got)
	}
	if same := finishedCheck(rows[:1]); !strings.Contains(same, "finished 1 function; the detector's run entered the same blocks on every one") {
		t.Errorf("with no difference: %s", same)
	}
}

// TestOrdersTable checks the table over search orders: each arm's mean,
// least and most coverage over the seeds, the difference of the means
// (bold when the detector's is lower, and counted), and a package whose
// arm failed on a seed is n/a with the reason, not a row of partial means.
func TestOrdersTable(t *testing.T) {
	results := []pkgResult{
		{Entry: entry{Name: "p"}, Orders: []orderRuns{
			{Arm: "gosymtest", Percents: []float64{80, 90, 85}, Paths: []int64{10, 20, 30}, SolverMs: []int64{1, 2, 3}},
			{Arm: armPruneNone, Percents: []float64{70, 90, 80}, Paths: []int64{100, 200, 300}, SolverMs: []int64{4, 5, 6}},
		}},
		{Entry: entry{Name: "q"}, Orders: []orderRuns{
			{Arm: "gosymtest", Percents: []float64{50, 60}, Paths: []int64{1, 3}},
			{Arm: armPruneNone, Percents: []float64{60, 60}, Paths: []int64{4, 4}},
		}},
		{Entry: entry{Name: "r"}, Orders: []orderRuns{
			{Arm: "gosymtest", Percents: []float64{50}, Paths: []int64{1}},
			{Arm: armPruneNone, Status: "seed 1: gosymtest failed: boom"},
		}},
		{Entry: entry{Name: "s"}},
	}
	tab := ordersTable(results, orderPairs[0])
	for _, want := range []string{
		"| p | 3 | 85.0% (80.0–90.0) | 80.0% (70.0–90.0) | +5.0 | 20 / 200 | 2 / 5 |",
		"| q | 2 | 55.0% (50.0–60.0) | 60.0% (60.0–60.0) | **-5.0** | 2 / 4 | 0 / 0 |",
		"| r | n/a: seed 1: gosymtest failed: boom |",
		"| **lower with rse** | 1 of 2 packages |",
	} {
		if !strings.Contains(tab, want) {
			t.Errorf("table lacks %q:\n%s", want, tab)
		}
	}
	if strings.Contains(tab, "| s |") {
		t.Errorf("a package not run over orders has a row:\n%s", tab)
	}
	var names []string
	for _, s := range orderArms() {
		names = append(names, s.Name)
	}
	if want := []string{"gosymtest", armPruneNone, armSolverNone, armSolverGreen}; !slices.Equal(names, want) {
		t.Errorf("orderArms: %v; want %v", names, want)
	}
}

// TestSolverOrdersTable checks the solver pair's table over search
// orders: only the packages that ran the pair have rows, and the foot
// pools each seed's solver time, and the time of the answers that were
// not unknown, over the packages with times for every seed (not u's), no
// layer's over the chain's.
func TestSolverOrdersTable(t *testing.T) {
	results := []pkgResult{
		{Entry: entry{Name: "p"}, Orders: []orderRuns{
			{Arm: "gosymtest", Percents: []float64{80}, Paths: []int64{10}, SolverMs: []int64{1}},
			{Arm: armSolverGreen, Percents: []float64{80, 81}, Paths: []int64{10, 10}, SolverMs: []int64{100, 200}, UnknownMs: []int64{0, 100}},
			{Arm: armSolverNone, Percents: []float64{81, 80}, Paths: []int64{10, 10}, SolverMs: []int64{300, 800}, UnknownMs: []int64{0, 500}},
		}},
		{Entry: entry{Name: "q"}, Orders: []orderRuns{
			{Arm: armSolverGreen, Percents: []float64{50, 50}, Paths: []int64{1, 1}, SolverMs: []int64{100, 100}, UnknownMs: []int64{0, 0}},
			{Arm: armSolverNone, Percents: []float64{50, 50}, Paths: []int64{1, 1}, SolverMs: []int64{300, 200}, UnknownMs: []int64{0, 0}},
		}},
		{Entry: entry{Name: "u"}, Orders: []orderRuns{
			{Arm: armSolverGreen, Percents: []float64{50, 50}, Paths: []int64{1, 1}, SolverMs: []int64{100, 100}},
			{Arm: armSolverNone, Percents: []float64{50, 50}, Paths: []int64{1, 1}, SolverMs: []int64{900, 900}},
		}},
		{Entry: entry{Name: "r"}, Orders: []orderRuns{
			{Arm: "gosymtest", Percents: []float64{50}, Paths: []int64{1}},
			{Arm: armPruneNone, Percents: []float64{50}, Paths: []int64{1}},
		}},
	}
	var b strings.Builder
	writeSolverOrders(&b, results, 2)
	tab := b.String()
	for _, want := range []string{
		"| p | 2 | 80.5% (80.0–81.0) | 80.5% (80.0–81.0) | +0.0 | 10 / 10 | 150 / 550 |",
		"| q | 2 | 50.0% (50.0–50.0) | 50.0% (50.0–50.0) | +0.0 | 1 / 1 | 100 / 250 |",
		"| **lower with chain** | 0 of 3 packages |",
		"| **solver ms no layer ÷ chain, pooled** | seed 0: 600 ÷ 200 = 3.00×; seed 1: 1000 ÷ 300 = 3.33× |",
		"| **the same without unknown answers** | seed 0: 600 ÷ 200 = 3.00×; seed 1: 500 ÷ 200 = 2.50× |",
	} {
		if !strings.Contains(tab, want) {
			t.Errorf("table lacks %q:\n%s", want, tab)
		}
	}
	if strings.Contains(tab, "| r |") {
		t.Errorf("a package that ran only the detector's pair has a row:\n%s", tab)
	}
	b.Reset()
	writeSolverOrders(&b, results[3:], 2)
	if b.Len() != 0 {
		t.Errorf("a section without the solver pair's runs:\n%s", b.String())
	}
}
