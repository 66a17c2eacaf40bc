package symbolic

import (
	"fmt"
	"go/types"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"golang.org/x/tools/go/ssa"
)

const nilDerefMessage = "invalid memory address or nil pointer dereference"

func (e *Engine) alloc(s *State, in *ssa.Alloc) {
	typ := in.Type().(*types.Pointer).Elem()
	id := s.mem.alloc(&object{typ: typ, value: zeroValue(typ), site: in})
	e.set(s, in, Pointer{NonNil: expr.True, Obj: id})
}

// checkNonNil lets s continue only where p is not nil; where it may be nil,
// a state panics with a nil dereference.
func (e *Engine) checkNonNil(s *State, nonNil expr.Expr, what ssa.Value) bool {
	return e.require(s, nonNil, pinOf(what, true)+" != nil", func(bad *State) {
		e.runtimePanic(bad, PanicNilDeref, nilDerefMessage)
	})
}

func (e *Engine) loadInstr(s *State, in *ssa.UnOp) {
	p := e.eval(s, in.X).(Pointer)
	if !e.checkNonNil(s, p.NonNil, in.X) {
		return
	}
	e.checkPointsTo(s, in.X, p.Obj)
	e.set(s, in, e.load(s, p))
}

// load reads the value p addresses, materialising lazy input parts.
func (e *Engine) load(s *State, p Pointer) Value {
	e.noteGlobalRead(s, p.Obj)
	v := e.materializePath(s, p.Obj, p.Path)
	if full := e.materializeDeep(s, v); full != nil {
		s.mem.set(p.Obj, replaceAt(s.mem.get(p.Obj).value, p.Path, full))
		return full
	}
	return v
}

func (e *Engine) storeInstr(s *State, in *ssa.Store) {
	p := e.eval(s, in.Addr).(Pointer)
	if !e.checkNonNil(s, p.NonNil, in.Addr) {
		return
	}
	e.checkPointsTo(s, in.Addr, p.Obj)
	e.store(s, p, e.eval(s, in.Val))
}

func (e *Engine) store(s *State, p Pointer, v Value) {
	e.materializePath(s, p.Obj, p.Path)
	s.mem.set(p.Obj, replaceAt(s.mem.get(p.Obj).value, p.Path, v))
}

// materializePath makes sure every composite on the way to path inside
// object id is concrete structure (not a lazy input), and returns the value
// at path.
func (e *Engine) materializePath(s *State, id ObjectID, path Path) Value {
	obj := s.mem.get(id)
	if obj == nil {
		panic(internalError("no object %d", id))
	}
	for i := 0; i <= len(path); i++ {
		v := valueAt(obj.value, path[:i])
		lazy, ok := v.(lazyInput)
		if !ok {
			continue
		}
		s.inputs.root = lazy.Root
		s.mem.set(id, replaceAt(obj.value, path[:i], s.inputs.build(e, s, lazy.Name, lazy.Type, lazy.Depth)))
		obj = s.mem.get(id)
	}
	return valueAt(obj.value, path)
}

// materializeDeep replaces every lazy input inside v (not behind pointers),
// returning the new value, or nil when v had none.
func (e *Engine) materializeDeep(s *State, v Value) Value {
	switch x := v.(type) {
	case lazyInput:
		s.inputs.root = x.Root
		built := s.inputs.build(e, s, x.Name, x.Type, x.Depth)
		if again := e.materializeDeep(s, built); again != nil {
			return again
		}
		return built
	case Struct:
		var fields []Value
		for i, f := range x.Fields {
			if m := e.materializeDeep(s, f); m != nil {
				if fields == nil {
					fields = append([]Value(nil), x.Fields...)
				}
				fields[i] = m
			}
		}
		if fields != nil {
			return Struct{fields}
		}
	case Array:
		var elems []Value
		for i, el := range x.Elems {
			if m := e.materializeDeep(s, el); m != nil {
				if elems == nil {
					elems = append([]Value(nil), x.Elems...)
				}
				elems[i] = m
			}
		}
		if elems != nil {
			return Array{elems}
		}
	}
	return nil
}

func (e *Engine) fieldAddr(s *State, in *ssa.FieldAddr) {
	p := e.eval(s, in.X).(Pointer)
	if !e.checkNonNil(s, p.NonNil, in.X) {
		return
	}
	e.checkPointsTo(s, in.X, p.Obj)
	e.set(s, in, Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.with(in.Field)})
}

// index64 widens an index operand to 64 bits as Go does for bounds checks: a
// negative signed index becomes a huge unsigned one, so one unsigned
// comparison checks both ends.
func (e *Engine) index64(s *State, v ssa.Value) expr.Expr {
	_, signed, _ := intInfo(v.Type())
	return expr.Resize(e.scalar(s, v), 64, signed)
}

