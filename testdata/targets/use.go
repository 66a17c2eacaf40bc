package targets

// Instantiate uses Max with int and string and a Stack of int.
func Instantiate() (int, string, int) {
	var s Stack[int]
	s.Push(1)
	return Max(1, 2), Max("a", "b"), s.Len()
}
