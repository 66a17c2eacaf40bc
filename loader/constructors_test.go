package loader

import (
	"go/types"
	"testing"
)

func TestConstructorsAreFoundByType(t *testing.T) {
	prog := load(t, "./testdata/exec/ctor")
	home := findPackage(t, prog, fixturePath+"exec/ctor")
	tally := prog.SSA.ImportedPackage(fixturePath + "exec/ctor/tally")
	if tally == nil {
		t.Fatal("package tally is not in the program")
	}
	ptrTo := func(pkg *types.Package, name string) types.Type {
		return types.NewPointer(pkg.Scope().Lookup(name).Type())
	}
	for _, c := range []struct {
		typ  types.Type
		want string
	}{
		{ptrTo(tally.Pkg, "Tally"), "New"},
		// No function makes a Gauge: its Init method does, on new(Gauge).
		{ptrTo(tally.Pkg, "Gauge"), "Init"},
		{ptrTo(home.Types, "Scanner"), "NewScanner"},
		// Only a function whose one result is exactly the type counts.
		{tally.Pkg.Scope().Lookup("Tally").Type(), ""},
		{ptrTo(prog.SSA.ImportedPackage("strings").Pkg, "Reader"), "NewReader"},
	} {
		got := ""
		if fn := Constructor(prog.SSA, c.typ, home.Types); fn != nil {
			got = fn.Name()
		}
		if got != c.want {
			t.Errorf("Constructor(%s) = %q, want %q", c.typ, got, c.want)
		}
	}
}

func TestSentinelErrorsAndImportable(t *testing.T) {
	prog := load(t, "./testdata/exec/ctor")
	home := findPackage(t, prog, fixturePath+"exec/ctor")
	var names []string
	for _, g := range SentinelErrors(home.SSA, home.Types) {
		names = append(names, g.Name())
	}
	if len(names) != 1 || names[0] != "ErrEmpty" {
		t.Errorf("sentinels %v, want [ErrEmpty]", names)
	}
	io := prog.SSA.ImportedPackage("io")
	if got := len(SentinelErrors(io, home.Types)); got == 0 {
		t.Errorf("no sentinel errors in io (io.EOF is one)")
	}
	for path, want := range map[string]bool{"io": true, "strings": true, "internal/bytealg": false} {
		pkg := prog.SSA.ImportedPackage(path)
		if pkg == nil {
			t.Fatalf("%s is not in the program", path)
		}
		if got := Importable(home.Types, pkg.Pkg); got != want {
			t.Errorf("Importable(%s) = %v, want %v", path, got, want)
		}
	}
	// A package that imports the package under test cannot be imported
	// by its test file: the home package's own dependency tally can be, but
	// not the other way round.
	tally := prog.SSA.ImportedPackage(fixturePath + "exec/ctor/tally")
	if Importable(tally.Pkg, home.Types) {
		t.Errorf("ctor, which imports tally, is importable from tally's tests")
	}
}

func TestMayImport(t *testing.T) {
	tests := []struct {
		importer, path string
		want           bool
	}{
		{"example.com/a", "example.com/b", true},
		{"example.com/a/b", "example.com/a/internal/x", true},
		{"example.com/a", "example.com/a/internal/x", true},
		{"example.com/b", "example.com/a/internal/x", false},
		{"example.com/a/internal/x/y", "example.com/a/internal/x/internal/z", true},
		{"example.com/a/b", "example.com/a/internal/x/internal/z", false},
		{"example.com/a", "internal/abi", false},
		{"os", "internal/abi", true},
		{"encoding/json", "internal/reflectlite", true},
		// A module named without a dot is not the standard library.
		{"myapp", "internal/reflectlite", false},
		{"myapp/sub", "internal/abi", false},
		{"myapp/sub", "myapp/internal/x", true},
	}
	for _, tt := range tests {
		if got := MayImport(tt.importer, tt.path); got != tt.want {
			t.Errorf("MayImport(%q, %q) = %v, want %v", tt.importer, tt.path, got, tt.want)
		}
	}
}
