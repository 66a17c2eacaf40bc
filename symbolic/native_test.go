package symbolic

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"net"
	"reflect"
	"unsafe"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testdata/exec/generics"
	"github.com/gosymtest/gosymtest/testdata/exec/ifaces"
)

// This file turns concrete values into real Go values (and back), so tests
// can run the compiled fixture on a path's inputs and compare with what the
// interpreter's replay said. A disagreement is an interpreter bug.

// dynamicTypes maps the fixtures' types that interface inputs may take, by
// their go/types name, to their reflect types.
var dynamicTypes = map[string]reflect.Type{
	"github.com/gosymtest/gosymtest/testdata/exec/ifaces.Rect":        reflect.TypeOf(ifaces.Rect{}),
	"*github.com/gosymtest/gosymtest/testdata/exec/ifaces.Square":     reflect.TypeOf(&ifaces.Square{}),
	"*github.com/gosymtest/gosymtest/testdata/exec/ifaces.Counter":    reflect.TypeOf(&ifaces.Counter{}),
	"*github.com/gosymtest/gosymtest/testdata/exec/generics.Bag[int]": reflect.TypeOf(&generics.Bag[int]{}),
	"*io.LimitedReader": reflect.TypeOf(&io.LimitedReader{}), // ifaces.Source's reader
	"*net.Buffers":      reflect.TypeOf(&net.Buffers{}),      // another, now that netaddr loads net
	"bufio.ReadWriter":  reflect.TypeOf(bufio.ReadWriter{}),  // another, now that bytegrow loads bufio
	"int":               reflect.TypeOf(0),
	"bool":              reflect.TypeOf(false),
	"string":            reflect.TypeOf(""),
}

// toReflect builds a Go value of type rt from a concrete value.
func toReflect(v concrete.Value, rt reflect.Type) (reflect.Value, error) {
	out := reflect.New(rt).Elem()
	switch v.Kind {
	case concrete.Nil:
		return out, nil
	case concrete.Bool:
		out.SetBool(v.Bool)
	case concrete.Int:
		out.SetInt(v.Int)
	case concrete.Uint:
		out.SetUint(v.Uint)
	case concrete.Float:
		out.SetFloat(v.Float)
	case concrete.String:
		out.SetString(v.Str)
	case concrete.Struct:
		for i, f := range v.Elems {
			fv, err := toReflect(f, rt.Field(i).Type)
			if err != nil {
				return out, err
			}
			field := out.Field(i)
			if !field.CanSet() {
				// An unexported field: tests may set it through its address.
				field = reflect.NewAt(field.Type(), unsafe.Pointer(field.UnsafeAddr())).Elem()
			}
			field.Set(fv)
		}
	case concrete.Array:
		for i, el := range v.Elems {
			ev, err := toReflect(el, rt.Elem())
			if err != nil {
				return out, err
			}
			out.Index(i).Set(ev)
		}
	case concrete.Slice:
		out.Set(reflect.MakeSlice(rt, len(v.Elems), len(v.Elems)))
		for i, el := range v.Elems {
			ev, err := toReflect(el, rt.Elem())
			if err != nil {
				return out, err
			}
			out.Index(i).Set(ev)
		}
	case concrete.Map:
		out.Set(reflect.MakeMap(rt))
		for i := range v.Keys {
			kv, err := toReflect(v.Keys[i], rt.Key())
			if err != nil {
				return out, err
			}
			ev, err := toReflect(v.Elems[i], rt.Elem())
			if err != nil {
				return out, err
			}
			out.SetMapIndex(kv, ev)
		}
	case concrete.Interface:
		dyn, ok := dynamicTypes[v.Elem.Type.String()]
		if !ok {
			return out, fmt.Errorf("no reflect type registered for %v", v.Elem.Type)
		}
		ev, err := toReflect(*v.Elem, dyn)
		if err != nil {
			return out, err
		}
		out.Set(ev)
	case concrete.Pointer:
		ev, err := toReflect(*v.Elem, rt.Elem())
		if err != nil {
			return out, err
		}
		p := reflect.New(rt.Elem())
		p.Elem().Set(ev)
		out.Set(p)
	case concrete.FuncLit:
		// A func input: it ignores its arguments and returns Elems.
		results := make([]reflect.Value, len(v.Elems))
		for i, r := range v.Elems {
			rv, err := toReflect(r, rt.Out(i))
			if err != nil {
				return out, err
			}
			results[i] = rv
		}
		out.Set(reflect.MakeFunc(rt, func([]reflect.Value) []reflect.Value { return results }))
	case concrete.MakeChan:
		// reflect makes only two-way channels; a one-way type converts.
		out.Set(reflect.MakeChan(reflect.ChanOf(reflect.BothDir, rt.Elem()), 0).Convert(rt))
	default:
		return out, fmt.Errorf("no Go value for %s", v.Kind)
	}
	return out, nil
}

// fromReflect is the inverse of toReflect for the kinds tests compare:
// a comparable rendering with fmt's %#v is enough and avoids rebuilding
// types.
func sameAsGo(v concrete.Value, got reflect.Value) bool {
	if v.Kind == concrete.Float && got.CanFloat() {
		// A NaN is not equal to itself, and 0 == -0.
		w, g := v.Float, got.Float()
		return math.IsNaN(w) && math.IsNaN(g) || w == g && math.Signbit(w) == math.Signbit(g)
	}
	want, err := toReflect(v, got.Type())
	if err != nil {
		return false
	}
	if v.Kind == concrete.Interface && v.Elem != nil {
		want, err = toReflect(*v.Elem, got.Elem().Type())
		if err != nil {
			return false
		}
		return reflect.DeepEqual(want.Interface(), got.Elem().Interface())
	}
	return reflect.DeepEqual(want.Interface(), got.Interface())
}

// callNative calls fn with the arguments, returning its results, or the
// fmt.Sprint of what it panicked with.
func callNative(fn reflect.Value, args []reflect.Value) (results []reflect.Value, panicked bool, msg string) {
	defer func() {
		if r := recover(); r != nil {
			panicked, msg = true, fmt.Sprint(r)
		}
	}()
	if fn.Type().IsVariadic() {
		return fn.CallSlice(args), false, ""
	}
	return fn.Call(args), false, ""
}
