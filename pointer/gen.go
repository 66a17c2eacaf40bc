package pointer

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// genInstr adds the constraints of one instruction.
func (a *analysis) genInstr(fi *funcInfo, instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.Alloc:
		elem := in.Type().(*types.Pointer).Elem()
		o := a.siteObject(in, KindAlloc, elem, a.lay.of(elem))
		a.addLabel(a.valueNode(in), o.id)

	case *ssa.MakeSlice:
		elem := in.Type().Underlying().(*types.Slice).Elem()
		o := a.siteObject(in, KindSlice, elem, a.arrayLayout(elem))
		a.addLabel(a.valueNode(in), o.id)

	case *ssa.MakeMap:
		m := in.Type().Underlying().(*types.Map)
		o := a.siteObject(in, KindMap, m, a.mapLayout(m))
		a.addLabel(a.valueNode(in), o.id)

	case *ssa.MakeChan:
		c := in.Type().Underlying().(*types.Chan)
		o := a.siteObject(in, KindChan, c, a.chanLayout(c))
		a.addLabel(a.valueNode(in), o.id)

	case *ssa.MakeInterface:
		t := in.X.Type()
		o := a.siteObject(in, KindBox, t, a.boxLayout(t))
		a.addLabel(a.valueNode(in), o.id)
		if src := a.valueNode(in.X); src != 0 {
			a.addCopyN(o.id+1, src, a.lay.size(t))
		}

	case *ssa.MakeClosure:
		fn := in.Fn.(*ssa.Function)
		a.addLabel(a.valueNode(in), a.functionObject(fn).id)
		for i, b := range in.Bindings {
			if src := a.valueNode(b); src != 0 {
				a.addCopyN(a.valueNode(fn.FreeVars[i]), src, a.lay.size(b.Type()))
			}
		}

	case *ssa.FieldAddr:
		st := in.X.Type().Underlying().(*types.Pointer).Elem()
		fieldType := st.Underlying().(*types.Struct).Field(in.Field).Type()
		a.addConstraint(a.valueNode(in.X), &offsetC{dst: a.valueNode(in), off: a.lay.offsetOfField(st, in.Field), n: a.lay.size(fieldType)})

	case *ssa.IndexAddr:
		elem := in.Type().(*types.Pointer).Elem()
		a.addConstraint(a.valueNode(in.X), &offsetC{dst: a.valueNode(in), off: 1, n: a.lay.size(elem)})

	case *ssa.Field:
		if dst := a.valueNode(in); dst != 0 {
			off := a.lay.offsetOfField(in.X.Type(), in.Field)
			a.addCopyN(dst, a.valueNode(in.X)+nodeid(off), a.lay.size(in.Type()))
		}

	case *ssa.Index:
		if _, ok := in.X.Type().Underlying().(*types.Array); ok {
			if dst := a.valueNode(in); dst != 0 {
				a.addCopyN(dst, a.valueNode(in.X)+1, a.lay.size(in.Type()))
			}
		}

	case *ssa.UnOp:
		a.genUnOp(in)

	case *ssa.Store:
		if src := a.valueNode(in.Val); src != 0 {
			a.addConstraint(a.valueNode(in.Addr), &storeC{src: src, n: a.lay.size(in.Val.Type())})
		}

	case *ssa.MapUpdate:
		m := in.Map.Type().Underlying().(*types.Map)
		mp := a.valueNode(in.Map)
		if k := a.valueNode(in.Key); k != 0 {
			a.addConstraint(mp, &storeC{src: k, off: 1, n: a.lay.size(m.Key())})
		}
		if v := a.valueNode(in.Value); v != 0 {
			a.addConstraint(mp, &storeC{src: v, off: 1 + a.lay.size(m.Key()), n: a.lay.size(m.Elem())})
		}

	case *ssa.Lookup:
		if m, ok := in.X.Type().Underlying().(*types.Map); ok {
			if dst := a.valueNode(in); dst != 0 {
				a.addConstraint(a.valueNode(in.X), &loadC{dst: dst, off: 1 + a.lay.size(m.Key()), n: a.lay.size(m.Elem())})
			}
		}

	case *ssa.Range:
		if _, ok := in.X.Type().Underlying().(*types.Map); ok {
			a.addCopy(a.valueNode(in), a.valueNode(in.X))
		}

	case *ssa.Next:
		if in.IsString {
			break
		}
		m := in.Iter.(*ssa.Range).X.Type().Underlying().(*types.Map)
		tup := in.Type().(*types.Tuple)
		if dst := a.valueNode(in); dst != 0 {
			it := a.valueNode(in.Iter)
			a.addConstraint(it, &loadC{dst: dst + nodeid(a.lay.offsetOfTuple(tup, 1)), off: 1, n: a.lay.size(m.Key())})
			a.addConstraint(it, &loadC{dst: dst + nodeid(a.lay.offsetOfTuple(tup, 2)), off: 1 + a.lay.size(m.Key()), n: a.lay.size(m.Elem())})
		}

	case *ssa.Phi:
		if dst := a.valueNode(in); dst != 0 {
			for _, e := range in.Edges {
				a.addCopyN(dst, a.valueNode(e), a.lay.size(in.Type()))
			}
		}

	case *ssa.Extract:
		if dst := a.valueNode(in); dst != 0 {
			tup := in.Tuple.Type().(*types.Tuple)
			a.addCopyN(dst, a.valueNode(in.Tuple)+nodeid(a.lay.offsetOfTuple(tup, in.Index)), a.lay.size(in.Type()))
		}

	case *ssa.ChangeType:
		a.addCopyN(a.valueNode(in), a.valueNode(in.X), a.lay.size(in.Type()))
	case *ssa.ChangeInterface:
		a.addCopy(a.valueNode(in), a.valueNode(in.X))
	case *ssa.SliceToArrayPointer:
		a.addCopy(a.valueNode(in), a.valueNode(in.X))
	case *ssa.Slice:
		if dst := a.valueNode(in); dst != 0 {
			a.addCopy(dst, a.valueNode(in.X))
		}
	case *ssa.Convert:
		a.genConvert(in, in.X)
	case *ssa.MultiConvert:
		a.genConvert(in, in.X)

	case *ssa.TypeAssert:
		a.genTypeAssert(in)

	case *ssa.Call:
		a.genCall(in)
	case *ssa.Go:
		a.genCall(in)
	case *ssa.Defer:
		a.genCall(in)

	case *ssa.Return:
		if fi.results == 0 {
			break
		}
		tup := fi.fn.Signature.Results()
		for i, r := range in.Results {
			if src := a.valueNode(r); src != 0 {
				a.addCopyN(fi.results+nodeid(a.lay.offsetOfTuple(tup, i)), src, a.lay.size(r.Type()))
			}
		}

	case *ssa.Panic:
		a.addCopy(a.panicVal, a.valueNode(in.X))

	case *ssa.Send:
		if src := a.valueNode(in.X); src != 0 {
			a.addConstraint(a.valueNode(in.Chan), &storeC{src: src, off: 1, n: a.lay.size(in.X.Type())})
		}

	case *ssa.Select:
		a.genSelect(in)
	}
}

