package testgen

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/format"
	"go/token"
	"go/types"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"golang.org/x/tools/go/ssa"
)

// FuzzFileName is the file that holds a package's fuzz targets, beside
// DefaultFileName.
const FuzzFileName = "gosymtest_fuzz_test.go"

// SeedPrefix starts the name of every seed file gosymtest writes, so that
// a later run replaces its own seeds and never touches the inputs that
// go test -fuzz saved (the failures it found) in the same directory.
const SeedPrefix = "gosymtest-"

// Fuzz is a package's fuzz targets and their seed corpora, as FuzzSeeds
// makes them; WriteFuzz puts them in the package.
type Fuzz struct {
	// Source is the file FuzzFileName; nil when no function qualifies.
	Source  []byte
	Targets []FuzzTarget
	// Why says why there is no target, when there is none.
	Why string
}

// FuzzTarget is one FuzzXxx function and its seeds.
type FuzzTarget struct {
	Name  string // FuzzParse
	Func  *ssa.Function
	Seeds []Seed // sorted by name, without duplicates
}

// Seed is one file of a seed corpus, in go test's corpus format.
type Seed struct {
	Name string // SeedPrefix and a hash of Data
	Data []byte
}

// SeedDir is the directory, relative to the package, where go test looks
// for the seed corpus of the fuzz target name.
func SeedDir(name string) string { return filepath.Join("testdata", "fuzz", name) }

// FuzzSeeds makes a fuzz target for each function of funcs whose
// parameters go test -fuzz can generate (strings, []byte, bools, integers
// and floats, or types of the package defined on them), and the seed
// corpus of each from the inputs the executor solved for its cases, so
// that fuzzing starts past the guards those inputs pass: one seed per set
// of blocks and edges the cases cover. It reads and writes nothing.
//
// A target calls its function and ignores the results: a panic is the
// finding. go test runs the seeds as tests, so only cases that return are
// seeds; a case that panics is left out (the unit tests assert its panic),
// and so are the cases that set the environment or that depend on values
// a test cannot set (the clock), whose outcome the inputs alone do not
// fix. Methods, generic functions, variadic functions and functions
// without parameters get no target.
//
// The package's language version must know testing.F (go1.18); below it,
// or when it is unknown to be above, no target is made.
func FuzzSeeds(pkg Package, funcs []FuncTests) (*Fuzz, error) {
	out := &Fuzz{}
	if pkg.Types == nil {
		return out, fmt.Errorf("%s: no type information for the package", pkg.Dir)
	}
	if v := packageVersion(pkg); v < go118 {
		out.Why = "the package's language version predates fuzzing (go1.18)"
		if v > 0 {
			out.Why = fmt.Sprintf("the package's language version, go1.%d, predates fuzzing (go1.18)", v)
		}
		return out, nil
	}
	sc := newScope(pkg.Types, pkg.Dir, FuzzFileName)
	testingName := sc.claimImport("testing")
	var body bytes.Buffer
	for _, ft := range funcs {
		shape, ok := fuzzParams(pkg.Types, ft.Func, testingName)
		if !ok {
			continue
		}
		target := FuzzTarget{Name: sc.claimTest("Fuzz" + exportedName(ft.Func.Name())), Func: ft.Func}
		target.Seeds = seedsOf(shape.params, ft.Cases)
		out.Targets = append(out.Targets, target)
		writeTarget(&body, target.Name, testingName, ft.Func, shape)
	}
	if len(out.Targets) == 0 {
		out.Why = "no function has only parameters go test -fuzz generates"
		return out, nil
	}
	var src bytes.Buffer
	src.WriteString(header + "\n")
	fmt.Fprintf(&src, "package %s\n\n", pkg.Types.Name())
	if testingName == "testing" {
		src.WriteString("import \"testing\"\n")
	} else {
		fmt.Fprintf(&src, "import %s \"testing\"\n", testingName)
	}
	src.Write(body.Bytes())
	formatted, err := format.Source(src.Bytes())
	if err != nil {
		return &Fuzz{}, fmt.Errorf("generated fuzz file does not parse (a bug in gosymtest): %w\n%s", err, src.Bytes())
	}
	out.Source = formatted
	return out, nil
}

