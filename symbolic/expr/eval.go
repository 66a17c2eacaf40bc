package expr

import "fmt"

// Assignment gives concrete values to the free variables of terms.
type Assignment interface {
	// Scalar is the value of a Bool (0 or 1) or BV variable.
	Scalar(v Expr) uint64
	// Element is the value at index of an array variable.
	Element(array Expr, index uint64) uint64
}

// Values is an Assignment held in maps. A variable it does not mention is 0
// (or what Fill gives), so a Values is always complete, like a model with
// completion.
type Values struct {
	Scalars map[Expr]uint64
	Arrays  map[Expr]ArrayValue
	// Fill, when set, gives the value of a scalar variable that Scalars
	// does not mention, instead of 0: a model's choice for the variables
	// its query did not constrain.
	Fill func(Expr) uint64
}

// ArrayValue is the value of an array variable: Entries where they are
// given, Default everywhere else.
type ArrayValue struct {
	Default uint64
	Entries map[uint64]uint64
}

// Scalar implements Assignment.
func (v *Values) Scalar(x Expr) uint64 {
	if val, ok := v.Scalars[x]; ok || v.Fill == nil {
		return val
	}
	return v.Fill(x)
}

// Element implements Assignment.
func (v *Values) Element(array Expr, index uint64) uint64 {
	a, ok := v.Arrays[array]
	if !ok {
		return 0
	}
	if e, ok := a.Entries[index]; ok {
		return e
	}
	return a.Default
}

// Eval computes the value of a Bool or BV term under an assignment: the bits
// of a BV, or 1 and 0 for true and false.
func Eval(e Expr, a Assignment) uint64 { return NewEvaluator(a).Eval(e) }

// EvalBool computes the truth of a Bool term under an assignment.
func EvalBool(e Expr, a Assignment) bool {
	mustBool("EvalBool", e)
	return Eval(e, a) == 1
}

// Evaluator evaluates many terms under one assignment, sharing the work on
// common subterms.
type Evaluator struct {
	assignment Assignment
	memo       map[Expr]uint64
}

// NewEvaluator returns an evaluator for the assignment.
func NewEvaluator(a Assignment) *Evaluator {
	return &Evaluator{assignment: a, memo: make(map[Expr]uint64)}
}

// Eval computes the value of a Bool or BV term.
func (ev *Evaluator) Eval(e Expr) uint64 {
	if e.Sort().IsArray() {
		panic(fmt.Sprintf("expr: Eval of array term %v; evaluate a Select of it", e))
	}
	if v, ok := ev.memo[e]; ok {
		return v
	}
	v := ev.compute(e)
	ev.memo[e] = v
	return v
}

func (ev *Evaluator) compute(e Expr) uint64 {
	op := e.Op()
	switch op {
	case OpConst:
		return e.Value()
	case OpVar:
		v := ev.assignment.Scalar(e)
		if e.Sort().IsBool() {
			return v & 1
		}
		return v & mask(e.Width())
	case OpIte:
		if ev.Eval(e.Arg(0)) == 1 {
			return ev.Eval(e.Arg(1))
		}
		return ev.Eval(e.Arg(2))
	case OpAnd: // short-circuit: the right side may be expensive
		if ev.Eval(e.Arg(0)) == 0 {
			return 0
		}
		return ev.Eval(e.Arg(1))
	case OpOr:
		if ev.Eval(e.Arg(0)) == 1 {
			return 1
		}
		return ev.Eval(e.Arg(1))
	case OpEq:
		if e.Arg(0).Sort().IsArray() {
			panic(fmt.Sprintf("expr: Eval of array equality %v is not supported", e))
		}
		return boolBit(ev.Eval(e.Arg(0)) == ev.Eval(e.Arg(1)))
	case OpNot, OpBitNot, OpNeg:
		return applyUnary(op, widthOrOne(e), ev.Eval(e.Arg(0)))
	case OpZExt, OpSExt:
		x := e.Arg(0)
		return applyExtend(op, x.Width(), e.Width(), ev.Eval(x))
	case OpExtract:
		return applyExtract(e.Width(), e.Lo(), ev.Eval(e.Arg(0)))
	case OpConcat:
		return applyConcat(e.Arg(1).Width(), ev.Eval(e.Arg(0)), ev.Eval(e.Arg(1)))
	case OpSelect:
		return ev.selectAt(e.Arg(0), ev.Eval(e.Arg(1)))
	}
	// The remaining operators are binary over one bit-vector width.
	x, y := e.Arg(0), e.Arg(1)
	return applyBinary(op, x.Width(), ev.Eval(x), ev.Eval(y))
}

// selectAt is the element at index of an array term.
func (ev *Evaluator) selectAt(array Expr, index uint64) uint64 {
	for {
		switch array.Op() {
		case OpConstArray:
			return ev.Eval(array.Arg(0))
		case OpStore:
			if ev.Eval(array.Arg(1)) == index {
				return ev.Eval(array.Arg(2))
			}
			array = array.Arg(0)
		case OpIte:
			if ev.Eval(array.Arg(0)) == 1 {
				array = array.Arg(1)
			} else {
				array = array.Arg(2)
			}
		case OpVar:
			return ev.assignment.Element(array, index) & mask(array.Sort().Width())
		default:
			panic(fmt.Sprintf("expr: Eval of array term %v", array))
		}
	}
}

func widthOrOne(e Expr) int {
	if e.Sort().IsBool() {
		return 1
	}
	return e.Width()
}
