package expr

import "fmt"

// True and False are the Boolean constants.
var (
	True  = constant(0, 1)
	False = constant(0, 0)
)

// BoolConst is the constant b.
func BoolConst(b bool) Expr {
	if b {
		return True
	}
	return False
}

// Var is the free variable called name, of the given sort. Variables are
// identified by name and sort together.
func Var(name string, sort Sort) Expr {
	if sort.kind == 0 {
		panic("expr: Var " + name + " with the zero Sort")
	}
	return mk(OpVar, sort, 0, name)
}

// BoolVar is Var(name, BoolSort()).
func BoolVar(name string) Expr { return Var(name, BoolSort()) }

// Not is the negation of a Boolean.
func Not(a Expr) Expr {
	mustBool("Not", a)
	switch {
	case a.IsConst():
		return BoolConst(a.Value() == 0)
	case a.Op() == OpNot:
		return a.Arg(0)
	}
	return mk(OpNot, BoolSort(), 0, "", a)
}

// And is the conjunction of its operands; And() is true.
func And(terms ...Expr) Expr {
	acc := True
	for _, t := range terms {
		acc = and2(acc, t)
	}
	return acc
}

func and2(a, b Expr) Expr {
	mustBool("And", a)
	mustBool("And", b)
	switch {
	case a.IsFalse() || b.IsFalse():
		return False
	case a.IsTrue():
		return b
	case b.IsTrue() || a == b:
		return a
	case isNegationOf(a, b):
		return False
	}
	return mk(OpAnd, BoolSort(), 0, "", a, b)
}

// Or is the disjunction of its operands; Or() is false.
func Or(terms ...Expr) Expr {
	acc := False
	for _, t := range terms {
		acc = or2(acc, t)
	}
	return acc
}

func or2(a, b Expr) Expr {
	mustBool("Or", a)
	mustBool("Or", b)
	switch {
	case a.IsTrue() || b.IsTrue():
		return True
	case a.IsFalse():
		return b
	case b.IsFalse() || a == b:
		return a
	case isNegationOf(a, b):
		return True
	}
	return mk(OpOr, BoolSort(), 0, "", a, b)
}

// Implies is a → b.
func Implies(a, b Expr) Expr { return Or(Not(a), b) }

func isNegationOf(a, b Expr) bool {
	return (a.Op() == OpNot && a.Arg(0) == b) || (b.Op() == OpNot && b.Arg(0) == a)
}

// Eq is a == b for two terms of the same sort (Bool, BV or Array).
func Eq(a, b Expr) Expr {
	if a.h == b.h && a.IsConst() { // two constants of one sort
		return BoolConst(a.c == b.c)
	}
	mustSameSort("Eq", a, b)
	if a == b {
		return True
	}
	if a.IsConst() && b.IsConst() {
		return BoolConst(a.Value() == b.Value())
	}
	if a.IsConst() { // constants go right, so equal facts intern equally
		a, b = b, a
	}
	if a.Sort().IsBool() && b.IsConst() {
		if b.IsTrue() {
			return a
		}
		return Not(a)
	}
	if r, ok := liftBinary(a, b, Eq); ok {
		return r
	}
	return mk(OpEq, BoolSort(), 0, "", a, b)
}

// Ne is a != b.
func Ne(a, b Expr) Expr { return Not(Eq(a, b)) }

// Ite is "if cond then a else b", for a and b of one sort.
func Ite(cond, a, b Expr) Expr {
	mustBool("Ite", cond)
	mustSameSort("Ite", a, b)
	switch {
	case cond.IsTrue() || a == b:
		return a
	case cond.IsFalse():
		return b
	case cond.Op() == OpNot:
		return Ite(cond.Arg(0), b, a)
	case a.IsTrue() && b.IsFalse():
		return cond
	case a.IsFalse() && b.IsTrue():
		return Not(cond)
	// A Boolean choice with a constant side is a connective: an operator
	// pushed into an if-then-else of constants (lift.go) leaves these.
	case a.IsTrue():
		return Or(cond, b)
	case a.IsFalse():
		return And(Not(cond), b)
	case b.IsTrue():
		return Or(Not(cond), a)
	case b.IsFalse():
		return And(cond, a)
	}
	return mk(OpIte, a.Sort(), 0, "", cond, a, b)
}

func mustBool(who string, a Expr) {
	if !a.IsValid() || !a.Sort().IsBool() {
		panic(fmt.Sprintf("expr: %s wants a Bool, got %s", who, describe(a)))
	}
}

func mustSameSort(who string, a, b Expr) {
	if !a.IsValid() || !b.IsValid() || a.Sort() != b.Sort() {
		panic(fmt.Sprintf("expr: %s wants operands of one sort, got %s and %s", who, describe(a), describe(b)))
	}
}

func describe(a Expr) string {
	if !a.IsValid() {
		return "the zero Expr"
	}
	return fmt.Sprintf("%v of sort %v", a, a.Sort())
}