// checkIndex lets s continue only where 0 <= i < length.
func (e *Engine) checkIndex(s *State, i, length expr.Expr, what ssa.Value) bool {
	return e.require(s, expr.Ult(i, length), pinOf(what, true)+" in range", func(bad *State) {
		msg := "index out of range"
		switch {
		case i.IsConst() && i.SignedValue() < 0:
			msg = fmt.Sprintf("index out of range [%d]", i.SignedValue()) // Go names no length then
		case i.IsConst() && length.IsConst():
			msg = fmt.Sprintf("index out of range [%d] with length %d", i.SignedValue(), length.Value())
		}
		e.runtimePanic(bad, PanicIndex, msg)
	})
}

func (e *Engine) indexAddr(s *State, in *ssa.IndexAddr) {
	i := e.index64(s, in.Index)
	var obj ObjectID
	var base Path
	var offset int
	var length expr.Expr
	switch x := e.eval(s, in.X).(type) {
	case Slice:
		obj, offset, length = x.Obj, x.Offset, x.Len
	case Pointer:
		if !e.checkNonNil(s, x.NonNil, in.X) {
			return
		}
		arr := in.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array)
		obj, base, length = x.Obj, x.Path, expr.Const(64, uint64(arr.Len()))
	default:
		panic(internalError("IndexAddr on %T", x))
	}
	if !e.checkIndex(s, i, length, in.Index) {
		return
	}
	e.checkPointsTo(s, in.X, obj)
	states, vals, ok := e.values(s, i, "index")
	if !ok {
		return
	}
	for k, t := range states {
		e.set(t, in, Pointer{NonNil: expr.True, Obj: obj, Path: base.with(offset + int(vals[k]))})
	}
}

func (e *Engine) index(s *State, in *ssa.Index) {
	i := e.index64(s, in.Index)
	switch x := e.eval(s, in.X).(type) {
	case String:
		if !e.checkIndex(s, i, x.Len, in.Index) {
			return
		}
		e.set(s, in, Scalar{x.byteAt(i)})
	case Array:
		if !e.checkIndex(s, i, expr.Const(64, uint64(len(x.Elems))), in.Index) {
			return
		}
		if i.IsConst() {
			e.set(s, in, x.Elems[i.Value()])
			return
		}
		if terms, ok := scalarTerms(x.Elems); ok {
			e.set(s, in, Scalar{selectTerm(terms, i, terms[0])})
			return
		}
		states, vals, ok := e.values(s, i, "index")
		if !ok {
			return
		}
		for k, t := range states {
			e.set(t, in, x.Elems[vals[k]])
		}
	default:
		panic(internalError("Index on %T", x))
	}
}

// scalarTerms gives the terms of values that are all scalars.
func scalarTerms(vs []Value) ([]expr.Expr, bool) {
	terms := make([]expr.Expr, len(vs))
	for i, v := range vs {
		sc, ok := v.(Scalar)
		if !ok {
			return nil, false
		}
		terms[i] = sc.E
	}
	return terms, len(terms) > 0
}

// sliceBound evaluates an optional bound of a slice expression.
func (e *Engine) sliceBound(s *State, v ssa.Value, def expr.Expr) expr.Expr {
	if v == nil {
		return def
	}
	return e.index64(s, v)
}

// checkSliceBounds lets s continue only where 0 <= lo <= hi <= max <= limit.
func (e *Engine) checkSliceBounds(s *State, lo, hi, max, limit expr.Expr, what ssa.Value) bool {
	ok := expr.And(expr.Ule(lo, hi), expr.Ule(hi, max), expr.Ule(max, limit))
	return e.require(s, ok, pinOf(what, true)+" bounds in range", func(bad *State) {
		e.runtimePanic(bad, PanicSlice, sliceBoundsMessage(lo, hi, max, limit))
	})
}

// sliceBoundsMessage is Go's message for the first bound that fails, when
// all are known.
func sliceBoundsMessage(lo, hi, max, limit expr.Expr) string {
	if !(lo.IsConst() && hi.IsConst() && max.IsConst() && limit.IsConst()) {
		return "slice bounds out of range"
	}
	l, h, m, c := lo.SignedValue(), hi.SignedValue(), max.SignedValue(), limit.SignedValue()
	switch {
	case m != h && (m < 0 || m > c):
		return fmt.Sprintf("slice bounds out of range [::%d] with capacity %d", m, c)
	case h < 0 || h > m:
		if m == h || m == c {
			return fmt.Sprintf("slice bounds out of range [:%d] with capacity %d", h, c)
		}
		return fmt.Sprintf("slice bounds out of range [:%d:%d]", h, m)
	default:
		return fmt.Sprintf("slice bounds out of range [%d:%d]", l, h)
	}
}

