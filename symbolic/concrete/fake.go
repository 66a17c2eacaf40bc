package concrete

import "go/types"

// Fake describes a fake: a double the test file declares for an
// interface that no type of the program implements (symbolic's
// fakeinputs.go), so that a function taking one can be called at all.
// Each method of it returns, call after call, the values scripted for it,
// and zero values once they run out. A Call of Make writes the fake with
// its scripts, &fakeT{less: []bool{false, true}}; the file then declares
// the type once, laid out as Methods say (testgen's literal package).
type Fake struct {
	// Iface is the interface the fake stands for; Name, the fake type's
	// name before the file claims it ("fake" and the interface's name).
	Iface types.Type
	Name  string
	// Make is the function of HelperPackage whose Call stands for the
	// fake's literal: one argument per script, each a slice, in the order
	// of Methods and their Scripts.
	Make    *types.Func
	Methods []FakeMethod
}

// FakeMethod is one method of a fake: the interface's method, and for
// each of its results the field that scripts it ("" for a result that is
// always zero, one that is not plain data). Counter names the field that
// counts the calls, "" when nothing is scripted.
type FakeMethod struct {
	Method  *types.Func
	Scripts []string
	Counter string
}

// Scripted reports whether some result of m is scripted.
func (m FakeMethod) Scripted() bool { return m.Counter != "" }
