package symbolic

import (
	"go/ast"
	"go/token"
	"go/types"
	"math"
	"path/filepath"
	"strconv"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// The mutants, and how a replay applies or weighs them. The operators are
// those gremlins' default mutators change in the source:
//
//   - conditionals boundary: < and <=, > and >= swapped;
//   - conditionals negation: == and !=, < and >=, <= and >, > and <=,
//     >= and <;
//   - arithmetic base: + for -, - for +, * for /, / for *, % for *;
//   - increment/decrement: x++ for x--, which SSA builds as x + 1, so it
//     is the arithmetic mutant of that BinOp, labelled ++ and --;
//   - invert negatives: -x for x.
//
// Only what compiles: no arithmetic mutant of a string + (string - is not
// Go), no % on floats (Go has none), nothing on complex numbers; only ==
// and != on pointers, interfaces, structs and bools. And only operators
// written in a file of the package under test: an instruction is
// mutable when its function belongs to that package (loader.PackageOf,
// generic instances included) and its position is the operator of a
// binary or unary expression, or the operand of an x++ or x--, in the
// function's syntax; what SSA makes of its own (a range loop's index
// step, a switch's case comparison, x += y) is no operator gremlins
// changes.

// mutantKey names one mutant: the operator from at pos replaced by to.
// A dropped negation has to == token.ILLEGAL.
type mutantKey struct {
	pos      token.Pos
	from, to token.Token
}

// mutation is the mutation pass's part of a replay: the one mutant it
// runs with (active), or, on the probe run that precedes them, the
// mutants whose operation computed another value than the original's at
// least once (infected, with the operator's source reading): only those
// can change the outcome.
type mutation struct {
	active   mutantKey
	infected map[mutantKey]*mutSite
}

// mutSite is the source reading of a mutable instruction.
type mutSite struct {
	pos    string // "levenshtein.go:26:16"
	expr   string // "y <= runeStr1len", "i++", "-x"
	incDec bool   // an x++ or x--: the operators read ++ and --
}

// mutantOps are the operators that replace op on operands of class c
// and type t, in gremlins' order (boundary before negation).
func mutantOps(op token.Token, c machine.OperandClass, t types.Type) []token.Token {
	if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsComplex != 0 {
		return nil
	}
	ordered := c == machine.ClassSigned || c == machine.ClassUnsigned || c == machine.ClassFloat || c == machine.ClassString
	numeric := c == machine.ClassSigned || c == machine.ClassUnsigned || c == machine.ClassFloat
	switch op {
	case token.EQL:
		return []token.Token{token.NEQ}
	case token.NEQ:
		return []token.Token{token.EQL}
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		if ordered {
			return []token.Token{boundaryOp[op], negatedOp[op]}
		}
	case token.ADD, token.SUB, token.MUL, token.QUO:
		if numeric {
			return []token.Token{arithmeticOp[op]}
		}
	case token.REM:
		if c == machine.ClassSigned || c == machine.ClassUnsigned {
			return []token.Token{token.MUL}
		}
	}
	return nil
}

var (
	boundaryOp = map[token.Token]token.Token{token.LSS: token.LEQ, token.LEQ: token.LSS, token.GTR: token.GEQ, token.GEQ: token.GTR}
	negatedOp  = map[token.Token]token.Token{token.LSS: token.GEQ, token.LEQ: token.GTR, token.GTR: token.LEQ, token.GEQ: token.LSS}
	// arithmeticOp is gremlins' ARITHMETIC_BASE swap of + and -, * and /.
	arithmeticOp = map[token.Token]token.Token{token.ADD: token.SUB, token.SUB: token.ADD, token.MUL: token.QUO, token.QUO: token.MUL}
)

// mutantReplay is the operator hook of a replay of the mutation pass:
// the engine's pass, with the one mutation the replay runs with.
type mutantReplay struct {
	e *Engine
	*mutation
}

// At is the active mutant's operator; the probe run (infected set) sees
// every operation.
func (r mutantReplay) At() token.Pos {
	if r.infected != nil {
		return token.NoPos
	}
	return r.active.pos
}

// BinOp is the operator to evaluate in with, and on the probe run it
// notes the mutants of in that compute another value on these operands.
func (r mutantReplay) BinOp(in *ssa.BinOp, ops *machine.Operands) token.Token {
	m := r.mutation
	if m.infected == nil {
		if in.Op == m.active.from && in.Pos() == m.active.pos {
			return m.active.to
		}
		return in.Op
	}
	site := r.e.mutSiteOf(in)
	if site == nil {
		return in.Op
	}
	for _, to := range mutantOps(in.Op, ops.Class(), in.X.Type()) {
		key := mutantKey{pos: in.Pos(), from: in.Op, to: to}
		if m.infected[key] == nil && infects(in, ops, to) {
			m.infected[key] = site
		}
	}
	return in.Op
}

// DropNeg reports true on the replay of a negation's mutant, which moves
// the operand unchanged; on the probe run it notes whether dropping the
// negation changes the value.
func (r mutantReplay) DropNeg(in *ssa.UnOp, ops *machine.Operands) bool {
	m := r.mutation
	key := mutantKey{pos: in.Pos(), from: token.SUB, to: token.ILLEGAL}
	if m.infected == nil {
		return m.active == key
	}
	site := r.e.mutSiteOf(in)
	if m.infected[key] != nil || site == nil {
		return false
	}
	if b, ok := in.X.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsComplex != 0 {
		return false
	}
	infected := true
	if value.IsFloat(in.X.Type()) {
		// -NaN is NaN to a test; every other value changes sign.
		if x, ok := ops.Float(0); ok && math.IsNaN(x) {
			infected = false
		}
	} else if x := ops.Scalar(0); x.IsConst() {
		// -x == x for 0 and the most negative value alone.
		v, mask := x.Value(), widthMask(x.Width())
		infected = v != -v&mask
	}
	if infected {
		m.infected[key] = site
	}
	return false
}

// infects reports whether evaluating in with to instead of its operator
// gives another value (or a panic) on the replay's operands; true when
// the operands are not known.
func infects(in *ssa.BinOp, ops *machine.Operands, to token.Token) bool {
	from := in.Op
	if negatedOp[from] == to || (from == token.EQL && to == token.NEQ) || (from == token.NEQ && to == token.EQL) {
		return true // a negated comparison always flips
	}
	switch ops.Class() {
	case machine.ClassSigned, machine.ClassUnsigned:
		x, y := ops.Scalar(0), ops.Scalar(1)
		if !x.IsConst() || !y.IsConst() {
			return true
		}
		w, signed := x.Width(), ops.Class() == machine.ClassSigned
		if boundaryOp[from] == to {
			return x.Value() == y.Value()
		}
		a, aok := intOp(from, x.Value(), y.Value(), w, signed)
		b, bok := intOp(to, x.Value(), y.Value(), w, signed)
		return aok != bok || a != b
	case machine.ClassFloat:
		x, okx := ops.Float(0)
		y, oky := ops.Float(1)
		if !okx || !oky {
			return true
		}
		if boundaryOp[from] == to {
			return x == y
		}
		a, b := floatOp(from, x, y), floatOp(to, x, y)
		return math.Float64bits(a) != math.Float64bits(b) && !(math.IsNaN(a) && math.IsNaN(b))
	case machine.ClassString:
		x, okx := value.ConcreteString(ops.Value(0).(value.String))
		y, oky := value.ConcreteString(ops.Value(1).(value.String))
		return !okx || !oky || x == y // only boundary mutants are left
	}
	return true
}

// intOp is x op y on w-bit integers; false for a division by zero.
func intOp(op token.Token, x, y uint64, w int, signed bool) (uint64, bool) {
	mask := widthMask(w)
	sx, sy := int64(x<<(64-w))>>(64-w), int64(y<<(64-w))>>(64-w)
	var r uint64
	switch op {
	case token.ADD:
		r = x + y
	case token.SUB:
		r = x - y
	case token.MUL:
		r = x * y
	case token.QUO, token.REM:
		if y&mask == 0 {
			return 0, false
		}
		switch {
		case signed && op == token.QUO:
			if sy == -1 {
				r = -x // also the wrap of the most negative value
			} else {
				r = uint64(sx / sy)
			}
		case signed:
			if sy == -1 {
				r = 0
			} else {
				r = uint64(sx % sy)
			}
		case op == token.QUO:
			r = (x & mask) / (y & mask)
		default:
			r = (x & mask) % (y & mask)
		}
	}
	return r & mask, true
}

// widthMask keeps the low w bits.
func widthMask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// floatOp is x op y for an arithmetic operator.
func floatOp(op token.Token, x, y float64) float64 {
	switch op {
	case token.ADD:
		return x + y
	case token.SUB:
		return x - y
	case token.MUL:
		return x * y
	case token.QUO:
		return x / y
	}
	return math.NaN()
}

// mutSiteOf is the source reading of a BinOp or UnOp that a mutant may
// change, or nil when it is no operator of the package under test.
// The reading is computed once per instruction; the package check is
// the current function's.
func (e *Engine) mutSiteOf(in ssa.Instruction) *mutSite {
	if !e.InExploredPackage(in.Parent()) {
		return nil
	}
	site, ok := e.mutSites[in]
	if !ok {
		site = e.readMutSite(in)
		if e.mutSites == nil {
			e.mutSites = make(map[ssa.Instruction]*mutSite)
		}
		e.mutSites[in] = site
	}
	return site
}

func (e *Engine) readMutSite(in ssa.Instruction) *mutSite {
	fn := in.Parent()
	syntax := fn.Syntax()
	if syntax == nil && fn.Origin() != nil {
		syntax = fn.Origin().Syntax()
	}
	pos := in.Pos()
	if syntax == nil || !pos.IsValid() || pos < syntax.Pos() || pos >= syntax.End() {
		return nil
	}
	var site *mutSite
	fset := e.Prog.Fset
	ast.Inspect(syntax, func(n ast.Node) bool {
		if site != nil || n == nil || n.Pos() > pos || n.End() <= pos {
			return false
		}
		switch c := n.(type) {
		case *ast.BinaryExpr:
			if b, ok := in.(*ssa.BinOp); ok && c.OpPos == pos && c.Op == b.Op {
				site = &mutSite{expr: e.Src.Print(c)}
			}
		case *ast.IncDecStmt:
			b, ok := in.(*ssa.BinOp)
			if ok && c.X.Pos() == pos && (c.Tok == token.INC && b.Op == token.ADD || c.Tok == token.DEC && b.Op == token.SUB) {
				site = &mutSite{expr: e.Src.Print(c.X) + c.Tok.String(), incDec: true}
			}
		case *ast.UnaryExpr:
			if u, ok := in.(*ssa.UnOp); ok && c.OpPos == pos && c.Op == token.SUB && u.Op == token.SUB {
				site = &mutSite{expr: e.Src.Print(c)}
			}
		}
		return site == nil
	})
	if site == nil || site.expr == "" {
		return nil
	}
	p := fset.Position(pos)
	if p.Filename == "" {
		return nil
	}
	site.pos = filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
	return site
}

// mutantOf is the Mutant a key names, in source terms.
func (e *Engine) mutantOf(key mutantKey, site *mutSite) concrete.Mutant {
	m := concrete.Mutant{Pos: site.pos, Expr: site.expr, From: key.from.String(), To: key.to.String()}
	switch {
	case key.to == token.ILLEGAL:
		m.To = ""
	case site.incDec:
		m.From, m.To = incDecOp[key.from], incDecOp[key.to]
	}
	return m
}

var incDecOp = map[token.Token]string{token.ADD: "++", token.SUB: "--"}
