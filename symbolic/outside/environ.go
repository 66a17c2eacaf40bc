package outside

import (
	"fmt"
	"go/types"
	"os"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/inputs"

	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// The process environment is an input. A path that reads it (os.Getenv,
// os.LookupEnv, os.Environ, or syscall's Getenv and Environ under them)
// gets an environment of its own, made lazily the first time it reads
// one, and the test sets exactly the environment the path assumed.
//
// Until os.Environ is called the environment is open: the path knows only
// the variables it looked up. A lookup of a key the path has not looked up
// before (keys are compared symbolically, so a key that is a parameter
// forks over being each known variable or a new one) forks on a fresh
// input, "$env[j] is set": set, with a fresh string value "$env[j]" of no
// NUL byte, or unset. A key that can be set is a valid one: not empty, no
// '=' and no NUL byte (Setenv refuses others, and Getenv finds none). The
// test sets the variables found and unsets those found unset; every other
// variable is left as the machine has it, which cannot change the
// outcome, because the path read no other.
//
// os.Environ closes the environment: its entries are the variables found
// so far, in the order they were found, then 0 … maxEnvironEntries fresh
// entries "$environ[i].key" and "$environ[i].value" (their number is a
// choice of input shape, "count($environ)", bounded and grown as a map
// input's size is), with valid keys that are pairwise distinct and
// distinct from every key looked up. From then on a lookup of a key not
// among the entries finds it unset, and the test replaces the whole
// environment by exactly the entries, in order. Putting the variables
// found before os.Environ first is a restriction: such a path records it
// and is not exhaustive.
//
// A package initialiser reads the environment gosymtest runs in, which is
// the one its go test runs inherit (initEnvLookup). os.Setenv and
// os.Unsetenv are writes of the path (envwrite.go); os.Clearenv is not
// modelled: its call is refused as a system call, which stops the path
// (and symbolic.SkipReason skips a function that reaches it statically).

// environ is what one path knows of the environment. It is immutable:
// forked states share it, and a change makes a new one.
type environ struct {
	// entries are the variables known to be set, in the order os.Environ
	// lists them.
	entries []envEntry
	// absent are the keys looked up and found unset.
	absent []value.String
	// slots counts the fresh lookups; the j-th one names its inputs
	// "$env[j]".
	slots int
	// closed tells that os.Environ was called: entries are then the whole
	// environment, and count their number (a term over the choice's
	// selector, see closeEnviron).
	closed bool
	count  expr.Expr
	// writes are the code's own os.Setenv and os.Unsetenv (envwrite.go).
	writes []envWrite
}

// envEntry is one variable: its key and value.
type envEntry struct {
	key, val value.String
}

// Names of the environment's inputs. They start with '$', which no
// parameter's name does, so they never clash with a parameter's parts.
// Uncontrolled values start with it too, but a test sets the environment:
// isEnvironInput tells them apart.
const EnvironName = "$environ"

// EnvironCountName is the selector of the number of entries os.Environ
// adds. Unlike a length it is not named len(…): readable models prefer
// lengths up to 4, a preference a path that needs more entries would
// make fail as a whole (package pick).
const EnvironCountName = "count($environ)"

// envSlotPrefix starts the names of the inputs of lookups (envSlotName).
const envSlotPrefix = "$env["

func envSlotName(j int) string { return fmt.Sprintf("%s%d]", envSlotPrefix, j) }

// isEnvironInput reports whether an input's name is one of the
// environment's, which the test sets (its environ column).
func isEnvironInput(name string) bool {
	return strings.HasPrefix(name, EnvironName+"[") || strings.HasPrefix(name, envSlotPrefix)
}

// envModels read the path's environment.
func envModels() map[string]model {
	lookup := func(two bool) model {
		return func(e *Outside, s *machine.State, _ *ssa.Function, a []value.Value) ([]value.Value, bool) {
			if s.Initializing {
				return e.initEnvLookup(s, a[0].(value.String), two)
			}
			return e.envLookup(s, a[0].(value.String), two)
		}
	}
	environ := func(e *Outside, s *machine.State, fn *ssa.Function, _ []value.Value) ([]value.Value, bool) {
		if refuseInitEnv(e, s, fn) {
			return nil, false
		}
		if envOf(s) != nil && len(envOf(s).writes) > 0 {
			e.Unsupported(s, "os.Environ after os.Setenv or os.Unsetenv")
			return nil, false
		}
		return e.environList(s), true
	}
	models := map[string]model{
		"os.Getenv":       lookup(false),
		"os.LookupEnv":    lookup(true),
		"syscall.Getenv":  lookup(true),
		"os.Environ":      environ,
		"syscall.Environ": environ,
	}
	for name, m := range envWriteModels() {
		models[name] = m
	}
	return models
}

// initEnvLookup gives Getenv's result for key in a package initialiser.
// An initialiser runs when the test binary starts, before a test could set
// the environment, so what it reads is no input a test controls: it reads
// the environment gosymtest runs in, which the go test runs that check the
// tests inherit (runewidth's init reads $LANG to pick its widths). What it
// leaves then holds for that environment only, so its package is
// initialised in part: a path that reads its variables backs no claim
// (machine's checkGlobal), and its tests expect what the init found there.
func (e *Outside) initEnvLookup(s *machine.State, key value.String, two bool) ([]value.Value, bool) {
	k, ok := value.ConcreteString(key)
	if !ok {
		// Initialisers run concretely; a symbolic key is an executor bug.
		e.Unsupported(s, "environment lookup of a symbolic key in an initialiser")
		return nil, false
	}
	if run := e.Inits.Running; run != nil {
		e.Inits.Fail(run, machine.InitFault{Reason: "read $" + k + " from the environment gosymtest ran in", Partial: true})
	}
	val, found := os.LookupEnv(k)
	res := []value.Value{value.StringConst(val)}
	if two {
		res = append(res, value.Scalar{E: expr.BoolConst(found)})
	}
	return res, true
}

// refuseInitEnv stops a package initialiser that lists or writes the
// environment by a call of fn: the package would keep every variable of
// the machine it was explored on, or change it for the paths after.
func refuseInitEnv(e *Outside, s *machine.State, fn *ssa.Function) bool {
	if s.Initializing {
		e.Unsupported(s, "call of "+fn.String()+" in a package initialiser: the environment of the machine")
		return true
	}
	return false
}

// envLookup gives Getenv's result (the value, and with two whether it was
// found) for key on s, forking over which variable key names.
func (e *Outside) envLookup(s *machine.State, key value.String, two bool) ([]value.Value, bool) {
	var out []value.Value
	give := func(t *machine.State, val value.String, found bool) {
		res := []value.Value{val}
		if two {
			res = append(res, value.Scalar{E: expr.BoolConst(found)})
		}
		if t == s {
			out = res
			return
		}
		e.setCallResults(t, res)
	}
	env := envOf(s)
	if env == nil {
		env = &environ{}
	}
	rest := s
	for i := len(env.writes) - 1; i >= 0; i-- {
		w := env.writes[i]
		hit, miss := e.envBranch(rest, value.StringsEqual(w.key, key))
		if hit != nil {
			give(hit, w.val, w.set)
		}
		if miss == nil {
			return out, out != nil
		}
		rest = miss
	}
	for _, ent := range env.entries {
		hit, miss := e.envBranch(rest, value.StringsEqual(ent.key, key))
		if hit != nil {
			give(hit, ent.val, true)
		}
		if miss == nil {
			return out, out != nil
		}
		rest = miss
	}
	for _, a := range env.absent {
		hit, miss := e.envBranch(rest, value.StringsEqual(a, key))
		if hit != nil {
			give(hit, value.StringConst(""), false)
		}
		if miss == nil {
			return out, out != nil
		}
		rest = miss
	}
	if env.closed {
		give(rest, value.StringConst(""), false)
		return out, out != nil
	}
	// A variable the path has not met: whether it is set is an input.
	name := envSlotName(env.slots)
	set := inputs.Of(rest).Scalar(name+" is set", expr.BoolSort())
	rest.Assume(expr.Implies(set, validEnvKey(key)), "")
	what := fmt.Sprintf("variable #%d looked up", env.slots+1)
	if k, ok := value.ConcreteString(key); ok {
		what = "$" + k
	}
	on, off := e.envBranch(rest, set)
	if on != nil {
		val := e.in.BuildString(on, name)
		on.Assume(freshNoNUL(val), "")
		on.Pins = append(on.Pins, what+" is set")
		next := env.clone()
		next.slots++
		next.entries = append(next.entries, envEntry{key: key, val: val})
		on.Outside.Env = next
		give(on, val, true)
	}
	if off != nil {
		off.Pins = append(off.Pins, what+" is unset")
		next := env.clone()
		next.slots++
		next.absent = append(next.absent, key)
		off.Outside.Env = next
		give(off, value.StringConst(""), false)
	}
	return out, out != nil
}

// environList is os.Environ's result on s: a new slice of the entries'
// "KEY=VALUE" strings, closing the environment first if it is open.
func (e *Outside) environList(s *machine.State) []value.Value {
	env := envOf(s)
	if env == nil {
		env = &environ{}
	}
	if !env.closed {
		env = e.closeEnviron(s, env)
		s.Outside.Env = env
	}
	elems := make([]value.Value, len(env.entries))
	for i, ent := range env.entries {
		elems[i] = value.Concat(value.Concat(ent.key, value.StringConst("=")), ent.val)
	}
	strType := types.Typ[types.String]
	id := s.Mem.Alloc(&value.Object{Type: types.NewArray(strType, int64(len(elems))), Value: value.ArrayOf(elems)})
	return []value.Value{value.Slice{NonNil: expr.True, Obj: id, Len: env.count, Cap: env.count}}
}

// closeEnviron adds os.Environ's fresh entries to the open environment env
// of s (see the comment at the top).
func (e *Outside) closeEnviron(s *machine.State, env *environ) *environ {
	in := inputs.Of(s)
	n := e.environSize(s)
	if len(env.entries) > 0 && n > 0 {
		s.Limit("os.Environ lists the variables looked up before it first; other orders are not explored")
	}
	next := env.clone()
	next.closed = true
	// The count is the selector, which the choice pins, not the constant:
	// a branch on it then asks the solver, which can find a side reachable
	// only with more entries than the bound (inputs/inputbounds.go), as for a map
	// input's size.
	size := expr.Const(64, uint64(n))
	if !in.IsReplay() {
		size = expr.BVVar(EnvironCountName, 64)
	}
	next.count = expr.Add(expr.Const(64, uint64(len(env.entries))), size)
	for i := 0; i < n; i++ {
		key := e.in.BuildString(s, fmt.Sprintf("%s[%d].key", EnvironName, i))
		val := e.in.BuildString(s, fmt.Sprintf("%s[%d].value", EnvironName, i))
		valid := []expr.Expr{expr.And(freshValidKey(key), freshNoNUL(val))}
		for _, o := range next.entries {
			valid = append(valid, expr.Not(value.StringsEqual(key, o.key)))
		}
		for _, a := range next.absent {
			valid = append(valid, expr.Not(value.StringsEqual(key, a)))
		}
		what := fmt.Sprintf("environment variable %d has an invalid or repeated name", i)
		for _, c := range valid {
			if !e.in.AssumeBuilt(s, c, what) {
				return next
			}
		}
		next.entries = append(next.entries, envEntry{key: key, val: val})
	}
	return next
}

// environSize is the number of entries os.Environ adds, 0 … MaxElems: a
// choice of input shape (inputs/choices.go) whose selector is count($environ), so
// each state knows its entries, and the bound on it is recorded as a map
// input's size is, to grow when a branch needs more.
func (e *Outside) environSize(s *machine.State) int {
	in := inputs.Of(s)
	max := in.MaxSize(EnvironName, min(maxEnvironEntries, in.Bounds().MaxElems))
	size := expr.BVVar(EnvironCountName, 64)
	var sizes []uint64
	var pins []string
	var sizePins []expr.Expr
	for n := 0; n <= max; n++ {
		sizes = append(sizes, uint64(n))
		pins = append(pins, fmt.Sprintf("os.Environ() has %d more entries", n))
		sizePins = append(sizePins, expr.Eq(size, expr.Const(64, uint64(n))))
	}
	if !in.IsReplay() {
		e.in.NoteMapBound(sizePins, EnvironName, size, max, in.Bounds().GrowElems)
	}
	return e.in.Choose(s, EnvironCountName, size, sizes, pins)
}

func (env *environ) clone() *environ {
	c := *env
	c.entries = env.entries[:len(env.entries):len(env.entries)]
	c.absent = env.absent[:len(env.absent):len(env.absent)]
	c.writes = env.writes[:len(env.writes):len(env.writes)]
	return &c
}

// validEnvKey holds when key can name a variable: not empty, no '=' and
// no NUL byte.
func validEnvKey(key value.String) expr.Expr {
	ok := expr.Ult(expr.Const(64, 0), key.Len)
	for i, b := range key.Bytes {
		inside := expr.Ult(expr.Const(64, uint64(i)), key.Len)
		good := expr.And(expr.Ne(b, expr.Const(8, '=')), expr.Ne(b, expr.Const(8, 0)))
		ok = expr.And(ok, expr.Implies(inside, good))
	}
	return ok
}

// freshValidKey and freshNoNUL are validEnvKey and "no NUL byte" for a
// fresh input string: every byte it holds is constrained, also those past
// its length, which no operation lets the program see (a shorter string
// does not read them), so the terms need no guard on the length and stay
// small in every later query.
func freshValidKey(key value.String) expr.Expr {
	ok := expr.Ult(expr.Const(64, 0), key.Len)
	for _, b := range key.Bytes {
		ok = expr.And(ok, expr.Ne(b, expr.Const(8, '=')), expr.Ne(b, expr.Const(8, 0)))
	}
	return ok
}

func freshNoNUL(s value.String) expr.Expr {
	ok := expr.True
	for _, b := range s.Bytes {
		ok = expr.And(ok, expr.Ne(b, expr.Const(8, 0)))
	}
	return ok
}

// envBranch splits s on cond as branch does, for the alternatives of a
// lookup. Where one side is infeasible, branch would ask whether inputs
// beyond the size bounds take it, a query over strings of unbounded length
// that took seconds each on os.Environ's entries; as such a side is no
// block of the program, growth could not follow it anyway. The path
// instead records, when it has size bounds at all, that it does not speak
// for inputs beyond them (so it is not exhaustive), which never claims
// more than holds.
func (e *Outside) envBranch(s *machine.State, cond expr.Expr) (onTrue, onFalse *machine.State) {
	if cond.IsConst() || s.Replay {
		if cond.IsTrue() {
			return s, nil
		}
		if cond.IsFalse() {
			return nil, s
		}
	}
	if s.Decisions >= e.Cfg.Bounds.MaxDecisions {
		e.Finish(s, machine.EndDepth, 0, "too many decisions on one path")
		return nil, nil
	}
	canTrue := e.Feasible(s, cond)
	canFalse := e.Feasible(s, expr.Not(cond))
	cut := func(r solver.Result) {
		e.UnknownSide(s, r)
		if r == solver.Unsat && e.hasBounds(s) {
			s.Limit("an environment lookup's other outcome is not checked beyond the input size bounds")
		}
	}
	switch {
	case canTrue == solver.Sat && canFalse == solver.Sat:
		f := e.Fork(s)
		s.Assume(cond, "")
		f.Assume(expr.Not(cond), "")
		s.Decisions++
		f.Decisions++
		return s, f
	case canTrue == solver.Sat:
		cut(canFalse)
		return s, nil
	case canFalse == solver.Sat:
		cut(canTrue)
		return nil, s
	}
	e.Finish(s, machine.EndSolverUnknown, 0, "solver could not decide an environment lookup")
	return nil, nil
}

// hasBounds reports whether s's condition holds an input size bound.
func (e *Outside) hasBounds(s *machine.State) bool {
	for _, c := range s.PathCond {
		if e.in.IsSizeBound(c) {
			return true
		}
	}
	return false
}

// maxEnvironEntries is the default bound on the entries os.Environ adds
// (or MaxElems when smaller). Each entry is two strings that every later
// query carries, and a loop over the environment forks at each; what code
// tells apart is mostly none, one or two variables, so the bound starts
// small and grows, as input sizes do, when a branch needs more.
const maxEnvironEntries = 2

// envOf is what the path s knows of the environment, nil until it reads
// it.
func envOf(s *machine.State) *environ {
	env, _ := s.Outside.Env.(*environ)
	return env
}
