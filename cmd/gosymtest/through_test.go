package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/report"
)

// TestMethodsOfBuiltOnlyTypesAreTestedThroughTheirBuilders runs the
// binary on a copy of testdata/exec/builders. The methods of scanner and
// window, which only count and Width build by literals of their private
// fields, get no table of their own: the builders' tables cover them,
// and -stats and -report say so. The methods of the types like them that
// the rule leaves alone keep their tables, and the file covers every
// statement.
func TestMethodsOfBuiltOnlyTypesAreTestedThroughTheirBuilders(t *testing.T) {
	dir := fixtureModule(t, "builders")
	file := string(generateIn(t, dir, ".", "-store", "off", "-budget", "10m", "-max-work", "300000", "-stats", "s.json", "-report", "r.json", "."))
	for _, want := range []string{"func Test_count(", "func TestWidth(", "func Test_cursor_next(", "func Test_point_norm(", "func Test_tally_add(", "func Test_table_has("} {
		if !strings.Contains(file, want) {
			t.Errorf("the file lacks %q:\n%s", want, file)
		}
	}
	for _, unwanted := range []string{"Test_scanner_", "Test_window_", "&scanner{", "window{"} {
		if strings.Contains(file, unwanted) {
			t.Errorf("the file has %q:\n%s", unwanted, file)
		}
	}

	var s report.Stats
	readJSON(t, filepath.Join(dir, "s.json"), &s)
	through := map[string][]string{}
	for _, th := range s.TestedThrough {
		through[th.Name] = th.Through
	}
	want := map[string][]string{"scanner.more": {"count"}, "scanner.digit": {"count"}, "window.size": {"Width"}}
	if !reflect.DeepEqual(through, want) {
		t.Errorf("-stats tested_through: got %v, want %v", through, want)
	}

	var r report.Report
	readJSON(t, filepath.Join(dir, "r.json"), &r)
	if len(r.Packages) != 1 || len(r.Packages[0].TestedThrough) != 3 {
		t.Fatalf("-report: want one package with 3 methods tested through others, got %+v", r.Packages)
	}
	for _, fr := range r.Packages[0].TestedThrough {
		if !reflect.DeepEqual(fr.Through, want[fr.Name]) || fr.Statements == 0 || fr.Covered != fr.Statements {
			t.Errorf("-report: %s through %v covers %d of %d statements, want %v and all", fr.Name, fr.Through, fr.Covered, fr.Statements, want[fr.Name])
		}
	}
	checkFullyCovering(t, dir)
}

// TestMergeKeepsWhatIsTestedThrough: count (shard 1 of 2) and Width
// (shard 2) test the methods of scanner and window; the merged -report
// and -stats, with the methods tested through them, are the unsharded
// run's.
func TestMergeKeepsWhatIsTestedThrough(t *testing.T) {
	out := t.TempDir()
	file := func(name string) string { return filepath.Join(out, name) }
	common := []string{"-store", "off", "-max-work", "300000", "."}
	runIn(t, fixtureModule(t, "builders"), nil, append([]string{"-stats", file("stats.json"), "-report", file("report.json")}, common...)...)
	args := []string{"merge", "-stats", file("merged-stats.json"), "-report", file("merged-report.json")}
	for i := 1; i <= 2; i++ {
		s, r := file(fmt.Sprintf("stats%d.json", i)), file(fmt.Sprintf("report%d.json", i))
		runIn(t, fixtureModule(t, "builders"), nil, append([]string{"-shard", fmt.Sprintf("%d/2", i), "-stats", s, "-report", r}, common...)...)
		args = append(args, s, r)
	}
	runIn(t, t.TempDir(), nil, args...)
	wantReport, _ := os.ReadFile(file("report.json"))
	gotReport, _ := os.ReadFile(file("merged-report.json"))
	if !bytes.Equal(wantReport, gotReport) {
		t.Errorf("merged report differs from the unsharded run's:\n%s\n--- unsharded:\n%s", gotReport, wantReport)
	}
	if want, got := timeless(t, file("stats.json")), timeless(t, file("merged-stats.json")); !bytes.Equal(want, got) {
		t.Errorf("merged statistics differ from the unsharded run's:\n%s\n--- unsharded:\n%s", got, want)
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
