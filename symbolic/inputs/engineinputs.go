package inputs

import (
	"go/types"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Builder builds the inputs of the function under test on the machine it
// embeds, and keeps what their construction learns across the states
// and rounds of an exploration.
type Builder struct {
	*machine.Machine
	inputState
}

// NewBuilder returns the input builder of m, set as m's input provider.
func NewBuilder(m *machine.Machine) *Builder {
	b := &Builder{Machine: m}
	m.Inputs = engineInputs{b}
	return b
}

// GrowthAsked reports whether the current round asked for larger bounds.
func (e *Builder) GrowthAsked() bool { return len(e.growth) > 0 }

// GrownBounds are the bounds of the inputs that grew in this exploration.
func (e *Builder) GrownBounds() map[string]int { return e.grown }

// Signed reports whether the input variable called name is of a signed
// integer type.
func (e *Builder) Signed(name string) bool { return e.signedInputs[name] }

// ArrayByte reports whether the input variable called name is a byte
// element of an array input: a number, not text.
func (e *Builder) ArrayByte(name string) bool { return e.arrayBytes[name] }

// BuildString builds a fresh string input called name on s.
func (e *Builder) BuildString(s *machine.State, name string) value.String {
	return Of(s).buildString(e, s, name)
}

// IsSizeBound reports whether c is the constraint of an input size bound.
func (e *Builder) IsSizeBound(c expr.Expr) bool {
	_, ok := e.bounds[c]
	return ok
}

// NoteFixedBound records within, a bound max on the size of the input
// called name that excess exceeds, and that cannot grow.
func (e *Builder) NoteFixedBound(name string, within, excess, size expr.Expr, max int) {
	e.noteBound(within, bound{within: within, excess: excess, name: name, size: size, max: max, cap: max})
}

// inputState is what the input construction of an engine keeps across
// the states of its explorations. The Builder embeds it; the machine
// names none of it, and reaches input construction only through its
// Inputs (engineInputs).
type inputState struct {
	// building is set while an initial state is built: it decides how a
	// choice of input shape forks (choices.go).
	building *building
	// bounds are the harness's input-size constraints (inputbounds.go),
	// and alternatives the constraints that pin a value to one of the
	// values states were forked for (values): a state's siblings hold the
	// others.
	bounds       boundExcess
	alternatives map[expr.Expr]bool
	// grown are the bounds of the inputs that grew in this exploration,
	// growth those asked for in the current round, and plannedSides the
	// branch sides a growth was planned for in it (inputbounds.go).
	grown        map[string]int
	growth       map[string]int
	plannedSides map[expr.Expr]bool
	// deferred are the growths a round may ask for once it has run out
	// of states with blocks of the explored function left untested: bound
	// cuts that no branch of the explored package stands for
	// (inputbounds.go).
	deferred []boundCut
	// deferredGrew says a deferred growth was asked for in the current
	// exploration, when deferredCovered blocks of the function were
	// covered.
	deferredGrew    bool
	deferredCovered int
	// askedWork and askedAt are the work and time when the current round
	// first asked for growth.
	askedWork int64
	askedAt   time.Time
	// impls caches the implementations chosen for interface inputs.
	impls map[string]implSet
	// fakes are the fakes made for interfaces, by interface (nil: none
	// can be declared), fakeTypes the same by the fake's pointer type;
	// fakeInputs the inputs that hold one, which their objects name by
	// index (fakeIndex) (fakeinputs.go).
	fakes      map[string]*fakeType
	fakeTypes  map[types.Type]*fakeType
	fakeInputs []fakeInput
	fakeIndex  map[fakeInput]int
	// floatCands are the candidate values of float inputs, by function
	// under test and width (floatinputs.go).
	floatCands map[floatCandidatesKey][]float64
	// signedInputs are the names of the input variables of signed integer
	// types, for the readable values of package pick.
	signedInputs map[string]bool
	// handings are, per function under test, its parameters that an
	// earlier one may hand out (handed.go).
	handings map[*ssa.Function][]handing
	// texts are the string and []byte inputs the current exploration
	// built, in the order first built (texts.go).
	texts     []string
	textsSeen map[string]bool
	// arrayBytes are the names of the byte elements of array inputs
	// ([16]byte): numbers, not text, for package pick.
	arrayBytes map[string]bool
	// boundNils are the pointer inputs that are nil for the nesting
	// bound, by name (boundnil.go).
	boundNils map[string]bool
}

// engineInputs is the engine's input construction as the machine sees it:
// the machine.InputProvider that NewBuilder sets as Machine.Inputs,
// answering each request with the input file that knows. Its methods are
// documented on machine.InputProvider.
type engineInputs struct{ e *Builder }

var _ machine.InputProvider = engineInputs{}

func (p engineInputs) InitInputs() any { return NewSymbolic(p.e.Cfg.Bounds) }

// Lazy builds v under the parameter it is part of, which the objects it
// allocates record for the points-to check.
func (p engineInputs) Lazy(s *machine.State, v value.Lazy) value.Value {
	in := Of(s)
	in.root = v.Root
	return in.build(p.e, s, v.Name, v.Type, v.Depth)
}

func (p engineInputs) FloatInput(s *machine.State, o value.Opaque) float64 {
	return p.e.chooseFloat(s, o)
}

func (p engineInputs) CallFunc(s *machine.State, instr ssa.CallInstruction, f *value.FuncInput) {
	p.e.callInputFunc(s, instr, f)
}

func (p engineInputs) RunsMethodsOf(t types.Type) bool { return isFailingHelper(t) || p.e.isFake(t) }

func (p engineInputs) CallMethod(s *machine.State, instr ssa.CallInstruction, recv value.Interface) {
	if p.e.isFake(recv.Type) {
		p.e.fakeMethod(s, instr, recv)
		return
	}
	p.e.failingMethod(s, instr, recv)
}

func (p engineInputs) PrologueReturned(s *machine.State, f *machine.Frame, results []value.Value) {
	p.e.fillParam(s, f, results)
}

func (p engineInputs) ProloguePanicked(s *machine.State, f *machine.Frame) {
	p.e.prologuePanicked(s, f)
}

func (p engineInputs) ChanUsed(s *machine.State, name string) { s.Limit(chanInputLimit(name)) }

func (p engineInputs) NilPin(name string) string { return nilnessName(name) }

func (p engineInputs) NilnessOf(nonNil expr.Expr) (string, bool, bool) {
	name, ok := inputOfNilness(nonNil)
	return name, ok && p.e.boundNils[name], ok
}

func (p engineInputs) SizeBound(within, excess, size expr.Expr, max int) {
	p.e.noteBound(within, bound{within: within, excess: excess, size: size, max: max, cap: max})
}

func (p engineInputs) Infeasible(s *machine.State, side expr.Expr) { p.e.checkCutByBounds(s, side) }

func (p engineInputs) ForkedValue(pin expr.Expr) { p.e.noteAlternative(pin) }

func (p engineInputs) ValuesCut(s *machine.State, rest expr.Expr) { p.e.checkValuesCut(s, rest) }

func (p engineInputs) GrowthDue() bool { return p.e.growthDue() }
