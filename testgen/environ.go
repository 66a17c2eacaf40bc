package testgen

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// envColumns are a table's environment columns, "" for those no row
// needs: the variables to set (a map), those to unset (a slice), and the
// whole environment of rows that read all of it (a slice of "KEY=VALUE",
// in order; nil in other rows).
type envColumns struct {
	set, unset, exact string
}

func (c envColumns) any() bool { return c.set != "" || c.unset != "" || c.exact != "" }

// envTable adds the environment columns the candidates need.
func envTable(t *table, cands []*candidate, used map[string]bool) {
	var set, unset, exact bool
	for _, c := range cands {
		if c.Env == nil {
			continue
		}
		if c.Env.Exact {
			exact = true
			continue
		}
		for _, v := range c.Env.Vars {
			set = set || !v.Unset
			unset = unset || v.Unset
		}
	}
	if set {
		t.env.set = uniqueField("env", used)
	}
	if unset {
		t.env.unset = uniqueField("unsetEnv", used)
	}
	if exact {
		t.env.exact = uniqueField("environ", used)
	}
}

// envFields are the row's environment fields, as "field: literal".
func envFields(t *table, env *Env) []string {
	if env == nil {
		return nil
	}
	if env.Exact {
		entries := make([]string, len(env.Vars))
		for i, v := range env.Vars {
			entries[i] = strconv.Quote(v.Key + "=" + v.Value)
		}
		return []string{t.env.exact + ": []string{" + strings.Join(entries, ", ") + "}"}
	}
	var set, unset []string
	for _, v := range env.Vars {
		if v.Unset {
			unset = append(unset, strconv.Quote(v.Key))
		} else {
			set = append(set, strconv.Quote(v.Key)+": "+strconv.Quote(v.Value))
		}
	}
	// Literal keys in order, so two runs write the same bytes.
	sort.Strings(set)
	sort.Strings(unset)
	var fields []string
	if len(set) > 0 {
		fields = append(fields, t.env.set+": map[string]string{"+strings.Join(set, ", ")+"}")
	}
	if len(unset) > 0 {
		fields = append(fields, t.env.unset+": []string{"+strings.Join(unset, ", ")+"}")
	}
	return fields
}

// envColumnDecls prints the declarations of the environment columns.
func (e *emitter) envColumnDecls(t *table) {
	if t.env.set != "" {
		fmt.Fprintf(&e.b, "%s map[string]string // environment variables set for the call\n", t.env.set)
	}
	if t.env.unset != "" {
		fmt.Fprintf(&e.b, "%s []string // environment variables unset for the call\n", t.env.unset)
	}
	if t.env.exact != "" {
		fmt.Fprintf(&e.b, "%s []string // when not nil, the whole environment, in order\n", t.env.exact)
	}
}

// envSetup prints, at the start of a row's subtest, what makes its
// environment: t.Setenv restores each variable when the subtest ends
// (and rules out t.Parallel, which a test that changes the process
// environment must not use); an exact environment is made by the file's
// helper, which restores the previous one likewise.
func (e *emitter) envSetup(t *table) {
	if !t.env.any() {
		return
	}
	if !e.helpers.forms.allows(go117) {
		e.envSetupBefore117(t)
		return
	}
	v := t.vars
	if t.env.set != "" {
		fmt.Fprintf(&e.b, "for k, v := range %s.%s {\n%s.Setenv(k, v)\n}\n", v.tt, t.env.set, v.t)
	}
	if t.env.unset != "" {
		os := e.imp.Name("os", "os")
		fmt.Fprintf(&e.b, "for _, k := range %s.%s {\n%s.Setenv(k, \"\") // restored when the subtest ends\n%s.Unsetenv(k)\n}\n", v.tt, t.env.unset, v.t, os)
	}
	if t.env.exact != "" {
		e.usesSetEnviron = true
		fmt.Fprintf(&e.b, "if %s.%s != nil {\n%s(%s, %[1]s.%[2]s)\n}\n", v.tt, t.env.exact, e.helpers.setEnviron, v.t)
	}
}

// envSetupBefore117 is envSetup for a language version before go1.17,
// whose standard library may have neither t.Setenv (go1.17) nor
// t.Cleanup (go1.14): the subtest saves the whole environment and a
// deferred call of the helper puts it back.
func (e *emitter) envSetupBefore117(t *table) {
	v := t.vars
	os := e.imp.Name("os", "os")
	e.usesSetEnviron = true
	fmt.Fprintf(&e.b, "defer %s(%s.Environ()) // the environment as it was, when the subtest ends\n", e.helpers.setEnviron, os)
	if t.env.set != "" {
		fmt.Fprintf(&e.b, "for k, v := range %s.%s {\n%s.Setenv(k, v)\n}\n", v.tt, t.env.set, os)
	}
	if t.env.unset != "" {
		fmt.Fprintf(&e.b, "for _, k := range %s.%s {\n%s.Unsetenv(k)\n}\n", v.tt, t.env.unset, os)
	}
	if t.env.exact != "" {
		fmt.Fprintf(&e.b, "if %s.%s != nil {\n%s(%[1]s.%[2]s)\n}\n", v.tt, t.env.exact, e.helpers.setEnviron)
	}
}

// setEnvironHelper prints the helper that makes the environment exactly
// a row's.
func (e *emitter) setEnvironHelper() {
	if !e.helpers.forms.allows(go117) {
		os, strs := e.imp.Name("os", "os"), e.imp.Name("strings", "strings")
		fmt.Fprintf(&e.b, `
// %[1]s makes the environment exactly env ("KEY=VALUE" entries, in the
// order os.Environ lists them).
func %[1]s(env []string) {
	%[2]s.Clearenv()
	for _, kv := range env {
		if i := %[3]s.Index(kv, "="); i >= 0 {
			%[2]s.Setenv(kv[:i], kv[i+1:])
		}
	}
}
`, e.helpers.setEnviron, os, strs)
		return
	}
	os, strs, testing := e.imp.Name("os", "os"), e.imp.Name("strings", "strings"), e.imp.Name("testing", "testing")
	cut := "k, v, _ := %[3]s.Cut(kv, \"=\")"
	if !e.helpers.forms.allows(go118) {
		// strings.Cut is go1.18's.
		cut = "i := %[3]s.Index(kv, \"=\")\n\t\t\tif i < 0 {\n\t\t\t\tcontinue\n\t\t\t}\n\t\t\tk, v := kv[:i], kv[i+1:]"
	}
	fmt.Fprintf(&e.b, `
// %[1]s makes the environment exactly env ("KEY=VALUE" entries, in the
// order os.Environ lists them) until the test ends, then restores it.
func %[1]s(t *%[4]s.T, env []string) {
	t.Helper()
	replace := func(env []string) {
		%[2]s.Clearenv()
		for _, kv := range env {
			`+cut+`
			%[2]s.Setenv(k, v)
		}
	}
	saved := %[2]s.Environ()
	t.Cleanup(func() { replace(saved) })
	replace(env)
}
`, e.helpers.setEnviron, os, strs, testing)
}
