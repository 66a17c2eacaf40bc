package testgen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"golang.org/x/tools/go/ssa"
)

// fuzzFixture loads testdata/fuzzseeds and copies it into a module of its
// own, where the test may write; it returns the package (with Dir the
// copy) and its functions by name.
func fuzzFixture(t *testing.T) (Package, map[string]*ssa.Function) {
	t.Helper()
	prog, err := loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/fuzzseeds"}})
	if err != nil {
		t.Fatal(err)
	}
	lp := prog.Packages[0]
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "fuzzseeds", "fuzzseeds.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fuzzseeds.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/fuzzseeds\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	funcs := map[string]*ssa.Function{}
	for _, fn := range lp.Targets {
		funcs[loader.FuncName(fn)] = fn
	}
	return Package{Dir: dir, Types: lp.Types}, funcs
}

func fuzzStr(s string) concrete.Value    { return concrete.Value{Kind: concrete.String, Str: s} }
func fuzzInt(n int64) concrete.Value     { return concrete.Value{Kind: concrete.Int, Int: n} }
func fuzzUint(n uint64) concrete.Value   { return concrete.Value{Kind: concrete.Uint, Uint: n} }
func fuzzFloat(f float64) concrete.Value { return concrete.Value{Kind: concrete.Float, Float: f} }
func fuzzBool(b bool) concrete.Value {
	return concrete.Value{Kind: concrete.Bool, Bool: b}
}
func fuzzBytes(s string) concrete.Value {
	v := concrete.Value{Kind: concrete.Slice}
	for i := range len(s) {
		v.Elems = append(v.Elems, fuzzUint(uint64(s[i])))
	}
	return v
}

func seedCase(args ...concrete.Value) Case { return Case{Args: args} }

// fuzzCases are cases as the executor would hand them over, some of which
// must not become seeds.
func fuzzCases(funcs map[string]*ssa.Function) []FuncTests {
	return []FuncTests{
		{Func: funcs["Prefix"], Cases: []Case{
			seedCase(fuzzStr("go\n"), fuzzInt(-1)),
			seedCase(fuzzStr("gopher"), fuzzInt(2)),
			seedCase(fuzzStr("gopher"), fuzzInt(2)),                                    // a duplicate: one seed
			{Args: []concrete.Value{fuzzStr("env"), fuzzInt(1)}, Env: &Env{}},          // sets the environment
			{Args: []concrete.Value{fuzzStr("clock"), fuzzInt(1)}, Uncontrolled: true}, // depends on the clock
		}},
		// The panicking case would fail go test as a seed.
		{Func: funcs["Index"], Cases: []Case{
			seedCase(fuzzStr("ab"), fuzzInt(1)),
			{Args: []concrete.Value{fuzzStr("ab"), fuzzInt(5)}, Want: Outcome{Panics: true}},
		}},
		// The third case covers what the first does: no seed of its own.
		{Func: funcs["Checksum"], Cases: []Case{
			{Args: []concrete.Value{fuzzBytes("\x00\xff")}, Covers: []BlockID{{Func: funcs["Checksum"], Index: 1}, {Func: funcs["Checksum"], Index: 2}}},
			{Args: []concrete.Value{{Kind: concrete.Nil}}, Covers: []BlockID{{Func: funcs["Checksum"], Index: 3}}},
			{Args: []concrete.Value{fuzzBytes("abc")}, Covers: []BlockID{{Func: funcs["Checksum"], Index: 2}, {Func: funcs["Checksum"], Index: 1}}},
		}},
		{Func: funcs["Scale"], Cases: []Case{seedCase(fuzzFloat(math.Inf(-1)), fuzzBool(true)), seedCase(fuzzFloat(math.NaN()), fuzzBool(false)), seedCase(fuzzFloat(math.Copysign(0, -1)), fuzzBool(false)), seedCase(fuzzFloat(1.5e300), fuzzBool(false))}},
		{Func: funcs["Pick"], Cases: []Case{seedCase(fuzzInt(4), fuzzInt('x'), fuzzUint(200))}},
		{Func: funcs["half"], Cases: []Case{seedCase(fuzzInt(math.MinInt64), fuzzFloat(0.75))}},
		{Func: funcs["Wait"], Cases: []Case{seedCase(fuzzInt(5))}},
		{Func: funcs["Sum"], Cases: []Case{seedCase(concrete.Value{Kind: concrete.Nil})}},
		{Func: funcs["Zero"], Cases: []Case{seedCase()}},
		{Func: funcs["Point.Move"], Cases: []Case{seedCase(concrete.Value{Kind: concrete.Struct}, fuzzInt(1))}},
		{Func: funcs["Norm"], Cases: []Case{seedCase(concrete.Value{Kind: concrete.Struct})}},
	}
}

