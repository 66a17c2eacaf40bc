package pick

import (
	"fmt"
)

// elem is the name the executor gives element i of the input called name.
func elem(name string, i int) string { return fmt.Sprintf("%s[%d]", name, i) }
