// Package basics holds integer and boolean fixtures for the executor.
package basics

// Triangle classifies a triangle by its side lengths.
func Triangle(a, b, c int) string {
	if a <= 0 || b <= 0 || c <= 0 {
		return "invalid"
	}
	if a+b <= c || a+c <= b || b+c <= a {
		return "not a triangle"
	}
	if a == b && b == c {
		return "equilateral"
	}
	if a == b || b == c || a == c {
		return "isosceles"
	}
	return "scalene"
}

// Guard is a value guard that random inputs essentially never pass.
func Guard(a, b int32) int {
	if a > 1000 && b > 1000 && a*b < 10 {
		return 1
	}
	return 0
}

// Magic needs an exact 64-bit value and an exact string.
func Magic(a uint64, s string) bool {
	if a == 0x123456789abcdef0 && s == "gosymtest!" {
		return true
	}
	return false
}

// Wrap relies on two's-complement wraparound.
func Wrap(x int8) int8 {
	y := x + 100
	if y < x {
		return -1 // overflowed
	}
	return y
}

// Shifts exercises shifts by amounts at and past the width.
func Shifts(x uint16, n uint) uint16 {
	if x<<n == 0 && x != 0 {
		return 1
	}
	if int16(x)>>n == -1 {
		return 2
	}
	return x >> n
}

// Divide exercises signed division and remainder toward zero.
func Divide(a, b int) (int, int) {
	return a / b, a % b
}

// Bits mixes bitwise operators and conversions.
func Bits(x uint32, y uint8) uint64 {
	z := uint64(x&^uint32(y)) | uint64(y)<<40
	if z^0xff == 0 {
		return 7
	}
	return z
}

// Loop sums 1..n with a data-dependent loop bound.
func Loop(n uint8) int {
	sum := 0
	for i := uint8(1); i <= n && i < 10; i++ {
		sum += int(i)
	}
	if sum == 45 {
		return -sum
	}
	return sum
}

// Flags exercises booleans.
func Flags(a, b bool) int {
	switch {
	case a && b:
		return 3
	case a != b:
		return 1
	}
	return 0
}
