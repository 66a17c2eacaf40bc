package testgen

import (
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/literal"
	"golang.org/x/tools/go/ssa"
)

// A parameter that some case has another parameter hand out
// (concrete.Handed: the element of l.MoveToFront(e) that l.PushBack
// made) has a column that is a func of its owner, applied in the call:
// tt.l.MoveToFront(tt.e(tt.l)) (literal.HandedFunc says why). Such a
// column gets no after-call check: the table holds no value of it.

// handedOwners maps each parameter of fn that a case's owner hands out
// to that owner's index.
func handedOwners(fn *ssa.Function, cands []*candidate) map[int]int {
	var out map[int]int
	for _, c := range cands {
		for i, a := range c.Args {
			if a.Kind != concrete.Handed || int(a.Int) < 0 || int(a.Int) >= len(fn.Params) || int(a.Int) == i {
				continue
			}
			if out == nil {
				out = make(map[int]int)
			}
			out[i] = int(a.Int)
		}
	}
	return out
}

// handedColumns gives the handed parameters' columns their func types.
func handedColumns(t *table, l *literal.Writer) error {
	for i, owner := range t.handed {
		typ, err := l.HandedType(t.fn.Params[owner].Type(), t.fn.Params[i].Type())
		if err != nil {
			return err
		}
		t.params[i].typ = typ
	}
	return nil
}

// handedArg writes the argument a of the handed parameter i: the func
// of its owner.
func handedArg(t *table, i int, a concrete.Value, l *literal.Writer) (string, error) {
	return l.HandedFunc(a, t.fn.Params[t.handed[i]].Type(), t.fn.Params[i].Type())
}

// handedWritable says why the handed input a of parameter i of fn has no
// literal, or "".
func handedWritable(fn *ssa.Function, i int, a concrete.Value, l *literal.Writer) string {
	owner := int(a.Int)
	if owner < 0 || owner >= len(fn.Params) || owner == i {
		return "handed out by no parameter"
	}
	if _, err := l.HandedFunc(a, fn.Params[owner].Type(), fn.Params[i].Type()); err != nil {
		return err.Error()
	}
	return ""
}
