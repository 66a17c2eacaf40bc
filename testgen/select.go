package testgen

// selectCases keeps, in order, the cases that enter a block that the cases
// kept before did not.
func selectCases(cases []Case) []Case {
	covered := make(map[BlockID]bool)
	var kept []Case
	for _, c := range cases {
		adds := false
		for _, b := range c.Covers {
			if !covered[b] {
				adds = true
				covered[b] = true
			}
		}
		if adds {
			kept = append(kept, c)
		}
	}
	return kept
}
