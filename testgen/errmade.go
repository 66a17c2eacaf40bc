package testgen

import (
	"fmt"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"golang.org/x/tools/go/ssa"
)

// A function that makes errors (loader.MakesErrors: errors.New, a
// wrapper's Cause or Unwrap, an Err accessor) returns an error on every
// path; that error is what it is for, not a failure. Its table checks
// which error it made, as a reviewer would:
//
//   - its message, in a column named want, when every row knows it;
//   - else only that it is not nil.
//
// A row that returns nil shows the function also fails by returning an
// error (a Close that passes on another call's error): its table checks
// errors as failures, as any other (errcheck.go).

// madeErrorCheck chooses the check of error result i of fn when fn makes
// errors and no row returned nil; ok is false otherwise.
func madeErrorCheck(fn *ssa.Function, i int, cands []*candidate) (c comparison, typ string, ok bool) {
	if !loader.MakesErrors(fn) {
		return unchecked, "", false
	}
	c, typ = checkErrMade, "string"
	returned := false
	for _, cand := range cands {
		if cand.Want.Panics {
			continue
		}
		r := cand.Want.Results[i]
		if r.Value.Kind == concrete.Nil {
			return unchecked, "", false
		}
		returned = true
		if r.ErrMsg == "" {
			// Unknown, or empty: the two are not told apart.
			c, typ = checkErrMadeAny, ""
		}
	}
	return c, typ, returned
}

// madeErrorField names the column of a made error's message: want, for
// an unnamed result (wantErr would read as a failure).
func madeErrorField(fn *ssa.Function, i int, name string) string {
	if fn.Signature.Results().At(i).Name() == "" {
		return "want"
	}
	return name
}

// checkMadeError prints the check of a made error: not nil and, with a
// column, its message.
func (e *emitter) checkMadeError(t *table, r resultColumn, label string) {
	v := t.vars
	if r.check == checkErrMadeAny {
		fmt.Fprintf(&e.b, "if %s == nil {\n%s.Errorf(%s)\n}\n", r.got, v.t, message(label, "got nil", "want an error"))
		return
	}
	want := v.tt + "." + r.field
	fmt.Fprintf(&e.b, "if %s == nil {\n%s.Fatalf(%s)\n}\n", r.got, v.t, message(label, "got nil", "want an error"))
	fmt.Fprintf(&e.b, "if %s.Error() != %s {\n%s.Errorf(%s, %[1]s.Error(), %[2]s)\n}\n", r.got, want, v.t, message(label, "got %q", "want %q"))
}
