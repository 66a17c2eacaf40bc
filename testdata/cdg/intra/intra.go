// Package intra holds functions whose intraprocedural control dependence
// graphs, with implicit branches off, are written down by hand in the
// //@ comments (see cdg/expect_test.go for the syntax).
package intra

import "os"

//@ options(noimplicit)

func IfElse(c bool, x int) int {
	//@ cd(IfElse, b0)
	//@ cd(IfElse, b1, "b0:true")
	//@ cd(IfElse, b3, "b0:false")
	//@ cd(IfElse, b2)
	//@ ipdom(IfElse, b0, b2)
	//@ ipdom(IfElse, b1, b2)
	//@ ipdom(IfElse, b2, exit)
	if c {
		x++
	} else {
		x--
	}
	return x
}

func Loop(xs []int) int {
	// b1 is the loop header, b2 "if x < 0" (true: continue),
	// b4 "if x > 100" (true: break), b5 the rest of the body.
	//@ cd(Loop, b0)
	//@ cd(Loop, b1, "b2:true", "b4:false")
	//@ cd(Loop, b2, "b1:true")
	//@ cd(Loop, b3)
	//@ cd(Loop, b4, "b2:false")
	//@ cd(Loop, b5, "b4:false")
	//@ ipdom(Loop, b1, b3)
	//@ ipdom(Loop, b5, b1)
	s := 0
	for _, x := range xs {
		if x < 0 {
			continue
		}
		if x > 100 {
			break
		}
		s += x
	}
	return s
}

func Switch(x int) string {
	// b0 x == 1, b3 x == 2, b4 x == 3; b1 "one", b2 "few", b5 "many".
	//@ cd(Switch, b0)
	//@ cd(Switch, b1, "b0:true")
	//@ cd(Switch, b2, "b3:true", "b4:true")
	//@ cd(Switch, b3, "b0:false")
	//@ cd(Switch, b4, "b3:false")
	//@ cd(Switch, b5, "b4:false")
	switch x {
	case 1:
		return "one"
	case 2, 3:
		return "few"
	}
	return "many"
}

func AndOr(a, b, c bool) int {
	// b0 tests a, b4 tests b, b3 tests c; b1 returns 1, b2 returns 0.
	//@ cd(AndOr, b0)
	//@ cd(AndOr, b1, "b3:true", "b4:true")
	//@ cd(AndOr, b2, "b3:false")
	//@ cd(AndOr, b3, "b0:false", "b4:false")
	//@ cd(AndOr, b4, "b0:true")
	if a && b || c {
		return 1
	}
	return 0
}

func Panics(x int) int {
	// The panic goes to the exit, so the rest (b2) depends on b0:false.
	//@ cd(Panics, b0)
	//@ cd(Panics, b1, "b0:true")
	//@ cd(Panics, b2, "b0:false")
	//@ halt(Panics, "b0:true")
	//@ returns(Panics)
	if x < 0 {
		panic("negative")
	}
	return x * 2
}

func Exits(x int) int {
	// os.Exit never returns: the jump after it is dead, and b2, which
	// would otherwise post-dominate b0, depends on b0:false.
	//@ cd(Exits, b0)
	//@ cd(Exits, b1, "b0:true")
	//@ cd(Exits, b2, "b0:false")
	//@ ipdom(Exits, b0, exit)
	//@ halt(Exits, "b0:true")
	if x < 0 {
		os.Exit(2)
	}
	return x
}

func alwaysPanics(msg string) {
	//@ noreturn(alwaysPanics)
	//@ halt(alwaysPanics)
	panic("fatal: " + msg)
}

func CallsNoReturn(x int) int {
	// alwaysPanics never returns, found by the fixed point: as with os.Exit.
	//@ cd(CallsNoReturn, b0)
	//@ cd(CallsNoReturn, b1, "b0:true")
	//@ cd(CallsNoReturn, b2, "b0:false")
	//@ halt(CallsNoReturn, "b0:true")
	//@ returns(CallsNoReturn)
	if x == 0 {
		alwaysPanics("zero")
	}
	return 10 / x
}

func Recovers(x int) (r int) {
	// b1 is fn.Recover: the panic in b2 goes there, not to the exit, so it
	// is no halt and Recovers returns.
	//@ cd(Recovers, b0)
	//@ cd(Recovers, b1, "b0:true")
	//@ cd(Recovers, b2, "b0:true")
	//@ cd(Recovers, b3, "b0:false")
	//@ ipdom(Recovers, b2, b1)
	//@ halt(Recovers)
	//@ returns(Recovers)
	defer func() {
		//@ cd("Recovers$1", b0)
		//@ cd("Recovers$1", b1, "b0:true")
		//@ cd("Recovers$1", b2)
		if recover() != nil {
			r = -1
		}
	}()
	if x < 0 {
		panic("negative")
	}
	return x
}

func Forever(x int) {
	// No path reaches the exit: the loop header b1 gets a fake edge to it.
	//@ cd(Forever, b0)
	//@ cd(Forever, b1, "b1:true", "b1:false")
	//@ cd(Forever, b2, "b1:true")
	//@ cd(Forever, b3, "b1:false")
	//@ ipdom(Forever, b0, b1)
	//@ ipdom(Forever, b1, exit)
	//@ noreturn(Forever)
	for {
		if x > 0 {
			x--
		} else {
			x++
		}
	}
}
