package outside

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/inputs"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Some calls give values that depend on the machine or the moment, which a
// test cannot set: the clock (time.Now, time.Since, timers' runtimeNano),
// the call stack (runtime.Callers, runtime.Caller), the process's ids
// (os.Getpid, os.Getuid, …) and random bytes (crypto/rand's Read and
// Reader). Each such call is modelled as giving fresh
// variables of its result type within the range the real call keeps to
// (a wall clock between 2020 and 2100, a monotonic clock that never goes
// back, 0 ≤ n ≤ len(pc) stack entries). Their names start with
// uncontrolledPrefix, so the later stages know them:
//
//   - a path whose condition depends on one (beyond the ranges themselves)
//     cannot be forced by a test: it is not exhaustive, and its test is
//     marked Uncontrolled, so validation drops it quietly when Go runs it
//     down another path. Its inputs are chosen so that the condition holds
//     at both ends of the uncontrolled values' ranges (RobustModel), so a
//     test on a comparison with the clock keeps holding as time passes.
//   - a result that depends on one is not asserted (notAsserted, UncontrolledOutcome).
//
// The nth uncontrolled call of a path names its variables with n, so the
// concrete replay of the path's inputs gets, call for call, the values of
// the same model.

// uncontrolledPrefix starts the names of uncontrolled variables. No input
// named after a Go parameter starts with it; the environment's inputs do
// (EnvironName), and IsUncontrolled leaves them out.
const uncontrolledPrefix = "$"

// Ranges of the uncontrolled values, as the real calls give them.
const (
	WallLo  = 1577836800 // 2020-01-01T00:00:00Z: before any run of a generated test
	WallHi  = 4102444800 // 2100-01-01T00:00:00Z
	monoLo  = 1
	monoHi  = 1 << 62
	pidHi   = 1 << 22 // Linux's PID_MAX_LIMIT
	idHi    = 1<<32 - 1
	lineHi  = 1 << 31
	fileMax = 8 // bytes of a file name from runtime.Caller
)

// uncontrolledRange is the range of one uncontrolled variable, as bits.
type uncontrolledRange struct{ lo, hi uint64 }

// uncontrolledVars records, for one engine, the range of every
// uncontrolled variable by name, and the range constraints it added to
// path conditions, which do not make a path depend on the variables.
type uncontrolledVars struct {
	ranges map[string]uncontrolledRange
	limits map[expr.Expr]bool
}

// IsUncontrolled reports whether v is an uncontrolled variable: not one
// of the environment's, whose names share the prefix but which a test sets.
func IsUncontrolled(v expr.Expr) bool {
	return v.IsVar() && strings.HasPrefix(v.Name(), uncontrolledPrefix) && !isEnvironInput(v.Name())
}

// uncontrolledCall numbers the next uncontrolled call of s and names its
// values: "$time.Now#2".
func uncontrolledCall(s *machine.State, what string) string {
	s.Outside.UncontrolledCalls++
	return fmt.Sprintf("%s%s#%d", uncontrolledPrefix, what, s.Outside.UncontrolledCalls)
}

// freshUncontrolled is the uncontrolled value called name, of width bits,
// within [lo, hi] (signed or not); in a replay, its value in the model. The
// range is assumed on s and recorded as a range constraint.
func (e *Outside) freshUncontrolled(s *machine.State, name string, width int, lo, hi uint64, signed bool) expr.Expr {
	e.noteRange(name, lo, hi)
	if inputs.Of(s) == nil || s.Initializing {
		// Package initialisers run once for every path: a value they take
		// (time's startNano) is one concrete value of the range.
		return expr.Const(width, lo)
	}
	v := inputs.Of(s).Scalar(name, expr.BV(width))
	v = clampReplayed(v, lo, hi)
	le := expr.Ule
	if signed {
		le = expr.Sle
	}
	within := expr.And(le(expr.Const(width, lo), v), le(v, expr.Const(width, hi)))
	e.assumeUncontrolled(s, within)
	return v
}

// noteRange records the range of the uncontrolled variable called name.
func (e *Outside) noteRange(name string, lo, hi uint64) {
	if e.unc.ranges == nil {
		e.unc.ranges = make(map[string]uncontrolledRange)
		e.unc.limits = make(map[expr.Expr]bool)
	}
	e.unc.ranges[name] = uncontrolledRange{lo: lo, hi: hi}
}

// assumeUncontrolled adds a constraint that only says what the real call
// can give.
func (e *Outside) assumeUncontrolled(s *machine.State, c expr.Expr) {
	if c.IsTrue() {
		return
	}
	e.unc.limits[c] = true
	s.Assume(c, "")
}

