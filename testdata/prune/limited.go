package prune

// Notify runs Indep4 and tells a callback when the hard branch is taken.
// The search cannot build the callback (func inputs are nil only), so
// every path stands for fewer inputs than its condition says from its
// very start. That limit is the same for every state, so the detector
// must prune as much as it does on Indep4.
func Notify(done func(int), a1, a2, a3, a4, h int) int {
	r := Indep4(a1, a2, a3, a4, h)
	if r == -1 && done != nil {
		done(r)
	}
	return r
}
