package testgen

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// The outcome of a case is read from the columns the emitter writes
// (emit.go, errcheck.go). A column's role is read from how the test's
// loop uses it, not from its name: a parameter may be called panics or
// wantErr, a column then gets another name (uniqueField), and an error
// result named e has the column wantE.
//
//   - panics: the column the deferred recover tests with !tt.panics;
//   - wantPanic: the column it compares the recovered message with;
//   - an error's message, "" for nil: errText(got) != tt.wantErr, where
//     errText is the file's func(error) string helper (also the message
//     column wantErrMsg beside a sentinel column);
//   - an error's nil-ness: (got != nil) != tt.wantErr;
//   - a sentinel: errors.Is(got, tt.wantErr), a field left out for nil.
//
// A made error (errmade.go: got.Error() != tt.want, or got == nil alone)
// is a value the function returns, not a failure, and is not read as
// one.

// runtimePanic starts the message of every panic the Go runtime raises.
const runtimePanic = "runtime error:"

// nilDeref is in the runtime's message for a nil dereference.
const nilDeref = "nil pointer dereference"

// fileFacts are what the case counts need from the whole file.
type fileFacts struct {
	errText map[string]bool // the file's func(error) string helpers
	errors  string          // the local name of package errors ("" if not imported)
	types   map[string]bool // the types the file declares: doubles, not the package's
}

func newFileFacts(f *ast.File) fileFacts {
	facts := fileFacts{errText: make(map[string]bool), types: make(map[string]bool)}
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil && p == "errors" {
			facts.errors = "errors"
			if imp.Name != nil {
				facts.errors = imp.Name.Name
			}
		}
	}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && isErrTextType(d.Type) {
				facts.errText[d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				if ts, ok := spec.(*ast.TypeSpec); ok {
					facts.types[ts.Name.Name] = true
				}
			}
		}
	}
	return facts
}

// isErrTextType reports whether t is func(error) string.
func isErrTextType(t *ast.FuncType) bool {
	return t.TypeParams == nil && fieldTypes(t.Params) == "error" && fieldTypes(t.Results) == "string"
}

// fieldTypes spells the types of a simple parameter list of named types.
func fieldTypes(l *ast.FieldList) string {
	if l == nil {
		return ""
	}
	var names []string
	for _, f := range l.List {
		id, ok := f.Type.(*ast.Ident)
		if !ok {
			return "?"
		}
		for range max(1, len(f.Names)) {
			names = append(names, id.Name)
		}
	}
	return strings.Join(names, ",")
}

// roles are the outcome columns of one table.
type roles struct {
	panics, wantPanic string
	errMsg, errNil    map[string]bool // message ("" for nil), and nil-ness, columns
	errIs             map[string]bool // sentinel columns: any value but nil is an error
}

// cases counts the outcomes and private inputs of table, a case table
// assigned by assign in body, whose rows the loop over it runs.
func (n *Figures) cases(file fileFacts, body *ast.BlockStmt, assign *ast.AssignStmt, table *ast.CompositeLit) {
	typ, ok := table.Type.(*ast.ArrayType)
	if !ok {
		return
	}
	st, ok := typ.Elt.(*ast.StructType)
	if !ok || len(assign.Lhs) != 1 {
		return
	}
	order := structFields(st)
	r := tableRoles(file, body, assign.Lhs[0])
	n.Tables++
	rows, failing := 0, 0
	for _, e := range table.Elts {
		row, ok := e.(*ast.CompositeLit)
		if !ok {
			continue
		}
		rows++
		n.Cases++
		if setsPrivateState(file, row) {
			n.PrivateState++
		}
		fields := rowFields(row, order)
		panics := isIdent(fields[r.panics], "true")
		if panics {
			n.Panics++
			msg, _ := stringValue(fields[r.wantPanic])
			if strings.HasPrefix(msg, runtimePanic) {
				n.RuntimeError++
			}
			if strings.Contains(msg, nilDeref) {
				n.NilDeref++
			}
		}
		if panics || r.expectsError(fields) {
			failing++
		}
	}
	if rows > 0 && failing == rows {
		n.FailureOnly++
	}
}

