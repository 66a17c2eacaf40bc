// Package initdep initialises a variable from one of package initcost, so
// that when initcost's init fails, this one's is partial.
package initdep

import "github.com/gosymtest/gosymtest/testdata/exec/initcost"

var fourth = initcost.Square(2)

// Fourth returns a value the init computed from initcost's table.
func Fourth() int { return fourth }
