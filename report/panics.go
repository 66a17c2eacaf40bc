package report

import "fmt"

// PanicFound is a crash a caller can hit: a case of the written tests in
// which Go's runtime panics (a nil dereference, an index out of range)
// on inputs built the way the package's callers build them.
type PanicFound struct {
	Package  string `json:"package"`
	Function string `json:"function"`
	Test     string `json:"test"`    // the test and its case: "TestDecode/panics_index_out_of_range"
	Call     string `json:"call"`    // the call that panics: `Decode([]byte{}, []byte("0"))`
	Message  string `json:"message"` // the panic's message; "" when unknown
}

// String is the finding on a line: the call, then the message.
func (p PanicFound) String() string {
	if p.Message == "" {
		return p.Call + " panics"
	}
	return fmt.Sprintf("%s panics: %s", p.Call, p.Message)
}