func (a *analysis) genUnOp(in *ssa.UnOp) {
	switch in.Op {
	case token.MUL: // load
		if dst := a.valueNode(in); dst != 0 {
			a.addConstraint(a.valueNode(in.X), &loadC{dst: dst, n: a.lay.size(in.Type())})
		}
	case token.ARROW: // receive; with CommaOk the value is the tuple's first part
		elem := in.X.Type().Underlying().(*types.Chan).Elem()
		if dst := a.valueNode(in); dst != 0 {
			a.addConstraint(a.valueNode(in.X), &loadC{dst: dst, off: 1, n: a.lay.size(elem)})
		}
	}
}

func (a *analysis) genSelect(in *ssa.Select) {
	tup := in.Type().(*types.Tuple)
	dst := a.valueNode(in)
	recv := 0
	for _, st := range in.States {
		elem := st.Chan.Type().Underlying().(*types.Chan).Elem()
		switch st.Dir {
		case types.SendOnly:
			if src := a.valueNode(st.Send); src != 0 {
				a.addConstraint(a.valueNode(st.Chan), &storeC{src: src, off: 1, n: a.lay.size(elem)})
			}
		case types.RecvOnly:
			if dst != 0 && a.lay.hasPointers(elem) {
				off := a.lay.offsetOfTuple(tup, 2+recv)
				a.addConstraint(a.valueNode(st.Chan), &loadC{dst: dst + nodeid(off), off: 1, n: a.lay.size(elem)})
			}
			recv++
		}
	}
}

// genConvert: conversions between pointer types go through
// unsafe.Pointer; the address is kept, but what the new type means at
// each offset is not checked, so these sites are reported.
func (a *analysis) genConvert(in ssa.Value, x ssa.Value) {
	from, to := x.Type(), in.Type()
	dst := a.valueNode(in)
	if isUnsafePointer(from) || isUnsafePointer(to) {
		pos := in.Pos()
		fn := in.Parent()
		if dst != 0 && !a.lay.hasPointers(from) {
			a.warn(pos, WarnUnsafe, "uintptr:"+fn.String(), fmt.Sprintf("%s: pointer made from an integer (uintptr) points nowhere", fn))
		} else {
			a.warn(pos, WarnUnsafe, "conv:"+fn.String(), fmt.Sprintf("%s: unsafe.Pointer conversion: layouts are not checked across types", fn))
		}
	}
	if dst == 0 {
		return
	}
	if sl, ok := to.Underlying().(*types.Slice); ok && isString(from) {
		// []byte(s) and []rune(s) allocate a fresh backing array: the
		// conversion is its allocation site (found missing by the
		// executor's points-to check on strs.Upper).
		o := a.siteObject(in, KindSlice, sl.Elem(), a.arrayLayout(sl.Elem()))
		a.addLabel(dst, o.id)
		return
	}
	if src := a.valueNode(x); src != 0 {
		a.addCopy(dst, src)
	}
}

// isString reports whether t's underlying type is a string type.
func isString(t types.Type) bool {
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Info()&types.IsString != 0
	}
	return false
}

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

func (a *analysis) genTypeAssert(in *ssa.TypeAssert) {
	dst := a.valueNode(in)
	if dst == 0 {
		return
	}
	src := a.valueNode(in.X)
	if iface, ok := in.AssertedType.Underlying().(*types.Interface); ok {
		a.addConstraint(src, &assertC{dst: dst, isIface: true, iface: iface})
		return
	}
	a.addConstraint(src, &assertC{typ: in.AssertedType, dst: dst, size: a.lay.size(in.AssertedType)})
}
