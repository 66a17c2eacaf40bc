package clashes_test

import (
	"testing"

	. "example.com/clashes"
)

// TestB_Size is no test, but the dot import puts the generated file's
// exported names in this file's block, where they must not clash.
var TestB_Size = B{N: 1}.Size()

func TestParse(t *testing.T) {
	if Parse("") == nil || TestB_Size != 2 {
		t.Fatal("Parse")
	}
}