// exportedName upper-cases the first letter of name: parse -> Parse.
func exportedName(name string) string {
	r, size := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[size:]
}

// fuzzTarget is the shape of one target: its parameters and the names
// of its *testing.F and *testing.T.
type fuzzTarget struct {
	f, t   string
	params []fuzzParam
}

// fuzzParam is one parameter of a fuzz target.
type fuzzParam struct {
	name  string // in the target's function literal
	basic string // the type go test -fuzz generates: "string", "[]byte", "int32"
	conv  string // the package's type the argument is converted to; "" for none
}

// fuzzParams returns the shape of fn's target, or false when fn gets
// none.
func fuzzParams(pkg *types.Package, fn *ssa.Function, testingName string) (fuzzTarget, bool) {
	var ft fuzzTarget
	sig := fn.Signature
	if sig.Recv() != nil || sig.Variadic() || sig.Params().Len() == 0 || fn.TypeParams().Len() > 0 || fn.Origin() != nil || fn.Pkg == nil || fn.Pkg.Pkg != pkg || fn.Parent() != nil {
		return ft, false
	}
	if !token.IsIdentifier(fn.Name()) || fn.Name() == "init" {
		return ft, false
	}
	// The names the target's body refers to, which no local may shadow.
	used := map[string]bool{fn.Name(): true, testingName: true}
	for i := range sig.Params().Len() {
		v := sig.Params().At(i)
		p := fuzzParam{}
		var ok bool
		if p.basic, ok = fuzzable(v.Type().Underlying()); !ok {
			return ft, false
		}
		if named, isNamed := v.Type().(*types.Named); isNamed {
			obj := named.Obj()
			if obj.Pkg() != pkg || named.TypeArgs().Len() > 0 || obj.Parent() != pkg.Scope() {
				return ft, false // a type of another package, or a local one
			}
			p.conv = obj.Name()
			used[p.conv] = true
		} else if !types.Identical(v.Type(), v.Type().Underlying()) {
			return ft, false // an alias of a named type
		}
		ft.params = append(ft.params, p)
	}
	free := func(name string) string {
		for used[name] {
			name += "_"
		}
		used[name] = true
		return name
	}
	ft.f, ft.t = free("f"), free("t")
	for i := range ft.params {
		name := sig.Params().At(i).Name()
		if name == "" || name == "_" {
			name = fmt.Sprintf("in%d", i)
		}
		ft.params[i].name = free(name)
	}
	return ft, true
}

// fuzzable spells the type go test -fuzz generates for a parameter whose
// underlying type is t, or reports false.
func fuzzable(t types.Type) (string, bool) {
	switch t := t.(type) {
	case *types.Basic:
		switch t.Kind() {
		case types.Bool, types.String, types.Int, types.Int8, types.Int16, types.Int32, types.Int64,
			types.Uint, types.Uint8, types.Uint16, types.Uint32, types.Uint64, types.Float32, types.Float64:
			return types.Typ[t.Kind()].Name(), true
		}
	case *types.Slice:
		if b, ok := t.Elem().(*types.Basic); ok && b.Kind() == types.Uint8 {
			return "[]byte", true
		}
	}
	return "", false
}

