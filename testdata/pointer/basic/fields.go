// Package basic holds the fixtures of the points-to analysis tests.
// Functions named Entry* are the analysis entries; comments starting
// with //@ state what the analysis must find (see pointer/expect_test.go).
package basic

type T struct {
	f *int
	g *int
}

func EntryFields() {
	x := new(int)
	y := new(int)
	t := &T{}
	t.f = x    //@ mod("alloc@L14.f")
	t.g = y    //@ mod("alloc@L14.g")
	print(t.f) //@ pointsto("alloc@L12")
	print(t.g) //@ pointsto("alloc@L12", "alloc@L13") // flow-insensitive: *p = x below
	p := &t.g
	print(p)   //@ pointsto("alloc@L14.g")
	*p = x     //@ mod("alloc@L14.g")
	print(t.g) //@ pointsto("alloc@L12", "alloc@L13")
	print(t.f) //@ pointsto("alloc@L12")
	u := *t
	print(u.g) //@ pointsto("alloc@L12", "alloc@L13")
}

// Nested structs are flattened: the inner field has its own cell.
type Outer struct {
	in  Inner
	ptr *int
}

type Inner struct {
	a, b *int
}

func EntryNested() {
	x := new(int)
	o := &Outer{}
	o.in.b = x     //@ mod("alloc@L40.in.b")
	print(o.in.a)  //@ pointsto()
	print(o.in.b)  //@ pointsto("alloc@L39")
	o.in = Inner{} //@ mod("alloc@L40.in.a", "alloc@L40.in.b")
}
