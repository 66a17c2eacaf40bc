package basic

func EntryMaps() {
	k := new(int)
	v := new(int)
	m := make(map[*int]*int)
	m[k] = v    //@ mod("makemap@L6[key]", "makemap@L6[value]")
	print(m[k]) //@ pointsto("alloc@L5")
	for kk, vv := range m {
		print(kk) //@ pointsto("alloc@L4")
		print(vv) //@ pointsto("alloc@L5")
	}
	delete(m, k) //@ mod("makemap@L6[key]", "makemap@L6[value]")
	ch := make(chan *int, 1)
	ch <- v     //@ mod("makechan@L14[elem]")
	print(<-ch) //@ pointsto("alloc@L5")
	<-ch        //@ mod("makechan@L14[elem]")
	close(ch)   //@ mod("makechan@L14[elem]")
}
