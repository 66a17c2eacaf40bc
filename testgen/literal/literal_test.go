package literal

import (
	"go/types"
	"math"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

func TestLiterals(t *testing.T) {
	shapes, units := fixture(t)
	point := named(shapes, "Point")
	kind := named(shapes, "Kind")
	length := named(units, "Length")
	money := named(units, "Money")
	pointPtr := types.NewPointer(point)
	intPtr := types.NewPointer(intType)
	int8Type := types.Typ[types.Int8]
	float32Type := types.Typ[types.Float32]
	float64Type := types.Typ[types.Float64]
	uint64Type := types.Typ[types.Uint64]
	intSlice := types.NewSlice(intType)
	runeType := types.Universe.Lookup("rune").Type()
	byteType := types.Universe.Lookup("byte").Type()
	runeStruct := types.NewStruct([]*types.Var{types.NewField(0, nil, "R", runeType, false)}, nil)
	pt := func(x int64) concrete.Value { return cv.Struct(point, cv.Int(intType, x), cv.Int(intType, 0)) }
	tuple := func(ts ...types.Type) *types.Tuple {
		vars := make([]*types.Var, len(ts))
		for i, t := range ts {
			vars[i] = types.NewParam(0, nil, "", t)
		}
		return types.NewTuple(vars...)
	}
	sig := func(params, results *types.Tuple, variadic bool) *types.Signature {
		return types.NewSignatureType(nil, nil, nil, params, results, variadic)
	}
	funcLit := func(t types.Type, results ...concrete.Value) concrete.Value {
		return concrete.Value{Type: t, Kind: concrete.FuncLit, Elems: results}
	}
	predicate := named(shapes, "Predicate")
	newChan := func(dir types.ChanDir, elem types.Type) concrete.Value {
		return concrete.Value{Type: types.NewChan(dir, elem), Kind: concrete.MakeChan}
	}
	ints := func(ns ...int64) []concrete.Value {
		var vs []concrete.Value
		for _, n := range ns {
			vs = append(vs, cv.Int(intType, n))
		}
		return vs
	}

	tests := []struct {
		name string
		v    concrete.Value
		slot types.Type // nil: the value's own type
		want string
	}{
		{"int in its column", cv.Int(intType, -3), nil, "-3"},
		{"int8 in its column", cv.Int(int8Type, -3), nil, "-3"},
		{"int8 in an interface", cv.Iface(anyType, cv.Int(int8Type, -3)), anyType, "int8(-3)"},
		{"int in an interface", cv.Iface(anyType, cv.Int(intType, 5)), anyType, "5"},
		{"named int in an interface", cv.Iface(anyType, cv.Int(kind, 2)), anyType, "Kind(2)"},
		{"other package's type in an interface", cv.Iface(anyType, cv.Int(length, 5)), anyType, "units.Length(5)"},
		{"uint64 in an interface", cv.Iface(anyType, cv.Uint(uint64Type, math.MaxUint64)), anyType, "uint64(math.MaxUint64)"},
		{"uint64 near its limit", cv.Uint(uint64Type, 0xffffffffffffffe6), nil, "math.MaxUint64 - 25"},
		{"uint32 mask", cv.Uint(types.Typ[types.Uint32], 0xffffff), nil, "0xffffff"},
		{"int64 near its minimum", cv.Int(types.Typ[types.Int64], math.MinInt64+2), nil, "math.MinInt64 + 2"},
		{"int32 maximum", cv.Int(types.Typ[types.Int32], math.MaxInt32), nil, "math.MaxInt32"},
		{"large int far from the limits", cv.Int(intType, 1<<40), nil, "1099511627776"},
		{"rune", cv.Int(runeType, 'v'), nil, "'v'"},
		{"rune tab", cv.Int(runeType, '\t'), nil, `'\t'`},
		{"rune non-ASCII", cv.Int(runeType, 'é'), nil, "'é'"},
		{"rune not printable", cv.Int(runeType, 0x80), nil, "128"},
		{"rune symbol", cv.Int(runeType, 0xfffd), nil, `'\ufffd'`},
		{"rune surrogate", cv.Int(runeType, 0xd800), nil, "55296"},
		{"bytes mostly binary", cv.Slice(types.NewSlice(byteType), cv.Uint(byteType, 242), cv.Uint(byteType, 'd'), cv.Uint(byteType, 0), cv.Uint(byteType, 0)), nil, "[]byte{242, 100, 0, 0}"},
		{"rune field of a list's element", cv.Slice(types.NewSlice(runeStruct), cv.Struct(runeStruct, cv.Int(runeType, 'a'))), nil, "[]struct{R rune}{{R: 'a'}}"},
		{"runes mostly text", cv.Slice(types.NewSlice(runeType), cv.Int(runeType, 'a'), cv.Int(runeType, 'b'), cv.Int(runeType, 0)), nil, "[]rune{'a', 'b', 0}"},
		{"runes half text", cv.Slice(types.NewSlice(runeType), cv.Int(runeType, 'a'), cv.Int(runeType, 0)), nil, "[]rune{97, 0}"},
		{"rune in an interface", cv.Iface(anyType, cv.Int(runeType, 'a')), anyType, "'a'"},
		{"int32 is a number", cv.Int(types.Typ[types.Int32], 'a'), nil, "97"},
		{"byte", cv.Uint(byteType, 'v'), nil, "'v'"},
		{"byte not ASCII", cv.Uint(byteType, 0x80), nil, "128"},
		{"byte in an interface", cv.Iface(anyType, cv.Uint(byteType, '0')), anyType, "byte('0')"},
		{"uint8 is a number", cv.Uint(types.Typ[types.Uint8], 'v'), nil, "118"},
		{"bytes that are not text", cv.Slice(types.NewSlice(byteType), cv.Uint(byteType, 'a'), cv.Uint(byteType, 'b'), cv.Uint(byteType, 0)), nil, "[]byte{'a', 'b', 0}"},
		{"string with many escapes is raw", cv.Str(`{"a": "b"}`), nil, "`{\"a\": \"b\"}`"},
		{"string with a backquote stays quoted", cv.Str("`\"a\": \"b\"`"), nil, "\"`\\\"a\\\": \\\"b\\\"`\""},
		{"string with a newline stays quoted", cv.Str("\"a\"\n\"b\""), nil, `"\"a\"\n\"b\""`},
		{"string", cv.Str("a\"b\n"), nil, `"a\"b\n"`},
		{"float64", cv.Float(float64Type, 2), nil, "2.0"},
		{"float32, shortest", cv.Float(float32Type, float64(float32(0.1))), nil, "0.1"},
		{"float64 NaN", cv.Float(float64Type, math.NaN()), nil, "math.NaN()"},
		{"float32 NaN", cv.Float(float32Type, math.NaN()), nil, "float32(math.NaN())"},
		{"negative zero", cv.Float(float64Type, math.Copysign(0, -1)), nil, "math.Copysign(0, -1)"},
		{"struct without its zero fields", pt(1), nil, "Point{X: 1}"},
		{"slice of structs leaves their type out", cv.Slice(types.NewSlice(point), pt(1), pt(2)), nil, "[]Point{{X: 1}, {X: 2}}"},
		{"slice of pointers leaves &T out", cv.Slice(types.NewSlice(pointPtr), cv.Ptr(pointPtr, pt(1))), nil, "[]*Point{{X: 1}}"},
		{"slice of interfaces keeps types", cv.Slice(types.NewSlice(anyType), cv.Iface(anyType, pt(1))), nil, "[]any{Point{X: 1}}"},
		{"empty slice is not nil", cv.Slice(intSlice), nil, "[]int{}"},
		{"nil slice", cv.Nil(intSlice), nil, "nil"},
		{"typed nil slice in an interface", cv.Iface(anyType, cv.Nil(intSlice)), anyType, "[]int(nil)"},
		{"typed nil pointer in an interface", cv.Iface(anyType, cv.Nil(pointPtr)), anyType, "(*Point)(nil)"},
		{"typed nil func in an interface", cv.Iface(anyType, cv.Nil(types.NewSignatureType(nil, nil, nil, nil, nil, false))), anyType, "(func())(nil)"},
		{"map keys in numeric order", cv.Map(types.NewMap(intType, stringType), ints(10, -1, 2), []concrete.Value{cv.Str("ten"), cv.Str("minus one"), cv.Str("two")}), nil,
			`map[int]string{-1: "minus one", 2: "two", 10: "ten"}`},
		{"map with struct keys", cv.Map(types.NewMap(point, intType), []concrete.Value{pt(2), pt(1)}, ints(2, 1)), nil, "map[Point]int{{X: 1}: 1, {X: 2}: 2}"},
		{"array drops trailing zeros", cv.Array(types.NewArray(intType, 3), ints(1, 0, 0)...), nil, "[3]int{1}"},
		{"sparse array by index", cv.Array(types.NewArray(intType, 10), ints(0, 0, 0, 7, 0, 0, 0, 0, 0, 1)...), nil, "[10]int{3: 7, 9: 1}"},
		{"zero array", cv.Array(types.NewArray(intType, 4), ints(0, 0, 0, 0)...), nil, "[4]int{}"},
		{"pointer to struct", cv.Ptr(pointPtr, pt(1)), nil, "&Point{X: 1}"},
		{"pointer to int", cv.Ptr(intPtr, cv.Int(intType, 3)), nil, "ptr[int](3)"},
		{"pointer to pointer", cv.Ptr(types.NewPointer(intPtr), cv.Ptr(intPtr, cv.Int(intType, 3))), nil, "ptr[*int](ptr[int](3))"},
		{"pointer to named int", cv.Ptr(types.NewPointer(kind), cv.Int(kind, 2)), nil, "ptr[Kind](2)"},
		{"other package's struct", cv.Struct(money, cv.Int(intType, 5), cv.Str("")), nil, "units.Money{Cents: 5}"},
		{"func of no results", funcLit(sig(tuple(stringType), nil, false)), nil, "func(string) {}"},
		{"func of one result", funcLit(sig(tuple(intType, point), tuple(types.Typ[types.Bool]), false), cv.Bool(true)), nil,
			"func(int, Point) bool { return true }"},
		{"func of results of other types", funcLit(sig(tuple(types.NewSlice(length)), tuple(int8Type, point, anyType), true), cv.Int(int8Type, -3), pt(1), cv.Nil(anyType)), nil,
			"func(...units.Length) (int8, Point, any) { return -3, Point{X: 1}, nil }"},
		{"named func in its column", funcLit(predicate, cv.Bool(false)), nil, "func(int) bool { return false }"},
		{"named func in an interface", cv.Iface(anyType, funcLit(predicate, cv.Bool(false))), anyType, "Predicate(func(int) bool { return false })"},
		{"new channel", newChan(types.SendRecv, intType), nil, "make(chan int)"},
		{"new receive-only channel of another package's type", newChan(types.RecvOnly, length), nil, "make(<-chan units.Length)"},
		{"new channel in an interface", cv.Iface(anyType, newChan(types.SendRecv, types.NewStruct(nil, nil))), anyType, "make(chan struct{})"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, _ := newWriter(shapes)
			slot := tt.slot
			if slot == nil {
				slot = tt.v.Type
			}
			got, err := l.InSlot(tt.v, slot, false)
			if err != nil || got != tt.want {
				t.Errorf("got %s (err %v), want %s", got, err, tt.want)
			}
			if strings.HasPrefix(tt.want, "ptr[") != l.UsesPtr {
				t.Errorf("usesPtr = %v", l.UsesPtr)
			}
		})
	}

	// The imports a literal needs are recorded.
	l, imp := newWriter(shapes)
	if _, err := l.InSlot(cv.Slice(types.NewSlice(float64Type), cv.Float(float64Type, math.Inf(-1)), cv.Float(float64Type, 1)), nil, false); err != nil {
		t.Fatal(err)
	}
	if _, err := l.InSlot(cv.Int(length, 1), length, false); err != nil { // typed by its column: no import
		t.Fatal(err)
	}
	if got := imp.list(); got != "math" {
		t.Errorf("recorded imports %s", got)
	}
	l, imp = newWriter(shapes)
	if _, err := l.InSlot(cv.Int(intType, 5), nil, false); err != nil {
		t.Fatal(err)
	}
	if got := imp.list(); got != "" {
		t.Errorf("an int far from its limits recorded imports %s", got)
	}
	if _, err := l.InSlot(cv.Uint(types.Typ[types.Uint64], math.MaxUint64-1), nil, false); err != nil {
		t.Fatal(err)
	}
	if got := imp.list(); got != "math" {
		t.Errorf("recorded imports %s", got)
	}
	if _, err := l.InSlot(cv.Iface(anyType, cv.Int(length, 1)), anyType, false); err != nil { // units.Length(1)
		t.Fatal(err)
	}
	if got := imp.list(); got != unitsPath+" math" {
		t.Errorf("recorded imports %s", got)
	}
}

func TestValuesWithoutLiterals(t *testing.T) {
	shapes, units := fixture(t)
	token := named(units, "token")
	money := named(units, "Money")
	local := types.NewNamed(types.NewTypeName(0, shapes, "local", nil), intType, nil) // not in the package scope: declared in a function
	tests := []struct {
		name string
		v    concrete.Value
		want string
	}{
		{"opaque", cv.Opaque(intType, "func value"), "func value"},
		{"unexported type of another package", cv.Iface(anyType, cv.Struct(token, cv.Int(intType, 1))), "unexported type units.token"},
		{"unexported field of another package", cv.Struct(money, cv.Int(intType, 1), cv.Str("EUR")), "unexported field currency of units.Money"},
		{"type declared in a function", cv.Iface(anyType, cv.Int(local, 1)), "type local is declared inside a function"},
		{"nested", cv.Slice(types.NewSlice(anyType), cv.Iface(anyType, cv.Opaque(intType, "chan"))), "chan"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, _ := newWriter(shapes)
			got, err := l.InSlot(tt.v, tt.v.Type, false)
			if err == nil || err.Error() != tt.want {
				t.Errorf("got %q, err %v; want the error %q", got, err, tt.want)
			}
		})
	}
}
