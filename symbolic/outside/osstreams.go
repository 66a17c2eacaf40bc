package outside

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Package os cannot initialise in the interpreter (its init asks the
// operating system for file descriptors), so its variables are off limits
// (init.go). The standard streams are the exception: packages write
// diagnostics to os.Stderr or os.Stdout, which changes nothing a test
// checks. Each is a stand-in *os.File, an object of type os.File that no
// instruction reads (its fields are only read by the methods of os.File,
// whose calls are refused: machine's refuse.go), and writing to a
// stand-in succeeds and is dropped, as print and println are. Any other
// use of a stream (reading, Fd, Close) is a refused call, and os.Stdin a
// variable of package os: either stops the path.

// streamNames are the os variables that get a stand-in.
var streamNames = map[string]bool{"Stdout": true, "Stderr": true}

// isStream reports whether g is os.Stdout or os.Stderr.
func isStream(g *ssa.Global) bool {
	return g.Pkg != nil && g.Pkg.Pkg.Path() == "os" && streamNames[g.Name()]
}

// seedStream gives a standard stream's variable its stand-in the first time
// a path touches it; reports whether g is a stream.
func (e *Outside) seedStream(s *machine.State, g *ssa.Global) bool {
	if !isStream(g) {
		return false
	}
	if _, ok := s.Mem.Global(g); ok {
		return true
	}
	ptrType := g.Type().(*types.Pointer).Elem() // *os.File
	fileType := ptrType.(*types.Pointer).Elem()
	// The File has no allocation site: the points-to analysis knows
	// os.Stderr's File by the allocation in os's init, which did not run.
	file := s.Mem.Alloc(&value.Object{Type: fileType, Value: value.Zero(fileType)})
	id := s.Mem.Alloc(&value.Object{Type: ptrType, Value: value.Pointer{NonNil: expr.True, Obj: file}, Site: g})
	s.Mem.AddGlobal(g, id)
	return true
}

// isStreamFile reports whether p points to the File a standard stream's
// variable holds.
func isStreamFile(s *machine.State, p value.Pointer) bool {
	if p.Obj == 0 || len(p.Path) != 0 {
		return false
	}
	for g, id := range s.Mem.Globals() {
		if !isStream(g) {
			continue
		}
		if held, ok := s.Mem.Get(id).Value.(value.Pointer); ok && held.Obj == p.Obj {
			return true
		}
	}
	return false
}

// streamModels write to the stand-in streams: every byte is written, with
// no error.
func streamModels() map[string]model {
	write := func(e *Outside, s *machine.State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
		f, ok := a[0].(value.Pointer)
		if !ok || !isStreamFile(s, f) {
			e.Unsupported(s, "call of "+fn.String()+": the file system")
			return nil, false
		}
		return []value.Value{value.Scalar{E: e.Length(s, a[1])}, value.Interface{}}, true
	}
	return map[string]model{
		"(*os.File).Write":       write,
		"(*os.File).WriteString": write,
	}
}
