// Package maypanic has one small function per kind of instruction that
// MayPanic judges; panics(F, b) says whether any instruction of F may
// panic (see cdg/expect_test.go).
package maypanic

type T struct{ f int }

func IndexSlice(xs []int, i int) int { return xs[i] } //@ panics(IndexSlice, true)
func IndexArrayConst(a [4]int) int   { return a[2] }  //@ panics(IndexArrayConst, false)
func IndexString(s string, i int) byte {
	return s[i] //@ panics(IndexString, true)
}
func MapRead(m map[string]int) int          { return m["k"] } //@ panics(MapRead, false)
func MapReadIface(m map[any]int, k any) int { return m[k] }   //@ panics(MapReadIface, true)
func MapWrite(m map[string]int)             { m["k"] = 1 }    //@ panics(MapWrite, true)
func MapWriteMade() map[string]int {
	m := make(map[string]int) //@ panics(MapWriteMade, false)
	m["k"] = 1
	return m
}
func Deref(p *int) int                { return *p }                                     //@ panics(Deref, true)
func Field(p *T) int                  { return p.f }                                    //@ panics(Field, true)
func Store(p *int)                    { *p = 1 }                                        //@ panics(Store, true)
func LocalAddr() int                  { var t T; p := &t; p.f = 2; return p.f }         //@ panics(LocalAddr, false)
func Div(a, b int) int                { return a / b }                                  //@ panics(Div, true)
func DivConst(a int) int              { return a % 7 }                                  //@ panics(DivConst, false)
func DivFloat(a, b float64) float64   { return a / b }                                  //@ panics(DivFloat, false)
func ShiftSigned(a, s int) int        { return a << s }                                 //@ panics(ShiftSigned, true)
func ShiftUnsigned(a int, s uint) int { return a << s }                                 //@ panics(ShiftUnsigned, false)
func Assert(x any) int                { return x.(int) }                                //@ panics(Assert, true)
func AssertOK(x any) bool             { _, ok := x.(int); return ok }                   //@ panics(AssertOK, false)
func SliceExpr(xs []int, i int) []int { return xs[i:] }                                 //@ panics(SliceExpr, true)
func SliceAll(xs []int) []int         { return xs[:] }                                  //@ panics(SliceAll, false)
func CallFunc(f func())               { f() }                                           //@ panics(CallFunc, true)
func Builtins(xs []int) int           { return len(xs) + cap(xs) + len(append(xs, 1)) } //@ panics(Builtins, false)
func Close(c chan int)                { close(c) }                                      //@ panics(Close, true)
func MakeSlice(n int) []int           { return make([]int, n) }                         //@ panics(MakeSlice, true)
func MakeSliceConst() []int           { return make([]int, 4) }                         //@ panics(MakeSliceConst, false)
