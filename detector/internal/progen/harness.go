package progen

import (
	"fmt"
	"go/format"
	"strings"
)

// Harness returns the source of a main package that runs p's functions
// natively, p being importable as importPath. It reads from stdin a JSON
// object from function names to lists of argument lists, calls each
// function on each list (a panic, recovered or not, ends only that call),
// and writes to stdout a JSON object from function names to the sorted
// markers any of its calls reached.
func (p *Package) Harness(importPath string) string {
	var b strings.Builder
	b.WriteString(`// Command native runs the generated functions on the inputs it reads.
package main

import (
	"encoding/json"
	"os"
	"sort"

	gen ` + fmt.Sprintf("%q", importPath) + `
)

// funcs call each function with the arguments it is given.
var funcs = map[string]func(a []int){
`)
	for _, f := range p.Funcs {
		var args []string
		for i := range f.Params {
			args = append(args, fmt.Sprintf("a[%d]", i))
		}
		fmt.Fprintf(&b, "\t%q: func(a []int) { gen.%s(%s) },\n", f.Name, f.Name, strings.Join(args, ", "))
	}
	b.WriteString(`}

// call runs one call, a panic included.
func call(f func([]int), a []int) {
	defer func() { recover() }()
	f(a)
}

func main() {
	var inputs map[string][][]int
	if err := json.NewDecoder(os.Stdin).Decode(&inputs); err != nil {
		panic(err)
	}
	reached := map[string][]int{}
	for name, calls := range inputs {
		f := funcs[name]
		seen := map[int]bool{}
		for _, a := range calls {
			gen.Cov = [len(gen.Cov)]bool{}
			call(f, a)
			for k, hit := range gen.Cov {
				if hit {
					seen[k] = true
				}
			}
		}
		ks := []int{}
		for k := range seen {
			ks = append(ks, k)
		}
		sort.Ints(ks)
		reached[name] = ks
	}
	if err := json.NewEncoder(os.Stdout).Encode(reached); err != nil {
		panic(err)
	}
}
`)
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		panic("progen wrote a bad harness: " + err.Error())
	}
	return string(src)
}
