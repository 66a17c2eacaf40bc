package cdg

import (
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"
)

// Implicit branches that cannot panic after all. MayPanic judges an
// instruction by itself; two facts from around it remove many of its
// branches, and every branch removed is one the redundant-state detector
// need not keep relevant (a may-panic instruction controls everything
// after it, so while anything after it is uncovered its operands are
// relevant):
//
//   - An index checked by a dominating guard: in
//     `for i := 0; i < len(s); i++ { _ = s[i] }` and in range loops, the
//     index is not negative and the block of s[i] is entered only through
//     the edge where i < len(s) held. SSA values never change, so it
//     still holds there.
//   - A call of a function that cannot panic: every instruction of its
//     body, and of its callees, certainly cannot, and it calls nothing
//     that stops the program.

// mayPanic is MayPanic with those two facts.
func (a *Analysis) mayPanic(instr ssa.Instruction) bool {
	if !MayPanic(instr) {
		return false
	}
	switch i := instr.(type) {
	case *ssa.IndexAddr:
		if _, slice := i.X.Type().Underlying().(*types.Slice); slice {
			return !guardedIndex(i.X, i.Index, i.Block())
		}
	case *ssa.Index:
		if isString(i.X.Type()) {
			return !guardedIndex(i.X, i.Index, i.Block())
		}
	case *ssa.Lookup:
		if isString(i.X.Type()) {
			return !guardedIndex(i.X, i.Index, i.Block())
		}
	case *ssa.Call:
		callee := i.Call.StaticCallee()
		return i.Call.IsInvoke() || callee == nil || !a.cannotPanic(callee)
	}
	return true
}

// cannotPanic reports whether a call of fn certainly returns or runs
// forever: nothing in fn or its callees may panic or stop the program.
// Recursion is taken to panic (conservative). Called with a.mu held.
func (a *Analysis) cannotPanic(fn *ssa.Function) bool {
	if v, ok := a.noPanic[fn]; ok {
		return v
	}
	a.noPanic[fn] = false // while it is decided: a cycle may panic
	ok := len(fn.Blocks) > 0 && fn.Recover == nil
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if !ok {
				break
			}
			switch instr.(type) {
			case *ssa.Panic, *ssa.Go, *ssa.Defer, *ssa.RunDefers:
				ok = false
				continue
			}
			if a.callHalt(instr) != returns || a.mayPanic(instr) {
				ok = false
			}
		}
	}
	a.noPanic[fn] = ok
	return ok
}

// guardedIndex reports whether index certainly is within the bounds of x
// (a slice or string) at block at: it is not negative, and at is entered
// only through an edge on which index < len(x) held.
func guardedIndex(x, index ssa.Value, at *ssa.BasicBlock) bool {
	if lb, ok := lowerBound(index, map[*ssa.Phi]bool{}); !ok || lb < 0 {
		return false
	}
	for b := at; b != nil; b = b.Idom() {
		if len(b.Preds) != 1 {
			continue
		}
		p := b.Preds[0]
		cond, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || p.Succs[0] == p.Succs[1] {
			continue
		}
		if holds(cond.Cond, index, x, b == p.Succs[0]) {
			return true
		}
	}
	return false
}

// holds reports whether cond (taken with outcome) says index < len(x).
func holds(cond, index, x ssa.Value, outcome bool) bool {
	c, ok := cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	op := c.Op
	if !outcome {
		switch op {
		case token.GEQ:
			op = token.LSS // !(index >= len) is index < len
		case token.LEQ:
			op = token.GTR // !(len <= index) is len > index
		default:
			return false
		}
	}
	switch op {
	case token.LSS:
		return c.X == index && isLenOf(c.Y, x)
	case token.GTR:
		return c.Y == index && isLenOf(c.X, x)
	}
	return false
}

// isLenOf reports whether v is len(x).
func isLenOf(v, x ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 || call.Call.Args[0] != x {
		return false
	}
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "len"
}

// lowerBound is a lower bound of the integer v, when one follows from
// constants, additions of non-negative constants and φs of those. A φ met
// again on its own cycle is skipped: around the cycle only non-negative
// constants were added, so that edge brings no smaller value (math.MaxInt64
// stands for "no bound from here").
func lowerBound(v ssa.Value, onCycle map[*ssa.Phi]bool) (int64, bool) {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value == nil || v.Value.Kind() != constant.Int {
			return 0, false
		}
		return constant.Int64Val(v.Value)
	case *ssa.BinOp:
		if v.Op != token.ADD {
			return 0, false
		}
		k, ok := v.Y.(*ssa.Const)
		other := v.X
		if !ok {
			k, ok = v.X.(*ssa.Const)
			other = v.Y
		}
		if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
			return 0, false
		}
		add, exact := constant.Int64Val(k.Value)
		if !exact || add < 0 {
			return 0, false
		}
		lb, ok := lowerBound(other, onCycle)
		if !ok {
			return 0, false
		}
		if lb == math.MaxInt64 {
			return lb, true
		}
		return lb + add, true
	case *ssa.Phi:
		if onCycle[v] {
			return math.MaxInt64, true
		}
		onCycle[v] = true
		defer delete(onCycle, v)
		lb := int64(math.MaxInt64)
		for _, e := range v.Edges {
			x, ok := lowerBound(e, onCycle)
			if !ok {
				return 0, false
			}
			lb = min(lb, x)
		}
		return lb, true
	}
	return 0, false
}
