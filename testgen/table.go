package testgen

import (
	"fmt"
	"go/types"
	"math"
	"slices"
	"strings"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/literal"
	"golang.org/x/tools/go/ssa"
)

// table is the table-driven test of one function, ready to print.
type table struct {
	fn       *ssa.Function
	testName string
	label    string // names the call in failure messages: "Account.Withdraw()"
	call     string // the call of the function under test, on tt's fields
	params   []column
	// handed maps the parameters a case's owner hands out to their
	// owners (handedcolumn.go).
	handed map[int]int
	// output, when set, checks what a writer parameter wrote to the
	// buffer the loop makes it over (outputcolumn.go).
	output  *outputPlan
	results []resultColumn
	// after are the checks of what the call leaves in the memory of its
	// pointer and slice arguments (aftercheck.go).
	after  []afterColumn
	panics bool // some row panics: the table has the panic columns
	rows   []row
	// The table's own columns, named so as not to clash with parameters.
	nameField, panicsField, wantPanicField string
	vars                                   locals
	// env are the environment columns (environ.go).
	env envColumns
	// restore are the package variables each case puts back (pkgstate.go).
	restore []restored
}

type column struct {
	field string // the table's field
	typ   string // its type, as written in the file
}

// comparison is how a result is compared.
type comparison int

const (
	unchecked       comparison = iota // no literal: the call runs, the result is not compared
	checkValue                        // reflect.DeepEqual with the want column
	checkEqual                        // != with the want column: a comparable value (check.go)
	checkFloatBits                    // a float, exactly: a NaN or a negative zero matters (check.go)
	checkErrMsg                       // the error's message (or "" for nil) with a string column
	checkErrNil                       // the error's nil-ness with a bool column
	checkErrIs                        // errors.Is with an error column: every error is a sentinel (sentinel.go)
	checkErrIsOrMsg                   // errors.Is where the row names a sentinel, else the message
	checkBytes                        // bytes.Equal with a []byte column (aftercheck.go)
	checkViews                        // through its String method, exported fields and getters (viewcheck.go)
	checkErrMade                      // a made error's message with a string column (errmade.go)
	checkErrMadeAny                   // a made error's non-nil-ness, with no column
)

type resultColumn struct {
	column
	check comparison
	why   string // unchecked: why there is no literal
	got   string // the local the result is assigned to; "_" when unchecked
	// msgField is checkErrIsOrMsg's message column: wantErrMsg.
	msgField string
	// views are checkViews' columns.
	views viewPlan
}

type row struct {
	cand    *candidate
	name    string
	comment []string // lines
	args    []string // literals, one per parameter
	wants   []string // literals, one per result; "" leaves the field out
	// msgs are checkErrIsOrMsg's messages, one per result; "" leaves the
	// field out.
	msgs []string
	// views are checkViews' literals, per result and view column; ""
	// leaves the field out. A checkViews result's wants entry is its
	// wantNil literal.
	views [][]string
	// afterWants are the literals of the after columns; nil for a row
	// that panics.
	afterWants []string
	env        []string // the environment fields, "field: literal"
	panics     bool
	// wantPanic is the literal of the expected panic message; "" accepts
	// any message (the interpreter did not know it).
	wantPanic string
}

// buildTable lays out fn's test for the selected candidates. It fails
// only when a literal that writable accepted cannot be written any more,
// which would be a bug.
func buildTable(fn *ssa.Function, testName string, cands []*candidate, l *literal.Writer, vars locals) (*table, error) {
	t := &table{fn: fn, testName: testName, label: loader.FuncName(fn) + "()", vars: vars}
	used := make(map[string]bool)
	for i, p := range fn.Params {
		typ, err := l.TypeName(p.Type())
		if err != nil {
			return nil, err
		}
		t.params = append(t.params, column{field: uniqueField(paramField(fn, i), used), typ: typ})
	}
	t.handed = handedOwners(fn, cands)
	if err := handedColumns(t, l); err != nil {
		return nil, err
	}
	if t.output = planOutput(t, cands, l); t.output != nil {
		if err := outputColumns(t, l); err != nil {
			return nil, err
		}
	}
	for i, name := range resultFields(fn.Signature.Results()) {
		made, madeType, isMade := madeErrorCheck(fn, i, cands)
		if isMade {
			name = madeErrorField(fn, i, name)
		}
		rc := resultColumn{column: column{field: uniqueField(name, used)}}
		if isMade {
			rc.check, rc.typ = made, madeType
		} else if plan, why, ok := viewedResult(fn, i, rc.field, cands, l, used); ok {
			rc.check, rc.views, rc.why = checkViews, plan, why
			if why != "" {
				rc.check = unchecked
			}
		} else {
			rc.check, rc.typ, rc.why = resultCheck(fn, i, cands, l)
		}
		if rc.check == checkErrIsOrMsg {
			rc.msgField = uniqueField(rc.field+"Msg", used)
		}
		rc.got = "_"
		if rc.check != unchecked {
			rc.got = vars.got(rc.field)
		}
		t.results = append(t.results, rc)
	}
	t.after = afterColumns(t, cands, l, used)
	t.nameField = uniqueField("name", used, "caseName")
	t.panicsField = uniqueField("panics", used)
	t.wantPanicField = uniqueField("wantPanic", used)
	envTable(t, cands, used)
	t.restore = restoredVars(fn, l.Home, vars)
	t.call = callExpr(fn, t.argExprs(), t.handed, l)

	for i, name := range rowNames(cands, l.Home) {
		r, err := buildRow(t, cands[i], l)
		if err != nil {
			return nil, fmt.Errorf("%s: case %q: %w", testName, cands[i].Summary, err)
		}
		r.name = name
		t.panics = t.panics || r.panics
		t.rows = append(t.rows, r)
	}
	return t, nil
}

