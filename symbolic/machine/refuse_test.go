package machine

import (
	"testing"

	"github.com/gosymtest/gosymtest/loader"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// TestRefusalsAreForWhatACallDoes checks which calls are refused in a
// program that imports net and os: the pure functions of net and os are
// followed, those that reach a system call are refused with what they
// do, and a model's function is followed through, so that os.ExpandEnv,
// which passes os.Getenv along, runs where Getenv has a model and is
// refused where it has none.
func TestRefusalsAreForWhatACallDoes(t *testing.T) {
	prog, err := loader.Load(loader.Config{Dir: "../..", Patterns: []string{"./testdata/exec/netaddr"}})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*ssa.Function{}
	for fn := range ssautil.AllFunctions(prog.SSA) {
		byName[fn.String()] = fn
	}
	fn := func(name string) *ssa.Function {
		f, ok := byName[name]
		if !ok {
			t.Fatalf("no function %s", name)
		}
		return f
	}
	env := map[string]bool{"os.Getenv": true, "os.LookupEnv": true, "syscall.Getenv": true}
	modelled := NewRefusals(func(f *ssa.Function) bool { return env[f.String()] })
	for name, want := range map[string]string{
		"net.ParseIP":                     "",
		"net.ParseCIDR":                   "",
		"net.SplitHostPort":               "",
		"net.JoinHostPort":                "",
		"net.ParseMAC":                    "",
		"(net.IP).To4":                    "",
		"(net.IP).String":                 "",
		"(net.IP).Equal":                  "",
		"os.Expand":                       "",
		"os.ExpandEnv":                    "",
		"os.Getenv":                       "",
		"net.Dial":                        "call of net.Dial: the network",
		"net.Interfaces":                  "call of net.Interfaces: the network",
		"net.LookupHost":                  "call of net.LookupHost: the network",
		"os.Open":                         "call of os.Open: the file system",
		"os.ReadFile":                     "call of os.ReadFile: the file system",
		"(*os.File).Name":                 "call of (*os.File).Name: the file system",
		"os.Exit":                         "call of os.Exit: a system call",
		"syscall.Getpid":                  "call of syscall.Getpid: a system call",
		"syscall.Socket":                  "call of syscall.Socket: the network",
		"time.Sleep":                      "call of time.Sleep: the clock",
		"strings.TrimSpace":               "",
		"(*net/netip.Addr).UnmarshalText": "",
	} {
		if got := modelled.Refused(fn(name)); got != want {
			t.Errorf("%s: refused %q, want %q", name, got, want)
		}
	}
	if got, want := NewRefusals(nil).Refused(fn("os.ExpandEnv")), "call of os.ExpandEnv: a system call"; got != want {
		t.Errorf("os.ExpandEnv without a model of os.Getenv: refused %q, want %q", got, want)
	}
}
