package solver

// Result is a solver's verdict on a query.
type Result int

const (
	// Unknown: the solver could not decide (timeout, cancellation, error).
	// It is the zero value, so a Response that was never filled in claims
	// nothing.
	Unknown Result = iota
	// Sat: the constraints have a model.
	Sat
	// Unsat: no assignment satisfies the constraints.
	Unsat
)

// String is "sat", "unsat" or "unknown", as in SMT-LIB's check-sat.
func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}
