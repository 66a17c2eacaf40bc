// Package implicit holds functions whose control dependence graphs, with
// implicit (ok/panic) branches on, are written down by hand in the //@
// comments (see cdg/expect_test.go for the syntax).
package implicit

import "os"

func Index(xs []int, i int) int {
	// &xs[i] (b1.i0) may be out of range; the load through it cannot be nil.
	//@ cd(Index, b0)
	//@ cd(Index, b1, "b0:true")
	//@ cd(Index, "b1[1:]", "b1.i0:ok")
	//@ cd(Index, b2, "b0:false")
	//@ halt(Index, "b1.i0:ok", "b1.i0:panic")
	if i > 0 {
		return xs[i]
	}
	return 0
}

func Div(a, b int) int {
	// a / b may divide by zero: the rest of the block depends on b0.i0:ok.
	//@ cd(Div, b0)
	//@ cd(Div, "b0[1:]", "b0.i0:ok")
	//@ ipdom(Div, b0, exit)
	q := a / b
	return q + 1
}

func ConstDiv(a int) int {
	// Division by a non-zero constant cannot panic: one segment.
	//@ cd(ConstDiv, b0)
	//@ halt(ConstDiv)
	return a / 4
}

func inc(x int) int { return x + 1 }

func CallThenBranch(x int) int {
	// The call of inc is an implicit branch: inc might panic, as far as
	// MayPanic can tell without looking inside.
	//@ cd(CallThenBranch, b0)
	//@ cd(CallThenBranch, "b0[1:]", "b0.i0:ok")
	//@ cd(CallThenBranch, b1, "b0:true")
	//@ cd(CallThenBranch, b2, "b0:false")
	y := inc(x)
	if y > 0 {
		return 1
	}
	return 0
}

func Recover(xs []int) (r int) {
	// With a deferred call, panics go to fn.Recover (b1): the index (b0.i2)
	// and the deferred calls run by rundefers (b0.i7). None halts.
	//@ cd(Recover, b0)
	//@ cd(Recover, "b0[3:]", "b0.i2:ok")
	//@ cd(Recover, "b0[8:]", "b0.i7:ok")
	//@ cd(Recover, b1, "b0.i2:panic", "b0.i7:panic")
	//@ halt(Recover)
	//@ returns(Recover)
	defer func() {
		recover()
	}()
	r = xs[0]
	return r
}

func ExitOrIndex(xs []int) int {
	// os.Exit is a halt but not an implicit branch; it goes to the exit.
	//@ cd(ExitOrIndex, b0)
	//@ cd(ExitOrIndex, b1, "b0:true")
	//@ cd(ExitOrIndex, b2, "b0:false")
	//@ cd(ExitOrIndex, "b2[1:]", "b2.i0:ok")
	//@ halt(ExitOrIndex, "b0:true", "b2.i0:ok", "b2.i0:panic")
	if len(xs) == 0 {
		os.Exit(1)
	}
	return xs[0]
}

func validate(x int) {
	//@ halt(validate, "b0:true")
	if x < 0 {
		panic("negative")
	}
}

func UsesValidate(x, y int) int {
	// The call of validate is an implicit branch; it is also a halt
	// decider of UsesValidate, which has no defer.
	//@ cd(UsesValidate, b0)
	//@ cd(UsesValidate, "b0[1:]", "b0.i0:ok")
	//@ cd(UsesValidate, b1, "b0:true")
	//@ cd(UsesValidate, b2, "b0:false")
	//@ halt(UsesValidate, "b0.i0:ok", "b0.i0:panic")
	validate(x)
	if y > 0 {
		return 1
	}
	return 2
}
