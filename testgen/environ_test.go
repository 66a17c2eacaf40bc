package testgen

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/testgen/internal/cv"
)

// TestEnvironmentColumns: cases that read the environment get the columns
// that set it, literals written the same way every time (a map's keys in
// order, an exact environment in the order given), and the file passes go
// test; a table without such cases gets none of it.
func TestEnvironmentColumns(t *testing.T) {
	s := newShapes(t)
	greet := s.fn(t, "Greet")
	upper := s.fn(t, "Upper")
	hello := func(block int, env *Env) Case {
		c := returns(greet, `returns "hello, stranger"`, nil, block, args(cv.Str("")), val(cv.Str("hello, stranger")))
		c.Env = env
		return c
	}
	rep := s.generate(t, []FuncTests{{Func: greet, Cases: []Case{
		hello(1, &Env{Vars: []EnvVar{{Key: "B", Value: "2"}, {Key: "A", Value: "1"}, {Key: "GOSYMTEST_GONE", Unset: true}}}),
		hello(2, &Env{Exact: true, Vars: []EnvVar{{Key: "Z", Value: "x=y"}, {Key: "A", Value: ""}}}),
		hello(3, &Env{Exact: true}),
	}}, {Func: upper, Cases: []Case{
		returns(upper, `returns "AB"`, nil, 0, args(cv.Slice(paramType(upper, 0))), val(cv.Slice(paramType(upper, 0)))),
	}}}, Options{Validate: true})
	if rep.Kept != 4 || len(rep.Dropped) != 0 {
		t.Fatalf("kept %d of 4; dropped %+v", rep.Kept, rep.Dropped)
	}
	src := s.file(t)
	for _, want := range []string{
		`env:\s+map\[string\]string\{"A": "1", "B": "2"\}`,
		`unsetEnv:\s+\[\]string\{"GOSYMTEST_GONE"\}`,
		`environ:\s+\[\]string\{"Z=x=y", "A="\}`,
		`environ:\s+\[\]string\{\}`,
		`t\.Setenv\(k, v\)`,
		`os\.Unsetenv\(k\)`,
		`setEnviron\(t, tt\.environ\)`,
		`func setEnviron\(t \*testing\.T, env \[\]string\) \{`,
	} {
		if !regexp.MustCompile(want).MatchString(src) {
			t.Errorf("file lacks %s:\n%s", want, src)
		}
	}
	upperTest := src[strings.Index(src, "func TestUpper"):]
	upperTest = upperTest[:strings.Index(upperTest, "\n}\n")]
	if strings.Contains(upperTest, "env") || strings.Contains(upperTest, "Setenv") {
		t.Errorf("a test that reads no environment sets one:\n%s", upperTest)
	}
}
