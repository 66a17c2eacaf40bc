package report

import "golang.org/x/tools/go/ssa"

// mayOutlive reports whether the function literal fn may be called after
// the function that made it returns: its value is used other than as the
// callee of a call or a deferred call there (returned, stored, passed on,
// captured), or the literal that made it may be. An exploration sees only
// the calls made while its function runs, so the blocks of such a literal
// that those calls did not enter are not dead: a caller may enter them
// with other arguments. A function that is no literal does not.
func mayOutlive(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil {
		return false
	}
	if mayOutlive(parent) {
		return true
	}
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if usesOtherThanCallee(instr, fn) {
				return true
			}
		}
	}
	return false
}

// usesOtherThanCallee reports whether instr uses fn, or the closure made
// of it, as anything but the function a call or deferred call calls.
func usesOtherThanCallee(instr ssa.Instruction, fn *ssa.Function) bool {
	if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
		for _, r := range *mc.Referrers() {
			if !callsAsCallee(r, mc) {
				return true
			}
		}
		return false
	}
	var ops []*ssa.Value
	for _, op := range instr.Operands(ops) {
		if op == nil || *op != fn {
			continue
		}
		if _, isClosure := instr.(*ssa.MakeClosure); isClosure {
			continue // the closure's own Fn operand: judged by its uses above
		}
		if !callsAsCallee(instr, fn) {
			return true
		}
	}
	return false
}

// callsAsCallee reports whether instr is a call or deferred call of v,
// with v only as the function called (or a debug reference to it).
func callsAsCallee(instr ssa.Instruction, v ssa.Value) bool {
	var c *ssa.CallCommon
	switch in := instr.(type) {
	case *ssa.Call:
		c = in.Common()
	case *ssa.Defer:
		c = in.Common()
	case *ssa.DebugRef:
		return true
	default:
		return false
	}
	if c.IsInvoke() || c.Value != v {
		return false
	}
	for _, a := range c.Args {
		if a == v {
			return false
		}
	}
	return true
}