// freshUncontrolledBool is an uncontrolled bool.
func (e *Outside) freshUncontrolledBool(s *machine.State, name string) expr.Expr {
	e.noteRange(name, 0, 1)
	if inputs.Of(s) == nil || s.Initializing {
		return expr.True
	}
	return inputs.Of(s).Scalar(name, expr.BoolSort())
}

// uncontrolledModels are the calls whose results a test cannot set.
func uncontrolledModels() map[string]model {
	return map[string]model{
		"time.runtimeNow":  runtimeNowModel,
		"time.runtimeNano": runtimeNanoModel,
		"runtime.callers":  callersModel,
		"runtime.Caller":   callerModel,
		// What the program counters of the binary map to is no more known
		// than the counters themselves, even for a counter the test sets.
		"runtime.FuncForPC":        funcForPCModel,
		"(*runtime.Func).Name":     funcNameModel,
		"(*runtime.Func).FileLine": funcFileLineModel,
		"(*runtime.Func).Entry":    funcEntryModel,
		"(*runtime.Frames).Next":   framesNextModel,
		"os.Getpid":                processID("os.Getpid", 1, pidHi),
		"os.Getppid":               processID("os.Getppid", 1, pidHi),
		"os.Getuid":                processID("os.Getuid", 0, idHi),
		"os.Geteuid":               processID("os.Geteuid", 0, idHi),
		"os.Getgid":                processID("os.Getgid", 0, idHi),
		"os.Getegid":               processID("os.Getegid", 0, idHi),
		// The operating system's random bytes, under crypto/rand.
		"crypto/internal/sysrand.Read": randomBytesModel,
	}
}

// runtimeNowModel is the clock behind time.Now: (sec, nsec, mono), the
// wall clock in Unix seconds and nanoseconds and the monotonic clock.
func runtimeNowModel(e *Outside, s *machine.State, _ *ssa.Function, _ []value.Value) ([]value.Value, bool) {
	name := uncontrolledCall(s, "time.Now")
	sec := e.freshUncontrolled(s, name+".sec", 64, WallLo, WallHi, true)
	nsec := e.freshUncontrolled(s, name+".nsec", 32, 0, 999_999_999, true)
	mono := e.monotonic(s, name+".mono")
	return []value.Value{value.Scalar{E: sec}, value.Scalar{E: nsec}, value.Scalar{E: mono}}, true
}

// runtimeNanoModel is the monotonic clock alone.
func runtimeNanoModel(e *Outside, s *machine.State, _ *ssa.Function, _ []value.Value) ([]value.Value, bool) {
	return value.One(e.monotonic(s, uncontrolledCall(s, "time.runtimeNano"))), true
}

// monotonic is a reading of the monotonic clock: never below the path's
// previous reading.
func (e *Outside) monotonic(s *machine.State, name string) expr.Expr {
	mono := e.freshUncontrolled(s, name, 64, monoLo, monoHi, true)
	if inputs.Of(s) == nil || s.Initializing {
		return mono
	}
	if s.Outside.LastMono.IsValid() {
		e.assumeUncontrolled(s, expr.Sle(s.Outside.LastMono, mono))
	}
	s.Outside.LastMono = mono
	return mono
}

// callersModel is runtime.callers(skip, pcbuf), which runtime.Callers
// calls for a non-empty pcbuf: it writes n unknown program counters, for
// an unknown 0 ≤ n ≤ len(pcbuf), and returns n.
func callersModel(e *Outside, s *machine.State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	buf := a[1].(value.Slice)
	name := uncontrolledCall(s, "runtime.Callers")
	var n expr.Expr
	if buf.Len.IsConst() {
		n = e.freshUncontrolled(s, name+".n", 64, 0, buf.Len.Value(), true)
	} else {
		// The range is 0 … len(pc), an input: its ends, for the replays
		// at the ends of the ranges, are both 0.
		e.noteRange(name+".n", 0, 0)
		n = expr.Const(64, 0)
		if inputs.Of(s) != nil && !s.Initializing {
			n = clampReplayed(inputs.Of(s).Scalar(name+".n", expr.BV(64)), 0, 1<<62)
		}
		e.assumeUncontrolled(s, expr.And(expr.Sle(expr.Const(64, 0), n), expr.Sle(n, buf.Len)))
	}
	if buf.Obj == 0 {
		return value.One(n), true
	}
	arr := e.SliceArray(s, buf)
	for k := buf.Offset; k < arr.Len(); k++ {
		i := k - buf.Offset
		pc := e.freshUncontrolled(s, fmt.Sprintf("%s.pc[%d]", name, i), 64, 0, ^uint64(0), false)
		old := arr.At(k).(value.Scalar).E
		arr = arr.Set(k, value.Scalar{E: expr.Ite(expr.Slt(expr.Const(64, uint64(i)), n), pc, old)})
	}
	e.SetSliceArray(s, buf, arr)
	return value.One(n), true
}