// expectsError reports whether a row's error columns hold an error.
func (r roles) expectsError(fields map[string]ast.Expr) bool {
	for name, v := range fields {
		switch {
		case r.errMsg[name]:
			if s, ok := stringValue(v); !ok || s != "" {
				return true
			}
		case r.errNil[name]:
			if isIdent(v, "true") {
				return true
			}
		case r.errIs[name]:
			if !isIdent(v, "nil") {
				return true
			}
		}
	}
	return false
}

// tableRoles reads the outcome columns from the loop that ranges over
// the table variable v in body: for _, tt := range tests { … }.
func tableRoles(file fileFacts, body *ast.BlockStmt, v ast.Expr) roles {
	r := roles{errMsg: make(map[string]bool), errNil: make(map[string]bool), errIs: make(map[string]bool)}
	table, ok := v.(*ast.Ident)
	if !ok {
		return r
	}
	ast.Inspect(body, func(node ast.Node) bool {
		loop, ok := node.(*ast.RangeStmt)
		if !ok || !isIdent(loop.X, table.Name) {
			return true
		}
		if tt, ok := loop.Value.(*ast.Ident); ok {
			r.read(file, loop.Body, tt.Name)
		}
		return false
	})
	return r
}

// read records the roles of the columns of tt that body checks.
func (r *roles) read(file fileFacts, body *ast.BlockStmt, tt string) {
	ast.Inspect(body, func(node ast.Node) bool {
		switch x := node.(type) {
		case *ast.FuncLit:
			if callsRecover(x.Body) {
				r.readRecover(x.Body, tt)
			}
		case *ast.BinaryExpr:
			col, ok := ttField(x.Y, tt)
			if x.Op != token.NEQ || !ok {
				return true
			}
			if call, ok := x.X.(*ast.CallExpr); ok && len(call.Args) == 1 && file.errText[identName(call.Fun)] {
				r.errMsg[col] = true
			}
			if p, ok := x.X.(*ast.ParenExpr); ok {
				if cmp, ok := p.X.(*ast.BinaryExpr); ok && cmp.Op == token.NEQ && isIdent(cmp.Y, "nil") {
					r.errNil[col] = true
				}
			}
		case *ast.CallExpr:
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok || file.errors == "" || !isIdent(sel.X, file.errors) || sel.Sel.Name != "Is" || len(x.Args) != 2 {
				return true
			}
			if col, ok := ttField(x.Args[1], tt); ok {
				r.errIs[col] = true
			}
		}
		return true
	})
}

// readRecover records the panic columns from the deferred recover:
// if !tt.panics { … } else if tt.wantPanic != "" && fmt.Sprint(r) != tt.wantPanic { … }.
func (r *roles) readRecover(body *ast.BlockStmt, tt string) {
	ast.Inspect(body, func(node ast.Node) bool {
		switch x := node.(type) {
		case *ast.UnaryExpr:
			if col, ok := ttField(x.X, tt); ok && x.Op == token.NOT {
				r.panics = col
			}
		case *ast.BinaryExpr:
			if col, ok := ttField(x.Y, tt); ok && x.Op == token.NEQ {
				if _, isCall := x.X.(*ast.CallExpr); isCall {
					r.wantPanic = col
				}
			}
		}
		return true
	})
}

// callsRecover reports whether body calls recover().
func callsRecover(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(node ast.Node) bool {
		if call, ok := node.(*ast.CallExpr); ok && isIdent(call.Fun, "recover") {
			found = true
		}
		return !found
	})
	return found
}

// ttField is the field of tt that e selects: tt.wantErr.
func ttField(e ast.Expr, tt string) (string, bool) {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || !isIdent(sel.X, tt) {
		return "", false
	}
	return sel.Sel.Name, true
}

// structFields are the names of a struct's fields in order, for rows
// written without keys.
func structFields(st *ast.StructType) []string {
	var names []string
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
	}
	return names
}

// rowFields maps a row's field names to their values, keyed or not.
func rowFields(row *ast.CompositeLit, order []string) map[string]ast.Expr {
	fields := make(map[string]ast.Expr)
	for i, e := range row.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok {
				fields[key.Name] = kv.Value
			}
			continue
		}
		if i < len(order) {
			fields[order[i]] = e
		}
	}
	return fields
}

// stringValue is the value of a string literal.
func stringValue(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

func isIdent(e ast.Expr, name string) bool {
	return identName(e) == name
}

func identName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
