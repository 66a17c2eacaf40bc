package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/solver"
)

// binary is the gosymtest command, built once by TestMain.
var binary string

// repoRoot is the module root, where the fixtures' paths start.
const repoRoot = "../.."

// workRoot is a scratch copy of the module's go.mod, go.sum and testdata,
// where the binary runs: exploring writes test files next to the code, and
// tests must not write into the repository.
var workRoot string

const demoPath = "github.com/gosymtest/gosymtest/testdata/demo"

// demoTargets are the targets of testdata/demo in listing order.
var demoTargets = []string{
	"Account.Withdraw",
	"Max[int]", "Max[string]", "HighScore", "LaterName",
	"ParseDigits",
	"Kind.String", "Classify",
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gosymtest-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// Hermetic: the binary's default store (the user cache directory)
	// is one of the test's own, never the user's. The go command keeps
	// its caches where they were (GOCACHE defaults to one under the user
	// cache directory too, GOMODCACHE to one under HOME, which a test
	// unsets).
	goenv, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE").Output()
	if err == nil {
		lines := strings.Split(strings.TrimSpace(string(goenv)), "\n")
		err = errors.Join(os.Setenv("GOCACHE", lines[0]), os.Setenv("GOMODCACHE", lines[len(lines)-1]))
	}
	if err == nil {
		err = os.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "setting the cache directories:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "gosymtest")
	args := []string{"build", "-o", binary}
	if raceEnabled {
		args = append(args, "-race")
	}
	build := exec.Command("go", append(args, ".")...)
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building gosymtest:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	workRoot = filepath.Join(dir, "module")
	if err := copyModule(repoRoot, workRoot); err != nil {
		fmt.Fprintln(os.Stderr, "copying the fixtures:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	code           int
	stdout, stderr string
}

// gosymtest runs the binary in the module root.
func gosymtest(t *testing.T, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = workRoot
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatalf("running gosymtest %q: %v", args, err)
	}
	return result{cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()}
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\n--- stdout:\n%s--- stderr:\n%s", r.code, r.stdout, r.stderr)
}

// listed parses the listing on stdout into package -> function names.
func listed(t *testing.T, stdout string) map[string][]string {
	t.Helper()
	out := make(map[string][]string)
	pkg := ""
	for _, line := range strings.Split(strings.TrimRight(stdout, "\n"), "\n") {
		switch {
		case line == "":
		case !strings.HasPrefix(line, " "):
			pkg = line
			out[pkg] = []string{}
		default:
			// The position is the last field; the name is the rest, and
			// may have spaces of its own: Last[int, []int].
			fields := strings.Fields(line)
			if pkg == "" || len(fields) < 2 {
				t.Fatalf("malformed listing line %q in:\n%s", line, stdout)
			}
			name := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line), fields[len(fields)-1]))
			out[pkg] = append(out[pkg], name)
		}
	}
	return out
}

func TestListsDemo(t *testing.T) {
	r := gosymtest(t, "./testdata/demo")
	if r.code != 0 {
		t.Fatalf("want exit 0:\n%s", r)
	}
	got := listed(t, r.stdout)
	want := map[string][]string{demoPath: demoTargets}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("listing = %v, want %v\n%s", got, want, r)
	}
	if !strings.Contains(r.stdout, "Classify          testdata/demo/triangle.go:27\n") {
		t.Errorf("listing does not give Classify's position aligned:\n%s", r.stdout)
	}
	// Every target is explored; Classify completely.
	for _, name := range demoTargets {
		if !strings.Contains(r.stderr, "func="+name+" ") {
			t.Errorf("no log line for exploring %s:\n%s", name, r.stderr)
		}
	}
	if !regexp.MustCompile(`explored blocks=16 covered=16 exhausted=true func=Classify`).MatchString(r.stderr) {
		t.Errorf("Classify not explored exhaustively with all 16 blocks covered:\n%s", r.stderr)
	}
}

func TestTestdataWildcard(t *testing.T) {
	r := gosymtest(t, "-dry-run", "./testdata/...")
	if r.code != 0 {
		t.Fatalf("want exit 0 (testdata/broken is reported and skipped):\n%s", r)
	}
	got := listed(t, r.stdout)
	for _, pkg := range []string{demoPath, "github.com/gosymtest/gosymtest/testdata/targets"} {
		if len(got[pkg]) == 0 {
			t.Errorf("%s not listed:\n%s", pkg, r)
		}
	}
	if !slices.Contains(got["github.com/gosymtest/gosymtest/testdata/targets"], "Last[int, []int]") {
		t.Errorf("Last[int, []int] not listed:\n%s", r)
	}
}

