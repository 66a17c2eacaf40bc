package prune

// Notify is Indep4 with a callback, which the search cannot build: func
// inputs are nil only, so every path stands for fewer inputs than its
// condition says from its very start. That limit is the same for every
// state, so the detector must prune as much as it does on Indep4.
func Notify(done func(int), a1, a2, a3, a4, h int) int {
	acc := 0
	if a1 > 0 {
		acc += 1
	}
	if a2 > 0 {
		acc += 2
	}
	if a3 > 0 {
		acc += 3
	}
	if a4 > 0 {
		acc += 4
	}
	if h*3-17 == 1522756 {
		if done != nil {
			done(acc)
		}
		return -1
	}
	return acc
}