// paramField names a parameter's column after the parameter; a receiver
// without a name is "recv", other unnamed ones arg0, arg1, ….
func paramField(fn *ssa.Function, i int) string {
	name := fn.Params[i].Name()
	if name != "" && name != "_" {
		return name
	}
	if i == 0 && fn.Signature.Recv() != nil {
		return "recv"
	}
	return fmt.Sprintf("arg%d", i)
}

// resultFields names the result columns: after named results (wantQuo,
// wantErr), or else want, want1, … for values and wantErr, wantErr1, …
// for errors.
func resultFields(res *types.Tuple) []string {
	names := make([]string, res.Len())
	allNamed := res.Len() > 0
	for i := 0; i < res.Len(); i++ {
		if n := res.At(i).Name(); n == "" || n == "_" {
			allNamed = false
		}
	}
	values, errs := 0, 0
	for i := 0; i < res.Len(); i++ {
		switch {
		case allNamed:
			names[i] = "want" + upperFirst(res.At(i).Name())
		case loader.IsErrorType(res.At(i).Type()):
			names[i] = numbered("wantErr", errs)
			errs++
		default:
			names[i] = numbered("want", values)
			values++
		}
	}
	return names
}

func numbered(base string, n int) string {
	if n == 0 {
		return base
	}
	return fmt.Sprintf("%s%d", base, n)
}

// uniqueField returns the first of name and the alternatives that no
// other column of the table has, or else name with underscores added
// until none has it.
func uniqueField(name string, used map[string]bool, alternatives ...string) string {
	for _, alt := range alternatives {
		if !used[name] {
			break
		}
		if !used[alt] {
			name = alt
		}
	}
	for used[name] {
		name += "_"
	}
	used[name] = true
	return name
}

// resultCheck decides how result i is compared, for all rows alike: a
// column is only compared when every row that returns can give its value.
func resultCheck(fn *ssa.Function, i int, cands []*candidate, l *literal.Writer) (comparison, string, string) {
	rt := fn.Signature.Results().At(i).Type()
	if loader.IsErrorType(rt) {
		return errorCheck(i, cands, l)
	}
	// An opaque result (one that depends on the clock, say) is never
	// compared; deciding so before the type is spelled keeps its package
	// out of the imports.
	for _, c := range cands {
		if v := c.Want.Results; !c.Want.Panics && v[i].Value.Kind == concrete.Opaque {
			return unchecked, "", v[i].Value.Why
		}
	}
	if err := literal.Nameable(l.Home, rt); err != nil {
		return unchecked, "", err.Error()
	}
	if why := privateLiteral(rt, i, cands, l); why != "" {
		return unchecked, "", why
	}
	float := isFloat(rt)
	exact := false // a float column has a NaN or a negative zero
	for _, c := range cands {
		if c.Want.Panics {
			continue
		}
		v := c.Want.Results[i].Value
		switch {
		case float && v.Kind == concrete.Float && (math.IsNaN(v.Float) || v.Float == 0 && math.Signbit(v.Float)):
			exact = true
		case literal.HasNaN(v):
			return unchecked, "", "NaN is not equal to itself"
		}
		// On a copy of l: a column left unchecked must record no
		// import, not even its type's, or the file imports a package it
		// never uses and does not compile.
		if err := tryWrite(v, rt, l); err != nil {
			return unchecked, "", err.Error()
		}
	}
	typ, err := l.TypeName(rt)
	if err != nil {
		return unchecked, "", err.Error()
	}
	return comparisonFor(rt, exact, i, cands), typ, ""
}

