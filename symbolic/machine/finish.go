package machine

// Finish ends a path: it stops the state, counts the end, and hands a
// PathEnd (with a concrete test for paths that returned or panicked) to the
// Sink.
func (e *Machine) Finish(s *State, kind EndKind, panicKind PanicKind, reason string) {
	if s.Done {
		return
	}
	s.Done, s.EndKind, s.EndReason = true, kind, reason
	if s.Replay {
		if kind == EndPanic {
			s.PanicMessage = s.Panicked.message
		}
		return
	}
	e.Outside.Ending(s)
	e.Summary.Paths++
	e.Summary.Ends[kind]++
	if kind != EndReturn && kind != EndPanic {
		e.Summary.Exhausted = false
	}
	if len(s.Concretized) > 0 {
		e.Summary.Exhausted = false
	}
	end := &PathEnd{
		Func:        e.Summary.Func,
		Kind:        kind,
		Panic:       panicKind,
		Reason:      reason,
		Condition:   s.PathCond,
		Pins:        s.Pins,
		Branches:    s.Branches,
		Blocks:      FirstEntries(s.Blocks),
		Edges:       FirstEntries(s.Edges),
		Concretized: s.Concretized,
	}
	if kind == EndReturn || kind == EndPanic {
		e.MakingTests(func() { end.Test = e.Tester.Test(s) })
	}
	e.tellEnd(s, end)
	if e.Pruning {
		t := end.Test
		e.Pruner.Ended(s, kind, t != nil && t.Replayed && !t.OrderDependent)
	}
	if e.Cfg.Sink != nil {
		e.Cfg.Sink.PathEnded(end)
	}
}

// FirstEntries lists blocks (or edges) once each, in order of first entry.
func FirstEntries[T comparable](blocks []T) []T {
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