// callerModel is runtime.Caller(skip): an unknown program counter, file
// name (of up to fileMax bytes) and line, and whether they were found.
func callerModel(e *Outside, s *machine.State, _ *ssa.Function, _ []value.Value) ([]value.Value, bool) {
	name := uncontrolledCall(s, "runtime.Caller")
	pc := e.freshUncontrolled(s, name+".pc", 64, 0, ^uint64(0), false)
	file := e.uncontrolledString(s, name+".file")
	line := e.freshUncontrolled(s, name+".line", 64, 0, lineHi, true)
	ok := e.freshUncontrolledBool(s, name+".ok")
	return []value.Value{value.Scalar{E: pc}, file, value.Scalar{E: line}, value.Scalar{E: ok}}, true
}

// uncontrolledString is an unknown string (a file or function name). It
// holds up to fileMax bytes, a size bound like an input string's: a
// branch side only a longer name takes is cut by the bound, not dead.
func (e *Outside) uncontrolledString(s *machine.State, name string) value.String {
	lenName := name + ".len"
	e.noteRange(lenName, 0, fileMax)
	str := value.String{Len: expr.Const(64, 0)}
	if inputs.Of(s) != nil && !s.Initializing {
		str.Len = clampReplayed(inputs.Of(s).Scalar(lenName, expr.BV(64)), 0, fileMax)
	}
	if !str.Len.IsConst() {
		c := expr.Const(64, fileMax)
		within := expr.Ule(str.Len, c)
		e.in.NoteFixedBound(lenName, within, expr.Ult(c, str.Len), str.Len, fileMax)
		e.assumeUncontrolled(s, within)
	}
	for i := range fileMax {
		str.Bytes = append(str.Bytes, e.freshUncontrolled(s, fmt.Sprintf("%s[%d]", name, i), 8, 0, 255, false))
	}
	return str
}

// funcForPCModel is runtime.FuncForPC(pc): nil or a *runtime.Func, as the
// binary has it.
func funcForPCModel(e *Outside, s *machine.State, fn *ssa.Function, _ []value.Value) ([]value.Value, bool) {
	name := uncontrolledCall(s, "runtime.FuncForPC")
	ptr := fn.Signature.Results().At(0).Type()
	elem := ptr.Underlying().(*types.Pointer).Elem()
	id := s.Mem.Alloc(&value.Object{Type: elem, Value: value.Zero(elem)})
	return []value.Value{value.Pointer{NonNil: e.freshUncontrolledBool(s, name+".found"), Obj: id}}, true
}

// funcNameModel is (*runtime.Func).Name: an unknown name.
func funcNameModel(e *Outside, s *machine.State, _ *ssa.Function, _ []value.Value) ([]value.Value, bool) {
	return []value.Value{e.uncontrolledString(s, uncontrolledCall(s, "runtime.Func.Name"))}, true
}

// funcFileLineModel is (*runtime.Func).FileLine: an unknown file and line.
func funcFileLineModel(e *Outside, s *machine.State, _ *ssa.Function, _ []value.Value) ([]value.Value, bool) {
	name := uncontrolledCall(s, "runtime.Func.FileLine")
	file := e.uncontrolledString(s, name+".file")
	return []value.Value{file, value.Scalar{E: e.freshUncontrolled(s, name+".line", 64, 0, lineHi, true)}}, true
}

// funcEntryModel is (*runtime.Func).Entry: an unknown program counter.
func funcEntryModel(e *Outside, s *machine.State, _ *ssa.Function, _ []value.Value) ([]value.Value, bool) {
	name := uncontrolledCall(s, "runtime.Func.Entry")
	return value.One(e.freshUncontrolled(s, name, 64, 0, ^uint64(0), false)), true
}

// processID models a call that gives one of the process's ids.
func processID(what string, lo, hi uint64) model {
	return func(e *Outside, s *machine.State, _ *ssa.Function, _ []value.Value) ([]value.Value, bool) {
		return value.One(e.freshUncontrolled(s, uncontrolledCall(s, what), 64, lo, hi, true)), true
	}
}

