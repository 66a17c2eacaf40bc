package basic

// EntryConvert: []byte(s) allocates a fresh array.
func EntryConvert(s string) {
	b := []byte(s)
	b[0] = 'x'                       //@ mod("convert@L5[*]")
	print(b)                         //@ pointsto("convert@L5")
	r := []rune(s)                   // another site
	print(append(r[:0], rune(b[0]))) // keep r live
}
