package prune

// TwoBranches is the paper's §2 example, with return values for its
// printf and exit:
//
//	if (w) printf("X"); else printf("Y");
//	if (m) exit(0); else exit(1);
//
// What the first branch prints never reaches a branch, so at the second
// branch the state that differs from an explored one only on w is
// redundant and is pruned; the one that differs on m is not, since m
// decides the second branch.
func TwoBranches(w, m int) string {
	var out string
	if w != 0 {
		out = "X"
	} else {
		out = "Y"
	}
	if m != 0 {
		return out + " exit 0"
	}
	return out + " exit 1"
}
