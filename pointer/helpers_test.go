package pointer

import "go/types"

type types_Type = types.Type

func ptrTo(t types.Type) types.Type { return types.NewPointer(t) }

func boolType() types.Type { return types.Typ[types.Bool] }
