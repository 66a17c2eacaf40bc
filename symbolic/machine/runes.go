package machine

import (
	"go/types"
	"strconv"

	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// This file converts between strings, runes and rune slices. Where the
// bytes are symbolic it forks over the ways they may decode. The UTF-8
// rules themselves are value's (runes.go).

// decodeAt forks s over the ways the bytes of str at position at may
// decode (see value.Decodings), calling then on each state that can
// continue with the rune and its size.
func (e *Machine) decodeAt(s *State, str value.String, at int, then func(t *State, r expr.Expr, size int)) {
	ways := value.Decodings(str, at)
	rest := s
	for i, d := range ways {
		if rest == nil {
			return
		}
		if i == len(ways)-1 {
			then(rest, d.Rune, d.Size) // the other cases are excluded
			return
		}
		var here *State
		here, rest = e.Branch(rest, d.Cond, "")
		if i == 0 && here != nil && rest != nil {
			// The bytes may be ASCII or not: the path that needs them not
			// to be runs after the others (State.offbeat), so that a
			// block ASCII text reaches is first reached with it, and its
			// test reads as text.
			rest.offbeat = true
		}
		if here != nil {
			then(here, d.Rune, d.Size)
		}
	}
}

// runesToString is string(runes) for a []rune: the encodings concatenated.
func (e *Machine) runesToString(s *State, sl value.Slice) (value.String, bool) {
	states, ns, ok := e.values(s, sl.Len, "rune slice length")
	if !ok {
		return value.String{}, false
	}
	if len(states) != 1 {
		rerun(states)
		return value.String{}, false
	}
	elems := e.SliceElems(s, sl)
	out := value.EmptyString
	for i := 0; i < int(ns[0]); i++ {
		out = value.Concat(out, value.EncodeRune(elems[i].(value.Scalar).E))
	}
	return out, true
}

// stringToRunes is []rune(str). It decodes one rune a step, forking over
// the ways the bytes there decode (as a range loop over str does), and runs
// the conversion again until the string ends; then the register gets the
// slice. A symbolic string thus costs one decision per rune, and the
// runes are exact terms.
func (e *Machine) stringToRunes(s *State, in *ssa.Convert, str value.String) {
	f := s.Top()
	var p value.RuneProgress
	if prev, ok := f.Regs[f.Info.Index[in]].(value.RuneProgress); ok {
		p = prev
	}
	more, done := e.Branch(s, expr.Ult(expr.Const(64, uint64(p.At)), str.Len), "")
	if more != nil && done != nil {
		// A decision: the string ends here (runeCountPin).
		if pin := e.runeCountPin(in, len(p.Runes)); pin != "" {
			done.Pins = append(done.Pins, pin)
		}
	}
	if done != nil {
		e.set(done, in, e.runeSlice(done, p.Runes, in))
	}
	if more == nil {
		return
	}
	e.decodeAt(more, str, p.At, func(t *State, r expr.Expr, size int) {
		runes := append(append([]expr.Expr(nil), p.Runes...), r)
		e.set(t, in, value.RuneProgress{At: p.At + size, Runes: runes})
		rerun([]*State{t})
	})
}

// runeSlice allocates a []rune holding runes, with the capacity Go's
// allocator gives it.
func (e *Machine) runeSlice(s *State, runes []expr.Expr, site ssa.Value) value.Slice {
	n := len(runes)
	elems := make([]value.Value, value.RoundUpRunes(n))
	for i := range elems {
		elems[i] = value.Scalar{E: expr.Const(32, 0)}
	}
	for i, r := range runes {
		elems[i] = value.Scalar{E: r}
	}
	id := s.Mem.Alloc(&value.Object{Type: types.NewArray(types.Typ[types.Int32], int64(len(elems))), Value: value.ArrayOf(elems), Site: site})
	return value.Slice{NonNil: expr.True, Obj: id, Len: expr.Const(64, uint64(n)), Cap: expr.Const(64, uint64(len(elems)))}
}

// convertRunes handles the conversions between strings, runes and rune
// slices; handled is false for other conversions.
func (e *Machine) convertRunes(s *State, in *ssa.Convert, x value.Value) (handled bool) {
	from, to := in.X.Type(), in.Type()
	_, _, fInt := value.IntInfo(from)
	switch {
	case fInt && value.IsString(to):
		e.set(s, in, value.RuneToString(x.(value.Scalar).E, from))
	case value.IsString(from) && value.IsRuneSlice(to):
		e.stringToRunes(s, in, x.(value.String))
	case value.IsRuneSlice(from) && value.IsString(to):
		if str, ok := e.runesToString(s, x.(value.Slice)); ok {
			e.set(s, in, str)
		}
	default:
		return false
	}
	return true
}

// A []rune(s) conversion forks once per rune (stringToRunes), so on each
// path the rune count is a constant: a later `if len(runes) == 0` of the
// source then compares constants and records no branch. The decision is
// the conversion's: its pin says it in source terms, so that the test's
// comment shows what decided the case ("len([]rune(str1)) == 2") instead
// of claiming that no branch depends on the inputs.

// runeCountPin is the pin of the state in which the conversion in ends
// after n runes, "" when the source cannot say it. The state that goes
// on decoding gets none: one pin per conversion, not one per rune.
func (e *Machine) runeCountPin(in *ssa.Convert, n int) string {
	text := e.Src.Conv(in)
	if text == "" {
		return ""
	}
	return "len(" + text + ") == " + strconv.Itoa(n)
}
