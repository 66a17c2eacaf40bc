package inputs

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
)

// Channel inputs. A parameter or field of channel type is nil or a new
// channel, open, empty and unbuffered, as make(chan T) gives. Its
// nilness is the variable "ch != nil", decided where an operation needs
// it, so a path that only compares the channel with nil, or never uses
// it, holds for every channel. A path that operates on the new channel
// holds only for such channels: a closed one, or one holding values,
// would have gone another way. It records the limit, and backs no claim
// of dead code.

// chanInputLimit is what a path that operates on the channel input
// called name records.
func chanInputLimit(name string) string {
	return name + " is nil or new: channel inputs are not closed and hold no values"
}

// buildChan makes the channel input of type t called name.
func (in *Source) buildChan(s *machine.State, name string, t types.Type) value.Pointer {
	id := s.Mem.Alloc(&value.Object{Type: t, Value: value.Chan{}, Input: name, Root: in.root, RootType: t.Underlying()})
	return value.Pointer{NonNil: in.Scalar(nilnessName(name), expr.BoolSort()), Obj: id}
}

// chanInputLiteral is the literal of the channel input called name under
// a model, following buildChan's naming.
func chanInputLiteral(name string, t types.Type, val func(string, expr.Sort) uint64) concrete.Value {
	if val(nilnessName(name), expr.BoolSort()) == 0 {
		return concrete.Value{Type: t, Kind: concrete.Nil}
	}
	return concrete.Value{Type: t, Kind: concrete.MakeChan}
}
