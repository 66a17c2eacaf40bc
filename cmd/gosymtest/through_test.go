package main

import (
	"encoding/json"
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
