package boundary

// nibbles is a lookup table written as a string, as encoding/hex writes
// its reverse table.
const nibbles = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"

// Nibble maps a byte through the table and compares what it read: the
// comparison's operand is a local variable that the lookup set, which a
// test's comment names rather than the table.
func Nibble(c byte) int {
	v := nibbles[c%32]
	if v > 9 {
		return -1
	}
	return int(v)
}
