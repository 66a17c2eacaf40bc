package cdg

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
)

// The fixtures of testdata/cdg are loaded once for all tests.
var (
	loadOnce sync.Once
	loaded   *loader.Program
	loadErr  error
)

func loadFixtures(t *testing.T) *loader.Program {
	t.Helper()
	loadOnce.Do(func() {
		loaded, loadErr = loader.Load(loader.Config{Dir: "..", Patterns: []string{"./testdata/cdg/..."}})
		if loadErr == nil && len(loaded.Errors) > 0 {
			loadErr = fmt.Errorf("load errors: %v", loaded.Errors)
		}
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded
}

// fixture returns the loaded package whose path ends in /name.
func fixture(t *testing.T, name string) *loader.Package {
	t.Helper()
	for _, p := range loadFixtures(t).Packages {
		if strings.HasSuffix(p.Path, "/"+name) {
			return p
		}
	}
	t.Fatalf("no fixture package %q", name)
	return nil
}

// functions maps the names of a package's functions, as
// ssa.Function.RelString prints them relative to the package (F, (*T).M,
// F$1), to the functions: package-level functions, methods of its named
// types, and their closures.
func functions(pkg *ssa.Package) map[string]*ssa.Function {
	out := map[string]*ssa.Function{}
	for _, fn := range loader.PackageFunctions(pkg) {
		out[fn.RelString(pkg.Pkg)] = fn
	}
	return out
}

// TestDump prints the SSA and the graph of every fixture function when
// CDG_DUMP is set to a function name (or "all"); it is a design aid for
// writing expectations.
func TestDump(t *testing.T) {
	want := os.Getenv("CDG_DUMP")
	if want == "" {
		t.Skip("set CDG_DUMP=Func or CDG_DUMP=all to print graphs")
	}
	for _, p := range loadFixtures(t).Packages {
		a := New(p.SSA.Prog, Options{NoImplicitBranches: hasOption(t, p, "noimplicit")})
		for name, fn := range functions(p.SSA) {
			if want != "all" && want != name {
				continue
			}
			var sb bytes.Buffer
			ssa.WriteFunction(&sb, fn)
			f := a.Func(fn)
			for _, s := range f.Segments() {
				ip, ok := f.IPostDom(s)
				ips := "exit"
				if ok {
					ips = ip.String()
				}
				fmt.Fprintf(&sb, "%s ipdom=%s cd=%v\n", s, ips, f.Controllers(s))
			}
			fmt.Fprintf(&sb, "halt deciders %v, noreturn %v\n", f.HaltDeciders(), a.NeverReturns(fn))
			t.Logf("%s.%s\n%s", p.Path, name, sb.String())
		}
	}
}
