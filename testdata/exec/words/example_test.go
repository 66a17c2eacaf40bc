package words_test

import (
	"fmt"

	"github.com/gosymtest/gosymtest/testdata/exec/words"
)

func ExampleParseVersion() {
	v, err := words.ParseVersion("release-12.4-rc1")
	fmt.Println(v, err)
}
