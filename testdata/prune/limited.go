package prune

// Notify runs Indep4 and, when the hard branch is taken, tells a callback
// the result and a gain. The search cannot build the gain (complex inputs
// are fixed to their zero value), so every path stands for fewer inputs
// than its condition says from its very start. That limit is the same
// for every state, so the detector must prune as much as it does on
// Indep4.
func Notify(done func(int, complex128), gain complex128, a1, a2, a3, a4, h int) int {
	r := Indep4(a1, a2, a3, a4, h)
	if r == -1 && done != nil {
		done(r, gain)
	}
	return r
}
