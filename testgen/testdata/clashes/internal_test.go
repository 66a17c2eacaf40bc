package clashes

import (
	ptr "strings" // the pointer helper's name, in this file's block
	"testing"
)

// errText is the error helper's name, at package level.
var errText = ptr.ToUpper("taken")

func TestDeref(t *testing.T) {
	n := 4
	if Deref(&n) != 4 || errText != "TAKEN" {
		t.Fatal("Deref")
	}
}
