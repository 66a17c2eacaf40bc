package symbolic

import (
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/value"
)

// The environment a test sets, read off the state of the path's concrete
// replay (environ.go has the model).

// testEnv is the environment a finished concrete run assumed, for its
// test: nil when it read none. ok is false when a part of it is not
// concrete, which a replay should never leave.
func testEnv(run *State) (env *concrete.Env, ok bool) {
	if run.outside.env == nil {
		return nil, true
	}
	out := &concrete.Env{Exact: run.outside.env.closed}
	for _, ent := range run.outside.env.entries {
		k, okK := value.ConcreteString(ent.key)
		v, okV := value.ConcreteString(ent.val)
		if !okK || !okV {
			return nil, false
		}
		out.Vars = append(out.Vars, concrete.EnvVar{Key: k, Value: v})
	}
	if out.Exact {
		// The helper that makes the environment restores it all.
		return out, true
	}
	written, ok := writtenOnly(run.outside.env)
	if !ok {
		return nil, false
	}
	for _, k := range written {
		out.Vars = append(out.Vars, concrete.EnvVar{Key: k, Unset: true})
	}
	for _, a := range run.outside.env.absent {
		k, ok := value.ConcreteString(a)
		if !ok {
			return nil, false
		}
		if validKey(k) {
			// An invalid key is unset in every environment.
			out.Vars = append(out.Vars, concrete.EnvVar{Key: k, Unset: true})
		}
	}
	return out, true
}

// validKey is validEnvKey on a concrete key.
func validKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] == '=' || k[i] == 0 {
			return false
		}
	}
	return true
}
