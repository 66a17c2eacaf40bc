package report

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

func itoa(n int) string { return strconv.Itoa(n) }

// maxDeadListed caps the dead blocks the summary lists; -report has all.
const maxDeadListed = 20

// WriteSummary writes the end-of-run summary: per package the functions,
// the statement coverage reached, the statements proved dead and the top
// reasons for the gaps; then the dead blocks and the bounds they hold in.
func (r *Report) WriteSummary(w io.Writer) error {
	// Numbers right-aligned in their columns, the reasons left-aligned
	// after them.
	rows := [][]string{{"package", "funcs", "exhausted", "finished", "stmts", "covered", "", "dead", "top gap reasons (statements)"}}
	for _, p := range r.Packages {
		rows = append(rows, []string{r.shortPath(p.Path), itoa(p.Funcs), itoa(p.Exhausted), itoa(p.Finished), itoa(p.Statements), itoa(p.Covered), percent(p.Covered, p.Statements), itoa(p.Dead), topReasons(p.Reasons, 3)})
	}
	t := r.Totals
	rows = append(rows, []string{"total", itoa(t.Funcs), itoa(t.Exhausted), itoa(t.Finished), itoa(t.Statements), itoa(t.Covered), percent(t.Covered, t.Statements), itoa(t.Dead), topReasons(r.Reasons, 4)})
	width := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, c := range row {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, c := range row {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			switch i {
			case 0:
				b.WriteString(c + pad)
			case len(row) - 1:
				b.WriteString("  " + c)
			default:
				b.WriteString("  " + pad + c)
			}
		}
		if _, err := fmt.Fprintln(w, b.String()); err != nil {
			return err
		}
	}
	if t.ExecutorCovered > t.Covered {
		// The executor's view, labelled: what explored paths entered,
		// of which the no-test gaps are run by no emitted test.
		if _, err := fmt.Fprintf(w, "\nexecutor's view: explored paths entered %s statements (%s); those no emitted test runs are the no-test gaps\n", itoa(t.ExecutorCovered), percent(t.ExecutorCovered, t.Statements)); err != nil {
			return err
		}
	}
	// The list is the blocks the table counts as dead: a block one
	// instantiation proves dead and another reaches, or one a caller's
	// exploration entered, is neither counted nor listed.
	var dead []string
	for _, p := range r.Packages {
		for _, d := range p.dead {
			dead = append(dead, fmt.Sprintf("  %s-%s  %s  (%s)", d.gap.Pos, d.gap.End, d.funcs, plural(d.gap.Statements, "statement")))
		}
	}
	if len(dead) > 0 {
		fmt.Fprintf(w, "\ndead code, unreachable for all inputs within the bounds:\n")
		for i, d := range dead {
			if i == maxDeadListed {
				fmt.Fprintf(w, "  … %d more (see -report)\n", len(dead)-i)
				break
			}
			fmt.Fprintln(w, d)
		}
	}
	if len(r.PanicsFound) > 0 {
		fmt.Fprintf(w, "\npanics found, crashes a caller can hit:\n")
		for i, p := range r.PanicsFound {
			if i == maxDeadListed {
				fmt.Fprintf(w, "  … %d more (see -report)\n", len(r.PanicsFound)-i)
				break
			}
			fmt.Fprintf(w, "  %s: %s\n", r.shortPath(p.Package), p)
		}
	}
	_, err := fmt.Fprintf(w, "\nbounds: %s\n", r.Bounds)
	return err
}

func (r *Report) shortPath(path string) string {
	if r.module != "" && strings.HasPrefix(path, r.module+"/") {
		return "./" + strings.TrimPrefix(path, r.module+"/")
	}
	return path
}

func percent(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(d))
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// topReasons lists the n reasons with the most statements, most first.
func topReasons(m map[string]int, n int) string {
	type kv struct {
		k string
		v int
	}
	var l []kv
	for k, v := range m {
		if v > 0 {
			l = append(l, kv{k, v})
		}
	}
	sort.Slice(l, func(i, j int) bool {
		if l[i].v != l[j].v {
			return l[i].v > l[j].v
		}
		return l[i].k < l[j].k
	})
	var parts []string
	for i, e := range l {
		if i == n {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, fmt.Sprintf("%s %d", e.k, e.v))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}