func (e *Engine) slice(s *State, in *ssa.Slice) {
	zero := expr.Const(64, 0)
	switch x := e.eval(s, in.X).(type) {
	case String:
		lo, hi := e.sliceBound(s, in.Low, zero), e.sliceBound(s, in.High, x.Len)
		if !e.checkSliceBounds(s, lo, hi, hi, x.Len, in.X) {
			return
		}
		e.set(s, in, substring(x, lo, hi))
	case Slice:
		lo := e.sliceBound(s, in.Low, zero)
		hi := e.sliceBound(s, in.High, x.Len)
		max := e.sliceBound(s, in.Max, x.Cap)
		if !e.checkSliceBounds(s, lo, hi, max, x.Cap, in.X) {
			return
		}
		e.checkPointsTo(s, in.X, x.Obj)
		e.setSliced(s, in, x.NonNil, x.Obj, x.Offset, lo, hi, max)
	case Pointer:
		if !e.checkNonNil(s, x.NonNil, in.X) {
			return
		}
		arr := in.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array)
		n := expr.Const(64, uint64(arr.Len()))
		lo, hi, max := e.sliceBound(s, in.Low, zero), e.sliceBound(s, in.High, n), e.sliceBound(s, in.Max, n)
		if !e.checkSliceBounds(s, lo, hi, max, n, in.X) {
			return
		}
		if len(x.Path) > 0 {
			e.unsupported(s, "slicing an array inside another object")
			return
		}
		e.checkPointsTo(s, in.X, x.Obj)
		e.setSliced(s, in, expr.True, x.Obj, 0, lo, hi, max)
	default:
		panic(internalError("Slice of %T", x))
	}
}

// setSliced sets the result of slicing to a window of object obj. The start
// of the window must be a known element, so a symbolic low bound forks.
func (e *Engine) setSliced(s *State, in *ssa.Slice, nonNil expr.Expr, obj ObjectID, offset int, lo, hi, max expr.Expr) {
	states, vals, ok := e.values(s, lo, "slice bound")
	if !ok {
		return
	}
	for k, t := range states {
		l := expr.Const(64, vals[k])
		e.set(t, in, Slice{NonNil: nonNil, Obj: obj, Offset: offset + int(vals[k]), Len: expr.Sub(hi, l), Cap: expr.Sub(max, l)})
	}
}

func (e *Engine) makeSlice(s *State, in *ssa.MakeSlice) {
	n, c := e.index64(s, in.Len), e.index64(s, in.Cap)
	inRange := expr.And(expr.Ule(n, c), expr.Ult(c, expr.Const(64, 1<<40)))
	if !e.require(s, inRange, "make length in range", func(bad *State) {
		e.runtimePanic(bad, PanicOther, "makeslice: len out of range")
	}) {
		return
	}
	cc, ok := e.concretize(s, c, "capacity of make")
	if !ok {
		return
	}
	if cc.Value() > uint64(e.cfg.Bounds.MaxSteps) {
		e.unsupported(s, "slice larger than the step bound")
		return
	}
	elem := in.Type().Underlying().(*types.Slice).Elem()
	id := e.newArray(s, elem, int(cc.Value()), in)
	e.set(s, in, Slice{NonNil: expr.True, Obj: id, Len: n, Cap: cc})
}

// newArray allocates an array object of n zero elements.
func (e *Engine) newArray(s *State, elem types.Type, n int, site ssa.Value) ObjectID {
	zero := zeroValue(elem)
	elems := make([]Value, n)
	for i := range elems {
		elems[i] = zero
	}
	return s.mem.alloc(&object{typ: types.NewArray(elem, int64(n)), value: Array{elems}, site: site})
}

func (e *Engine) sliceToArrayPointer(s *State, in *ssa.SliceToArrayPointer) {
	x := e.eval(s, in.X).(Slice)
	n := in.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array).Len()
	if !e.require(s, expr.Ule(expr.Const(64, uint64(n)), x.Len), "slice long enough", func(bad *State) {
		e.runtimePanic(bad, PanicSlice, "cannot convert slice to array pointer")
	}) {
		return
	}
	if n == 0 || x.Offset != 0 {
		e.unsupported(s, "slice to array pointer at an offset")
		return
	}
	e.set(s, in, Pointer{NonNil: x.NonNil, Obj: x.Obj})
}

// sliceElems reads the elements of a slice that are within its capacity.
func (e *Engine) sliceElems(s *State, x Slice) []Value {
	if x.Obj == 0 {
		return nil
	}
	arr := e.load(s, Pointer{NonNil: expr.True, Obj: x.Obj}).(Array)
	return arr.Elems[x.Offset:]
}

// bytesOfString is []byte(str): a new array holding the bytes.
func (e *Engine) bytesOfString(s *State, str String, site ssa.Value) Slice {
	id := e.newArray(s, types.Typ[types.Byte], len(str.Bytes), site)
	elems := make([]Value, len(str.Bytes))
	for i, b := range str.Bytes {
		elems[i] = Scalar{b}
	}
	s.mem.set(id, Array{elems})
	return Slice{NonNil: expr.True, Obj: id, Len: str.Len, Cap: str.Len}
}

// stringOfBytes is string(b) for a byte slice.
func (e *Engine) stringOfBytes(s *State, b Slice) (String, bool) {
	elems := e.sliceElems(s, b)
	bytes := make([]expr.Expr, len(elems))
	for i, el := range elems {
		sc, ok := el.(Scalar)
		if !ok {
			panic(internalError("byte slice element %T", el))
		}
		bytes[i] = sc.E
	}
	return String{Bytes: bytes, Len: b.Len}, true
}
