package loader

import "golang.org/x/tools/go/ssa"

// MakesErrors reports whether fn is written to make errors rather than
// to fail with one: its only result is an error, and no return of it
// can be a nil constant (looking through the φ-nodes that merge the
// values returned). errors.New, fmt.Errorf's kin, a wrapper's Unwrap or
// Cause, an accessor such as Err() error: the error they return is
// their product, and a test checks which error it is. A function that
// can return nil, as a Validate or a Close does, fails when its error
// is not nil.
//
// Only the code is read: a Close that returns another call's error can
// never return a nil constant of its own, yet fails by convention. The
// caller tells such a function apart by its runs (a run that returned
// nil).
func MakesErrors(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	if res.Len() != 1 || !IsErrorType(res.At(0).Type()) || len(fn.Blocks) == 0 {
		return false
	}
	seen := make(map[ssa.Value]bool)
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && mayBeNilConst(ret.Results[0], seen) {
			return false
		}
	}
	return true
}

// mayBeNilConst reports whether v is a nil constant or a φ-node one of
// whose edges may be.
func mayBeNilConst(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.Phi:
		for _, e := range v.Edges {
			if mayBeNilConst(e, seen) {
				return true
			}
		}
	case *ssa.ChangeInterface:
		return mayBeNilConst(v.X, seen)
	}
	return false
}
