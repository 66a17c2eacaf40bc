package loader

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// FuncName names a function the way a user refers to it, and the way
// the -run flag matches it: "Func" for a function, "Type.Method" for a
// method on either a value or a pointer receiver, and with type arguments
// for instances: "Max[int]", "Stack[int].Push". Types from the function's
// own package are written unqualified, others with their package name
// ("Max[time.Duration]"). Functions that are not targets (closures,
// wrappers) get their SSA name.
func FuncName(fn *ssa.Function) string {
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil || fn.Synthetic != "" && fn.Origin() == nil {
		return fn.Name()
	}
	qualify := relativeTo(obj.Pkg())
	typeArgs := fn.TypeArgs()

	var b strings.Builder
	if recv := obj.Signature().Recv(); recv != nil {
		recvType := recv.Type()
		if ptr, ok := recvType.(*types.Pointer); ok {
			recvType = ptr.Elem()
		}
		if named, ok := types.Unalias(recvType).(*types.Named); ok {
			b.WriteString(named.Obj().Name())
			// The receiver's type arguments come first in TypeArgs.
			n := named.TypeParams().Len()
			if n > 0 && len(typeArgs) >= n {
				writeTypeArgs(&b, typeArgs[:n], qualify)
				typeArgs = typeArgs[n:]
			}
		} else {
			b.WriteString(types.TypeString(recvType, qualify))
		}
		b.WriteByte('.')
	}
	b.WriteString(obj.Name())
	writeTypeArgs(&b, typeArgs, qualify)
	return b.String()
}

func writeTypeArgs(b *strings.Builder, args []types.Type, qualify types.Qualifier) {
	if len(args) == 0 {
		return
	}
	b.WriteByte('[')
	for i, arg := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(types.TypeString(arg, qualify))
	}
	b.WriteByte(']')
}

// relativeTo writes types of pkg unqualified and others with their
// package name, which is short and what a Go programmer would write.
func relativeTo(pkg *types.Package) types.Qualifier {
	return func(other *types.Package) string {
		if other == pkg {
			return ""
		}
		return other.Name()
	}
}
