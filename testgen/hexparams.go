package testgen

// An integer input is written in hex when the function under test treats
// it as bits: one of the case's branches in the function compares it, or
// a mask of it, with a hex constant (x&0x80 != 0, c >= 0x7f). Anywhere
// else an integer reads better in decimal. The executor finds those
// variables in the condition's syntax (Branch.Hex).

// hexParams are the names of the parameters that the case's branches in
// the function under test compare with hex constants.
func hexParams(c *candidate) map[string]bool {
	var hex map[string]bool
	for _, b := range c.Branches {
		if b.Func != "" {
			continue
		}
		for _, id := range b.Hex {
			if hex == nil {
				hex = make(map[string]bool)
			}
			hex[id] = true
		}
	}
	return hex
}
