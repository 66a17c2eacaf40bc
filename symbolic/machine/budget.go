package machine

import "time"

// SearchBudget is the part of a function's budget its search may spend:
// four fifths. The passes after it get the rest, and PassAllowance: when
// the clock, not the work bound, ends a search, the runs to the end of
// its cut paths still have time to test the blocks those entered, which
// is worth more than the last fifth of a search whose coverage has
// mostly stopped growing long before.
func SearchBudget(budget time.Duration) time.Duration { return budget - budget/5 }
