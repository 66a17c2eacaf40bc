package machine

import (
	"fmt"
	"go/token"
	"go/types"
	"math"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/source"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

const NilDerefMessage = "invalid memory address or nil pointer dereference"

// gcSizes are the sizes of the gc compiler on a 64-bit platform.
var gcSizes = value.GCSizes

func (e *Machine) alloc(s *State, in *ssa.Alloc) {
	typ := in.Type().(*types.Pointer).Elem()
	id := s.Mem.Alloc(&value.Object{Type: typ, Value: value.Zero(typ), Site: in})
	e.set(s, in, value.Pointer{NonNil: expr.True, Obj: id})
}

// checkNonNil lets s continue only where p is not nil; where it may be nil,
// a state panics with a nil dereference (nilinputs.go).
func (e *Machine) checkNonNil(s *State, nonNil expr.Expr, what ssa.Value) bool {
	return e.RequireNonNil(s, nonNil, source.Pin(what, true)+" != nil", PanicNilDeref)
}

func (e *Machine) loadInstr(s *State, in *ssa.UnOp) {
	p := e.eval(s, in.X).(value.Pointer)
	if !e.checkNonNil(s, p.NonNil, in.X) {
		return
	}
	e.tellDeref(s, in.X, p.Obj)
	if len(p.Sym) == 0 {
		e.set(s, in, e.Load(s, p))
		return
	}
	if v, ok := e.loadSym(s, p); ok {
		e.set(s, in, v)
		return
	}
	states, ptrs, ok := e.forkSym(s, p)
	if !ok {
		return
	}
	for k, t := range states {
		e.set(t, in, e.Load(t, ptrs[k]))
	}
}

// Load reads the value p addresses, materialising lazy input parts.
func (e *Machine) Load(s *State, p value.Pointer) value.Value {
	e.noteGlobalRead(s, p.Obj)
	v := e.materializePath(s, p.Obj, p.Path)
	if full := e.materializeDeep(s, v); full != nil {
		s.Mem.Set(p.Obj, value.Replace(s.Mem.Get(p.Obj).Value, p.Path, full))
		return full
	}
	return v
}

func (e *Machine) storeInstr(s *State, in *ssa.Store) {
	p := e.eval(s, in.Addr).(value.Pointer)
	if !e.checkNonNil(s, p.NonNil, in.Addr) {
		return
	}
	e.tellDeref(s, in.Addr, p.Obj)
	v := e.eval(s, in.Val)
	if len(p.Sym) == 0 {
		e.Store(s, p, v)
		return
	}
	if e.storeSym(s, p, v) {
		return
	}
	states, ptrs, ok := e.forkSym(s, p)
	if !ok {
		return
	}
	for k, t := range states {
		e.Store(t, ptrs[k], v)
	}
}

func (e *Machine) Store(s *State, p value.Pointer, v value.Value) {
	e.materializePath(s, p.Obj, p.Path)
	s.Mem.Set(p.Obj, value.Replace(s.Mem.Get(p.Obj).Value, p.Path, v))
}

// materializePath makes sure every composite on the way to path inside
// object id is concrete structure (not a lazy input), and returns the value
// at path.
func (e *Machine) materializePath(s *State, id value.ObjectID, path value.Path) value.Value {
	obj := s.Mem.Get(id)
	if obj == nil {
		panic(InternalError("no object %d", id))
	}
	for i := 0; i <= len(path); i++ {
		v := value.At(obj.Value, path[:i])
		lazy, ok := v.(value.Lazy)
		if !ok {
			continue
		}
		s.Mem.Set(id, value.Replace(obj.Value, path[:i], e.Inputs.Lazy(s, lazy)))
		obj = s.Mem.Get(id)
	}
	return value.At(obj.Value, path)
}

// materializeDeep replaces every lazy input inside v (not behind pointers),
// returning the new value, or nil when v had none.
func (e *Machine) materializeDeep(s *State, v value.Value) value.Value {
	switch x := v.(type) {
	case value.Lazy:
		built := e.Inputs.Lazy(s, x)
		if again := e.materializeDeep(s, built); again != nil {
			return again
		}
		return built
	case value.Struct:
		var fields []value.Value
		for i, f := range x.Fields {
			if m := e.materializeDeep(s, f); m != nil {
				if fields == nil {
					fields = append([]value.Value(nil), x.Fields...)
				}
				fields[i] = m
			}
		}
		if fields != nil {
			return value.Struct{Fields: fields}
		}
	case value.Array:
		changed := false
		for i := range x.Len() {
			if m := e.materializeDeep(s, x.At(i)); m != nil {
				x, changed = x.Set(i, m), true
			}
		}
		if changed {
			return x
		}
	}
	return nil
}

func (e *Machine) fieldAddr(s *State, in *ssa.FieldAddr) {
	p := e.eval(s, in.X).(value.Pointer)
	if !e.checkNonNil(s, p.NonNil, in.X) {
		return
	}
	e.tellDeref(s, in.X, p.Obj)
	if e.descriptorFieldRead(s, in, p) {
		return
	}
	e.set(s, in, value.Pointer{NonNil: expr.True, Obj: p.Obj, Path: p.Path.With(in.Field), Sym: p.Sym})
}

// index64 widens an index operand to 64 bits as Go does for bounds checks: a
// negative signed index becomes a huge unsigned one, so one unsigned
// comparison checks both ends.
func (e *Machine) index64(s *State, v ssa.Value) expr.Expr {
	_, signed, _ := value.IntInfo(v.Type())
	return expr.Resize(e.Scalar(s, v), 64, signed)
}

// checkIndex lets s continue only where 0 <= i < length.
func (e *Machine) checkIndex(s *State, i, length expr.Expr, what ssa.Value) bool {
	return e.Require(s, expr.Ult(i, length), source.Pin(what, true)+" in range", func(bad *State) {
		msg := "index out of range"
		switch {
		case i.IsConst() && i.SignedValue() < 0:
			msg = fmt.Sprintf("index out of range [%d]", i.SignedValue()) // Go names no length then
		case i.IsConst() && length.IsConst():
			msg = fmt.Sprintf("index out of range [%d] with length %d", i.SignedValue(), length.Value())
		}
		e.RuntimePanic(bad, PanicIndex, msg)
	})
}

func (e *Machine) indexAddr(s *State, in *ssa.IndexAddr) {
	i := e.index64(s, in.Index)
	var base value.Pointer // the array
	var offset int
	var length expr.Expr
	switch x := e.eval(s, in.X).(type) {
	case value.Slice:
		base, offset, length = value.Pointer{NonNil: expr.True, Obj: x.Obj, Path: x.Base}, x.Offset, x.Len
	case value.Pointer:
		if !e.checkNonNil(s, x.NonNil, in.X) {
			return
		}
		arr := in.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array)
		base, length = value.Pointer{NonNil: expr.True, Obj: x.Obj, Path: x.Path, Sym: x.Sym}, expr.Const(64, uint64(arr.Len()))
	default:
		panic(InternalError("IndexAddr on %T", x))
	}
	if !e.checkIndex(s, i, length, in.Index) {
		return
	}
	e.tellDeref(s, in.X, base.Obj)
	elem := in.Type().Underlying().(*types.Pointer).Elem()
	if !i.IsConst() && (len(base.Sym) > 0 || contained(in) && choiceFree(elem)) {
		// An address that does not escape keeps its index symbolic
		// (symindex.go); one that escapes forks below.
		e.set(s, in, base.WithStep(expr.Add(i, expr.Const(64, uint64(offset)))))
		return
	}
	states, vals, ok := e.values(s, i, "index")
	if !ok {
		return
	}
	for k, t := range states {
		e.set(t, in, base.WithStep(expr.Const(64, uint64(offset)+vals[k])))
	}
}

