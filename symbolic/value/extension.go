package value

import (
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

// This file holds the interpreter's own value kinds. They are no Go
// values: a range loop's position, a conversion under way, an object's
// contents as a pruner sees them, a deferred builtin. Each embeds
// Extension.

// Iterator is the state of a range loop over a string or a map, kept in an
// object of its own so Next can advance it in memory like any other write.
type Iterator struct {
	Extension
	Str  String  // ranging over a string
	Keys []Value // ranging over a map: a snapshot of its entries
	Vals []Value
	Pos  int
}

// RuneProgress is a []rune(s) conversion under way. It is kept in the
// conversion's own register, which nothing reads before the conversion
// ends, between the steps that decode one rune each.
type RuneProgress struct {
	Extension
	At    int         // the byte position to decode next
	Runes []expr.Expr // the runes decoded so far
}

// ObjectValue is the contents of an object as a location holds them: its
// type and value.
type ObjectValue struct {
	Extension
	Type  types.Type
	Value Value
}

// BuiltinValue stands for a deferred builtin (defer close(c)).
type BuiltinValue struct {
	Extension
	B *ssa.Builtin
}