// TestFuzzSeedsTargetsAndCorpus checks which functions get a target, the
// targets' source, and the corpus files, line by line.
func TestFuzzSeedsTargetsAndCorpus(t *testing.T) {
	pkg, funcs := fuzzFixture(t)
	fz, err := FuzzSeeds(pkg, fuzzCases(funcs))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	seeds := map[string][]string{}
	for _, target := range fz.Targets {
		names = append(names, target.Name)
		for _, s := range target.Seeds {
			if !regexp.MustCompile(`^gosymtest-[0-9a-f]{16}$`).MatchString(s.Name) {
				t.Errorf("%s: seed file name %q", target.Name, s.Name)
			}
			seeds[target.Name] = append(seeds[target.Name], string(s.Data))
		}
		sort.Strings(seeds[target.Name])
	}
	if want := "FuzzPrefix FuzzIndex FuzzChecksum FuzzScale FuzzPick FuzzHalf"; strings.Join(names, " ") != want {
		t.Errorf("targets %v, want %s", names, want)
	}
	want := map[string][]string{
		"FuzzPrefix":   {"go test fuzz v1\nstring(\"go\\n\")\nint(-1)\n", "go test fuzz v1\nstring(\"gopher\")\nint(2)\n"},
		"FuzzIndex":    {"go test fuzz v1\nstring(\"ab\")\nint(1)\n"},
		"FuzzChecksum": {"go test fuzz v1\n[]byte(\"\")\n", "go test fuzz v1\n[]byte(\"\\x00\\xff\")\n"},
		"FuzzScale": {
			"go test fuzz v1\nfloat64(-0)\nbool(false)\n",
			"go test fuzz v1\nfloat64(-Inf)\nbool(true)\n",
			"go test fuzz v1\nfloat64(1.5e+300)\nbool(false)\n",
			"go test fuzz v1\nfloat64(NaN)\nbool(false)\n",
		},
		"FuzzPick": {"go test fuzz v1\nint(4)\nint32(120)\nuint8(200)\n"},
		"FuzzHalf": {"go test fuzz v1\nint64(-9223372036854775808)\nfloat32(0.75)\n"},
	}
	for name, w := range want {
		if strings.Join(seeds[name], "|") != strings.Join(w, "|") {
			t.Errorf("%s seeds:\n%q\nwant:\n%q", name, seeds[name], w)
		}
	}
	src := string(fz.Source)
	if !strings.HasPrefix(src, "// Code generated by gosymtest. DO NOT EDIT.\n\npackage fuzzseeds\n") {
		t.Errorf("source does not start with the header and the package clause:\n%s", src)
	}
	for _, want := range []string{
		"func FuzzPick(f *testing.F) {\n\tf.Fuzz(func(t *testing.T, l int, r int32, b uint8) {\n\t\tPick(Level(l), r, b)\n\t})\n}",
		"func FuzzHalf(f *testing.F) {\n\tf.Fuzz(func(t *testing.T, x int64, f_ float32) {\n\t\thalf(x, f_)\n\t})\n}",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("source lacks\n%s\nin:\n%s", want, src)
		}
	}
}

// TestFuzzSeedsRunUnderGoTest writes the targets and seeds into the
// package and runs go test: the file compiles, every seed is run as a
// test and passes (the panicking case was left out), and go test reads
// the corpus format. A second write drops an earlier run's stale seed
// and keeps a file go test -fuzz saved.
func TestFuzzSeedsRunUnderGoTest(t *testing.T) {
	pkg, funcs := fuzzFixture(t)
	stale := filepath.Join(pkg.Dir, SeedDir("FuzzPrefix"), SeedPrefix+"0000000000000000")
	found := filepath.Join(pkg.Dir, SeedDir("FuzzPrefix"), "582528ddfad69eb5")
	for _, f := range []string{stale, found} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("go test fuzz v1\nstring(\"x\")\nint(0)\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fz, err := FuzzSeeds(pkg, fuzzCases(funcs))
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFuzz(pkg.Dir, fz); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Errorf("an earlier run's seed was kept: %s", stale)
	}
	if _, err := os.Stat(found); err != nil {
		t.Errorf("a seed go test saved was removed: %v", err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(pkg.Dir, "testdata", "fuzz", ".gosymtest-*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
	cmd := exec.Command("go", "test", "-count=1", "-v", "-run", "^Fuzz", ".")
	cmd.Dir = pkg.Dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test on the fuzz targets: %v\n%s", err, out)
	}
	ran := 0
	for _, target := range fz.Targets {
		for _, s := range target.Seeds {
			if !strings.Contains(string(out), "--- PASS: "+target.Name+"/"+s.Name) {
				t.Errorf("seed %s/%s did not run and pass:\n%s", target.Name, s.Name, out)
			}
			ran++
		}
	}
	if ran < 10 {
		t.Errorf("only %d seeds", ran)
	}

	// A file of that name that gosymtest did not write stays.
	mine := filepath.Join(pkg.Dir, FuzzFileName)
	if err := os.WriteFile(mine, []byte("package fuzzseeds\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFuzz(pkg.Dir, fz); err == nil || !strings.Contains(err.Error(), "not generated by gosymtest") {
		t.Errorf("WriteFuzz over a user's file: %v", err)
	}
}

// TestFuzzSeedsNeedGo118: testing.F came with go1.18; a package whose
// language version is older gets no target, and is told why.
func TestFuzzSeedsNeedGo118(t *testing.T) {
	pkg, funcs := fuzzFixture(t)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "old.go", "package fuzzseeds\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	old, err := (&types.Config{GoVersion: "go1.17"}).Check("example.com/fuzzseeds", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	fz, err := FuzzSeeds(Package{Dir: pkg.Dir, Types: old}, fuzzCases(funcs))
	if err != nil {
		t.Fatal(err)
	}
	if len(fz.Targets) != 0 || fz.Source != nil || !strings.Contains(fz.Why, "go1.17") {
		t.Errorf("go1.17: %d targets, why %q", len(fz.Targets), fz.Why)
	}
	// A version read as unknown is the oldest, as for the rest of the
	// file (packageVersion).
	for v, before := range map[string]bool{"go1.17": true, "go1.13": true, "go1.18": false, "go1.21.3": false, "go1.26.8": false, "": true} {
		if got := parseGoVersion(v) < go118; got != before {
			t.Errorf("go version %q before go1.18: %v", v, got)
		}
	}
}
