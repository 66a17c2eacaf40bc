package green

// implies reports whether atom a implies atom b by the rules of doc.go
// ("Implication rules"): the paper's table (R1–R8) over the bounded
// domains of bit-vectors. Atoms over different terms, in different
// domains, or opaque ones are related only when they are equal (R1). The
// rules are complete for canonical atoms over one T read as a free value:
// when they answer false, some value of T satisfies a and not b.
func implies(a, b atom) bool {
	if a == b { // R1
		return true
	}
	if a.k == kOpaque || b.k == kOpaque || a.t != b.t {
		return false
	}
	switch a.k {
	case kEq:
		switch b.k {
		case kNe: // R2: T == a ⇒ T ≠ b iff a ≠ b (a == b was R1's case)
			return a.c != b.c
		case kGe: // R4: T == a ⇒ T ≥ b iff a ≥ b in b's domain
			return key(a.c, a.t.Width(), b.signed) >= b.keyOf()
		case kLe: // R3: T == a ⇒ T ≤ b iff a ≤ b in b's domain
			return key(a.c, a.t.Width(), b.signed) <= b.keyOf()
		}
	case kGe, kLe:
		switch {
		case b.k == kNe: // R5, R7: b lies outside a's half-interval
			bk := key(b.c, b.t.Width(), a.signed)
			if a.k == kGe {
				return bk < a.keyOf()
			}
			return bk > a.keyOf()
		case b.k != a.k || b.signed != a.signed:
			// T ≥ a never implies T ≤ b, nor T == b: canonical half
			// intervals hold at least two values and miss at least two.
			return false
		case a.k == kGe: // R8
			return a.keyOf() >= b.keyOf()
		default: // R6
			return a.keyOf() <= b.keyOf()
		}
	}
	// T ≠ a implies no other canonical atom: T ≠ b for b ≠ a would need
	// a == b, and a half-interval misses at least two values.
	return false
}
