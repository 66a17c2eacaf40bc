package basic

func mk() *int { return new(int) }

func id(p *int) *int { return p }

func EntryCalls() {
	a := mk()
	print(a) //@ pointsto("alloc@L3")
	c := new(int)
	print(id(c)) //@ pointsto("alloc@L3", "alloc@L10")
	print(id(a)) //@ pointsto("alloc@L3", "alloc@L10")
	pp := new(*int)
	*pp = c    //@ mod("alloc@L13")
	print(*pp) //@ pointsto("alloc@L10")
	q := newT(c)
	print(q)   //@ pointsto("alloc@L22")
	print(q.f) //@ pointsto("alloc@L10")
}

func newT(p *int) *T {
	return &T{f: p}
}

// setp stores through a pointer that is not a field address.
func setp(pp **int, v *int) { *pp = v }

func EntrySetp(v *int) {
	var t T
	setp(&t.f, v) //@ mod("alloc@L29.f", "alloc@L31") // context-insensitive: setp's summary
	x := new(*int)
	setp(x, v) //@ mod("alloc@L29.f", "alloc@L31")
}
