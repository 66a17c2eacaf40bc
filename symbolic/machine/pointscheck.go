package machine

import (
	"fmt"
	"go/types"

	"github.com/gosymtest/gosymtest/pointer"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// The points-to soundness check. With Config.PointsTo set, every
// dereference (load, store, field and element address, map access, slice
// and range) asks the static analysis whether the SSA value holding the
// pointer may point to the object the executor actually reached. An object
// of the program is named by its allocation site; an input object by the
// parameter it hangs off and its type (pointer.Result.InputObject). A "no"
// is a hole in the static analysis, which the redundant-state detector
// would turn into a wrong pruning: it is recorded in
// Summary.PointsToViolations, and the tests require none.
//
// Objects the executor makes that the analysis does not model (range
// iterators, the bytes of models' results, what the constructors of made
// inputs allocate) have no site and are not checked, and neither is the
// run of those constructors, which no entry of the analysis calls.

// checkPointsTo checks the dereference of v, which reached object id.
func (e *Machine) checkPointsTo(s *State, v ssa.Value, id value.ObjectID) {
	r := e.Cfg.PointsTo
	if r == nil || id == 0 || s.Initializing || s.Harness || s.InPrologue() {
		return
	}
	obj := s.Mem.Get(id)
	if obj == nil {
		return
	}
	var ok bool
	var what string
	switch {
	case obj.Site != nil:
		ok = r.MayPointToSite(v, obj.Site)
		what = fmt.Sprintf("%s at %s", obj.Site.Name(), position(obj.Site))
	case obj.Root != nil:
		ok = r.MayPointTo(v, r.InputObject(obj.Root, obj.RootType))
		what = fmt.Sprintf("input %s of type %s", obj.Input, types.TypeString(obj.RootType, nil))
	default:
		return
	}
	if ok {
		return
	}
	msg := fmt.Sprintf("%s: %s (%s) reached %s, not in its points-to set %v",
		position(v), v.Name(), v.Parent(), what, r.PointsTo(v).Strings())
	for _, seen := range e.Summary.PointsToViolations {
		if seen == msg {
			return
		}
	}
	e.Summary.PointsToViolations = append(e.Summary.PointsToViolations, msg)
}

// position is where v is in the source, or its function when it has none.
func position(v ssa.Value) string {
	if fn := v.Parent(); fn != nil && v.Pos().IsValid() {
		return fn.Prog.Fset.Position(v.Pos()).String()
	}
	if fn := v.Parent(); fn != nil {
		return fn.String()
	}
	return v.String()
}

// pointsToConfig is the type of Config.PointsTo, named here so that the
// executor's one dependency on the analysis is in this file.
type pointsToConfig = *pointer.Result
