package inputs

import (
	"maps"
	"slices"
	"time"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// Input bounds that grow. The harness bounds its inputs: a string has at
// most MaxLen bytes, a slice or a map at most MaxElems elements. A branch
// side that only inputs beyond those bounds could take is infeasible on
// the path, yet real code takes it (a 36-byte UUID). So when a side is
// infeasible and the path's condition holds bound constraints, the side is
// asked about again with those constraints lifted. If an input within the
// bounds takes it, another alternative of a choice will (another size of a
// map input is explored by a state of its own). If none does but one
// beyond them may:
//
//   - when the side is that of an If of the explored package and leads to
//     a block no path has entered (sideLeadsToNew), no sibling state takes
//     it within the bounds (siblingTakes), and the inputs involved (those
//     beyond their bound in the solver's model) may still grow
//     (Bounds.GrowLen, GrowElems), the smallest doubling of their bounds
//     under which the side is feasible is found, and each of them is
//     asked to grow to at least twice its bound, or to the size the model
//     gives if larger. When the searcher runs out of
//     states, or a tenth of the work limit after the first request
//     (growthDue), the exploration starts again from fresh inputs with
//     those bounds (symbolic's Engine.Explore), sharing the function's budget, and
//     the states left are dropped: the new round covers their inputs too.
//     The blocks covered so far stay covered, so the search heads for new
//     ones. Exhaustiveness is judged on the last round alone, which covers
//     every input within its (larger) bounds; a growth asked for but not
//     carried out leaves the function not exhausted.
//   - otherwise (the side leads to covered code, the caps are reached, or
//     the solver cannot say) the path
//     records that it was cut by a bound, and it no longer supports a
//     claim of dead code: the gap is reported as "bounds".
//
// A []byte input is seldom tested in a branch of the explored package.
// Its length goes through copy (bytes.Reader.Read, io.ReadFull), whose
// count is forked into the values the bounds allow, so that every branch
// after it is decided on constants; or through a branch of another
// package (bytes.HasPrefix's len(s) >= len(prefix)), whose result comes
// back as a constant. A decoder whose input must begin with an 11-byte
// marker then never grew its 8-element bound. Two more cuts therefore
// defer a growth (deferGrowth): a side of an If of another package that
// leads to a block no path has entered (the path is cut as before), and
// a fork whose values inputs beyond the bounds add to (checkValuesCut;
// the path is not cut). Deferred growths are planned as above, but only
// when the round has run out of states and blocks of the explored
// function are left (PlanDeferred): such cuts are common in code whose
// every block is covered within the bounds.
//
// This is a guard against misleading claims, not a proof about inputs
// beyond the bounds: a claim of dead code still says "within the bounds".

// maxLength is the largest length a Go string, slice or map can have: no
// allocation exceeds 2^48 bytes on a 64-bit platform. A lifted bound is
// lifted only up to it, so the solver does not answer with lengths near
// 2^63, where the program's arithmetic on them wraps around and takes
// sides no real input takes.
const maxLength = 1 << 48

// boundExcess maps each bound constraint the harness assumed (len(s) <=
// 16, or a map input's size pin len(m) == 3) to the bound it stands for.
// Terms are hash-consed, so the map holds one entry per input part and
// bound, whatever the number of states.
type boundExcess map[expr.Expr]bound

// bound is one input's size bound.
type bound struct {
	// within is the bound (len(s) <= 16, -1 <= len(m) <= 8) and excess
	// what exceeds it (len(s) > 16, len(m) > 8).
	within, excess expr.Expr
	name           string    // the input's name
	size           expr.Expr // its length or size variable
	max, cap       int       // the bound, and what it may grow to
	signed         bool      // a map's size, where -1 stands for nil
}

// withinAt is the bound constraint for a bound of n instead of b.max.
func (b bound) withinAt(n int) expr.Expr {
	c := expr.Const(64, uint64(n))
	if b.signed {
		return expr.And(expr.Sle(expr.Const(64, ^uint64(0)), b.size), expr.Sle(b.size, c))
	}
	return expr.Ule(b.size, c)
}

// MaxSize is the bound of the input called name: def, or what it grew to.
func (in *Source) MaxSize(name string, def int) int {
	if n, ok := in.grown[name]; ok {
		return n
	}
	return def
}

// symbolicInputs and ReplayInputs make input builders under the bounds of
// the current round of exploration.
func (e *Builder) symbolicInputs() *Source {
	in := NewSymbolic(e.Cfg.Bounds)
	in.grown = e.grown
	return in
}

func (e *Builder) ReplayInputs(m expr.Assignment) *Source {
	in := newReplayInputs(e.Cfg.Bounds, m)
	in.grown = withWordSizes(e.grown, wordSizes(m))
	return in
}

// assumeSizeBound adds the bound len(name) <= max on the length n of a
// string or slice input to s, and records it; growTo is the cap it may
// grow to.
func (e *Builder) assumeSizeBound(s *machine.State, name string, n expr.Expr, max, growTo int) {
	c := expr.Const(64, uint64(max))
	within := expr.Ule(n, c)
	excess := expr.Ult(c, n)
	e.noteBound(within, bound{within: within, excess: excess, name: name, size: n, max: max, cap: growTo})
	s.Assume(within, "")
}

// NoteMapBound records the size pins of a map input of at most max
// entries (size is its size selector) as bound constraints.
func (e *Builder) NoteMapBound(pins []expr.Expr, name string, size expr.Expr, max, growTo int) {
	c := expr.Const(64, uint64(max))
	b := bound{excess: expr.Slt(c, size), name: name, size: size, max: max, cap: growTo, signed: true}
	b.within = b.withinAt(max)
	for _, p := range pins {
		e.noteBound(p, b)
	}
}

func (e *Builder) noteBound(c expr.Expr, b bound) {
	if e.bounds == nil {
		e.bounds = make(boundExcess)
	}
	e.bounds[c] = b
}

// checkCutByBounds is called when side is infeasible on s (the solver
// said Unsat to s's condition and side): it records on s whether inputs
// beyond the bounds could take it, or plans their growth.
func (e *Builder) checkCutByBounds(s *machine.State, side expr.Expr) {
	c, r := e.cutByBounds(s, side)
	const cut = "a branch side is reachable only beyond the input size bounds"
	switch r {
	case solver.Unsat:
		return
	case solver.Sat:
		if e.sideLeadsToNew(s, side) {
			if !e.siblingTakes(c.relaxed, c.within) && e.planGrowth(side, c.relaxed, c.on, c.model) {
				return
			}
		} else if e.sideLeadsToNewElsewhere(s, side) {
			// A branch of another package (bytes.HasPrefix's length
			// test) may stand between the input and the blocks of the
			// explored one, which then decides on a constant result.
			e.deferGrowth(c)
		}
	}
	s.Limit(cut)
}

// checkValuesCut is called when the values s is about to be forked into
// are all that a value takes within the bounds: rest, that it is none of
// them, is infeasible. When inputs beyond the bounds give it another
// value, a growth is deferred to the round's end (PlanDeferred): copy's
// count from a []byte input is forked into 0 … 8, and the test
// copy(m[:], b) < 11 that follows is decided on constants, so no branch
// would ever find that an 11-byte marker needs a longer b. The path is not
// cut: most such values (the length of an append) lead where those within
// the bounds do.
func (e *Builder) checkValuesCut(s *machine.State, rest expr.Expr) {
	// Forks are many (every append of an input slice forks its length):
	// the query beyond the bounds is asked only while there is room for
	// another deferred growth, and only for a value that is a function of
	// a bounded size itself, not of an element or a number input.
	if s.Replay || len(e.deferred) >= maxDeferred || !e.mentionsBoundSize(s, rest) {
		return
	}
	if c, r := e.cutByBounds(s, rest); r == solver.Sat {
		e.deferGrowth(c)
	}
}

// mentionsBoundSize tells whether x has the size variable of an input
// whose bound is on s's path among its variables.
func (e *Builder) mentionsBoundSize(s *machine.State, x expr.Expr) bool {
	sizes := make(map[expr.Expr]bool)
	for _, c := range s.PathCond {
		if b, ok := e.bounds[c]; ok {
			sizes[b.size] = true
		}
	}
	if len(sizes) == 0 {
		return false
	}
	return slices.ContainsFunc(expr.Vars(x), func(v expr.Expr) bool { return sizes[v] })
}

// boundCut is what a growth for a side infeasible within the bounds is
// planned from: the side, the path's other constraints with it, its
// bounds, and a model beyond them.
type boundCut struct {
	side            expr.Expr
	relaxed, within []expr.Expr
	on              []bound
	model           *expr.Values
}

// cutByBounds asks whether side, infeasible on s, is feasible beyond the
// input size bounds: Sat when only inputs beyond them take it, Unsat when
// none takes it or one within them does (another alternative of a
// choice), Unknown when the solver cannot say.
func (e *Builder) cutByBounds(s *machine.State, side expr.Expr) (boundCut, solver.Result) {
	if s.Replay || len(e.bounds) == 0 {
		return boundCut{}, solver.Unsat
	}
	c := boundCut{side: side}
	var excess, lifted []expr.Expr
	// asked says the query within the bounds is the one the caller has
	// just found unsatisfiable: every bound constraint on the path is its
	// own within (a length's, not a map's size pin).
	asked := true
	for _, pc := range s.PathCond {
		if b, ok := e.bounds[pc]; ok {
			asked = asked && b.within == pc
			c.on = append(c.on, b)
			c.within = append(c.within, b.within)
			excess = append(excess, b.excess)
			lifted = append(lifted, b.withinAt(maxLength))
			continue
		}
		c.relaxed = append(c.relaxed, pc)
	}
	if len(excess) == 0 {
		return c, solver.Unsat
	}
	c.relaxed = append(c.relaxed, side)
	inside := solver.Unsat
	if !asked {
		inside = e.Check(solver.Query{Constraints: append(c.relaxed[:len(c.relaxed):len(c.relaxed)], c.within...)}).Result
	}
	switch inside {
	case solver.Sat:
		return c, solver.Unsat // another alternative of a choice, within the bounds, takes it
	case solver.Unknown:
		return c, solver.Unknown
	}
	beyond := e.Check(solver.Query{Constraints: append(append(c.relaxed[:len(c.relaxed):len(c.relaxed)], lifted...), expr.Or(excess...))})
	if beyond.Result == solver.Sat {
		c.model = beyond.Model
	}
	return c, beyond.Result
}

// maxDeferred bounds the growths a round defers: each costs solver
// queries at the round's end, and a loop forks a length on every turn.
const maxDeferred = 16

// deferGrowth keeps c for PlanDeferred, once per side.
func (e *Builder) deferGrowth(c boundCut) {
	if len(e.deferred) >= maxDeferred {
		return
	}
	for _, d := range e.deferred {
		if d.side == c.side {
			return
		}
	}
	e.deferred = append(e.deferred, c)
}

// PlanDeferred is called when a round of the exploration of fn has run
// out of states: if blocks of fn are left that no path entered, it plans
// the growths deferred in the round, those for bound cuts that no branch
// of the explored package stands for (a branch of another package, or a
// value forked into those the bounds allow). Waiting for the round's end
// is what keeps them cheap: a branch of strings.Index that only strings
// of over 64 bytes take is cut on many paths of functions whose every
// block the round covers within the bounds (growth.Minor); growing for it
// would only slow them down. Nor are they planned again once a round
// they grew the bounds for has entered no new block of fn: a function
// with dead code that appends its input would grow it round after round,
// to the cap, each round forking the length into more values. It reports
// whether a growth was asked for.
func (e *Builder) PlanDeferred(fn *ssa.Function) bool {
	deferred := e.deferred
	e.deferred = nil
	covered := 0
	for _, b := range fn.Blocks {
		if e.Summary.CoveredBlocks[b] {
			covered++
		}
	}
	if len(deferred) == 0 || covered == len(fn.Blocks) || (e.deferredGrew && covered <= e.deferredCovered) {
		return false
	}
	asked := false
	for _, c := range deferred {
		if !e.siblingTakes(c.relaxed, c.within) && e.planGrowth(c.side, c.relaxed, c.on, c.model) {
			asked = true
		}
	}
	if asked {
		e.deferredGrew, e.deferredCovered = true, covered
	}
	return asked
}

// noteAlternative records c as the pin of a value to one of the values
// states were forked for.
func (e *Builder) noteAlternative(c expr.Expr) {
	if e.alternatives == nil {
		e.alternatives = make(map[expr.Expr]bool)
	}
	e.alternatives[c] = true
}

// siblingTakes tells whether a branch side that a path takes only beyond
// the input bounds is taken within them once the path's pins to one of
// several forked values are lifted: by an input that a sibling state,
// forked for another of the values, explores. Growing the bounds would
// not pay then. A path that found the first '&' of a string at its last
// byte within the bounds (strings.IndexByte(s, '&') == 15, with a slice
// from there forked per value of the index) needs a longer string to go
// on past it, while the sibling whose '&' comes first goes on within the
// bounds. html.UnescapeString grew s to 32, 64 and then 128 bytes that
// way, each round given up a path or two after it began, and entered 5
// of its 13 blocks at a work bound where it entered 12 without growing.
// The path itself is cut by the bounds all the same (the caller records
// it), so a claim of dead code does not rest on what the siblings do.
// Where the side holds the forked value as a constant (the length of
// b[i+1:] is len(b)-16 on the path with i == 15), lifting the pin frees
// nothing, and the growth is planned as before.
func (e *Builder) siblingTakes(relaxed, within []expr.Expr) bool {
	q := make([]expr.Expr, 0, len(relaxed)+len(within))
	lifted := false
	for _, c := range relaxed {
		if e.alternatives[c] {
			lifted = true
			continue
		}
		q = append(q, c)
	}
	if !lifted {
		return false
	}
	return e.Check(solver.Query{Constraints: append(q, within...)}).Result == solver.Sat
}

// sideLeadsToNew tells whether side is a side of the If s is executing
// whose successor no path has entered yet, in the package of the function
// explored. Only then may growing the bounds pay: the side that goes
// round a loop over a string once more than the bound allows leads to the
// loop's body, covered already, and growing every string a loop runs
// over to the cap would cost much and cover nothing. Nor does a block of
// another package count, whose coverage no test of this one is for:
// strings.Index takes a block of its own for strings longer than 64
// bytes, which go/build/constraint.GoVersion's tag grew to 83 bytes for:
// within 1,000,000 work it then ran 36 paths, and 87 without growing. A
// branch of this package that needs a longer string still asks for it,
// whatever calls its condition went through.
func (e *Builder) sideLeadsToNew(s *machine.State, side expr.Expr) bool {
	isNew, here := e.ifSideLeadsToNew(s, side)
	return isNew && here
}

// sideLeadsToNewElsewhere tells whether side is a side of an If of
// another package than the explored one whose successor no path has
// entered: a growth for it is deferred (PlanDeferred).
func (e *Builder) sideLeadsToNewElsewhere(s *machine.State, side expr.Expr) bool {
	isNew, here := e.ifSideLeadsToNew(s, side)
	return isNew && !here
}

// ifSideLeadsToNew tells whether side is a side of the If s is executing
// whose successor no path has entered yet, and whether that If is of the
// explored package.
func (e *Builder) ifSideLeadsToNew(s *machine.State, side expr.Expr) (isNew, here bool) {
	f := s.Stack[len(s.Stack)-1]
	if f.Next == 0 {
		return false, false
	}
	in, ok := f.Block.Instrs[f.Next-1].(*ssa.If)
	if !ok {
		return false, false
	}
	here = e.InExploredPackage(f.Fn)
	cond := e.Scalar(s, in.Cond)
	switch side {
	case cond:
		return !e.Summary.CoveredBlocks[f.Block.Succs[0]], here
	case expr.Not(cond):
		return !e.Summary.CoveredBlocks[f.Block.Succs[1]], here
	}
	return false, here
}

// planGrowth looks for larger bounds, within the caps, of the inputs that
// exceed their bounds in model m under which side is feasible on a path
// whose other constraints are relaxed and bounds on. When it finds them it
// records them for the next round and returns true.
func (e *Builder) planGrowth(side expr.Expr, relaxed []expr.Expr, on []bound, m *expr.Values) bool {
	if e.plannedSides[side] {
		return true // planned this round already, on another path
	}
	grows := make([]bool, len(on))
	var involved []int
	for i, b := range on {
		if b.max < b.cap && expr.EvalBool(b.excess, m) {
			grows[i] = true
			involved = append(involved, i)
		}
	}
	if len(involved) == 0 {
		return false
	}
	if len(involved) > 1 {
		// The model may have made inputs long that the side does not
		// need long: grow one alone when that is enough.
		for _, j := range involved {
			q := relaxed[:len(relaxed):len(relaxed)]
			for i, b := range on {
				if i == j {
					q = append(q, b.excess, b.withinAt(maxLength))
				} else {
					q = append(q, b.within)
				}
			}
			if e.Check(solver.Query{Constraints: q}).Result == solver.Sat {
				clear(grows)
				grows[j] = true
				break
			}
		}
	}
	for f := 2; ; f *= 2 {
		q := relaxed[:len(relaxed):len(relaxed)]
		capped := true
		for i, b := range on {
			if !grows[i] {
				q = append(q, b.within)
				continue
			}
			n := min(b.cap, max(b.max, 1)*f)
			capped = capped && n == b.cap
			q = append(q, b.withinAt(n))
		}
		r := e.Check(solver.Query{Constraints: q})
		if r.Result == solver.Sat {
			for i, b := range on {
				if grows[i] {
					want := max(min(b.cap, 2*max(b.max, 1)), int(int64(expr.Eval(b.size, r.Model))))
					e.askGrowth(b.name, min(want, b.cap))
				}
			}
			if e.plannedSides == nil {
				e.plannedSides = make(map[expr.Expr]bool)
			}
			e.plannedSides[side] = true
			return true
		}
		if r.Result != solver.Unsat || capped {
			return false
		}
	}
}

// askGrowth asks for the bound of the input called name to be at least n
// in the next round.
func (e *Builder) askGrowth(name string, n int) {
	if e.growth == nil {
		e.growth = make(map[string]int)
		e.askedWork, e.askedAt = e.Summary.ExplorationWork(), time.Now()
	}
	e.growth[name] = max(e.growth[name], n)
}

// growthDue tells whether the round should give way to the next one, with
// the growth it asked for, before it has run out of states: on real code a
// round seldom runs out within the budget. It waits a tenth of the work
// limit (or, without one, of the time budget) after the first request, so
// that the requests of a round are gathered into one new round.
func (e *Builder) growthDue() bool {
	if len(e.growth) == 0 || e.Round >= MaxRounds {
		return false
	}
	switch {
	case e.Cfg.MaxWork > 0:
		// Work, not time, when there is a work limit: runs stay
		// deterministic.
		return e.Summary.ExplorationWork()-e.askedWork >= e.Cfg.MaxWork/10
	case e.Cfg.Budget > 0:
		return time.Since(e.askedAt) >= e.Cfg.Budget/10
	}
	return false
}

// ForgetGrowth starts a function's exploration: what earlier explorations
// grew and planned is forgotten.
func (e *Builder) ForgetGrowth() {
	e.grown, e.growth, e.plannedSides, e.deferred = nil, nil, nil, nil
	e.deferredGrew, e.deferredCovered = false, 0
	// Terms are hash-consed across functions: a pin of another
	// function's exploration may be a branch condition of this one.
	e.alternatives = nil
}

// Grow applies the growth asked for in this round. It reports whether any
// bound grew, that is, whether another round is worth running.
func (e *Builder) Grow() bool {
	// A new map: the inputs of earlier rounds keep the bounds they had.
	grown := maps.Clone(e.grown)
	grew := false
	for name, n := range e.growth {
		if n > grown[name] {
			if grown == nil {
				grown = make(map[string]int)
			}
			grown[name] = n
			grew = true
		}
	}
	e.grown = grown
	e.growth, e.plannedSides, e.deferred = nil, nil, nil
	return grew
}

// MaxRounds bounds the rounds of exploration with growing input bounds.
const MaxRounds = 8
