package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// readability is what a reviewer sees first in a generated test file,
// counted: literals no one would type, and case names that say nothing.
//
// Literals are the distinct values of the string literals in the rows of
// the file's case tables (the elements of a []struct{...}{...} composite
// literal), except each row's name: the inputs and the wanted results a
// reviewer reads. Import paths and the fixed format strings of the
// assertions are left out: they are the same in every file and would only
// dilute the share. A value is non-printable when any of its bytes lies
// outside printable ASCII 0x20–0x7e, tab and newline excepted: a NUL, a
// control byte, DEL, a byte of invalid UTF-8, and also any non-ASCII
// character (the issue asks for printable ASCII first). Character
// literals are not counted: they are numbers in the table.
//
// Names are the rows' `name` fields. A name is of the returns_…_N kind
// when returnsNameRE matches it: it starts with "returns" and ends in a
// number, such as returns_false_7 or returns_3. Such a name comes from
// the result and a counter, not from the branch the case decides; a
// returned 3 (returns_3) is counted too, since it says as little.
type readability struct {
	Literals, NonPrintable int // distinct string values, and those with a non-printable byte
	Names, ReturnsN        int // case names, and those of the returns_…_N kind
}

// returnsNameRE matches the case names of the returns_…_N kind.
var returnsNameRE = regexp.MustCompile(`^returns(_[A-Za-z0-9_]*)?_[0-9]+$`)

// literalShare is the share of distinct string literals with a
// non-printable byte (0 when there are none).
func (r readability) literalShare() float64 { return share(r.NonPrintable, r.Literals) }

// namesShare is the share of case names of the returns_…_N kind.
func (r readability) namesShare() float64 { return share(r.ReturnsN, r.Names) }

func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// add pools two files' counts (the totals row).
func (r readability) add(o readability) readability {
	return readability{r.Literals + o.Literals, r.NonPrintable + o.NonPrintable, r.Names + o.Names, r.ReturnsN + o.ReturnsN}
}

// measureReadability parses a generated test file and counts its
// literals and case names, as the readability doc comment defines them.
func measureReadability(src []byte) (readability, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "gen_test.go", src, parser.SkipObjectResolution)
	if err != nil {
		return readability{}, err
	}
	var r readability
	values := make(map[string]bool)
	ast.Inspect(f, func(n ast.Node) bool {
		table, ok := n.(*ast.CompositeLit)
		if !ok || !isCaseTable(table) {
			return true
		}
		fields := structFields(table.Type.(*ast.ArrayType).Elt.(*ast.StructType))
		for _, row := range table.Elts {
			if lit, ok := row.(*ast.CompositeLit); ok {
				countRow(lit, fields, values, &r)
			}
		}
		return false // rows hold no further tables
	})
	r.Literals = len(values)
	for v := range values {
		if !printable(v) {
			r.NonPrintable++
		}
	}
	return r, nil
}

// isCaseTable reports whether a composite literal is a table of cases:
// a slice or array of an anonymous struct.
func isCaseTable(c *ast.CompositeLit) bool {
	at, ok := c.Type.(*ast.ArrayType)
	if !ok {
		return false
	}
	_, ok = at.Elt.(*ast.StructType)
	return ok
}

// structFields lists the field names of a struct type in order, for rows
// written without keys.
func structFields(st *ast.StructType) []string {
	var out []string
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 {
			out = append(out, "")
		}
		for _, n := range f.Names {
			out = append(out, n.Name)
		}
	}
	return out
}

// countRow adds one row's name and string values.
func countRow(row *ast.CompositeLit, fields []string, values map[string]bool, r *readability) {
	for i, el := range row.Elts {
		field, value := "", el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				field = id.Name
			}
			value = kv.Value
		} else if i < len(fields) {
			field = fields[i]
		}
		if field == "name" {
			if s, ok := stringValue(value); ok {
				r.Names++
				if returnsNameRE.MatchString(s) {
					r.ReturnsN++
				}
			}
			continue
		}
		ast.Inspect(value, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					values[s] = true
				}
			}
			return true
		})
	}
}

// stringValue is the value of a string literal expression.
func stringValue(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// printable reports whether every byte of s is printable ASCII
// (0x20–0x7e), a tab or a newline.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 0x20 || c > 0x7e) && c != '\t' && c != '\n' {
			return false
		}
	}
	return true
}

// readabilityTable has one row per package whose generated file was read,
// and a row of the pooled counts.
func readabilityTable(results []pkgResult) string {
	var b strings.Builder
	b.WriteString("| package | string literals | non-printable | share | case names | returns_…_N | share |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|\n")
	var all readability
	n := 0
	for _, p := range results {
		if p.Readability == nil {
			continue
		}
		r := *p.Readability
		all = all.add(r)
		n++
		fmt.Fprintf(&b, "| %s | %d | %d | %s | %d | %d | %s |\n", p.Entry.Name, r.Literals, r.NonPrintable, percentCell(r.literalShare(), r.Literals),
			r.Names, r.ReturnsN, percentCell(r.namesShare(), r.Names))
	}
	fmt.Fprintf(&b, "| **all** (%d files) | %d | %d | **%s** | %d | %d | **%s** |\n", n, all.Literals, all.NonPrintable, percentCell(all.literalShare(), all.Literals),
		all.Names, all.ReturnsN, percentCell(all.namesShare(), all.Names))
	return b.String()
}

// readabilitySummary says how many packages meet the ≤ 5% target of
// non-printable literals.
func readabilitySummary(results []pkgResult) string {
	met, n := 0, 0
	for _, p := range results {
		if p.Readability == nil {
			continue
		}
		n++
		if p.Readability.literalShare() <= literalTarget {
			met++
		}
	}
	return fmt.Sprintf("packages with at most %.0f%% non-printable literals: **%d of %d**", 100*literalTarget, met, n)
}

// literalTarget is issue 12's bound on the share of non-printable literals.
const literalTarget = 0.05

func percentCell(x float64, of int) string {
	if of == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}
