package symbolic

// The environment a test sets, read off the state of the path's concrete
// replay (environ.go has the model).

// Env is the environment a test sets before its call.
type Env struct {
	// Vars are the variables the path looked up, in order, set to Value
	// or Unset, then those the code under test wrote without reading them
	// first, Unset. When Exact, they are the whole environment, all set,
	// in the order os.Environ must list them.
	Vars  []EnvVar
	Exact bool
}

// EnvVar is one environment variable of a test.
type EnvVar struct {
	Key, Value string
	Unset      bool
}

// testEnv is the environment a finished concrete run assumed, for its
// test: nil when it read none. ok is false when a part of it is not
// concrete, which a replay should never leave.
func testEnv(run *State) (env *Env, ok bool) {
	if run.env == nil {
		return nil, true
	}
	out := &Env{Exact: run.env.closed}
	for _, ent := range run.env.entries {
		k, okK := concreteString(ent.key)
		v, okV := concreteString(ent.val)
		if !okK || !okV {
			return nil, false
		}
		out.Vars = append(out.Vars, EnvVar{Key: k, Value: v})
	}
	if out.Exact {
		// The helper that makes the environment restores it all.
		return out, true
	}
	written, ok := writtenOnly(run.env)
	if !ok {
		return nil, false
	}
	for _, k := range written {
		out.Vars = append(out.Vars, EnvVar{Key: k, Unset: true})
	}
	for _, a := range run.env.absent {
		k, ok := concreteString(a)
		if !ok {
			return nil, false
		}
		if validKey(k) {
			// An invalid key is unset in every environment.
			out.Vars = append(out.Vars, EnvVar{Key: k, Unset: true})
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
