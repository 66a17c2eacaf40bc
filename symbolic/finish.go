package symbolic

// finish ends a path: it stops the state, counts the end, and hands a
// PathEnd (with a concrete test for paths that returned or panicked) to the
// Sink.
func (e *Machine) finish(s *State, kind EndKind, panicKind PanicKind, reason string) {
	if s.done {
		return
	}
	s.done, s.endKind, s.endReason = true, kind, reason
	if s.replay {
		if kind == EndPanic {
			s.panicMessage = s.panicked.message
		}
		return
	}
	e.outside.ending(s)
	e.summary.Paths++
	e.summary.Ends[kind]++
	if kind != EndReturn && kind != EndPanic {
		e.summary.Exhausted = false
	}
	if len(s.concretized) > 0 {
		e.summary.Exhausted = false
	}
	end := &PathEnd{
		Func:        e.summary.Func,
		Kind:        kind,
		Panic:       panicKind,
		Reason:      reason,
		Condition:   s.cond,
		Pins:        s.pins,
		Branches:    s.branches,
		Blocks:      firstEntries(s.blocks),
		Edges:       firstEntries(s.edges),
		Concretized: s.concretized,
	}
	if kind == EndReturn || kind == EndPanic {
		e.makingTests(func() { end.Test = e.tester.test(s) })
	}
	e.tellEnd(s, end)
	if e.pruning {
		t := end.Test
		e.pruner.Ended(s, kind, t != nil && t.Replayed && !t.OrderDependent)
	}
	if e.cfg.Sink != nil {
		e.cfg.Sink.PathEnded(end)
	}
}

// firstEntries lists blocks (or edges) once each, in order of first entry.
func firstEntries[T comparable](blocks []T) []T {
	seen := make(map[T]bool, len(blocks))
	var out []T
	for _, b := range blocks {
		if !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	return out
}
