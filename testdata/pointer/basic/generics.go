package basic

type Box[T any] struct{ v T }

func Put[T any](b *Box[T], v T) { b.v = v }
func Get[T any](b *Box[T]) T    { return b.v }

type A struct{ n int }
type B struct{ m int }

func EntryGenerics() {
	a := &A{}
	b := &B{}
	ba := &Box[*A]{}
	bb := &Box[*B]{}
	Put(ba, a)     //@ mod("alloc@L14.v")
	Put(bb, b)     //@ mod("alloc@L15.v")
	print(Get(ba)) //@ pointsto("alloc@L12")
	print(Get(bb)) //@ pointsto("alloc@L13")
}
