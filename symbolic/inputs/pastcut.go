package inputs

import (
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

// PastTheCut is the model m of a path's condition cond, for a concrete
// run that goes on past where the path was cut (the bounds or the
// budget). There the run reads parts of the inputs the path never read,
// which no condition constrains: by default they would be zero, and a
// pointer's zero is a nil no caller chose. So they take a caller's value
// instead: a pointer is not nil, and an interface holds its first type
// (a leaf, see leavesFirst), so that a tree input ends in leaves. The
// test's literal reads the same model, so it agrees with the run.
func PastTheCut(m expr.Assignment, cond []expr.Expr) expr.Assignment {
	read := make(map[string]bool)
	for _, v := range expr.Vars(cond...) {
		read[v.Name()] = true
	}
	return pastCut{m, read}
}

type pastCut struct {
	expr.Assignment
	read map[string]bool // the variables the path's condition names
}

func (p pastCut) Scalar(v expr.Expr) uint64 {
	if name := v.Name(); !p.read[name] {
		if _, nilness := inputOfNilness(v); nilness || strings.HasSuffix(name, typeSelectorName("")) {
			return 1
		}
	}
	return p.Assignment.Scalar(v)
}
