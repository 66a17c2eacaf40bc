package basic

func EntryClosures() {
	x := new(int)
	var p *int
	set := func() { p = x }
	set()    //@ mod("alloc@L5")
	print(p) //@ pointsto("alloc@L4")
	get := func() *int { return x }
	print(get()) //@ pointsto("alloc@L4")
	apply(set)   //@ mod("alloc@L5")
}

func apply(f func()) {
	f() //@ calls("EntryClosures$1")
}
