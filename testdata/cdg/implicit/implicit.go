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
	// The call of inc is no implicit branch: nothing in inc can panic.
	//@ cd(CallThenBranch, b0)
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

func first(xs []int) int { return xs[0] }

func CallMayPanic(xs []int, y int) int {
	// first may panic (xs[0] is out of range when xs is empty), so its
	// call is an implicit branch.
	//@ cd(CallMayPanic, b0)
	//@ cd(CallMayPanic, "b0[1:]", "b0.i0:ok")
	//@ cd(CallMayPanic, b1, "b0:true")
	//@ cd(CallMayPanic, b2, "b0:false")
	v := first(xs)
	if y > v {
		return 1
	}
	return 0
}

func SumBytes(s string, xs []int) int {
	// The guards i < len(s) and j < len(xs) dominate s[i] and xs[j], and
	// i and j start at 0 (range: -1, then +1) and only grow: no implicit
	// branches. The loop tests are the only branches.
	//@ cd(SumBytes, b0)
	//@ cd(SumBytes, b1, "b1:true")
	//@ cd(SumBytes, b2, "b1:true")
	//@ cd(SumBytes, b3)
	//@ cd(SumBytes, b4, "b4:true")
	//@ cd(SumBytes, b5, "b4:true")
	//@ cd(SumBytes, b6)
	n := 0
	for i := 0; i < len(s); i++ {
		n += int(s[i])
	}
	for j := range xs {
		n += xs[j]
	}
	return n
}

func Unguarded(s string, k int) byte {
	// k may be negative: k < len(s) does not keep s[k] in range.
	//@ cd(Unguarded, b0)
	//@ cd(Unguarded, b1, "b0:true")
	//@ cd(Unguarded, "b1[1:]", "b1.i0:ok")
	//@ cd(Unguarded, b2, "b0:false")
	if k < len(s) {
		return s[k]
	}
	return 0
}