// UncontrolledIn lists the sources ("time.Now") of the uncontrolled
// variables that the path condition cond depends on, beyond the range
// constraints of the models; none when a test can force the path.
func (e *Outside) UncontrolledIn(cond []expr.Expr) []string {
	var sources []string
	seen := make(map[string]bool)
	for _, c := range cond {
		if e.unc.limits[c] {
			continue
		}
		for _, v := range expr.Vars(c) {
			if !IsUncontrolled(v) {
				continue
			}
			src := uncontrolledSource(v.Name())
			if !seen[src] {
				seen[src] = true
				sources = append(sources, src)
			}
		}
	}
	return sources
}

// pinUncontrolled helps the solver with a branch on uncontrolled values
// alone that it could not decide (the clock's nanoseconds divided into
// milliseconds): no test can choose the side anyway, so the values are
// pinned to those of a model of the path, and the branch takes the side
// they give. The pins depend on uncontrolled values, so the path is
// marked as branching on them. It reports whether it pinned.
func (e *Outside) pinUncontrolled(s *machine.State, cond expr.Expr) bool {
	if s.Replay || s.Outside.UncontrolledCalls == 0 {
		return false
	}
	vars := expr.Vars(cond)
	if len(vars) == 0 || !allUncontrolled(vars) {
		return false
	}
	resp := e.Check(solver.Query{Constraints: s.PathCond})
	if resp.Result != solver.Sat {
		return false
	}
	for _, v := range vars {
		val := expr.Eval(v, resp.Model)
		if v.Sort().IsBool() {
			s.Assume(expr.Eq(v, expr.BoolConst(val == 1)), "")
			continue
		}
		s.Assume(expr.Eq(v, expr.Const(v.Width(), val)), "")
	}
	return true
}

func allUncontrolled(vars []expr.Expr) bool {
	for _, v := range vars {
		if !IsUncontrolled(v) {
			return false
		}
	}
	return true
}

// uncontrolledSource is the call an uncontrolled variable's name comes
// from: "$time.Now#2.sec" gives "time.Now".
func uncontrolledSource(name string) string {
	name = strings.TrimPrefix(name, uncontrolledPrefix)
	if i := strings.IndexByte(name, '#'); i >= 0 {
		name = name[:i]
	}
	return name
}

// noteUncontrolledBranch records on s, before its end is reported, that
// its condition depends on values the test cannot set: a test cannot force
// it, so the path does not speak for every run. Its pins say so too, for
// the reader of the test: the branch itself is on an SSA temporary.
func (e *Outside) noteUncontrolledBranch(s *machine.State) {
	if s.Replay || s.Outside.UncontrolledCalls == 0 {
		return
	}
	if src := e.UncontrolledIn(s.PathCond); len(src) > 0 {
		s.Concretized = append(s.Concretized, UncontrolledBranchNote+strings.Join(src, ", "))
		s.Pins = append(s.Pins, "a branch on "+strings.Join(src, ", ")+", which the test cannot set")
	}
}

// UncontrolledBranchNote starts the limitation recorded on a path whose
// condition depends on uncontrolled values.
const UncontrolledBranchNote = "the path branches on values the test cannot set: "

// clampReplayed keeps a replayed value within its range: a concrete run of
// a cut path (runtoend.go) takes its model from a condition that may not
// mention the variable, which then is 0.
func clampReplayed(v expr.Expr, lo, hi uint64) expr.Expr {
	if !v.IsConst() {
		return v
	}
	// Every range here is of non-negative values, so comparing the bits
	// unsigned is right for signed variables too.
	if x := v.Value(); x >= lo && x <= hi {
		return v
	}
	return expr.Const(v.Width(), lo)
}

// randomBytesModel is crypto/internal/sysrand.Read(b), under crypto/rand's
// Read and Reader: the operating system's random bytes, fresh uncontrolled
// values written over b. Its Go body starts a timer that warns after a
// minute of waiting (time.AfterFunc), and then asks the kernel (getrandom),
// neither of which the executor follows.
func randomBytesModel(e *Outside, s *machine.State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
	buf := a[0].(value.Slice)
	if buf.Obj == 0 {
		return nil, true
	}
	name := uncontrolledCall(s, "crypto/rand.Read")
	arr := e.SliceArray(s, buf)
	for k := buf.Offset; k < arr.Len(); k++ {
		i := k - buf.Offset
		b := e.freshUncontrolled(s, fmt.Sprintf("%s[%d]", name, i), 8, 0, 255, false)
		old := arr.At(k).(value.Scalar).E
		arr = arr.Set(k, value.Scalar{E: expr.Ite(expr.Slt(expr.Const(64, uint64(i)), buf.Len), b, old)})
	}
	e.SetSliceArray(s, buf, arr)
	return nil, true
}
