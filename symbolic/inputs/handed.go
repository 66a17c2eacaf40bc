package inputs

import (
	"fmt"
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Inputs handed out by another parameter. A parameter of a type that no
// function returns is made by the method that hands one out
// (loader.HandingMethod), on a receiver made in turn:
// l.MoveToFront(New().PushBack(v)). That element belongs to another
// list, and a method that works on its receiver's own elements returns
// at once (if e.list != l), whatever the element. Callers write
// e := l.PushBack(v); l.MoveToFront(e): the element is the receiver's.
// So, where an earlier parameter of the function under test (its
// owner, usually the receiver) is of the type whose method hands the
// parameter's type out, the parameter may also be made by calling that
// method on the owner itself, after the owner's sequence
// (sequences.go): alternative k of the choice of selector "e.(from l)"
// calls the k-th of the owner's methods that hand one out, up to
// maxHandingMethods. Two, not one: an element the receiver hands out
// last (PushBack) is the one at the back, which MoveToBack leaves where
// it is, and a second one pushed the same way lies after the first,
// where MoveBefore leaves that; PushFront puts it where they move it.
//
// The call is a frame of the owner's prologue, queued below its
// sequence, so that it runs last; its receiver is whatever gives the
// owner its value (the constructor, or the last builder), and its result
// goes to the parameter, whose own build is skipped. Several parameters
// handed out by one owner are called in their order, as the arguments of
// the test's call are evaluated: tt.l.MoveBefore(tt.e(tt.l),
// tt.mark(tt.l)). The test writes the parameter's column as a func of
// the owner (concrete.Handed).
//
// Only an owner made by a constructor or new(T) hands out: a package
// variable is every test's, and a value made inside another input has
// no parameter to be passed as.

// maxHandingMethods bounds the methods tried to hand out a parameter.
const maxHandingMethods = 2

// handing is a parameter of the function under test that an earlier
// one, its owner, may hand out through any of the methods fns.
type handing struct {
	param, owner int
	fns          []*ssa.Function
}

// handingsOf lists the parameters of home that an earlier parameter
// hands out, in order. A parameter's owner is the first earlier
// parameter whose type's method hands out its type.
func (e *Builder) handingsOf(home *ssa.Function) []handing {
	if found, ok := e.handings[home]; ok {
		return found
	}
	var out []handing
	if pkg := loader.PackageOf(home); pkg != nil {
		for j := 1; j < len(home.Params); j++ {
			if h, ok := ownerOf(home, j, loader.HandingMethods(e.Prog, home.Params[j].Type(), pkg.Pkg)); ok {
				out = append(out, h)
			}
		}
	}
	if e.handings == nil {
		e.handings = make(map[*ssa.Function][]handing)
	}
	e.handings[home] = out
	return out
}

// ownerOf is how the parameter j of home is handed out: by the first
// earlier parameter that is the receiver of one of the methods fns,
// through up to maxHandingMethods of them. A method without parameters
// (Front) is left out: it hands out only what the receiver holds
// already, nil on a new one, which fails on the path's first use.
func ownerOf(home *ssa.Function, j int, fns []*ssa.Function) (handing, bool) {
	for k := 0; k < j; k++ {
		h := handing{param: j, owner: k}
		for _, fn := range fns {
			if len(fn.Params) > 1 && types.Identical(home.Params[k].Type(), fn.Signature.Recv().Type()) && len(h.fns) < maxHandingMethods {
				h.fns = append(h.fns, fn)
			}
		}
		if len(h.fns) > 0 {
			return h, true
		}
	}
	return handing{}, false
}

// handsOut reports whether the input made by mk for dest may hand out
// later parameters: a parameter of the function under test, made by a
// constructor or new(T) as its own type.
func handsOut(mk *maker, depth int, dest paramSlot) bool {
	return depth == 0 && dest.frame == 0 && !dest.ctorArg && dest.wrap == nil && dest.into == nil &&
		mk.global == nil && !mk.deref && !mk.assert && mk.fail == failNone
}

// handedSelectorName names the choice of the parameter param being
// handed out by owner.
func handedSelectorName(param, owner string) string {
	return fmt.Sprintf("%s.(from %s)", param, owner)
}

// chooseHanded picks which of the parameters that the owner, the
// parameter dest.param made by mk, may hand out it does, and queues
// their calls: the last lowest, so that they run in order. It returns
// the calls, whose receiver the owner's value fills (or recv gives, when
// it is known already), and whose arguments buildHandedArgs builds.
func (e *Builder) chooseHanded(s *machine.State, mk *maker, depth int, dest paramSlot) []*pendingCall {
	in := Of(s)
	if in.home == nil || !handsOut(mk, depth, dest) {
		return nil
	}
	type choice struct {
		param int
		fn    *ssa.Function
	}
	var chosen []choice
	for _, h := range e.handingsOf(in.home) {
		if h.owner != dest.param {
			continue
		}
		pname, oname := ParamName(in.home, h.param), ParamName(in.home, h.owner)
		sel := handedSelectorName(pname, oname)
		vals, pins := []uint64{0}, []string{""}
		for k, fn := range h.fns {
			vals = append(vals, uint64(k+1))
			pins = append(pins, fmt.Sprintf("%s is %s.%s(…)", pname, oname, fn.Name()))
		}
		if k := e.Choose(s, sel, expr.BVVar(sel, 8), vals, pins); k > 0 {
			chosen = append(chosen, choice{h.param, h.fns[k-1]})
		}
	}
	calls := make([]*pendingCall, len(chosen))
	for i := len(chosen) - 1; i >= 0; i-- {
		h := chosen[i]
		c := &pendingCall{fn: h.fn, dest: paramSlot{frame: 0, param: h.param}, seq: &seqFill{}, args: make([]value.Value, len(h.fn.Params))}
		c.args[0] = value.Zero(h.fn.Params[0].Type())
		calls[i] = c
		in.calls = append(in.calls, c)
		if in.handed == nil {
			in.handed = make(map[int]bool)
		}
		in.handed[h.param] = true
	}
	return calls
}

// handedReceivers are the receiver slots of the queued handing calls.
func handedReceivers(s *machine.State, calls []*pendingCall) []paramSlot {
	var out []paramSlot
	for _, c := range calls {
		out = append(out, paramSlot{frame: queuedFrame(s, c), param: 0})
	}
	return out
}

// queuedFrame is the frame index the queued call c will run in.
func queuedFrame(s *machine.State, c *pendingCall) int {
	for i, q := range Of(s).calls {
		if q == c {
			return i + 1 // the function under test's frame is 0
		}
	}
	panic("prologue call not queued")
}

// buildHandedArgs builds the arguments of the handing calls, named as
// the parameter's own maker names them: "e.PushBack(v)".
func (e *Builder) buildHandedArgs(s *machine.State, calls []*pendingCall, depth int) {
	in := Of(s)
	for _, c := range calls {
		name := ParamName(in.home, c.dest.param)
		for i, p := range c.fn.Params {
			if i == 0 {
				continue
			}
			in.dest = &paramSlot{frame: queuedFrame(s, c), param: i, ctorArg: true}
			c.args[i] = in.build(e, s, ctorArgName(name, c.fn, i), p.Type(), depth+1)
		}
	}
	in.dest = nil
}

// ownerFill is the fill, among the constructor's and the builders' of
// its sequence, that gives the parameter its value: the one a builder
// does not follow.
func ownerFill(ctor *seqFill, seqCalls []*pendingCall) *seqFill {
	if !ctor.noDest {
		return ctor
	}
	for _, c := range seqCalls {
		if c.seq != nil && !c.seq.discard && !c.seq.noDest {
			return c.seq
		}
	}
	return ctor
}

// handedLiteral is the literal of the parameter called name of home
// when the model m has its owner hand it out: the handing call, its
// receiver the owner.
func (e *Builder) handedLiteral(name string, m expr.Assignment, home *ssa.Function) (concrete.Value, bool) {
	for _, h := range e.handingsOf(home) {
		pname, oname := ParamName(home, h.param), ParamName(home, h.owner)
		if pname != name {
			continue
		}
		k := expr.Eval(expr.BVVar(handedSelectorName(pname, oname), 8), m)
		if k == 0 || k > uint64(len(h.fns)) {
			return concrete.Value{}, false // as Choose does in a replay
		}
		fn := h.fns[k-1]
		ot := home.Params[h.owner].Type()
		makers := e.makersOf(ot, home)
		if len(makers) == 0 || 0 >= e.Cfg.Bounds.MaxDepth || !handsOut(makers[chosenMaker(oname, makers, m)], 0, paramSlot{param: h.owner}) {
			return concrete.Value{}, false
		}
		call := concrete.Value{Type: fn.Signature.Results().At(0).Type(), Kind: concrete.Call, Func: methodObject(fn)}
		for i, p := range fn.Params {
			if i == 0 {
				continue
			}
			call.Elems = append(call.Elems, e.ParamLiteral(ctorArgName(pname, fn, i), p.Type(), m, 1, home, true))
		}
		return concrete.Value{Type: home.Params[h.param].Type(), Kind: concrete.Handed, Int: int64(h.owner), Elem: &call}, true
	}
	return concrete.Value{}, false
}
