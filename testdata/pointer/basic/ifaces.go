package basic

type Shape interface {
	Set(p *int)
	Get() *int
}

type Square struct{ p *int }

func (s *Square) Set(p *int) { s.p = p } //@ funcmod("alloc@L27.p", "alloc@L40.p")
func (s *Square) Get() *int  { return s.p }

type Circle struct{ q *int }

func (c *Circle) Set(p *int) { c.q = p }
func (c *Circle) Get() *int  { return c.q }

// Triangle implements Shape but is never converted to it: calls on
// shapes must not reach it.
type Triangle struct{ r *int }

func (t *Triangle) Set(p *int) { t.r = p }
func (t *Triangle) Get() *int  { return t.r }

func EntryIfaces(b bool) {
	x := new(int)
	var s Shape = &Square{}
	if b {
		s = &Circle{}
	}
	s.Set(x)       //@ calls("(*Square).Set", "(*Circle).Set"), mod("alloc@L27.p", "alloc@L29.q", "alloc@L40.p") // L40: context-insensitive callee summary
	print(s.Get()) //@ pointsto("alloc@L26")
	if sq, ok := s.(*Square); ok {
		print(sq) //@ pointsto("alloc@L27")
	}
	var e any = x
	if p, ok := e.(*int); ok {
		print(p) //@ pointsto("alloc@L26")
	}
	sq := &Square{}
	f := sq.Set
	f(x) //@ calls("(*Square).Set$bound"), mod("alloc@L27.p", "alloc@L40.p")
}
