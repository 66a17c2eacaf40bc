package expr

import "fmt"

// ArrayVar is Var(name, ArraySort(indexWidth, elemWidth)).
func ArrayVar(name string, indexWidth, elemWidth int) Expr {
	return Var(name, ArraySort(indexWidth, elemWidth))
}

// ConstArray is the array of the given sort that maps every index to value.
func ConstArray(sort Sort, value Expr) Expr {
	if !sort.IsArray() || value.Sort() != sort.Elem() {
		panic(fmt.Sprintf("expr: ConstArray of sort %v with element %s", sort, describe(value)))
	}
	return mk(OpConstArray, sort, 0, "", value)
}

// Select is array[index].
func Select(array, index Expr) Expr {
	mustArrayIndex("Select", array, index)
	// Walk down stores whose index is known to differ; stop at the first
	// store that might write this index.
	for {
		switch array.Op() {
		case OpConstArray:
			return array.Arg(0)
		case OpStore:
			at := array.Arg(1)
			if at == index {
				return array.Arg(2)
			}
			if at.IsConst() && index.IsConst() {
				array = array.Arg(0) // a different constant index
				continue
			}
		}
		return mk(OpSelect, array.Sort().Elem(), 0, "", array, index)
	}
}

// Store is array with index mapped to value.
func Store(array, index, value Expr) Expr {
	mustArrayIndex("Store", array, index)
	if value.Sort() != array.Sort().Elem() {
		panic(fmt.Sprintf("expr: Store of %s into %s", describe(value), describe(array)))
	}
	if array.Op() == OpStore && array.Arg(1) == index {
		array = array.Arg(0) // the older write to this index is dead
	}
	return mk(OpStore, array.Sort(), 0, "", array, index, value)
}

func mustArrayIndex(who string, array, index Expr) {
	if !array.IsValid() || !array.Sort().IsArray() || !index.IsValid() || index.Sort() != array.Sort().Index() {
		panic(fmt.Sprintf("expr: %s on %s at %s", who, describe(array), describe(index)))
	}
}
