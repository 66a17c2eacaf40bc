package symbolic

import (
	"go/types"
	"math"
	"math/bits"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// A model stands in for a function that has no Go body (assembly, or a
// linkname into the runtime), or whose Go body the executor cannot follow
// (it reinterprets memory through unsafe, or does pointer arithmetic). A
// function with a model always runs the model, body or not. It gets the evaluated arguments and gives
// the results; ok=false means it dealt with the state itself (ended the
// path, or set the results of forked states).
type model func(e *Engine, s *State, fn *ssa.Function, args []value.Value) (results []value.Value, ok bool)

// models are keyed by the function's full name, e.g.
// "internal/bytealg.IndexByteString" or "(*sync.Pool).Get". They are filled
// in init because some models call back into the interpreter, which looks
// models up. This is the one place models are registered: the other files
// give their tables to init.
var models map[string]model

func init() {
	models = builtinModels()
	for _, more := range []map[string]model{syncModels(), streamModels(), uncontrolledModels(), reflectliteModels(),
		reflectModels(), efaceModels(), reflectValueModels(), envModels(), sortSliceModels()} {
		for name, m := range more {
			models[name] = m
		}
	}
}

// modelFor is the model of fn, or nil: by name, or for sync/atomic's
// functions by the operation they name.
func modelFor(fn *ssa.Function) model {
	name := fn.String()
	if m, ok := models[name]; ok {
		return m
	}
	if m := reflectMethodModel(fn); m != nil {
		return m
	}
	if m := hashTrieIterModel(fn); m != nil {
		return m
	}
	if fn.Pkg != nil && fn.Pkg.Pkg.Path() == "sync/atomic" && len(fn.Blocks) == 0 {
		if m, ok := atomicModel(fn.Name()); ok {
			return m
		}
	}
	return nil
}

func builtinModels() map[string]model {
	return map[string]model{
		"internal/bytealg.IndexByteString": func(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			return one(indexByte(stringTerms(a[0].(value.String)), a[0].(value.String).Len, a[1].(value.Scalar).E)), true
		},
		"internal/bytealg.IndexByte": func(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			terms, n := e.byteSliceTerms(s, a[0].(value.Slice))
			return one(indexByte(terms, n, a[1].(value.Scalar).E)), true
		},
		"internal/bytealg.CountString": func(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			return one(countByte(stringTerms(a[0].(value.String)), a[0].(value.String).Len, a[1].(value.Scalar).E)), true
		},
		"internal/bytealg.Count": func(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			terms, n := e.byteSliceTerms(s, a[0].(value.Slice))
			return one(countByte(terms, n, a[1].(value.Scalar).E)), true
		},
		"internal/bytealg.Compare": func(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			x, _ := e.stringOfBytes(s, a[0].(value.Slice))
			y, _ := e.stringOfBytes(s, a[1].(value.Slice))
			return one(compareStrings(x, y)), true
		},
		"internal/bytealg.abigen_runtime_cmpstring": func(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			return one(compareStrings(a[0].(value.String), a[1].(value.String))), true
		},
		"internal/bytealg.IndexString": func(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			return one(indexString(a[0].(value.String), a[1].(value.String))), true
		},
		"internal/bytealg.Index": func(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			x, _ := e.stringOfBytes(s, a[0].(value.Slice))
			y, _ := e.stringOfBytes(s, a[1].(value.Slice))
			return one(indexString(x, y)), true
		},
		// The runtime's MakeNoZero checks its length as make([]byte, n)
		// does (strings.Repeat and Builder.Grow reach it with any count).
		"internal/bytealg.MakeNoZero": func(e *Engine, s *State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			n := a[0].(value.Scalar).E
			sl, ok := e.allocSlice(s, types.Typ[types.Byte], n, n, nil)
			if !ok {
				return nil, false
			}
			return []value.Value{sl}, true
		},
		"math.Float64bits":        floatBits(64),
		"math.Float32bits":        floatBits(32),
		"math.Float64frombits":    floatFromBits(64),
		"math.Float32frombits":    floatFromBits(32),
		"runtime.float64bits":     floatBits(64),
		"runtime.float64frombits": floatFromBits(64),
		"runtime.float32bits":     floatBits(32),
		"runtime.float32frombits": floatFromBits(32),
		"math.Sqrt":               floatFunc(math.Sqrt),
		"math.Floor":              floatFunc(math.Floor),
		"math.Ceil":               floatFunc(math.Ceil),
		"math.Trunc":              floatFunc(math.Trunc),
		"math.archSqrt":           floatFunc(math.Sqrt),
		"math.archFloor":          floatFunc(math.Floor),
		"math.archCeil":           floatFunc(math.Ceil),
		"math.archTrunc":          floatFunc(math.Trunc),
		"math.archMax":            floatFunc2(math.Max),
		"math.archMin":            floatFunc2(math.Min),
		"math.archHypot":          floatFunc2(math.Hypot),
		"math.archExp":            floatFunc(math.Exp),
		"math.archExp2":           floatFunc(math.Exp2),
		"math.archLog":            floatFunc(math.Log),
		"runtime.KeepAlive":       noResults,
		"runtime.Gosched":         noResults,
		"sync.runtime_canSpin": func(*Engine, *State, *ssa.Function, []value.Value) ([]value.Value, bool) {
			return one(expr.False), true
		},
		"sync.throw":              throwModel,
		"sync.fatal":              throwModel,
		"internal/sync.throw":     throwModel,
		"internal/sync.fatal":     throwModel,
		"runtime.panicwrap":       throwModel,
		"internal/abi.FuncPCABI0": unmodelledAddress,

		// Since Go 1.26 strconv's work is in internal/strconv, which has
		// its own copies of these, so as to import neither math nor runtime.
		"internal/strconv.float64bits":     floatBits(64),
		"internal/strconv.float64frombits": floatFromBits(64),
		"internal/strconv.float32bits":     floatBits(32),
		"internal/strconv.float32frombits": floatFromBits(32),
	}
}

func one(x expr.Expr) []value.Value { return []value.Value{value.Scalar{E: x}} }

func noResults(*Engine, *State, *ssa.Function, []value.Value) ([]value.Value, bool) { return nil, true }

func throwModel(e *Engine, s *State, fn *ssa.Function, _ []value.Value) ([]value.Value, bool) {
	e.unsupported(s, "fatal error in "+fn.String())
	return nil, false
}

func unmodelledAddress(e *Engine, s *State, fn *ssa.Function, _ []value.Value) ([]value.Value, bool) {
	e.unsupported(s, "code addresses ("+fn.String()+")")
	return nil, false
}

// callModel runs the model of a function (see modelFor), or, for a
// bodiless function without one, ends the path with
// reason "unmodelled:<name>".
func (e *Engine) callModel(s *State, instr ssa.CallInstruction, fn *ssa.Function, args []value.Value) {
	m := e.info(fn).model
	if m == nil {
		e.finish(s, EndUnsupported, 0, "unmodelled:"+fn.String())
		return
	}
	if results, ok := m(e, s, fn, args); ok {
		e.setResults(s, instr, results)
	}
}

func stringTerms(s value.String) []expr.Expr { return s.Bytes }

func (e *Engine) byteSliceTerms(s *State, b value.Slice) ([]expr.Expr, expr.Expr) {
	elems := e.sliceElems(s, b)
	terms := make([]expr.Expr, len(elems))
	for i, el := range elems {
		terms[i] = el.(value.Scalar).E
	}
	return terms, b.Len
}

// compareStrings is -1, 0 or 1 as x is below, equal to or above y in
// byte-wise order: bytes.Compare and strings.Compare, which are assembly
// on most architectures.
func compareStrings(x, y value.String) expr.Expr {
	return expr.Ite(value.StringsLess(x, y), expr.Const(64, ^uint64(0)),
		expr.Ite(value.StringsEqual(x, y), expr.Const(64, 0), expr.Const(64, 1)))
}

// indexString is the first position at which b occurs in a, or -1:
// strings.Index's and bytes.Index's search for a b of 2 … bytealg.MaxLen
// bytes, which is assembly on most architectures. A match at i needs
// i+len(b) ≤ len(a), so the bytes of b it compares all lie within those
// a holds.
func indexString(a, b value.String) expr.Expr {
	res := expr.Const(64, ^uint64(0))
	for i := len(a.Bytes) - 1; i >= 0; i-- {
		pos := expr.Const(64, uint64(i))
		hit := expr.Ule(expr.Add(pos, b.Len), a.Len)
		for k := 0; k < len(b.Bytes) && i+k < len(a.Bytes); k++ {
			inB := expr.Ult(expr.Const(64, uint64(k)), b.Len)
			hit = expr.And(hit, expr.Implies(inB, expr.Eq(a.Bytes[i+k], b.Bytes[k])))
		}
		res = expr.Ite(hit, pos, res)
	}
	return res
}

// indexByte is the first position below n holding c, or -1: an exact
// if-then-else over the positions, so no fork is needed.
func indexByte(bytes []expr.Expr, n, c expr.Expr) expr.Expr {
	res := expr.Const(64, ^uint64(0))
	for k := len(bytes) - 1; k >= 0; k-- {
		pos := expr.Const(64, uint64(k))
		hit := expr.And(expr.Ult(pos, n), expr.Eq(bytes[k], c))
		res = expr.Ite(hit, pos, res)
	}
	return res
}

// countByte is the number of positions below n holding c.
//
// The sum is taken in as few bits as hold len(bytes), and widened to an
// int after: it cannot be more, and Z3 then sees that the count is small.
// Summed in 64 bits, a query that adds counts to a length, such as
// strings.Replacer's "len(s) + 4·(count of '"' + count of '&') ≤ 32"
// beside "len(s) ≥ 40", made Z3 reason about 64-bit carries: it gave up
// on html.EscapeString's after 15s, and refutes the narrow form in
// about a second.
func countByte(bytes []expr.Expr, n, c expr.Expr) expr.Expr {
	w := max(bits.Len(uint(len(bytes))), 1)
	count := expr.Const(w, 0)
	for k := range bytes {
		hit := expr.And(expr.Ult(expr.Const(64, uint64(k)), n), expr.Eq(bytes[k], c))
		count = expr.Add(count, expr.Ite(hit, expr.Const(w, 1), expr.Const(w, 0)))
	}
	return expr.ZExt(count, 64)
}

func floatBits(width int) model {
	return func(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
		f, _ := e.float(s, a[0])
		return one(expr.Const(width, bitsOfFloat(f, width))), true
	}
}

func floatFromBits(width int) model {
	return func(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
		bits, ok := e.concretize(s, a[0].(value.Scalar).E, "bits converted to float")
		if !ok {
			return nil, false
		}
		rt := fn.Signature.Results().At(0).Type()
		return []value.Value{floatValue(rt, floatOfBits(bits.Value(), width))}, true
	}
}

func floatFunc(f func(float64) float64) model {
	return func(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
		x, _ := e.float(s, a[0])
		return []value.Value{floatValue(fn.Signature.Results().At(0).Type(), f(x))}, true
	}
}

// floatFunc2 is floatFunc for a function of two floats (math.Max's
// assembly archMax and the like).
func floatFunc2(f func(float64, float64) float64) model {
	return func(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
		x, _ := e.float(s, a[0])
		y, _ := e.float(s, a[1])
		return []value.Value{floatValue(fn.Signature.Results().At(0).Type(), f(x, y))}, true
	}
}

// atomicModel implements the sync/atomic functions. Without goroutines an
// atomic operation is its plain sequential meaning.
func atomicModel(name string) (model, bool) {
	op := ""
	for _, prefix := range []string{"CompareAndSwap", "Add", "Load", "Store", "Swap", "And", "Or"} {
		if strings.HasPrefix(name, prefix) {
			op = prefix
			break
		}
	}
	if op == "" {
		return nil, false
	}
	return func(e *Engine, s *State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
		p := a[0].(value.Pointer)
		if !e.require(s, p.NonNil, "", func(bad *State) { e.runtimePanic(bad, PanicNilDeref, nilDerefMessage) }) {
			return nil, false
		}
		old := e.load(s, p)
		switch op {
		case "Load":
			return []value.Value{old}, true
		case "Store":
			e.store(s, p, a[1])
			return nil, true
		case "Swap":
			e.store(s, p, a[1])
			return []value.Value{old}, true
		case "Add":
			sum := value.Scalar{E: expr.Add(old.(value.Scalar).E, a[1].(value.Scalar).E)}
			e.store(s, p, sum)
			return []value.Value{sum}, true
		case "And", "Or":
			x, y := old.(value.Scalar).E, a[1].(value.Scalar).E
			r := expr.BitAnd(x, y)
			if op == "Or" {
				r = expr.BitOr(x, y)
			}
			e.store(s, p, value.Scalar{E: r})
			return []value.Value{old}, true
		}
		// CompareAndSwap(addr, old, new)
		eq, ok := e.equal(s, old, a[1], fn.Signature.Params().At(1).Type())
		if !ok {
			return nil, false
		}
		swapped, kept := e.branch(s, eq, "")
		if kept != nil {
			e.setResultLater(kept, expr.False)
		}
		if swapped == nil {
			return nil, false
		}
		e.store(swapped, p, a[2])
		if swapped != s {
			e.setResultLater(swapped, expr.True)
			return nil, false
		}
		return one(expr.True), true
	}, true
}

// setResultLater sets the bool result of the call being executed on a state
// that forked away from the one the model returns for.
func (e *Engine) setResultLater(t *State, b expr.Expr) {
	f := t.top()
	call, ok := f.block.Instrs[f.next-1].(*ssa.Call)
	if ok {
		e.set(t, call, value.Scalar{E: b})
	}
}