func (e *Machine) index(s *State, in *ssa.Index) {
	i := e.index64(s, in.Index)
	switch x := e.eval(s, in.X).(type) {
	case value.String:
		if !e.checkIndex(s, i, x.Len, in.Index) {
			return
		}
		e.set(s, in, value.Scalar{E: x.ByteAt(i)})
	case value.Array:
		if !e.checkIndex(s, i, expr.Const(64, uint64(x.Len())), in.Index) {
			return
		}
		if i.IsConst() {
			e.set(s, in, x.At(int(i.Value())))
			return
		}
		if v, ok := value.IndexArray(x, i); ok {
			e.set(s, in, v)
			return
		}
		states, vals, ok := e.values(s, i, "index")
		if !ok {
			return
		}
		for k, t := range states {
			e.set(t, in, x.At(int(vals[k])))
		}
	default:
		panic(InternalError("Index on %T", x))
	}
}

// sliceBound evaluates an optional bound of a slice expression.
func (e *Machine) sliceBound(s *State, v ssa.Value, def expr.Expr) expr.Expr {
	if v == nil {
		return def
	}
	return e.index64(s, v)
}

// checkSliceBounds lets s continue only where 0 <= lo <= hi <= max <= limit.
func (e *Machine) checkSliceBounds(s *State, lo, hi, max, limit expr.Expr, in *ssa.Slice) bool {
	ok := expr.And(expr.Ule(lo, hi), expr.Ule(hi, max), expr.Ule(max, limit))
	return e.Require(s, ok, source.Pin(in.X, true)+" bounds in range", func(bad *State) {
		e.RuntimePanic(bad, PanicSlice, value.SliceBoundsMessage(lo, hi, max, limit, in))
	})
}