// writeTarget prints the fuzz target name of fn.
func writeTarget(b *bytes.Buffer, name, testingName string, fn *ssa.Function, ft fuzzTarget) {
	fmt.Fprintf(b, "\n// %s calls %s on the inputs go test -fuzz generates, starting\n// from those gosymtest solved for it, in testdata/fuzz/%[1]s.\n// A panic is a finding.\n", name, fn.Name())
	fmt.Fprintf(b, "func %[1]s(%[2]s *%[3]s.F) {\n\t%[2]s.Fuzz(func(%[4]s *%[3]s.T", name, ft.f, testingName, ft.t)
	var args []string
	for _, p := range ft.params {
		fmt.Fprintf(b, ", %s %s", p.name, p.basic)
		if p.conv != "" {
			args = append(args, p.conv+"("+p.name+")")
		} else {
			args = append(args, p.name)
		}
	}
	fmt.Fprintf(b, ") {\n\t\t%s(%s)\n\t})\n}\n", fn.Name(), strings.Join(args, ", "))
}

// seedsOf encodes the inputs of the cases that return, one per set of
// blocks and edges covered (the first in the executor's order), sorted by
// name. A coverage-guided fuzzer keeps an input only for coverage no other
// has, so a second seed with the same coverage adds a file and nothing
// else: a function with two hundred paths through the same blocks gets a
// handful of seeds, not two hundred.
func seedsOf(params []fuzzParam, cases []Case) []Seed {
	seen := map[string]bool{}
	covered := map[string]bool{}
	var seeds []Seed
	for _, c := range cases {
		if c.Want.Panics || c.Uncontrolled || c.Env != nil || len(c.Args) != len(params) {
			continue
		}
		data, ok := encodeSeed(params, c.Args)
		if !ok {
			continue
		}
		if key := coverKey(c.Covers); key != "" {
			if covered[key] {
				continue
			}
			covered[key] = true
		}
		sum := sha256.Sum256(data)
		name := SeedPrefix + hex.EncodeToString(sum[:8])
		if seen[name] {
			continue
		}
		seen[name] = true
		seeds = append(seeds, Seed{Name: name, Data: data})
	}
	sortSeeds(seeds)
	return seeds
}

// coverKey names the set of blocks and edges a case covers; "" when the
// case says nothing of its coverage.
func coverKey(covers []BlockID) string {
	keys := make([]string, 0, len(covers))
	for _, b := range covers {
		fn := ""
		if b.Func != nil {
			fn = b.Func.String()
		}
		keys = append(keys, fmt.Sprintf("%s#%d<%d", fn, b.Index, b.From))
	}
	sort.Strings(keys)
	return strings.Join(slices.Compact(keys), " ")
}

func sortSeeds(seeds []Seed) {
	sort.Slice(seeds, func(i, j int) bool { return seeds[i].Name < seeds[j].Name })
}

// encodeSeed writes args in go test's corpus file format, version 1: a
// header line, then one Go conversion of a literal per argument, as in
// int(5), string("a\n"), []byte("\x00"), float64(-Inf).
func encodeSeed(params []fuzzParam, args []concrete.Value) ([]byte, bool) {
	var b bytes.Buffer
	b.WriteString("go test fuzz v1\n")
	for i, p := range params {
		line, ok := corpusValue(p.basic, args[i])
		if !ok {
			return nil, false
		}
		b.WriteString(line + "\n")
	}
	return b.Bytes(), true
}

