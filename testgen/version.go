package testgen

// goVersion is a Go language version's minor number: 13 for go1.13.
type goVersion int

// packageVersion is the language version of pkg.
func packageVersion(pkg Package) goVersion { return 0 }