func (e *Machine) slice(s *State, in *ssa.Slice) {
	zero := expr.Const(64, 0)
	switch x := e.eval(s, in.X).(type) {
	case value.String:
		lo, hi := e.sliceBound(s, in.Low, zero), e.sliceBound(s, in.High, x.Len)
		if !e.checkSliceBounds(s, lo, hi, hi, x.Len, in) {
			return
		}
		e.set(s, in, value.Substring(x, lo, hi))
	case value.Slice:
		lo := e.sliceBound(s, in.Low, zero)
		hi := e.sliceBound(s, in.High, x.Len)
		max := e.sliceBound(s, in.Max, x.Cap)
		if !e.checkSliceBounds(s, lo, hi, max, x.Cap, in) {
			return
		}
		e.tellDeref(s, in.X, x.Obj)
		e.setSliced(s, in, x.NonNil, x.Obj, x.Base, x.Offset, lo, hi, max)
	case value.Pointer:
		if !e.checkNonNil(s, x.NonNil, in.X) {
			return
		}
		arr := in.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array)
		n := expr.Const(64, uint64(arr.Len()))
		lo, hi, max := e.sliceBound(s, in.Low, zero), e.sliceBound(s, in.High, n), e.sliceBound(s, in.Max, n)
		if !e.checkSliceBounds(s, lo, hi, max, n, in) {
			return
		}
		if len(x.Sym) > 0 {
			// contained never admits a Slice, so no such pointer gets here.
			panic(InternalError("slicing an array at a symbolic index"))
		}
		e.tellDeref(s, in.X, x.Obj)
		e.setSliced(s, in, expr.True, x.Obj, x.Path, 0, lo, hi, max)
	default:
		panic(InternalError("Slice of %T", x))
	}
}

// setSliced sets the result of slicing to a window of the array at base in
// object obj. The start of the window must be a known element, so a
// symbolic low bound forks.
func (e *Machine) setSliced(s *State, in *ssa.Slice, nonNil expr.Expr, obj value.ObjectID, base value.Path, offset int, lo, hi, max expr.Expr) {
	states, vals, ok := e.values(s, lo, "slice bound")
	if !ok {
		return
	}
	for k, t := range states {
		l := expr.Const(64, vals[k])
		e.set(t, in, value.Slice{NonNil: nonNil, Obj: obj, Base: base, Offset: offset + int(vals[k]), Len: expr.Sub(hi, l), Cap: expr.Sub(max, l)})
	}
}

func (e *Machine) makeSlice(s *State, in *ssa.MakeSlice) {
	n, c := e.index64(s, in.Len), e.index64(s, in.Cap)
	elem := in.Type().Underlying().(*types.Slice).Elem()
	if sl, ok := e.AllocSlice(s, elem, n, c, in); ok {
		e.set(s, in, sl)
	}
}