// corpusValue is one line of a corpus file: v as the type named basic.
func corpusValue(basic string, v concrete.Value) (string, bool) {
	switch basic {
	case "string":
		if v.Kind != concrete.String {
			return "", false
		}
		return "string(" + strconv.Quote(v.Str) + ")", true
	case "[]byte":
		var bs []byte
		switch v.Kind {
		case concrete.Nil:
		case concrete.Slice:
			for _, e := range v.Elems {
				if e.Kind != concrete.Uint {
					return "", false
				}
				bs = append(bs, byte(e.Uint))
			}
		default:
			return "", false
		}
		return "[]byte(" + strconv.Quote(string(bs)) + ")", true
	case "bool":
		if v.Kind != concrete.Bool {
			return "", false
		}
		return "bool(" + strconv.FormatBool(v.Bool) + ")", true
	case "int", "int8", "int16", "int32", "int64":
		if v.Kind != concrete.Int {
			return "", false
		}
		return basic + "(" + strconv.FormatInt(v.Int, 10) + ")", true
	case "uint", "uint8", "uint16", "uint32", "uint64":
		if v.Kind != concrete.Uint {
			return "", false
		}
		return basic + "(" + strconv.FormatUint(v.Uint, 10) + ")", true
	case "float32", "float64":
		if v.Kind != concrete.Float {
			return "", false
		}
		bits := 64
		if basic == "float32" {
			bits = 32
		}
		f := v.Float
		switch {
		case math.IsNaN(f):
			return basic + "(NaN)", true
		case math.IsInf(f, 1):
			return basic + "(+Inf)", true
		case math.IsInf(f, -1):
			return basic + "(-Inf)", true
		}
		s := strconv.FormatFloat(f, 'g', -1, bits)
		return basic + "(" + s + ")", true
	}
	return "", false
}

// WriteFuzz puts f in the package directory dir: the seeds (WriteSeeds),
// then the source as FuzzFileName, written atomically (a temporary file
// renamed into place). With no source, an earlier FuzzFileName is
// removed. A FuzzFileName that gosymtest did not write is never replaced:
// that is an error.
//
// Seeds go first: a seed without its target is ignored by go test, while
// a target whose seeds are missing merely starts from fewer.
func WriteFuzz(dir string, f *Fuzz) error {
	path := filepath.Join(dir, FuzzFileName)
	if err := checkReplaceable(path); err != nil {
		return err
	}
	if err := WriteSeeds(dir, f); err != nil {
		return err
	}
	if f.Source == nil {
		return removeGenerated(path)
	}
	return writeFile(path, f.Source)
}

// WriteSeeds writes each target's seeds in SeedDir(target), each file
// atomically, and removes the seeds an earlier run wrote there that are
// no longer among them; files without SeedPrefix are go test's (the
// failures go test -fuzz found) and are kept. A caller validates the
// source with the seeds in place before WriteFuzz puts it there.
func WriteSeeds(dir string, f *Fuzz) error {
	for _, t := range f.Targets {
		if err := writeSeeds(filepath.Join(dir, SeedDir(t.Name)), t.Seeds); err != nil {
			return err
		}
	}
	return nil
}

// writeSeeds makes seedDir hold exactly seeds among the files named with
// SeedPrefix.
func writeSeeds(seedDir string, seeds []Seed) error {
	keep := map[string]bool{}
	for _, s := range seeds {
		keep[s.Name] = true
	}
	entries, err := os.ReadDir(seedDir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), SeedPrefix) && !keep[e.Name()] {
			if err := os.Remove(filepath.Join(seedDir, e.Name())); err != nil {
				return err
			}
		}
	}
	if len(seeds) == 0 {
		return nil
	}
	if err := os.MkdirAll(seedDir, 0o755); err != nil {
		return err
	}
	for _, s := range seeds {
		if err := writeSeed(seedDir, s); err != nil {
			return err
		}
	}
	return nil
}

// writeSeed writes one seed file atomically. Unlike writeFile, its
// temporary file is made in the parent directory (testdata/fuzz): go test
// reads every file of a corpus directory, so a temporary file left there
// by a killed run would break the package's tests.
func writeSeed(seedDir string, s Seed) error {
	return writeVia(filepath.Dir(seedDir), filepath.Join(seedDir, s.Name), s.Data)
}

// DropSeeds removes the named seeds of target from f (those go test
// found failing), keeping the rest.
func (f *Fuzz) DropSeeds(target string, names map[string]bool) {
	for i := range f.Targets {
		t := &f.Targets[i]
		if t.Name != target {
			continue
		}
		kept := t.Seeds[:0]
		for _, s := range t.Seeds {
			if !names[s.Name] {
				kept = append(kept, s)
			}
		}
		t.Seeds = kept
	}
}
