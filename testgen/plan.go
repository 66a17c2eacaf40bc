package testgen

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// funcPlan is the table test of one function, ready to print.
type funcPlan struct {
	fn       *ssa.Function
	testName string
	params   []column // one per argument, receiver first
	results  []resultColumn
	panics   bool // some row panics: the table has panics/wantPanic columns
	rows     []row
	variadic bool
}

type column struct {
	field string // the table's field name
	typ   string // its type, as written in the test file
}

// resultColumn is how one result is checked.
type resultColumn struct {
	column
	isError  bool // compared by Error() text in a string column
	asserted bool // compared with reflect.DeepEqual; false: not checked
}

type row struct {
	c       Case
	name    string
	comment string
	args    []string // literals, one per param
	wants   []string // literals, one per result ("" where not asserted)
	// wantPanic is the expected message literal ("" to accept any).
	wantPanic string
}

// reservedFields are the table's own fields, which parameters must not use.
var reservedFields = map[string]bool{"name": true, "panics": true, "wantPanic": true}

// plan builds the table for ft; cases whose inputs have no literal are left
// out, with the reason in skipped.
func plan(ft FuncTests, lits *literals, testName string) (p *funcPlan, skipped []string) {
	fn := ft.Func
	sig := fn.Signature
	p = &funcPlan{fn: fn, testName: testName, variadic: sig.Variadic()}
	used := map[string]bool{}
	for k := range reservedFields {
		used[k] = true
	}
	for i, param := range fn.Params {
		name := param.Name()
		if name == "" || name == "_" {
			name = fmt.Sprintf("arg%d", i)
		}
		for used[name] || strings.HasPrefix(name, "want") {
			name += "_"
		}
		used[name] = true
		typ, err := lits.typeName(param.Type())
		if err != nil {
			return nil, []string{fmt.Sprintf("%s: parameter %s: %v", testName, name, err)}
		}
		p.params = append(p.params, column{field: name, typ: typ})
	}
	res := sig.Results()
	for i := 0; i < res.Len(); i++ {
		t := res.At(i).Type()
		rc := resultColumn{isError: types.Identical(t, types.Universe.Lookup("error").Type())}
		rc.field = "want"
		if rc.isError {
			rc.field = "wantErr"
		}
		if i > 0 {
			rc.field = fmt.Sprintf("%s%d", rc.field, i)
		}
		if rc.isError {
			rc.typ, rc.asserted = "string", true
		} else if typ, err := lits.typeName(t); err == nil {
			rc.typ, rc.asserted = typ, true
		}
		p.results = append(p.results, rc)
	}
	var rows []row
	for _, c := range ft.Cases {
		r, err := makeRow(c, lits, p)
		if err != nil {
			skipped = append(skipped, fmt.Sprintf("%s: case %q: %v", testName, c.Summary, err))
			continue
		}
		rows = append(rows, r)
	}
	// A result column is asserted only if every row can write its value.
	for i := range p.results {
		for _, r := range rows {
			if !r.c.Want.Panics && r.wants[i] == "" && !p.results[i].isError {
				p.results[i].asserted = false
			}
		}
	}
	names := make([]string, len(rows))
	for i, r := range rows {
		names[i] = r.c.Summary
	}
	for i, n := range caseNames(names) {
		rows[i].name = n
		p.panics = p.panics || rows[i].c.Want.Panics
	}
	p.rows = rows
	return p, skipped
}

func makeRow(c Case, lits *literals, p *funcPlan) (row, error) {
	r := row{c: c, comment: comment(c)}
	for i, a := range c.Args {
		src, err := lits.write(a, types.IsInterface(p.fn.Params[i].Type()))
		if err != nil {
			return r, fmt.Errorf("input %s: %w", p.params[i].field, err)
		}
		r.args = append(r.args, src)
	}
	r.wants = make([]string, len(p.results))
	if c.Want.Panics {
		if c.Want.PanicMsgKnown {
			r.wantPanic = fmt.Sprintf("%q", c.Want.PanicMsg)
		}
		return r, nil
	}
	for i, res := range c.Want.Results {
		if i >= len(p.results) {
			break
		}
		if p.results[i].isError {
			r.wants[i] = fmt.Sprintf("%q", res.ErrMsg)
			continue
		}
		src, err := lits.write(res.Value, types.IsInterface(p.fn.Signature.Results().At(i).Type()))
		if err == nil {
			r.wants[i] = src
		}
	}
	return r, nil
}

// ssaTemp matches the name of an unnamed SSA value.
var ssaTemp = regexp.MustCompile(`\bt[0-9]+\b`)

// comment is the row's comment: the branch outcomes it pins, and the panic.
func comment(c Case) string {
	var pins []string
	seen := make(map[string]bool)
	for _, p := range c.Pins {
		if ssaTemp.MatchString(p) {
			continue // names an SSA temporary (t2), which tells a reader nothing
		}
		if !seen[p] { // a loop pins the same outcome on every turn
			seen[p] = true
			pins = append(pins, p)
		}
	}
	text := strings.Join(pins, " && ")
	if c.Want.Panics {
		p := "panics"
		if c.Want.PanicMsgKnown {
			p += ": " + c.Want.PanicMsg
		}
		if text == "" {
			text = p
		} else {
			text += "; " + p
		}
	}
	if text == "" {
		text = "no input-dependent branch"
	}
	text = strings.ReplaceAll(text, "\n", " ")
	if len(text) > 150 {
		text = text[:147] + "..."
	}
	return text
}
