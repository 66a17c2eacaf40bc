package testgen

import (
	"fmt"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/literal"
)

// Errors are compared as a reviewer compares them: with errors.Is where
// the function returns a sentinel, a package-level variable the test can
// name (io.EOF, the package's ErrLength; the executor reports those as a
// concrete.Global), and otherwise by message. One column scheme serves a
// table whose rows mix them:
//
//   - every error is a sentinel: wantErr error, checked with errors.Is
//     (errors.Is(nil, nil) holds, so a nil row needs nothing);
//   - some are, some are not: wantErr error for the sentinels and
//     wantErrMsg string for the others, the message checked when wantErr
//     is nil;
//   - none is: wantErr string, the message ("" for nil);
//   - a row's error has neither a name nor a known message: wantErr bool,
//     its nil-ness.

// errorCheck chooses the comparison of error result i.
func errorCheck(i int, cands []*candidate, l *literal.Writer) (comparison, string, string) {
	sentinels, messages := false, false
	for _, c := range cands {
		if c.Want.Panics {
			continue
		}
		r := c.Want.Results[i]
		switch {
		case r.Value.Kind == concrete.Nil:
		case r.Value.Kind == concrete.Global && literal.NameableVar(l.Home, r.Value.Var):
			sentinels = true
		case r.ErrMsg == "":
			return checkErrNil, "bool", ""
		default:
			messages = true
		}
	}
	if !sentinels {
		return checkErrMsg, "string", ""
	}
	// The column's type is error: spelled without an import.
	if messages {
		return checkErrIsOrMsg, "error", ""
	}
	return checkErrIs, "error", ""
}

// isErrCheck reports whether c compares an error.
func isErrCheck(c comparison) bool {
	switch c {
	case checkErrMsg, checkErrNil, checkErrIs, checkErrIsOrMsg, checkErrMade, checkErrMadeAny:
		return true
	}
	return false
}

// checkErrIs prints the errors.Is comparison of result r and, for a
// table that mixes sentinels and messages, the message comparison of the
// rows that name no sentinel.
func (e *emitter) checkErrIs(t *table, r resultColumn, label string) {
	v := t.vars
	want := v.tt + "." + r.field
	is := e.imp.Name("errors", "errors") + ".Is"
	if r.check == checkErrIs {
		fmt.Fprintf(&e.b, "if !%s(%s, %s) {\n%s.Errorf(%s, %[2]s, %[3]s)\n}\n", is, r.got, want, v.t, message(label, "got %v", "want %v"))
		return
	}
	e.usesErrText = true
	msg := v.tt + "." + r.msgField
	got := e.helpers.errText + "(" + r.got + ")"
	fmt.Fprintf(&e.b, "if %s != nil {\n", want)
	fmt.Fprintf(&e.b, "if !%s(%s, %s) {\n%s.Errorf(%s, %s, %s)\n}\n", is, r.got, want, v.t, message(label, "got %v", "want %v"), r.got, want)
	fmt.Fprintf(&e.b, "} else if %s != %s {\n%s.Errorf(%s, %s, %s)\n}\n", got, msg, v.t, message(label, "got %q", "want %q"), got, msg)
}
