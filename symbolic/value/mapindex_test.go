package value

import (
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/expr"
)

func TestConcreteKeySpelling(t *testing.T) {
	if _, ok := ConcreteKey(Scalar{expr.Var("k", expr.BV(64))}); ok {
		t.Error("a symbolic integer has a concrete spelling")
	}
	a, _ := ConcreteKey(StringConst("ab"))
	b, _ := ConcreteKey(StringConst("ab\x00"))
	if a == b {
		t.Errorf("%q and %q spelled alike", "ab", "ab\x00")
	}
}
