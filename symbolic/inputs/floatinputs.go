package inputs

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"slices"
	"strconv"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Float inputs. The executor's floats are concrete Go values (machine/floats.go),
// so a float input cannot be a solver variable that branches constrain.
// Instead it is one of a few candidate values, a choice like an interface
// input's dynamic type (choices.go): each candidate is explored in a
// state of its own. The choice's selector is the input's own variable,
// holding the IEEE 754 bits of the candidate, so the model, the replay
// and the test's literal agree on the value. A path on which the input
// took a candidate speaks for its candidates only, and says so: nothing is
// claimed dead on its account.
//
// The choice is made where the path first computes with the input, not
// where the input is built: a struct with a float field is built whole,
// and most paths never read the field, so choosing at once would
// multiply every path by the candidates for nothing. Until then the
// input is an Opaque that names it (Opaque.Input), whose value is 0, the
// first candidate; a path that never computes with it holds for every
// value of it. Everything that computes with a float reads it through
// Machine.Float (machine/floats.go), which has the input provider make the
// choice (chooseFloat).
//
// The candidates are the values that decide the branches floats usually
// meet: zero, both signs, a fraction (integral or not), NaN and +Inf; and
// each float constant that the function under test, or a function of its
// package it calls, compares with, and the integers on either side of it,
// so that a comparison with a threshold can go both ways.

// baseFloats are the candidates every float input gets, zero first: it is
// the value of an input not chosen yet, and the one a variable the path
// never pinned evaluates to.
var baseFloats = []float64{0, 1, -1, 0.5, -2.5, math.NaN(), math.Inf(1)}

// maxFloatCandidates bounds the candidates of one input.
const maxFloatCandidates = 16

// maxFloatChoices is how many float inputs of one path get candidates; the
// others stay 0. Each chosen input multiplies the states by its
// candidates, and a loop over a []float64 would do so per element.
const maxFloatChoices = 2

// buildFloat makes the float input called name, of type t.
func (in *Source) buildFloat(name string, t types.Type) value.Value {
	w := value.FloatWidth(t)
	if in.model != nil {
		// The variable is pinned to a candidate's bits, or else unpinned
		// and 0, which is the bits of 0.0.
		return value.FloatValue(t, floatOfBits(expr.Eval(expr.BVVar(name, w), in.model), w))
	}
	return value.Opaque{Type: t, Reason: "float", Go: 0.0, Input: name}
}

// chooseFloat is the value on s of the float input o. For an input not
// chosen yet, s chooses its candidate now, and the other candidates get
// states of their own that run the current instruction again.
func (e *Builder) chooseFloat(s *machine.State, o value.Opaque) float64 {
	name, t, w := o.Input, o.Type, value.FloatWidth(o.Type)
	cands := e.floatCandidates(Of(s).home, w)
	if k, again := s.Choices[name]; again {
		// Every read after the first, and the first of a state forked on
		// this choice, finds its alternative taken.
		return cands[k]
	}
	if s.FloatChoices >= maxFloatChoices {
		s.Limit(fmt.Sprintf("%s of type %s is fixed to its zero value", name, t))
		return 0
	}
	s.FloatChoices++
	vals := make([]uint64, len(cands))
	pins := make([]string, len(cands))
	for i, c := range cands {
		vals[i] = bitsOfFloat(c, w)
		pins[i] = name + " = " + strconv.FormatFloat(c, 'g', -1, w)
	}
	s.Limit(fmt.Sprintf("%s: only %d values of type %s are tried", name, len(cands), t))
	return cands[e.Choose(s, name, value.FloatSelector(o), vals, pins)]
}

// floatCandidates are the candidate values of a float input of a function
// under test home, at w bits: baseFloats, then those of home's float
// constants, distinct as w-bit floats.
func (e *Builder) floatCandidates(home *ssa.Function, w int) []float64 {
	key := floatCandidatesKey{home, w}
	if c, ok := e.floatCands[key]; ok {
		return c
	}
	var cands []float64
	seen := make(map[uint64]bool)
	add := func(f float64) {
		if w == 32 {
			f = float64(float32(f))
		}
		if b := bitsOfFloat(f, w); !seen[b] && len(cands) < maxFloatCandidates {
			seen[b] = true
			cands = append(cands, f)
		}
	}
	for _, f := range baseFloats {
		add(f)
	}
	for _, c := range floatConstants(home) {
		add(c)
		add(beside(c, -1))
		add(beside(c, +1))
	}
	if e.floatCands == nil {
		e.floatCands = make(map[floatCandidatesKey][]float64)
	}
	e.floatCands[key] = cands
	return cands
}

type floatCandidatesKey struct {
	home *ssa.Function
	bits int
}

// beside is the integer next to c in direction dir (c+1 or c-1), or the
// next float where c is too large for that to differ from c.
func beside(c, dir float64) float64 {
	if n := c + dir; n != c {
		return n
	}
	return math.Nextafter(c, math.Inf(int(dir)))
}

// floatConstants are the finite float constants that fn, its closures and
// the functions of its package it calls directly compare with, in the
// order they appear. Those it computes with (the 32 and 5/9 of a
// conversion) decide no branch, and each would add three states.
func floatConstants(fn *ssa.Function) []float64 {
	if fn == nil {
		return nil
	}
	var out []float64
	visit := func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				cmp, ok := instr.(*ssa.BinOp)
				if !ok || !isComparison(cmp.Op) {
					continue
				}
				for _, op := range []ssa.Value{cmp.X, cmp.Y} {
					if c, ok := op.(*ssa.Const); ok {
						if v, ok := floatConstant(c); ok && !slices.Contains(out, v) {
							out = append(out, v)
						}
					}
				}
			}
		}
	}
	funcs := append([]*ssa.Function{fn}, fn.AnonFuncs...)
	for _, f := range funcs[:len(funcs):len(funcs)] {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if callee := call.Common().StaticCallee(); callee != nil && loader.PackageOf(callee) == loader.PackageOf(fn) && !slices.Contains(funcs, callee) {
					funcs = append(funcs, callee)
				}
			}
		}
	}
	for _, f := range funcs {
		visit(f)
	}
	return out
}

// floatConstant is c's value when c is a finite float constant.
func floatConstant(c *ssa.Const) (float64, bool) {
	b, ok := c.Type().Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsFloat == 0 || c.Value == nil {
		return 0, false
	}
	v, _ := constant.Float64Val(constant.ToFloat(c.Value))
	return v, !math.IsInf(v, 0) && !math.IsNaN(v)
}

func bitsOfFloat(f float64, w int) uint64 {
	if w == 32 {
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}

func floatOfBits(b uint64, w int) float64 {
	if w == 32 {
		return float64(math.Float32frombits(uint32(b)))
	}
	return math.Float64frombits(b)
}

func isComparison(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}