// AllocSlice makes a slice of length n and capacity c of zero elem
// values, as Go's runtime.makeslice does: a length (then a capacity) that
// is negative (huge, unsigned) or whose bytes exceed the allocator's limit
// panics. Smaller sizes that the machine cannot allocate crash instead;
// those are past the allocation bound below, so no test is made of them.
// It reports false when s did not go on (it panicked or stopped).
func (e *Machine) AllocSlice(s *State, elem types.Type, n, c expr.Expr, site ssa.Value) (value.Slice, bool) {
	maxLen := uint64(math.MaxUint64)
	if size := gcSizes.Sizeof(elem); size > 0 {
		maxLen = maxAlloc / uint64(size)
	}
	limit := expr.Const(64, maxLen)
	if !e.Require(s, expr.Ule(n, limit), "make length in range", func(bad *State) {
		e.RuntimePanic(bad, PanicOther, "makeslice: len out of range")
	}) {
		return value.Slice{}, false
	}
	if !e.Require(s, expr.And(expr.Ule(n, c), expr.Ule(c, limit)), "make capacity in range", func(bad *State) {
		e.RuntimePanic(bad, PanicOther, "makeslice: cap out of range")
	}) {
		return value.Slice{}, false
	}
	size, ok := e.allocSize(s, c)
	if !ok {
		return value.Slice{}, false
	}
	if size > uint64(e.Cfg.Bounds.MaxSteps) {
		e.Unsupported(s, "slice larger than the step bound")
		return value.Slice{}, false
	}
	id := e.NewArray(s, elem, int(size), site)
	return value.Slice{NonNil: expr.True, Obj: id, Len: n, Cap: c}, true
}

// maxAlloc is the Go allocator's limit on one allocation (runtime.maxAlloc
// on 64-bit Linux).
const maxAlloc = 1 << 48

// allocSize is how many elements to allocate for a slice of capacity c.
// A symbolic capacity stays symbolic (so are the bounds checks against it);
// the backing array gets the smallest size of a ladder that every feasible
// capacity fits, at most maxAllocSize. Past that, the capacity is assumed
// to be at most maxAllocSize as an input size bound is (inputs/inputbounds.go), so
// code that only larger sizes reach is not claimed dead.
func (e *Machine) allocSize(s *State, c expr.Expr) (uint64, bool) {
	if c.IsConst() {
		return c.Value(), true
	}
	b := e.Cfg.Bounds
	// Twice the input bounds fits sizes derived from inputs (hex's
	// EncodedLen), and keeps a length that later forks (append) within
	// MaxFork values.
	limit := uint64(2 * max(b.MaxLen, b.MaxElems))
	for size := uint64(b.MaxElems); ; size *= 2 {
		size = min(size, limit)
		over := expr.Ult(expr.Const(64, size), c)
		switch e.Check(solver.Query{Constraints: append(s.PathCond[:len(s.PathCond):len(s.PathCond)], over)}).Result {
		case solver.Unsat:
			return size, true
		case solver.Sat:
			if size == limit {
				within := expr.Ule(c, expr.Const(64, size))
				if e.Check(solver.Query{Constraints: append(s.PathCond[:len(s.PathCond):len(s.PathCond)], within)}).Result != solver.Sat {
					// Every feasible capacity is large: pin one, as before.
					cc, ok := e.Concretize(s, c, "capacity of make")
					if !ok {
						return 0, false
					}
					return cc.Value(), true
				}
				// A capacity is no input: its bound cannot grow.
				e.Inputs.SizeBound(within, over, c, int(size))
				s.Assume(within, "")
				return size, true
			}
		default:
			e.Finish(s, EndSolverUnknown, 0, "solver could not bound the capacity of make")
			return 0, false
		}
	}
}

// NewArray allocates an array object of n zero elements.
func (e *Machine) NewArray(s *State, elem types.Type, n int, site ssa.Value) value.ObjectID {
	return s.Mem.Alloc(&value.Object{Type: types.NewArray(elem, int64(n)), Value: value.FilledArray(n, value.Zero(elem)), Site: site})
}

