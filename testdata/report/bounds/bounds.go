// Package bounds holds branches that only inputs larger than the harness's
// bounds take: they are reachable, so they must never be claimed dead.
package bounds

// IsUUID takes its first branch only for 36-byte strings (more than the
// default -max-len of 16).
func IsUUID(s string) bool {
	if len(s) == 36 && s[8] == '-' {
		return true
	}
	return false
}

// Many takes its first branch only for slices of more than 10 elements.
func Many(xs []int) int {
	if len(xs) > 10 {
		return xs[10]
	}
	return 0
}

// Crowded takes its first branch only for maps of more than 9 entries.
func Crowded(m map[int]bool) bool {
	if len(m) > 9 {
		return true
	}
	return false
}

// Short is exhausted within the bounds: no input takes its inner branch.
func Short(s string) int {
	if len(s) < 3 {
		if len(s) > 5 {
			return 2
		}
		return 1
	}
	return 0
}
