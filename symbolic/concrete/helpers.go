package concrete

import "go/types"

// HelperPackage holds the functions that stand for the helper types a
// generated test file declares for itself, because the standard library
// has no value that behaves as they do (an io.Writer whose every write
// fails). A Call whose Func belongs to this package is written as
// &name{args…}, name being the helper type's (the Func's name, which the
// writer may change to avoid a clash), and the file then declares that
// type. The package is never imported.
var HelperPackage = types.NewPackage("gosymtest/helper", "helper")

// IsHelper reports whether the Call v makes a value of a helper type.
func (v Value) IsHelper() bool {
	return v.Kind == Call && v.Func != nil && v.Func.Pkg() == HelperPackage
}
