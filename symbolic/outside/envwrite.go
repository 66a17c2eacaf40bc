package outside

import (
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
	"golang.org/x/tools/go/ssa"
)

// Writes to the environment. os.Setenv and os.Unsetenv in the code under
// test change the path's current environment, not its input: a write is
// recorded (latest last), and a later lookup first forks over being each
// written key, newest first, and only then over the variables of the
// input (environ.go). So the test still sets only what the path read
// before writing. A key written but never read before is unset by the
// test, so that t.Setenv's cleanup restores it after the code under test
// set it for real.
//
// os.Setenv of an invalid key (empty, with '=' or NUL) or of a value with
// a NUL byte fails with an error the model does not build: that side
// stops the path. os.Environ after a write stops the path too: where a
// written variable stands in it depends on whether it was set before,
// which the model does not track. os.Clearenv is not modelled.

// envWrite is one write: key set to val, or unset.
type envWrite struct {
	key, val value.String
	set      bool
}

// envWriteModels are os.Setenv and os.Unsetenv.
func envWriteModels() map[string]model {
	return map[string]model{
		"os.Setenv": func(e *Outside, s *machine.State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
			if refuseInitEnv(e, s, fn) {
				return nil, false
			}
			key, val := a[0].(value.String), a[1].(value.String)
			ok, bad := e.envBranch(s, expr.And(validEnvKey(key), noNULByte(val)))
			if bad != nil {
				e.Unsupported(bad, "os.Setenv of an invalid variable")
			}
			if ok == nil {
				return nil, false
			}
			ok.Outside.Env = envOrEmpty(ok).withWrite(envWrite{key: key, val: val, set: true})
			if ok != s {
				e.setCallResults(ok, []value.Value{value.Interface{}})
				return nil, false
			}
			return []value.Value{value.Interface{}}, true
		},
		"os.Unsetenv": func(e *Outside, s *machine.State, fn *ssa.Function, a []value.Value) ([]value.Value, bool) {
			if refuseInitEnv(e, s, fn) {
				return nil, false
			}
			s.Outside.Env = envOrEmpty(s).withWrite(envWrite{key: a[0].(value.String), val: value.StringConst("")})
			return []value.Value{value.Interface{}}, true
		},
	}
}

// envOrEmpty is s's environment, or an empty open one.
func envOrEmpty(s *machine.State) *environ {
	if envOf(s) == nil {
		return &environ{}
	}
	return envOf(s)
}

func (env *environ) withWrite(w envWrite) *environ {
	next := env.clone()
	next.writes = append(env.writes[:len(env.writes):len(env.writes)], w)
	return next
}

// noNULByte holds when no byte of s below its length is NUL.
func noNULByte(s value.String) expr.Expr {
	ok := expr.True
	for i, b := range s.Bytes {
		inside := expr.Ult(expr.Const(64, uint64(i)), s.Len)
		ok = expr.And(ok, expr.Implies(inside, expr.Ne(b, expr.Const(8, 0))))
	}
	return ok
}

// writtenOnly are the valid keys the run wrote that its input does not
// fix (it did not read them before), each once, for the test to unset.
func writtenOnly(env *environ) ([]string, bool) {
	fixed := map[string]bool{}
	for _, ent := range env.entries {
		k, _ := value.ConcreteString(ent.key)
		fixed[k] = true
	}
	for _, a := range env.absent {
		k, _ := value.ConcreteString(a)
		fixed[k] = true
	}
	var out []string
	for _, w := range env.writes {
		k, ok := value.ConcreteString(w.key)
		if !ok {
			return nil, false
		}
		if !fixed[k] && validKey(k) {
			fixed[k] = true
			out = append(out, k)
		}
	}
	return out, true
}