func TestBrokenPackageIsNamedAndOthersAreListed(t *testing.T) {
	r := gosymtest(t, "./testdata/broken/...", "./testdata/demo")
	if r.code != 0 {
		t.Fatalf("want exit 0: the demo loaded, the broken packages are reported:\n%s", r)
	}
	for _, want := range []string{
		"testdata/broken/broken.go:6:17: missing ',' in parameter list",
		"testdata/broken/typeerr/typeerr.go:12:9: invalid operation",
		"depends on broken package github.com/gosymtest/gosymtest/testdata/broken/typeerr",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r)
		}
	}
	if got := listed(t, r.stdout); !reflect.DeepEqual(got, map[string][]string{demoPath: demoTargets}) {
		t.Errorf("demo not listed in full: %v\n%s", got, r)
	}
}

func TestNothingLoadable(t *testing.T) {
	r := gosymtest(t, "./testdata/broken")
	if r.code != 1 {
		t.Fatalf("want exit 1:\n%s", r)
	}
	if r.stdout != "" {
		t.Errorf("stdout not empty:\n%s", r)
	}
	for _, want := range []string{"testdata/broken/broken.go:6:17", "nothing could be loaded"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r)
		}
	}
	if strings.Contains(r.stderr, "not implemented") {
		t.Errorf("claims a run that did not happen:\n%s", r)
	}
}

func TestUsageErrorsExit2NamingTheFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-budget", "soon"}, `invalid value "soon" for flag -budget`},
		{[]string{"-budget", "0s"}, "-budget: must be positive"},
		{[]string{"-run", "(["}, `invalid value "([" for flag -run: error parsing regexp`},
		{[]string{"-max-paths", "-3"}, "-max-paths: must be 0"},
		{[]string{"-max-paths", "many"}, "-max-paths: not an integer"},
		{[]string{"-seed", "-1"}, "-seed: not a whole number"},
		{[]string{"-no-such-flag"}, "flag provided but not defined: -no-such-flag"},
		{[]string{"./testdata/demo", "-budget"}, "flag needs an argument: -budget"},
		{[]string{"-shard", "0/3"}, "-shard: want 1 ≤ i ≤ n"},
		{[]string{"-shard", "4/3"}, "-shard: want 1 ≤ i ≤ n"},
		{[]string{"-shard", "half"}, "-shard: want i/n"},
		{[]string{"-store", ""}, "-store: empty"},
		{[]string{"-store", "ftp://host"}, "-store: unknown scheme"},
		{[]string{"-store", "redis://"}, "-store: not a redis://host:port"},
		{[]string{"-p", "0"}, "-p: must be 1 or more"},
		{[]string{"-p", "all"}, "-p: not an integer"},
		{[]string{"-timeout", "-1s"}, "-timeout: must be 0 (no bound) or more"},
		{[]string{"-timeout", "soon"}, `invalid value "soon" for flag -timeout`},
	} {
		r := gosymtest(t, tc.args...)
		if r.code != 2 {
			t.Errorf("%q: want exit 2:\n%s", tc.args, r)
		}
		if !strings.Contains(r.stderr, tc.want) || !strings.Contains(r.stderr, "usage: gosymtest") {
			t.Errorf("%q: stderr lacks %q and the usage line:\n%s", tc.args, tc.want, r)
		}
		if r.stdout != "" {
			t.Errorf("%q: listed functions despite a usage error:\n%s", tc.args, r)
		}
	}
}

func TestRunSelectsByName(t *testing.T) {
	for _, tc := range []struct {
		run  string
		want []string
	}{
		{"Max", []string{"Max[int]", "Max[string]"}},
		{`^Max\[string\]$`, []string{"Max[string]"}},
		{"Kind.String", []string{"Kind.String"}},   // value receiver
		{"Withdraw", []string{"Account.Withdraw"}}, // pointer receiver, unanchored
		{"^Account$", nil},                         // a type is not a function
	} {
		// Flags after the package, as with go test.
		r := gosymtest(t, "./testdata/demo", "-run", tc.run)
		if r.code != 0 {
			t.Errorf("-run %q: want exit 0:\n%s", tc.run, r)
			continue
		}
		got := listed(t, r.stdout)[demoPath]
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("-run %q selected %q, want %q", tc.run, got, tc.want)
		}
		if tc.want == nil && !strings.Contains(r.stderr, "no function matches -run") {
			t.Errorf("-run %q: no warning that nothing matched:\n%s", tc.run, r)
		}
	}
}

func TestStatsFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "stats.json")
	if err := os.WriteFile(path, []byte("old content"), 0o644); err != nil {
		t.Fatal(err)
	}
	// No store: answers other tests of the package stored would leave
	// Z3 nothing to count.
	r := gosymtest(t, "-store", "off", "-stats", path, "-run", "Max|Classify", "./testdata/demo", "./testdata/broken")
	if r.code != 0 {
		t.Fatalf("want exit 0 (a broken package is skipped):\n%s", r)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Totals    counts `json:"totals"`
		Functions []struct {
			Package       string `json:"package"`
			Name          string `json:"name"`
			Position      string `json:"position"`
			Blocks        int    `json:"blocks"`
			BlocksCovered int    `json:"blocks_covered"`
			Exhausted     bool   `json:"exhausted"`
			Tests         int    `json:"tests"`
		} `json:"functions"`
		LoadErrors []struct {
			Package  string `json:"package"`
			Position string `json:"position"`
			Message  string `json:"message"`
		} `json:"load_errors"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("stats file is not JSON: %v\n%s", err, data)
	}
	// Exploration is deterministic, so the path and block counts are exact
	// (with -prune none, Classify takes 4 paths more and none is pruned,
	// for the same 22 blocks); times and solver counts are only required
	// to be present.
	wantTotals := map[string]int{
		"packages": 1, "packages_failed": 1,
		"functions": 3, "functions_explored": 3, "functions_skipped": 0,
		"paths": 11, "pruned": 6, "blocks": 22, "blocks_covered": 22,
		"tests_dropped": 0,
	}
	for k, v := range wantTotals {
		if got.Totals[k] != v {
			t.Errorf("totals[%s] = %d, want %d", k, got.Totals[k], v)
		}
	}
	for _, k := range []string{"pruned", "instructions", "solver_queries", "solver_ms", "solver_unknowns", "solver_unknown_ms", "solver_escalations", "solver_escalated_ms", "wall_ms"} {
		if _, ok := got.Totals[k]; !ok {
			t.Errorf("totals lack %s", k)
		}
	}
	if got.Totals["solver_queries"] == 0 || got.Totals["instructions"] == 0 {
		t.Errorf("no solver queries or instructions counted: %v", got.Totals)
	}
	// The solver chain's layers, in chain order; every query meets the
	// first, and some layer answers some (what none answered is what
	// reached Z3).
	var layers struct {
		Totals struct {
			SolverLayers []struct {
				Name              string
				Queries, Answered int
			} `json:"solver_layers"`
		} `json:"totals"`
	}
	if err := json.Unmarshal(data, &layers); err != nil {
		t.Fatal(err)
	}
	var names []string
	answered := 0
	for _, l := range layers.Totals.SolverLayers {
		names = append(names, l.Name)
		answered += l.Answered
		if l.Answered > l.Queries {
			t.Errorf("solver layer %s: %d queries, %d answered", l.Name, l.Queries, l.Answered)
		}
	}
	if !slices.Equal(names, solver.Layers) {
		t.Fatalf("solver_layers are %v, want %v", names, solver.Layers)
	}
	if first := layers.Totals.SolverLayers[0]; first.Queries == 0 || answered == 0 {
		t.Errorf("the chain's first layer got %d queries and the layers answered %d", first.Queries, answered)
	}
	// Each function's tests are counted, and add up to the total.
	sumTests := 0
	for _, f := range got.Functions {
		if f.Tests == 0 {
			t.Errorf("no tests counted for %s", f.Name)
		}
		sumTests += f.Tests
	}
	if sumTests != got.Totals["tests_emitted"] {
		t.Errorf("functions' tests add up to %d, totals say %d", sumTests, got.Totals["tests_emitted"])
	}
	names = nil
	for _, f := range got.Functions {
		if f.Package != demoPath || !strings.HasPrefix(f.Position, "testdata/demo/") || !f.Exhausted || f.Blocks != f.BlocksCovered {
			t.Errorf("function entry %+v", f)
		}
		names = append(names, f.Name)
	}
	if want := []string{"Max[int]", "Max[string]", "Classify"}; !reflect.DeepEqual(names, want) {
		t.Errorf("functions = %q, want %q", names, want)
	}
	if len(got.LoadErrors) != 1 || got.LoadErrors[0].Position != "testdata/broken/broken.go:6:17" {
		t.Errorf("load_errors = %+v", got.LoadErrors)
	}

	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("temporary files left beside the stats file: %v", entries)
	}
}

func TestStatsFileInMissingDirectoryFails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "stats.json")
	r := gosymtest(t, "-stats", path, "./testdata/demo")
	if r.code != 1 || !strings.Contains(r.stderr, "cannot write the statistics file") {
		t.Errorf("want exit 1 and an error about the stats file:\n%s", r)
	}
}

func TestHelpShowsEmbeddedDoc(t *testing.T) {
	for _, arg := range []string{"-h", "-help"} {
		r := gosymtest(t, arg)
		if r.code != 0 {
			t.Errorf("%s: want exit 0:\n%s", arg, r)
		}
		if r.stdout != helpText() {
			t.Errorf("%s does not print doc.go's package comment:\n%s", arg, r)
		}
	}
	help := helpText()
	for _, want := range []string{"Gosymtest writes Go unit tests", "Exit status:", "gosymtest_generated_test.go"} {
		if !strings.Contains(help, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	// Every flag is documented, so doc.go and the flags do not drift.
	newFlagSet(&config{}).VisitAll(func(f *flag.Flag) {
		if !regexp.MustCompile(`(?m)^\t-` + regexp.QuoteMeta(f.Name) + `\b`).MatchString(help) {
			t.Errorf("flag -%s is not documented in doc.go", f.Name)
		}
	})
}

func TestVersion(t *testing.T) {
	r := gosymtest(t, "-version")
	if r.code != 0 || !regexp.MustCompile(`^gosymtest \S+`).MatchString(r.stdout) {
		t.Errorf("-version:\n%s", r)
	}
}

func TestDryRunAndLogFormats(t *testing.T) {
	r := gosymtest(t, "-dry-run", "-log-json", "-v", "./testdata/demo")
	if r.code != 0 {
		t.Fatalf("want exit 0:\n%s", r)
	}
	if got := listed(t, r.stdout)[demoPath]; !reflect.DeepEqual(got, demoTargets) {
		t.Errorf("-dry-run listed %q", got)
	}
	levels := make(map[string]bool)
	for _, line := range strings.Split(strings.TrimSpace(r.stderr), "\n") {
		var entry map[string]any
		if err := json.Unmarshal([]byte(line), &entry); err != nil {
			t.Fatalf("-log-json line %q is not JSON: %v", line, err)
		}
		level, _ := entry["level"].(string)
		levels[level] = true
		if strings.Contains(fmt.Sprint(entry["message"]), "not implemented") {
			t.Errorf("-dry-run explores nothing by request; no notice expected: %q", line)
		}
	}
	if !levels["debug"] || !levels["info"] {
		t.Errorf("-v: want debug and info entries, got levels %v", levels)
	}

	quiet := gosymtest(t, "./testdata/demo")
	if strings.Contains(quiet.stderr, "DBG") || strings.HasPrefix(quiet.stderr, "{") {
		t.Errorf("default logging is not plain text at info level:\n%s", quiet)
	}
	if !strings.Contains(quiet.stderr, "INF loaded") {
		t.Errorf("default logging lacks the info line:\n%s", quiet)
	}
}

func TestParseArgs(t *testing.T) {
	cfg, err := parseArgs([]string{"-v", "./a", "-run", "X", "./b", "--", "-notaflag"})
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.verbose || cfg.run == nil || cfg.run.String() != "X" {
		t.Errorf("flags not parsed: %+v", cfg)
	}
	if want := []string{"./a", "./b", "-notaflag"}; !reflect.DeepEqual(cfg.patterns, want) {
		t.Errorf("patterns = %q, want %q", cfg.patterns, want)
	}
	if cfg.budget != defaultBudget || cfg.maxPaths != 0 || cfg.parallel != runtime.NumCPU() || cfg.timeout != 0 {
		t.Errorf("defaults: budget %v, max-paths %d, -p %d, -timeout %v", cfg.budget, cfg.maxPaths, cfg.parallel, cfg.timeout)
	}
}

// copyModule copies go.mod, go.sum and the testdata tree of the module at
// from into to, leaving out test files generated by earlier runs.
func copyModule(from, to string) error {
	for _, f := range []string{"go.mod", "go.sum"} {
		if err := copyFile(filepath.Join(from, f), filepath.Join(to, f)); err != nil {
			return err
		}
	}
	return filepath.WalkDir(filepath.Join(from, "testdata"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == "gosymtest_generated_test.go" {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		return copyFile(path, filepath.Join(to, rel))
	})
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

// counts are the numbers of a JSON object, its other fields left out:
// the stats' totals also hold solver_layers, a list.
type counts map[string]int

func (c *counts) UnmarshalJSON(data []byte) error {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return err
	}
	*c = counts{}
	for k, v := range fields {
		var n int
		if json.Unmarshal(v, &n) == nil {
			(*c)[k] = n
		}
	}
	return nil
}