func (e *Machine) sliceToArrayPointer(s *State, in *ssa.SliceToArrayPointer) {
	x := e.eval(s, in.X).(value.Slice)
	n := in.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array).Len()
	if !e.Require(s, expr.Ule(expr.Const(64, uint64(n)), x.Len), "slice long enough", func(bad *State) {
		e.RuntimePanic(bad, PanicSlice, "cannot convert slice to array pointer")
	}) {
		return
	}
	whole, isArray := value.At(s.Mem.Get(x.Obj).Value, x.Base).(value.Array)
	if n > 0 && x.Offset == 0 && (!isArray || whole.Len() == int(n)) {
		e.set(s, in, value.Pointer{NonNil: x.NonNil, Obj: x.Obj, Path: x.Base})
		return
	}
	if n > 0 && isArray && readAtOnce(in) {
		// [N]T(x), which Go compiles to *(*[N]T)(x): the pointer is read
		// at once and never written through, so a copy of the N elements
		// stands for the window on the longer array (a []byte input
		// grown to 16 elements, converted to [11]byte), which a pointer
		// to the whole array would not be.
		// The copy names the object the window is on (its allocation
		// site, or the input it is), as the pointer Go makes would: the
		// points-to check and the analyses that follow pointers see the
		// same object, not an allocation the program never makes.
		elems := append([]value.Value(nil), e.SliceArray(s, x).Elems()[x.Offset:x.Offset+int(n)]...)
		elem := in.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array).Elem()
		orig := s.Mem.Get(x.Obj)
		id := s.Mem.Alloc(&value.Object{Type: types.NewArray(elem, n), Value: value.ArrayOf(elems),
			Site: orig.Site, Input: orig.Input, Root: orig.Root, RootType: orig.RootType})
		e.set(s, in, value.Pointer{NonNil: expr.True, Obj: id})
		return
	}
	e.Unsupported(s, "slice to array pointer on part of an array")
}

// readAtOnce tells whether the only use of in is a load by the next
// instruction, as in the conversion of a slice to an array value.
func readAtOnce(in *ssa.SliceToArrayPointer) bool {
	refs := in.Referrers()
	if refs == nil || len(*refs) != 1 {
		return false
	}
	load, ok := (*refs)[0].(*ssa.UnOp)
	if !ok || load.Op != token.MUL || load.Block() != in.Block() {
		return false
	}
	instrs := in.Block().Instrs
	for i, instr := range instrs[:len(instrs)-1] {
		if instr == in {
			return instrs[i+1] == load
		}
	}
	return false
}

// SliceElems reads the elements of a slice that are within its capacity.
func (e *Machine) SliceElems(s *State, x value.Slice) []value.Value {
	if x.Obj == 0 {
		return nil
	}
	return e.SliceArray(s, x).Elems()[x.Offset:]
}

// SliceArray is the whole array a non-nil slice is a window on.
func (e *Machine) SliceArray(s *State, x value.Slice) value.Array {
	return e.Load(s, value.Pointer{NonNil: expr.True, Obj: x.Obj, Path: x.Base}).(value.Array)
}

// SetSliceArray replaces the whole array a non-nil slice is a window on.
func (e *Machine) SetSliceArray(s *State, x value.Slice, arr value.Array) {
	e.Store(s, value.Pointer{NonNil: expr.True, Obj: x.Obj, Path: x.Base}, arr)
}

// bytesOfString is []byte(str): a new array holding the bytes.
func (e *Machine) bytesOfString(s *State, str value.String, site ssa.Value) value.Slice {
	id := e.NewArray(s, types.Typ[types.Byte], len(str.Bytes), site)
	elems := make([]value.Value, len(str.Bytes))
	for i, b := range str.Bytes {
		elems[i] = value.Scalar{E: b}
	}
	s.Mem.Set(id, value.ArrayOf(elems))
	return value.Slice{NonNil: expr.True, Obj: id, Len: str.Len, Cap: str.Len}
}

// StringOfBytes is string(b) for a byte slice.
func (e *Machine) StringOfBytes(s *State, b value.Slice) (value.String, bool) {
	elems := e.SliceElems(s, b)
	bytes := make([]expr.Expr, len(elems))
	for i, el := range elems {
		sc, ok := el.(value.Scalar)
		if !ok {
			panic(InternalError("byte slice element %T", el))
		}
		bytes[i] = sc.E
	}
	return value.String{Bytes: bytes, Len: b.Len}, true
}
