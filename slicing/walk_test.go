package slicing

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// The tests craft the events a path reports by walking a function's SSA
// with chosen If outcomes, as the engine would report them: one step per
// instruction, a jump's step carrying the φs of the block it enters, a
// match point after each step that enters a block.

// build compiles src (package p, no imports) to SSA.
func build(t testing.TB, src string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg := types.NewPackage("p", "p")
	sp, _, err := ssautil.BuildPackage(&types.Config{}, fset, pkg, []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// step is one step of a crafted path.
type step struct {
	evs []machine.Event
	pt  *Point
}

// walker crafts paths. Activations and objects are numbered as the walk
// goes, in the same order on every walk, so two walks that decide alike
// up to some If report the same events up to it.
type walker struct {
	regs    map[*ssa.Function]map[ssa.Value]int32
	actFn   map[int32]*ssa.Function
	objName map[int32]string
	// vals are the values written to registers (nil when absent).
	vals map[ssa.Value]value.Value
	// stored are the values stores write to their objects.
	stored map[*ssa.Store]value.Value
	// globals number the package variables' objects alike in every
	// walk, from 1000.
	globals map[*ssa.Global]int32
	// raise are the instructions that panic (implicit branches taking
	// their panic outcome).
	raise map[ssa.Instruction]bool
}

func newWalker() *walker {
	return &walker{regs: map[*ssa.Function]map[ssa.Value]int32{}, actFn: map[int32]*ssa.Function{}, objName: map[int32]string{}}
}

// reg numbers the registers of fn: parameters, free variables, then the
// value-producing instructions.
func (w *walker) reg(fn *ssa.Function, v ssa.Value) (int32, bool) {
	m := w.regs[fn]
	if m == nil {
		m = map[ssa.Value]int32{}
		for _, p := range fn.Params {
			m[p] = int32(len(m))
		}
		for _, fv := range fn.FreeVars {
			m[fv] = int32(len(m))
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if v, ok := in.(ssa.Value); ok {
					m[v] = int32(len(m))
				}
			}
		}
		w.regs[fn] = m
	}
	i, ok := m[v]
	return i, ok
}

type frame struct {
	act  int32
	fn   *ssa.Function
	objs map[ssa.Value]int32 // pointer registers and the object they point into
	call *ssa.Call           // the call that pushed it
}

// walk is one path's walk.
type walk struct {
	w       *walker
	stack   []*frame
	nextAct int32
	nextObj int32
	decide  []bool
	steps   []step
	kind    machine.EndKind
	decided int // decisions so far: the length of the path condition
}

// path walks fn from its entry with the If outcomes in decide (one per
// If, in order). Pointer parameters point to fresh objects named after
// them. The first step is empty and leaves the state at fn's entry.
func (w *walker) path(fn *ssa.Function, decide ...bool) ([]step, machine.EndKind, int) {
	k := &walk{w: w, decide: decide, nextAct: 1, nextObj: 1}
	f := k.push(fn, nil)
	for _, p := range fn.Params {
		switch p.Type().Underlying().(type) {
		case *types.Pointer, *types.Slice:
			f.objs[p] = k.obj("*" + p.Name())
		}
	}
	k.point(fn.Blocks[0])
	k.run(fn.Blocks[0])
	return k.steps, k.kind, k.decided
}

func (k *walk) obj(name string) int32 {
	id := k.nextObj
	k.nextObj++
	k.w.objName[id] = name
	return id
}

func (k *walk) push(fn *ssa.Function, call *ssa.Call) *frame {
	f := &frame{act: k.nextAct, fn: fn, objs: map[ssa.Value]int32{}, call: call}
	k.w.actFn[f.act] = fn
	k.nextAct++
	k.stack = append(k.stack, f)
	return f
}

func (k *walk) top() *frame { return k.stack[len(k.stack)-1] }

func (k *walk) acts() []int32 {
	var out []int32
	for _, f := range k.stack {
		out = append(out, f.act)
	}
	return out
}

// point adds an empty step standing at blk, or puts the point on the last
// step.
func (k *walk) point(blk *ssa.BasicBlock) {
	pt := &Point{Acts: k.acts(), at: blk, CondLen: k.decided}
	if len(k.steps) == 0 {
		k.steps = append(k.steps, step{pt: pt})
		return
	}
	k.steps[len(k.steps)-1].pt = pt
}

func (k *walk) regLoc(f *frame, v ssa.Value) (machine.Loc, bool) {
	i, ok := k.w.reg(f.fn, v)
	return machine.Loc{Kind: machine.LocReg, Act: f.act, Index: i}, ok
}

// reads lists the register operands of instr in frame f.
func (k *walk) reads(f *frame, instr ssa.Instruction) []machine.Loc {
	var out []machine.Loc
	for _, op := range instr.Operands(nil) {
		if op == nil || *op == nil {
			continue
		}
		if l, ok := k.regLoc(f, *op); ok {
			out = append(out, l)
		}
	}
	return out
}

// objOf is the object a pointer operand points into.
func (k *walk) objOf(f *frame, v ssa.Value) machine.Loc {
	if g, ok := v.(*ssa.Global); ok {
		if k.w.globals == nil {
			k.w.globals = map[*ssa.Global]int32{}
		}
		id, ok := k.w.globals[g]
		if !ok {
			id = int32(1000 + len(k.w.globals))
			k.w.globals[g] = id
			k.w.objName[id] = g.Name()
		}
		return machine.Loc{Kind: machine.LocObj, Index: id}
	}
	id, ok := f.objs[v]
	if !ok {
		panic(fmt.Sprintf("walker: no object for %s", v.Name()))
	}
	return machine.Loc{Kind: machine.LocObj, Index: id}
}

func (k *walk) write(f *frame, v ssa.Value) machine.Write {
	l, _ := k.regLoc(f, v)
	return machine.Write{Loc: l, Value: k.w.vals[v]}
}

func (k *walk) emit(evs ...machine.Event) { k.steps = append(k.steps, step{evs: evs}) }

// run runs from block b until the path ends or its frame returns.
func (k *walk) run(b *ssa.BasicBlock) {
	for b != nil {
		b = k.block(k.top(), b)
	}
}

// block runs the instructions of b (after its φs) in frame f, and
// returns the block entered next, or nil when the frame returned or the
// path ended.
func (k *walk) block(f *frame, b *ssa.BasicBlock) *ssa.BasicBlock {
	for _, in := range b.Instrs {
		if _, ok := in.(*ssa.Phi); ok {
			continue
		}
		ev := machine.Event{Instr: in, Act: f.act, Reads: k.reads(f, in)}
		if k.w.raise[in] {
			ev.Raised = true
			ev.Writes = append(ev.Writes, machine.Write{Loc: machine.Loc{Kind: machine.LocPanic}})
			k.emit(ev)
			k.kind = machine.EndPanic
			k.stack = nil
			return nil
		}
		switch in := in.(type) {
		case *ssa.If:
			if len(k.decide) == 0 {
				panic("walker: out of decisions")
			}
			d := k.decide[0]
			k.decide = k.decide[1:]
			ev.Decided = true
			k.decided++
			to := b.Succs[1]
			if d {
				to = b.Succs[0]
			}
			k.enter(f, ev, b, to)
			return to
		case *ssa.Jump:
			k.enter(f, ev, b, b.Succs[0])
			return b.Succs[0]
		case *ssa.Return:
			ev.Popped = true
			k.stack = k.stack[:len(k.stack)-1]
			if f.call != nil && f.call.Name() != "" {
				ev.Writes = append(ev.Writes, k.write(k.top(), f.call))
			}
			k.emit(ev)
			if len(k.stack) == 0 {
				k.kind = machine.EndReturn
				return nil
			}
			return nil // the caller's block goes on in call()
		case *ssa.Panic:
			ev.Raised = true
			ev.Writes = append(ev.Writes, machine.Write{Loc: machine.Loc{Kind: machine.LocPanic}})
			k.emit(ev)
			k.kind = machine.EndPanic
			k.stack = nil
			return nil
		case *ssa.Store:
			ev.Writes = append(ev.Writes, machine.Write{Loc: k.objOf(f, in.Addr), Value: k.w.stored[in]})
			k.emit(ev)
		case *ssa.UnOp:
			if in.Op == token.MUL {
				ev.Reads = append(ev.Reads, k.objOf(f, in.X))
			}
			ev.Writes = append(ev.Writes, k.write(f, in))
			k.emit(ev)
		case *ssa.Alloc:
			f.objs[in] = k.obj(in.Comment)
			// A new object's contents name its type, as the engine's do.
			obj := value.ObjectValue{Type: in.Type().Underlying().(*types.Pointer).Elem()}
			ev.Writes = append(ev.Writes, k.write(f, in), machine.Write{Loc: k.objOf(f, in), Value: obj})
			k.emit(ev)
		case *ssa.IndexAddr:
			f.objs[in] = k.objOf(f, in.X).Index
			ev.Writes = append(ev.Writes, k.write(f, in))
			k.emit(ev)
		case *ssa.FieldAddr:
			f.objs[in] = k.objOf(f, in.X).Index
			ev.Writes = append(ev.Writes, k.write(f, in))
			k.emit(ev)
		case *ssa.Call:
			callee := in.Call.StaticCallee()
			if callee == nil || len(callee.Blocks) == 0 {
				if in.Name() != "" {
					ev.Writes = append(ev.Writes, k.write(f, in))
				}
				k.emit(ev)
				continue
			}
			g := k.push(callee, in)
			ev.Pushed = g.act
			for i, p := range callee.Params {
				ev.Writes = append(ev.Writes, k.write(g, p))
				if o, ok := f.objs[in.Call.Args[i]]; ok {
					g.objs[p] = o
				}
			}
			k.emit(ev)
			k.point(callee.Blocks[0])
			k.run(callee.Blocks[0])
			if len(k.stack) == 0 {
				return nil // the callee panicked
			}
		default:
			if v, ok := in.(ssa.Value); ok {
				ev.Writes = append(ev.Writes, k.write(f, v))
			}
			k.emit(ev)
		}
	}
	panic("walker: block without terminator")
}

// enter reports a jump from b to `to` with the φs of `to`, and the point
// there.
func (k *walk) enter(f *frame, ev machine.Event, b, to *ssa.BasicBlock) {
	evs := []machine.Event{ev}
	pred := -1
	for i, p := range to.Preds {
		if p == b {
			pred = i
		}
	}
	for _, in := range to.Instrs {
		phi, ok := in.(*ssa.Phi)
		if !ok {
			break
		}
		pe := machine.Event{Instr: phi, Act: f.act, Writes: []machine.Write{k.write(f, phi)}}
		if l, ok := k.regLoc(f, phi.Edges[pred]); ok {
			pe.Reads = []machine.Loc{l}
		}
		if o, ok := f.objs[phi.Edges[pred]]; ok {
			f.objs[phi] = o
		}
		evs = append(evs, pe)
	}
	k.emit(evs...)
	k.point(to)
}
