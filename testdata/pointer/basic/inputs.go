package basic

type Node struct {
	next *Node
	val  *int
}

// EntryInput's parameters are inputs: each points to its own input
// objects, one per type.
func EntryInput(n *Node, s []*int, q *int, st Setter) {
	print(n)      //@ pointsto("input:n:Node")
	print(n.next) //@ pointsto("input:n:Node")
	print(n.val)  //@ pointsto("input:n:int", "input:q:int")
	print(s)      //@ pointsto("input:s:[]*int")
	print(s[0])   //@ pointsto("input:s:int")
	n.val = q     //@ mod("input:n:Node.val")
	print(n.val)  //@ pointsto("input:n:int", "input:q:int")
	st.Put(q)     //@ calls("(*Cell).Put", "(*Pair).Put", "(Nop).Put", "(*Nop).Put")
	print(st)     //@ pointsto("input:st:(*Cell)", "input:st:(*Pair)", "input:st:(Nop)", "input:st:(*Nop)")
}

// Setter's implementations are the dynamic types an input may have.
type Setter interface{ Put(p *int) }

type Cell struct{ p *int }

func (c *Cell) Put(p *int) { c.p = p } //@ funcmod("input:st:Cell.p")

type Pair struct{ a, b *int }

func (c *Pair) Put(p *int) { c.a = p }

type Nop struct{}

func (Nop) Put(p *int) {}
