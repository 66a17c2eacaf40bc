package testgen

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/testgen/literal"
	"golang.org/x/tools/go/ssa"
)

// What a writer writes. A writer of the package made over an io.Writer
// (csv.NewWriter(w), hex.Dumper(w)) is tested as its callers test it:
// they make it over a buffer they hold, call it, flush it, and read the
// buffer. The executor read the same after each row's call (an output
// view, symbolic/output.go), so a parameter made over new(bytes.Buffer)
// whose output some row's call changes is made in the loop, over the
// test's own buffer, and its text is checked last:
//
//	w: func(out *bytes.Buffer) *Writer { return NewWriter(out) },
//	...
//	out := new(bytes.Buffer)
//	w := tt.w(out)
//	gotErr := w.Write(tt.record)
//	...
//	w.Flush()
//	if out.String() != tt.wantOutput {
//
// It replaces the check of a buffer the writer holds in a field of its
// own (bufcheck.go), which reads the writer's private state and misses
// what it has not flushed. A row whose writer is made over another
// writer (one that fails) leaves its buffer empty.

// outputPlan is how a table checks what one writer parameter wrote.
type outputPlan struct {
	param   int
	local   string     // the loop's variable for the writer: w
	buffer  string     // the loop's variable for the buffer: out
	bufType types.Type // *bytes.Buffer
	// flush is the method called before the buffer is read, "" for none.
	flush string
}

// planOutput chooses the writer parameter of t whose output is checked:
// the first pointer to the package's type with private state such that
// every row makes it over one new(bytes.Buffer) or none, every returning
// row made over one has an output view, and some row's call changed it
// (or the function is the flush method).
func planOutput(t *table, cands []*candidate, l *literal.Writer) *outputPlan {
	for i, p := range t.fn.Params {
		if _, handed := t.handed[i]; handed {
			continue
		}
		if _, ok := p.Type().Underlying().(*types.Pointer); !ok {
			continue
		}
		if _, viewed := loader.ViewedType(p.Type(), l.Home); !viewed {
			continue
		}
		if plan, ok := outputOf(t.fn, i, cands); ok {
			return plan
		}
	}
	return nil
}

// outputOf plans the output check of parameter i of fn, when the rows
// allow it. The flush method itself writes nothing the view did not
// flush before the call too, and it is its output that its test checks.
func outputOf(fn *ssa.Function, i int, cands []*candidate) (*outputPlan, bool) {
	plan := &outputPlan{param: i}
	flush, seen, wrote := "", false, false
	for _, c := range cands {
		if i >= len(c.Args) {
			return nil, false
		}
		bufs, bufType := literal.MadeBuffers(c.Args[i])
		if bufs > 1 {
			return nil, false
		}
		if plan.bufType == nil {
			plan.bufType = bufType
		}
		if c.Want.Panics {
			continue
		}
		if i >= len(c.Want.After) || i >= len(c.Want.Before) {
			return nil, false
		}
		after, has := outputView(c.Want.After[i])
		if has != (bufs == 1) {
			return nil, false
		}
		if !has {
			continue
		}
		if seen && flush != after.Method {
			return nil, false
		}
		flush, seen = after.Method, true
		before, _ := outputView(c.Want.Before[i])
		wrote = wrote || before.Value.Str != after.Value.Str
	}
	flushes := i == 0 && fn.Signature.Recv() != nil && flush != "" && fn.Name() == flush
	if !wrote && !flushes || plan.bufType == nil {
		return nil, false
	}
	plan.flush = flush
	return plan, true
}

// outputView is v's output view, if it has one.
func outputView(v concrete.Value) (concrete.View, bool) {
	for _, view := range v.Views {
		if view.Output {
			return view, true
		}
	}
	return concrete.View{}, false
}

// outputColumns names the plan's locals and gives its parameter's column
// its func type.
func outputColumns(t *table, l *literal.Writer) error {
	p := t.output
	typ, err := l.OutputType(t.fn.Params[p.param].Type(), p.bufType)
	if err != nil {
		return err
	}
	t.params[p.param].typ = typ
	taken := func(name string) bool {
		return t.vars.declared(name) || name == t.vars.t || name == t.vars.tt || name == t.vars.tests || name == t.vars.r
	}
	p.buffer = freeLocal("out", taken)
	p.local = freeLocal(t.params[p.param].field, func(name string) bool { return taken(name) || name == p.buffer })
	return nil
}

// outputAfterColumn is the after column of the plan: wantOutput, the
// buffer's text.
func outputAfterColumn(t *table, used map[string]bool) afterColumn {
	p := t.output
	return afterColumn{
		column: column{uniqueField("wantOutput", used), "string"}, param: p.param, check: checkEqual,
		got: p.buffer + ".String()", label: "output", output: true,
	}
}

// outputArg writes the row's value a of the plan's parameter: the func
// that makes it over the buffer.
func outputArg(t *table, a concrete.Value, l *literal.Writer) (string, error) {
	p := t.output
	return l.OutputFunc(a, t.fn.Params[p.param].Type(), p.bufType, p.buffer)
}

// outputWant is the literal of a returning row's output, "" when its
// writer was made over no buffer.
func outputWant(after concrete.Value, l *literal.Writer) (string, error) {
	view, ok := outputView(after)
	if !ok || view.Value.Str == "" {
		return "", nil
	}
	return l.InSlot(view.Value, view.Value.Type, false)
}

// outputNote is the comment of the output column: what it holds.
func outputNote(p *outputPlan) string {
	if p.flush == "" {
		return p.buffer + "'s text after the call"
	}
	return p.buffer + "'s text after " + p.local + "." + p.flush + "()"
}

// outputFirst orders cands with every candidate whose call left text in
// a buffer a writer argument was made over first, the order within each
// group kept: among cases that cover the same code, the one whose
// output its test can check (a writer made over a buffer, not over one
// that fails) is the one written.
func outputFirst(cands []*candidate) []*candidate {
	out := make([]*candidate, 0, len(cands))
	var later []*candidate
	for _, c := range cands {
		if showsOutput(c) {
			out = append(out, c)
		} else {
			later = append(later, c)
		}
	}
	return append(out, later...)
}

// showsOutput reports whether c returned with text in the buffer of
// some writer argument.
func showsOutput(c *candidate) bool {
	if c.Want.Panics {
		return false
	}
	for _, a := range c.Want.After {
		if view, ok := outputView(a); ok && view.Value.Str != "" {
			return true
		}
	}
	return false
}
