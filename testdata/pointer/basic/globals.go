package basic

var G *int
var H = new(int)

func setG(p *int) { G = p } //@ funcmod("global:G")

func EntryGlobals() {
	x := new(int)
	setG(x)   //@ mod("global:G")
	print(G)  //@ pointsto("alloc@L9")
	print(H)  //@ pointsto("alloc@L4")
	print(&G) //@ pointsto("global:G")
}
