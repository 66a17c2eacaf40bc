package demo

// Kind is the shape of a triangle.
type Kind int

const (
	Invalid Kind = iota
	Equilateral
	Isosceles
	Scalene
)

// String returns the name of the kind.
func (k Kind) String() string {
	switch k {
	case Equilateral:
		return "equilateral"
	case Isosceles:
		return "isosceles"
	case Scalene:
		return "scalene"
	}
	return "invalid"
}

// Classify tells what kind of triangle has sides a, b and c.
func Classify(a, b, c int) Kind {
	if a <= 0 || b <= 0 || c <= 0 {
		return Invalid
	}
	if a+b <= c || a+c <= b || b+c <= a {
		return Invalid
	}
	if a == b && b == c {
		return Equilateral
	}
	if a == b || b == c || a == c {
		return Isosceles
	}
	return Scalene
}
