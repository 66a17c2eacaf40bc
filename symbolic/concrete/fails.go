package concrete

import "github.com/gosymtest/gosymtest/loader"

// Fails reports whether the outcome is a failure by the usual
// conventions of a Go API: a panic, a non-nil error result, or, for a
// function without an error result, a last result that is a false bool
// (the comma-ok and IsValid kind). A parser whose every case fails is
// tested on its error paths alone.
func (o Outcome) Fails() bool {
	if o.Panics {
		return true
	}
	hasErr := false
	for _, r := range o.Results {
		if r.Value.Type != nil && loader.IsErrorType(r.Value.Type) {
			hasErr = true
			if r.ErrMsg != "" || (r.Value.Kind != Nil && r.Value.Kind != 0) {
				return true
			}
		}
	}
	if n := len(o.Results); !hasErr && n > 0 {
		last := o.Results[n-1].Value
		return last.Kind == Bool && !last.Bool
	}
	return false
}
