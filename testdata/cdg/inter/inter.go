// Package inter holds the interprocedural cases: context-sensitive
// controllers and embedded halts in callees (see cdg/expect_test.go for
// the syntax of the //@ comments, and cdg/relevance_test.go).
package inter

import "os"

//@ options(noimplicit)

func leaf(x int) int {
	// leaf.b0 runs whenever leaf is entered: in the context of the call in
	// Caller.b1 it depends on what Caller.b1 depends on.
	//@ cd(leaf, b0)
	//@ cd(leaf, b1, "b0:true")
	//@ cd(leaf, b2, "b0:false")
	//@ ctx(leaf, b0, stack("Caller.b1.i0"), "Caller.b0:true")
	//@ ctx(leaf, b1, stack("Caller.b1.i0"), "leaf.b0:true")
	//@ ctx(leaf, b0, stack())
	//@ anc(leaf, b1, stack("Caller.b1.i0"), "leaf.b0:true", "Caller.b0:true")
	//@ anc(leaf, b2, stack("Caller.b1.i0"), "leaf.b0:false", "Caller.b0:true")
	//@ anc(leaf, b0, stack())
	if x > 10 {
		return 10
	}
	return x
}

func Caller(c bool, x int) int {
	if c {
		return leaf(x)
	}
	return 0
}

func checkArg(x int) {
	//@ cd(checkArg, b0)
	//@ cd(checkArg, b1, "b0:true")
	//@ cd(checkArg, b2, "b0:false")
	//@ halt(checkArg, "b0:true")
	if x < 0 {
		os.Exit(2)
	}
}

func Main(x, y int) int {
	// checkArg may exit: by its halt deciders (checkArg.b0) Main.b1 and b2
	// depend on it interprocedurally; see TestRelevanceHalt. Main itself
	// does not halt: the call is no branch without implicit branches.
	//@ cd(Main, b0)
	//@ cd(Main, b1, "b0:true")
	//@ cd(Main, b2, "b0:false")
	//@ halt(Main)
	checkArg(x)
	if y > 0 {
		return 1
	}
	return 2
}

type Shape interface{ Area() int }

type Square struct{ side int }

func (s Square) Area() int { return s.side * s.side }

type Rect struct{ w, h int }

func (r *Rect) Area() int {
	if r.w < 0 {
		return 0
	}
	return r.w * r.h
}

func Total(s Shape, ok bool) int {
	// The interface call may reach (*Rect).Area and Square.Area (default
	// resolver: every type of the program that implements Shape).
	//@ ctx("(*Rect).Area", b0, stack("Total.b1.i0"), "Total.b0:true")
	//@ ctx("(*Rect).Area", b1, stack("Total.b1.i0"), "(*Rect).Area.b0:true")
	if ok {
		return s.Area()
	}
	return 0
}

var _ Shape = &Rect{}
