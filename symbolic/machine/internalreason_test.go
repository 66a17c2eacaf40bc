package machine

import (
	"regexp"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/value"
)

// An executor bug is reported with the innermost frame of the executor
// that raised it, in this package as in the others under symbolic, so
// that the report points at the line to fix.
func TestInternalReasonNamesTheRaisingLine(t *testing.T) {
	reason := func() (reason string) {
		defer func() { reason = InternalReason(recover()) }()
		(&Machine{}).Length(&State{}, value.Func{})
		return ""
	}()
	want := regexp.MustCompile(`^gosymtest internal error: len of value\.Func \(at builtins\.go:\d+\)$`)
	if !want.MatchString(reason) {
		t.Errorf("InternalReason = %q, want it to match %s", reason, want)
	}
}
