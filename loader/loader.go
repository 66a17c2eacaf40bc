package loader

import (
	"errors"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Config says what to load.
type Config struct {
	Dir      string   // working directory for the go command; "" means the current directory
	Patterns []string // package patterns; empty means "./..."
}

// Program is the result of Load.
type Program struct {
	SSA      *ssa.Program
	Packages []*Package  // packages that loaded and type-checked, sorted by import path
	Errors   []LoadError // packages that failed to parse or type-check, sorted
}

// Package is one package that matched the patterns and was built.
type Package struct {
	Path    string // import path
	Dir     string
	Types   *types.Package
	SSA     *ssa.Package
	Targets []*ssa.Function // target functions, deterministic order (by file then position)
	// Through are the methods that are not targets of their own, but
	// tested through the targets that build their receivers
	// (builders.go), in the order of Targets.
	Through []Through
}

// loadMode asks for syntax and type information of every package in the
// program, dependencies included (the equivalent of the deprecated
// packages.LoadAllSyntax), because SSA bodies are built from syntax.
const loadMode = packages.NeedName |
	packages.NeedFiles |
	packages.NeedCompiledGoFiles |
	packages.NeedImports |
	packages.NeedDeps |
	packages.NeedTypes |
	packages.NeedTypesSizes |
	packages.NeedSyntax |
	packages.NeedTypesInfo |
	packages.NeedModule

// buildMode builds one body per concrete instantiation of a generic
// function. Sanity checking is left off: it is slow on the whole standard
// library and only checks the SSA builder itself.
const buildMode = ssa.InstantiateGenerics

// Load loads the patterns, builds SSA for the whole program (dependencies
// and standard library included, with bodies, because the executor
// interprets callees) with ssa.InstantiateGenerics (and sanity-check mode
// off), and lists targets. It returns an error only when nothing at all
// could be loaded (e.g. the go command failed, no packages matched, or
// every package failed). In the last case the returned Program is not nil:
// its SSA is nil and its Errors say why each package failed.
func Load(cfg Config) (*Program, error) {
	dir, err := workingDir(cfg.Dir)
	if err != nil {
		return nil, err
	}
	patterns := cfg.Patterns
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	expanded, err := expandPatterns(dir, patterns)
	if err != nil {
		return nil, err
	}
	if len(expanded) == 0 {
		return nil, fmt.Errorf("no packages matched %q", patterns)
	}

	loaded, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir, Tests: false, BuildFlags: pureGoBuildFlags()}, withHarness(expanded)...)
	initial := userPackages(dir, expanded, loaded)
	if err == nil && usesPureGoTags(initial) {
		loaded, err = packages.Load(&packages.Config{Mode: loadMode, Dir: dir, Tests: false}, withHarness(expanded)...)
		initial = userPackages(dir, expanded, loaded)
	}
	if err != nil {
		return nil, fmt.Errorf("loading %q: %w", patterns, err)
	}
	if len(initial) == 0 {
		return nil, fmt.Errorf("no packages matched %q", patterns)
	}

	prog := &Program{Errors: collectErrors(dir, initial)}
	if !anyWellTyped(initial) {
		return prog, errors.New("no package could be loaded: every package failed to load or type-check")
	}
	// The harness packages are built too, though no target is theirs.
	ssaProg, ssaPkgs, err := buildSSA(loaded)
	if err != nil {
		return prog, err
	}
	prog.SSA = ssaProg
	ssaOf := make(map[*packages.Package]*ssa.Package, len(loaded))
	for i, p := range loaded {
		ssaOf[p] = ssaPkgs[i]
	}

	instances := instancesByPackage(ssaProg, initial)
	built := false
	for _, p := range initial {
		if sp := ssaOf[p]; sp != nil && instantiateFunctions(ssaProg, p, instances[sp]) {
			built = true
		}
	}
	if built {
		instances = instancesByPackage(ssaProg, initial)
	}
	for _, p := range initial {
		sp := ssaOf[p]
		if sp == nil {
			continue // reported by collectErrors
		}
		found := instances[sp]
		found = append(found, chosenInstances(ssaProg, p.Types, found)...)
		targets, through := splitThrough(sp, packageTargets(ssaProg, p, found))
		prog.Packages = append(prog.Packages, &Package{
			Path:    p.PkgPath,
			Dir:     p.Dir,
			Types:   p.Types,
			SSA:     sp,
			Targets: targets,
			Through: through,
		})
	}
	sort.Slice(prog.Packages, func(i, j int) bool { return prog.Packages[i].Path < prog.Packages[j].Path })

	return prog, nil
}

// anyWellTyped reports whether SSA can be built for at least one of the
// packages: ssautil skips those with errors in themselves or their imports.
func anyWellTyped(initial []*packages.Package) bool {
	for _, p := range initial {
		if p.Types != nil && !p.IllTyped {
			return true
		}
	}
	return false
}

// workingDir returns dir as an absolute path, or the current directory.
func workingDir(dir string) (string, error) {
	if dir == "" {
		return os.Getwd()
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	info, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	if !info.IsDir() {
		return "", fmt.Errorf("%s is not a directory", dir)
	}
	return abs, nil
}

// buildSSA creates SSA packages for every well-typed package of the
// program and builds all function bodies. The result has one entry per
// initial package, nil for those that were not well typed.
//
// The SSA builder is only given type-checked code, so a panic here is a
// bug in the builder; it is turned into an error so that one bad package
// does not crash the tool without a word.
func buildSSA(initial []*packages.Package) (prog *ssa.Program, pkgs []*ssa.Package, err error) {
	defer func() {
		if r := recover(); r != nil {
			prog, pkgs = nil, nil
			err = fmt.Errorf("internal error while building SSA: %v\n%s", r, debug.Stack())
		}
	}()
	prog, pkgs = ssautil.AllPackages(initial, buildMode)
	prog.Build()
	return prog, pkgs, nil
}
