package prune

// counter is updated through a pointer receiver.
type counter struct{ hits, misses int }

func (c *counter) note(hit bool) {
	if hit {
		c.hits++
	} else {
		c.misses++
	}
}

// Fields notes two signs into a struct through a pointer: hits decides a
// branch, misses does not. A state with the same hits as an explored one
// is redundant at the last branch; one with other hits is not.
func Fields(a, b, h int) int {
	var c counter
	c.note(a > 0)
	c.note(b > 0)
	if c.hits == 2 {
		return 2
	}
	if h*3-17 == 1522756 {
		return -1
	}
	return c.misses
}

// Alias writes 1 through a pointer that, depending on a, is x or y; only
// x decides the last branch, so the states must not be matched on x
// alone before the store is known.
func Alias(a, b int) int {
	x, y := 0, 0
	p := &x
	if a > 0 {
		p = &y
	}
	*p = 1
	if b > 0 {
		y += 2
	}
	if x == 1 {
		return 1 + y
	}
	return y
}

// Untaken writes a field only under a branch: the path that did not take
// it still depends on that branch for the field's value (the paper's
// potential dependence).
func Untaken(a, b int) int {
	var s struct{ f, g int }
	if a > 0 {
		s.f = 1
	}
	if b > 0 {
		s.g = 1
	}
	if s.f == 1 {
		return 1
	}
	return s.g
}