// argExprs are what the loop passes for each parameter: the row's field,
// tt.n, or the writer the loop made over its buffer (outputcolumn.go).
func (t *table) argExprs() []string {
	args := make([]string, len(t.params))
	for i, p := range t.params {
		args[i] = t.vars.tt + "." + p.field
	}
	if t.output != nil {
		args[t.output.param] = t.output.local
	}
	return args
}

// callExpr is the call of fn on args, the row's fields:
// tt.a.Withdraw(tt.n), Max[int](tt.a, tt.b), Sum(tt.xs...),
// tt.l.MoveToFront(tt.e(tt.l)).
func callExpr(fn *ssa.Function, fields []string, handed map[int]int, l *literal.Writer) string {
	args := slices.Clone(fields)
	for i, owner := range handed {
		// Applied to its owner's field: tt.e(tt.l) (handedcolumn.go).
		args[i] = fields[i] + "(" + args[owner] + ")"
	}
	if fn.Signature.Variadic() && len(args) > 0 {
		args[len(args)-1] += "..."
	}
	if fn.Signature.Recv() != nil {
		return args[0] + "." + fn.Name() + "(" + strings.Join(args[1:], ", ") + ")"
	}
	name := fn.Name()
	if targs := fn.TypeArgs(); len(targs) > 0 && fn.Origin() != nil {
		name = fn.Origin().Name()
		spelled := make([]string, len(targs))
		for i, ta := range targs {
			spelled[i], _ = l.TypeName(ta) // writable checked them
		}
		name += "[" + strings.Join(spelled, ", ") + "]"
	}
	return name + "(" + strings.Join(args, ", ") + ")"
}

// buildRow writes one case's literals.
func buildRow(t *table, c *candidate, l *literal.Writer) (row, error) {
	r := row{cand: c, comment: comment(c, l.Home), panics: c.Want.Panics, env: envFields(t, c.Env)}
	hex := hexParams(c)
	for i, a := range c.Args {
		l.Hex = hex[t.fn.Params[i].Name()]
		var src string
		var err error
		if _, handed := t.handed[i]; handed {
			src, err = handedArg(t, i, a, l)
		} else if t.output != nil && t.output.param == i {
			src, err = outputArg(t, a, l)
		} else {
			src, err = l.InSlot(a, t.fn.Params[i].Type(), false)
		}
		l.Hex = false
		if err != nil {
			return r, fmt.Errorf("input %s: %w", t.params[i].field, err)
		}
		r.args = append(r.args, src)
	}
	r.wants = make([]string, len(t.results))
	r.msgs = make([]string, len(t.results))
	r.views = make([][]string, len(t.results))
	if c.Want.Panics {
		if c.Want.PanicMsgKnown && c.Want.PanicMsg != "" {
			r.wantPanic = literal.StringLit(c.Want.PanicMsg)
		}
		return r, nil
	}
	res := t.fn.Signature.Results()
	for i, rc := range t.results {
		got := c.Want.Results[i]
		switch rc.check {
		case checkErrMsg:
			if got.Value.Kind != concrete.Nil {
				r.wants[i] = literal.StringLit(got.ErrMsg)
			}
		case checkErrNil:
			if got.Value.Kind != concrete.Nil {
				r.wants[i] = "true"
			}
		case checkErrMade:
			if got.ErrMsg != "" {
				r.wants[i] = literal.StringLit(got.ErrMsg)
			}
		case checkErrIs, checkErrIsOrMsg:
			switch {
			case got.Value.Kind == concrete.Global:
				src, err := l.InSlot(got.Value, res.At(i).Type(), false)
				if err != nil {
					return r, fmt.Errorf("result %d: %w", i, err)
				}
				r.wants[i] = src
			case got.Value.Kind != concrete.Nil:
				r.msgs[i] = literal.StringLit(got.ErrMsg)
			}
		case checkViews:
			var err error
			if r.wants[i], r.views[i], err = viewWants(rc, got.Value, res.At(i).Type(), l); err != nil {
				return r, fmt.Errorf("result %d: %w", i, err)
			}
		case checkValue, checkEqual, checkFloatBits:
			src, err := l.InSlot(got.Value, res.At(i).Type(), false)
			if err != nil {
				return r, fmt.Errorf("result %d: %w", i, err)
			}
			r.wants[i] = src
		}
	}
	var err error
	if r.afterWants, err = afterWants(t, c, l); err != nil {
		return r, err
	}
	return r, nil
}
