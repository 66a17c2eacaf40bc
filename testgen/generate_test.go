package testgen

import (
	"go/format"
	"go/types"
	"math"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// allShapes has cases for every function of the fixture, all of them
// right: the file must keep every one, compile, pass go test and go vet,
// and be gofmt-clean.
func allShapes(t *testing.T, s *shapes) []FuncTests {
	funcs := goldenCases(t, s)
	point := s.named(t, "Point")
	kind := s.named(t, "Kind")

	classify := s.fn(t, "Classify")
	kindString := s.fn(t, "Kind.String")
	abs8 := s.fn(t, "abs8")
	add := s.fn(t, "Point.Add")
	norm1 := s.fn(t, "Norm1")
	nearer := s.fn(t, "Nearer")
	maxString := s.fn(t, "Max[string]")
	at := s.fn(t, "At")
	ratio := s.fn(t, "Ratio")
	half := s.fn(t, "Half")
	area := s.fn(t, "Area")
	adder := s.fn(t, "Adder")
	handler := s.fn(t, "Handler")
	greet := s.fn(t, "Greet")
	join := s.fn(t, "Join")
	count := s.fn(t, "Count")
	lookup := s.fn(t, "Lookup")
	upper := s.fn(t, "Upper")
	must := s.fn(t, "Must")
	holds := s.fn(t, "Holds")
	deref := s.fn(t, "Deref")

	length := paramType(area, 0)
	float64Type := types.Typ[types.Float64]
	int8Type := types.Typ[types.Int8]
	pt := func(x, y int64) concrete.Value { return cv.Struct(point, cv.Int(intType, x), cv.Int(intType, y)) }
	countMap := resultType(count, 0)
	bytesType := paramType(upper, 0)
	byteType := bytesType.Underlying().(*types.Slice).Elem()
	bytesOf := func(s string) concrete.Value {
		var elems []concrete.Value
		for i := 0; i < len(s); i++ {
			elems = append(elems, cv.Uint(byteType, uint64(s[i])))
		}
		return cv.Slice(bytesType, elems...)
	}

	return append(funcs,
		FuncTests{Func: classify, Cases: []Case{
			returns(classify, "returns Kind(1)", []string{"a > 0", "b > 0", "c > 0", "a == b", "b == c"}, 1,
				args(cv.Int(intType, 2), cv.Int(intType, 2), cv.Int(intType, 2)), val(cv.Int(kind, 1))),
			returns(classify, "returns Kind(0)", []string{"a <= 0"}, 2,
				args(cv.Int(intType, -1), cv.Int(intType, 0), cv.Int(intType, 0)), val(cv.Int(kind, 0))),
		}},
		FuncTests{Func: kindString, Cases: []Case{
			returns(kindString, `returns "scalene"`, []string{"k == 3"}, 1, args(cv.Int(kind, 3)), val(cv.Str("scalene"))),
		}},
		FuncTests{Func: abs8, Cases: []Case{
			returns(abs8, "returns 3", []string{"x < 0"}, 1, args(cv.Int(int8Type, -3)), val(cv.Int(int8Type, 3))),
			// -(-128) overflows back to -128 in Go: the interpreter agrees.
			returns(abs8, "returns -128", []string{"x < 0"}, 2, args(cv.Int(int8Type, -128)), val(cv.Int(int8Type, -128))),
		}},
		FuncTests{Func: add, Cases: []Case{
			returns(add, "returns {3 0}", nil, 0, args(pt(1, 2), pt(2, -2)), val(pt(3, 0))),
		}},
		FuncTests{Func: norm1, Cases: []Case{
			returns(norm1, "returns 3", []string{"p != nil"}, 0, args(cv.Ptr(paramType(norm1, 0), pt(1, -2))), val(cv.Int(intType, 3))),
		}},
		FuncTests{Func: nearer, Cases: []Case{
			returns(nearer, "returns &{1 1}", []string{"Norm1(&p) <= Norm1(&q)"}, 1,
				args(pt(1, 1), pt(5, 5)), val(cv.Ptr(resultType(nearer, 0), pt(1, 1)))),
		}},
		FuncTests{Func: maxString, Cases: []Case{
			returns(maxString, `returns "b"`, []string{"a <= b"}, 1, args(cv.Str("a"), cv.Str("b")), val(cv.Str("b"))),
		}},
		FuncTests{Func: at, Cases: []Case{
			returns(at, "returns 7", []string{"i < len(xs)"}, 1, args(cv.Slice(paramType(at, 0), cv.Int(intType, 7)), cv.Int(intType, 0)), val(cv.Int(intType, 7))),
			panics(at, "panics: index out of range", []string{"i >= len(xs)"}, 2, args(cv.Slice(paramType(at, 0), cv.Int(intType, 7)), cv.Int(intType, 1)),
				"runtime error: index out of range [1] with length 1"),
		}},
		FuncTests{Func: ratio, Cases: []Case{
			returns(ratio, "returns 0.5", []string{"b != 0"}, 1, args(cv.Float(float64Type, 1), cv.Float(float64Type, 2)), val(cv.Float(float64Type, 0.5))),
			returns(ratio, "returns +Inf", []string{"b == 0", "a != 0"}, 2, args(cv.Float(float64Type, 1), cv.Float(float64Type, 0)), val(cv.Float(float64Type, math.Inf(1)))),
			returns(ratio, "returns -0", []string{"b != 0"}, 3, args(cv.Float(float64Type, math.Copysign(0, -1)), cv.Float(float64Type, 5)), val(cv.Float(float64Type, math.Copysign(0, -1)))),
		}},
		FuncTests{Func: half, Cases: []Case{
			returns(half, "returns 0.05", nil, 0, args(cv.Float(types.Typ[types.Float32], float64(float32(0.1)))), val(cv.Float(types.Typ[types.Float32], float64(float32(0.05))))),
		}},
		FuncTests{Func: area, Cases: []Case{
			returns(area, "returns 6", nil, 0, args(cv.Int(length, 200), cv.Int(length, 300)), val(cv.Int(length, 600))),
		}},
		FuncTests{Func: adder, Cases: []Case{
			returns(adder, "returns a func", nil, 0, args(cv.Int(intType, 1)), val(cv.Opaque(resultType(adder, 0), "func value"))),
		}},
		FuncTests{Func: handler, Cases: []Case{
			// A nil func is compared with reflect.DeepEqual and printed with
			// %p: go vet's printf check refuses a func printed with %#v.
			returns(handler, "returns nil", nil, 0, args(cv.Str("x")), val(cv.Nil(resultType(handler, 0)))),
		}},
		FuncTests{Func: greet, Cases: []Case{
			returns(greet, `returns "hello, stranger"`, []string{`name == ""`}, 1, args(cv.Str("")), val(cv.Str("hello, stranger"))),
			returns(greet, `returns "hello, Ann \"A\""`, []string{`name != ""`}, 2, args(cv.Str(`Ann "A"`)), val(cv.Str(`hello, Ann "A"`))),
		}},
		FuncTests{Func: join, Cases: []Case{
			returns(join, `returns "a-b"`, nil, 0, args(cv.Str("-"), cv.Slice(paramType(join, 1), cv.Str("a"), cv.Str("b"))), val(cv.Str("a-b"))),
		}},
		FuncTests{Func: count, Cases: []Case{
			returns(count, "returns map", nil, 0, args(cv.Slice(paramType(count, 0), cv.Str("b"), cv.Str("a"), cv.Str("b"))),
				val(cv.Map(countMap, []concrete.Value{cv.Str("b"), cv.Str("a")}, []concrete.Value{cv.Int(intType, 2), cv.Int(intType, 1)}))),
		}},
		FuncTests{Func: lookup, Cases: []Case{
			returns(lookup, "returns 0, error", []string{"!ok"}, 1, args(cv.Nil(paramType(lookup, 0)), cv.Str("k")), val(cv.Int(intType, 0)), errResult(`shapes: no "k"`)),
			returns(lookup, "returns 5, nil", []string{"ok"}, 2,
				args(cv.Map(paramType(lookup, 0), []concrete.Value{cv.Str("k")}, []concrete.Value{cv.Int(intType, 5)}), cv.Str("k")), val(cv.Int(intType, 5)), val(cv.Nil(errorType))),
		}},
		FuncTests{Func: upper, Cases: []Case{
			returns(upper, `returns "AB"`, nil, 0, args(bytesOf("ab")), val(bytesOf("AB"))),
			returns(upper, "returns [0 255]", nil, 1, args(bytesOf("\x00\xff")), val(bytesOf("\x00\xff"))),
		}},
		FuncTests{Func: must, Cases: []Case{
			returns(must, "returns", []string{"ok"}, 1, args(cv.Bool(true))),
			panics(must, "panics: shapes: not ok", []string{"!ok"}, 2, args(cv.Bool(false)), "shapes: not ok"),
		}},
		FuncTests{Func: deref, Cases: []Case{
			returns(deref, "returns 4", []string{"p != nil"}, 1, args(cv.Ptr(paramType(deref, 0), cv.Int(intType, 4))), val(cv.Int(intType, 4))),
		}},
		FuncTests{Func: holds, Cases: []Case{
			returns(holds, "returns false", []string{"v == nil"}, 1, args(cv.Nil(anyType)), val(cv.Bool(false))),
			returns(holds, "returns true", []string{"v != nil"}, 2, args(cv.Iface(anyType, cv.Int(int8Type, -3))), val(cv.Bool(true))),
			// A typed nil in an interface is not a nil interface.
			returns(holds, "returns true", []string{"v != nil"}, 3, args(cv.Iface(anyType, cv.Nil(types.NewPointer(point)))), val(cv.Bool(true))),
		}},
	)
}

func TestEveryShapePassesGoTestAndVet(t *testing.T) {
	s := newShapes(t)
	funcs := allShapes(t, s)
	rep := s.generate(t, funcs, Options{Validate: true})
	total := 0
	for _, f := range funcs {
		total += len(f.Cases)
	}
	if rep.Kept != total || len(rep.Dropped) != 0 || len(rep.Skipped) != 0 {
		t.Fatalf("kept %d of %d; dropped %+v; skipped %v", rep.Kept, total, rep.Dropped, rep.Skipped)
	}
	if rep.KeptPerFunc[s.fn(t, "Ratio")] != 3 {
		t.Errorf("KeptPerFunc = %v", rep.KeptPerFunc)
	}
	src := s.file(t)
	if !strings.HasPrefix(src, "// Code generated by gosymtest. DO NOT EDIT.\n\npackage shapes\n") {
		t.Errorf("file does not start with the generated header and the package clause:\n%s", src)
	}
	if formatted, err := format.Source([]byte(src)); err != nil || string(formatted) != src {
		t.Errorf("file is not gofmt-clean (%v)", err)
	}
	for _, want := range []string{
		"func Test_abs8(t *testing.T)",   // unexported: Test_ keeps go test running it
		"x: -3, want: 3}",                // int8 column: no conversion needed
		"func TestKind_String(",          // value receiver
		"func TestMax_string(",           // generic instance
		"got := Max[string](tt.a, tt.b)", // called with its type argument
		"got := tt.p.Add(tt.q)",          // method call
		"q: Point{X: 2, Y: -2}",          // struct literal, named fields
		"want: Point{X: 3}",              // zero fields left out
		"p: &Point{X: 1, Y: -2}",         // pointer to a struct
		"want: &Point{X: 1, Y: 1}",       // pointer result
		"wantPanic: \"runtime error: index out of range [1] with length 1\"",
		"want: math.Inf(1)",                         // not a constant
		"want: math.Copysign(0, -1)",                // negative zero
		"x: 0.1, want: 0.05}",                       // float32 written short
		"w: 200, h: 300, want: 600",                 // another package's exported type
		"w    units.Length",                         // ... as a column type, imported
		"// The result is not checked: func value.", // no literal for a func
	} {
		if !strings.Contains(src, want) {
			t.Errorf("file lacks %q", want)
		}
	}
	for _, want := range []string{
		`{caseName: "returns_hello_stranger", name: ""`,  // a parameter called name keeps its name
		`want: "hello, Ann \"A\""`,                       // strconv.Quote
		`parts: []string{"a", "b"}`,                      // variadic slice…
		"Join(tt.sep, tt.parts...)",                      // …passed with ...
		`want: map[string]int{"a": 1, "b": 2}`,           // keys sorted
		`m: map[string]int{"k": 5}`,                      // map input
		`wantErr: "shapes: no \"k\""`,                    // error by message
		`b: []byte("ab"), want: []byte("AB")`,            // printable bytes as text
		`b: []byte{0, 255}`,                              // others as numbers
		"v: int8(-3)",                                    // typed constant in an interface
		"v: (*Point)(nil)",                               // typed nil in an interface
		"func errText(err error) string",                 // helper, only when used
		"Must(tt.ok)",                                    // no results
		"// v == nil\n",                                  // pins as the comment
		"// !ok; panics: shapes: not ok\n",               // pins and the panic
		"// a > 0 && b > 0 && c > 0 && a == b && b == c", // pins joined with &&
	} {
		if !strings.Contains(src, want) {
			t.Errorf("file lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("the file:\n%s", src)
	}
	s.goCmd(t, "vet")
	out := s.goTest(t, "-v", "-run", "^Test")
	if n := strings.Count(out, "--- PASS: Test_") + strings.Count(out, "    --- PASS: "); n < total {
		t.Errorf("go test ran %d passing tests and subtests, want at least the %d cases:\n%s", n, total, out)
	}
}
