package loader

import (
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// HandingMethod is, for a type t of home's package that no function of
// it returns, the method of another type of the package through which
// callers get one: a method of *R whose one result is exactly t, called
// on an R the API makes (list.New().PushBack(v) hands out a
// *list.Element). Its parameters must be plain (plainParams): InsertAfter
// (v, mark *Element) needs an Element already. Among several an exported
// one is taken, then one with more parameters: a method with none only
// hands out what its receiver already holds (Front of a new list is nil),
// one with some makes a value of them. Then the first by receiver and
// name, so that the choice is the same on every run. It is nil when no
// method hands out t.
func HandingMethod(prog *ssa.Program, t types.Type, home *types.Package) *ssa.Function {
	cands := HandingMethods(prog, t, home)
	if len(cands) == 0 {
		return nil
	}
	return cands[0]
}

// HandingMethods are all the methods that HandingMethod chooses among,
// in its order of preference: a caller that holds the receiver already
// may want another than the first (PushFront as well as PushBack, to
// hold an element that is not the last).
func HandingMethods(prog *ssa.Program, t types.Type, home *types.Package) []*ssa.Function {
	named := namedOf(t)
	pkg := prog.Package(home)
	if named == nil || pkg == nil || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != home.Path() || named.TypeParams().Len() > 0 {
		return nil
	}
	var cands []*ssa.Function
	for _, m := range pkg.Members {
		tm, ok := m.(*ssa.Type)
		if !ok {
			continue
		}
		recv, ok := tm.Type().(*types.Named)
		if !ok || recv.Obj() == named.Obj() || recv.TypeParams().Len() > 0 || types.IsInterface(recv) {
			continue
		}
		mset := prog.MethodSets.MethodSet(types.NewPointer(recv))
		for i := 0; i < mset.Len(); i++ {
			fn := prog.MethodValue(mset.At(i))
			if fn == nil || fn.Pkg != pkg || len(fn.Blocks) == 0 || fn.Synthetic != "" {
				continue
			}
			sig := fn.Signature
			if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), t) || !plainParams(sig.Params(), named) {
				continue
			}
			cands = append(cands, fn)
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if ea, eb := a.Object().Exported(), b.Object().Exported(); ea != eb {
			return ea
		}
		if na, nb := len(a.Params), len(b.Params); na != nb {
			return na > nb
		}
		if ra, rb := a.Signature.Recv().Type().String(), b.Signature.Recv().Type().String(); ra != rb {
			return ra < rb
		}
		return a.Name() < b.Name()
	})
	return cands
}
