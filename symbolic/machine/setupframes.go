package machine

// SetupFill is implemented by the Fill of a prologue frame that uses an
// input already made, to bring it to the state a caller's use leaves it
// in (a method call of a sequence: inputs/sequences.go). The blocks such
// a frame runs are not the path's coverage: a test of Len whose list was
// set up by MoveBefore covers MoveBefore too, and would be kept for it
// among cases that test Len alike. The blocks of the function under test
// itself still count (a Write that a Write set up reaches the middle of a
// line, which is a state of Write), and so do the constructors' frames,
// which make the input, as they did.
type SetupFill interface {
	SetsUp() bool
}

// inSetup reports whether the prologue frame that s is running, the
// topmost frame with a Fill, sets up an input.
func (s *State) inSetup() bool {
	if !s.InPrologue() {
		return false
	}
	for i := len(s.Stack) - 1; i > 0; i-- {
		if f := s.Stack[i].Fill; f != nil {
			sf, ok := f.(SetupFill)
			return ok && sf.SetsUp()
		}
	}
	return false
}
