package machine

import (
	"fmt"
	"go/types"
	"time"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/source"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// execute runs the next instruction of the top frame.
func (e *Machine) execute(s *State) {
	f := s.Top()
	instr := f.Block.Instrs[f.Next]
	code := &f.Info.code[f.Block.Index][f.Next]
	f.Next++
	switch in := instr.(type) {
	case *ssa.DebugRef:
	case *ssa.Jump:
		e.jump(s, f.Block.Succs[0])
	case *ssa.If:
		e.ifBranch(s, f, code, in)
	case *ssa.Phi:
		panic(InternalError("φ %s executed on its own; jump evaluates φs", in.Name()))
	case *ssa.Return:
		e.ret(s, in)
	case *ssa.Call:
		e.call(s, in, in.Common(), false)
	case *ssa.Defer:
		e.deferCall(s, in)
	case *ssa.RunDefers:
		e.runDefers(s)
	case *ssa.Panic:
		v := e.eval(s, in.X)
		e.raise(s, &panicking{Value: v, Kind: PanicExplicit})
	case *ssa.BinOp:
		e.binOp(s, f, code, in)
	case *ssa.UnOp:
		e.unOp(s, f, code, in)
	case *ssa.Convert:
		e.convert(s, f, code, in)
	case *ssa.ChangeType:
		e.move(s, f, code, in.X)
	case *ssa.MultiConvert:
		e.Unsupported(s, "generic conversion")
	case *ssa.Alloc:
		e.alloc(s, in)
	case *ssa.Store:
		e.storeInstr(s, in)
	case *ssa.FieldAddr:
		e.fieldAddr(s, in)
	case *ssa.Field:
		st := e.eval(s, in.X).(value.Struct)
		if e.descriptorFieldValue(s, in, st.Fields[in.Field]) {
			return
		}
		e.set(s, in, st.Fields[in.Field])
	case *ssa.IndexAddr:
		e.indexAddr(s, in)
	case *ssa.Index:
		e.index(s, in)
	case *ssa.Extract:
		e.set(s, in, e.eval(s, in.Tuple).(value.Tuple).Elems[in.Index])
	case *ssa.Slice:
		e.slice(s, in)
	case *ssa.MakeSlice:
		e.makeSlice(s, in)
	case *ssa.MakeClosure:
		bindings := make([]value.Value, len(in.Bindings))
		for i, b := range in.Bindings {
			bindings[i] = e.eval(s, b)
		}
		e.set(s, in, value.Func{Fn: in.Fn.(*ssa.Function), Bindings: bindings})
	case *ssa.MakeInterface:
		e.set(s, in, value.Interface{Type: in.X.Type(), Value: e.eval(s, in.X)})
	case *ssa.ChangeInterface:
		e.set(s, in, e.eval(s, in.X))
	case *ssa.TypeAssert:
		e.typeAssert(s, in)
	case *ssa.SliceToArrayPointer:
		e.sliceToArrayPointer(s, in)
	case *ssa.MakeMap:
		e.makeMap(s, in)
	case *ssa.Lookup:
		e.lookup(s, in)
	case *ssa.MapUpdate:
		e.mapUpdate(s, in)
	case *ssa.Range:
		e.rangeInstr(s, in)
	case *ssa.Next:
		e.next(s, in)
	case *ssa.Go:
		e.Unsupported(s, "goroutine")
	case *ssa.MakeChan:
		e.makeChan(s, in)
	case *ssa.Send:
		e.send(s, in)
	case *ssa.Select:
		e.selectInstr(s, in)
	default:
		e.Unsupported(s, fmt.Sprintf("instruction %T", instr))
	}
}

// eval gives the value of an SSA operand in the top frame.
func (e *Machine) eval(s *State, v ssa.Value) value.Value {
	var f *Frame
	if len(s.Stack) > 0 {
		f = s.Stack[len(s.Stack)-1]
		if sl := f.operandSlot(v); sl >= 0 {
			return f.Value(sl, v)
		} else if sl != slotEval {
			return f.Info.consts[-sl-1]
		}
	}
	switch v := v.(type) {
	case *ssa.Const:
		return value.Const(v)
	case *ssa.Global:
		s.touchedGlobal = true
		e.checkGlobal(s, v)
		return value.Pointer{NonNil: expr.True, Obj: e.Global(s, v)}
	case *ssa.Function:
		return value.Func{Fn: v}
	}
	if f == nil {
		panic(InternalError("%v read with no frame", v))
	}
	i, ok := f.Info.Index[v]
	if !ok {
		panic(InternalError("no register for %v (%T) in %s", v, v, f.Fn))
	}
	return f.Value(Slot(i), v)
}

// Scalar gives the term of an integer or bool operand.
func (e *Machine) Scalar(s *State, v ssa.Value) expr.Expr {
	switch x := e.eval(s, v).(type) {
	case value.Scalar:
		return x.E
	default:
		panic(InternalError("operand %s of type %v is %T, not a scalar", v.Name(), v.Type(), x))
	}
}

// set writes the register of an instruction's value in the top frame.
func (e *Machine) set(s *State, v ssa.Value, x value.Value) {
	f := s.Top()
	f.SetValue(Slot(f.Info.Index[v]), x)
}

// Global is the object of a package-level variable, created with its zero
// value the first time a path touches it.
func (e *Machine) Global(s *State, g *ssa.Global) value.ObjectID {
	if id, ok := s.Mem.Global(g); ok {
		return id
	}
	typ := g.Type().(*types.Pointer).Elem()
	id := s.Mem.Alloc(&value.Object{Type: typ, Value: value.Zero(typ), Site: g})
	s.Mem.AddGlobal(g, id)
	return id
}

// jump moves the top frame to block to. The φ-nodes at the head of the
// block are evaluated together, as of the edge, because one may read another
// (a loop that swaps two variables).
func (e *Machine) jump(s *State, to *ssa.BasicBlock) {
	f := s.Top()
	f.prev, f.Block, f.Next = f.Block, to, 0
	e.enter(s, to)
	n := f.Info.phis[to.Index]
	if n == 0 {
		return
	}
	edge := predIndex(to, f.prev)
	code := f.Info.code[to.Index]
	// Scalars in registers move unboxed.
	var xbuf [8]expr.Expr
	var vbuf [8]value.Value
	xs, vs := xbuf[:0], vbuf[:0]
	for i := 0; i < n; i++ {
		sl, v := code[i].edges[edge], to.Instrs[i].(*ssa.Phi).Edges[edge]
		var x expr.Expr
		var r value.Value
		if sl >= 0 {
			if x, r = f.readReg(sl); !x.IsValid() && r == nil {
				panic(InternalError("register %s of %s read before written", v.Name(), f.Fn))
			}
		} else {
			r = e.operand(s, f, sl, v)
		}
		xs, vs = append(xs, x), append(vs, r)
	}
	for i, x := range xs {
		if x.IsValid() {
			f.setScalar(code[i].dst, x)
		} else {
			f.SetValue(code[i].dst, vs[i])
		}
	}
	f.Next = n
}

// predIndex is the position of from among the predecessors of b, which is
// also the position of a φ's value for the edge from there.
func predIndex(b, from *ssa.BasicBlock) int {
	for i, pred := range b.Preds {
		if pred == from {
			return i
		}
	}
	panic(InternalError("block %d of %s: no edge from block %d", b.Index, b.Parent(), from.Index))
}

// enter records that the path entered a block. A block or edge among the
// path's last few records is not recorded again: only first entries count
// (firstEntries), and in a loop this keeps the record from growing with
// every iteration. Such a block is also covered already, by this path.
func (e *Machine) enter(s *State, b *ssa.BasicBlock) {
	if s.Initializing || s.inSetup() && b.Parent() != s.Stack[0].Fn {
		return
	}
	if f := s.Stack[len(s.Stack)-1]; f.prev != nil && f.Block == b {
		if edge := (concrete.Edge{From: f.prev, To: b}); !recent(s.Edges, edge) {
			s.Edges = append(s.Edges, edge)
		}
	}
	if recent(s.Blocks, b) {
		return
	}
	s.Blocks = append(s.Blocks, b)
	if !s.Replay && !e.Summary.CoveredBlocks[b] {
		e.Summary.CoveredBlocks[b] = true
		if b.Parent() == e.Summary.Func {
			e.Summary.TimeToCover = time.Since(e.Started)
			e.Summary.CoverTimes = append(e.Summary.CoverTimes, e.Summary.TimeToCover)
		}
	}
}

// recentWindow is how many of a path's last block (or edge) records enter
// looks through before it records one.
const recentWindow = 8

// recent reports whether x is among the last recentWindow entries of list.
func recent[T comparable](list []T, x T) bool {
	for i := len(list) - 1; i >= 0 && i >= len(list)-recentWindow; i-- {
		if list[i] == x {
			return true
		}
	}
	return false
}

func (e *Machine) ifBranch(s *State, f *Frame, code *instrCode, in *ssa.If) {
	cond := e.scalarOperand(s, f, code.ops[0], in.Cond)
	e.tellComparison(s, f.Fn, in, cond)
	then, els := f.Block.Succs[0], f.Block.Succs[1]
	if cond.IsConst() { // concrete: no decision, and no pin to render
		if cond.IsTrue() {
			e.jump(s, then)
		} else {
			e.jump(s, els)
		}
		return
	}
	onTrue, onFalse := e.Branch(s, cond, source.Pin(in.Cond, true))
	if onTrue != nil && onFalse != nil {
		// A decision, as the pins record it: in source terms too.
		e.tellDecision(onTrue, in, 0)
		e.tellDecision(onFalse, in, 1)
	}
	if onTrue != nil {
		e.jump(onTrue, then)
	}
	if onFalse != nil {
		e.jump(onFalse, els)
	}
}

// Unsupported ends the path at a feature the executor does not model.
func (e *Machine) Unsupported(s *State, feature string) {
	e.Finish(s, EndUnsupported, 0, "unsupported:"+feature)
}

// stepPoint is where the current step started, so that a state forked in
// the middle of an instruction can run that instruction again.
type stepPoint struct {
	State  *State
	Frames int
	Block  *ssa.BasicBlock
	Next   int
}
