package outside

import (
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"github.com/gosymtest/gosymtest/symbolic/value"
)

// The environment a test sets, read off the state of the path's concrete
// replay (environ.go has the model).

// TestEnv is the environment a finished concrete run assumed, for its
// test: nil when it read none. ok is false when a part of it is not
// concrete, which a replay should never leave.
func TestEnv(run *machine.State) (env *concrete.Env, ok bool) {
	if envOf(run) == nil {
		return nil, true
	}
	out := &concrete.Env{Exact: envOf(run).closed}
	for _, ent := range envOf(run).entries {
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
	written, ok := writtenOnly(envOf(run))
	if !ok {
		return nil, false
	}
	for _, k := range written {
		out.Vars = append(out.Vars, concrete.EnvVar{Key: k, Unset: true})
	}
	for _, a := range envOf(run).absent {
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
