package basic

func EntrySlices() {
	a := new(int)
	b := new(int)
	s := make([]*int, 0, 4) // constant size: SSA allocates a [4]*int array
	s = append(s, a)        //@ mod("alloc@L6[*]", "append@L7[*]", "alloc@L7[*]") // alloc@L7: the varargs array
	s = append(s, b)        //@ mod("alloc@L6[*]", "append@L7[*]", "append@L8[*]", "alloc@L8[*]")
	print(s)                //@ pointsto("append@L7", "append@L8", "alloc@L6")
	print(s[0])             //@ pointsto("alloc@L4", "alloc@L5")
	n := len(s)
	t := make([]*int, n) // a true MakeSlice
	t[0] = a             //@ mod("makeslice@L12[*]")
	copy(t, s)           //@ mod("makeslice@L12[*]")
	print(t[0])          //@ pointsto("alloc@L4", "alloc@L5")
	u := t[:1]
	print(u) //@ pointsto("makeslice@L12")
	var arr [3]*int
	arr[1] = b
	print(arr[2]) //@ pointsto("alloc@L5")
}
