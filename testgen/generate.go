package testgen

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// maxRounds bounds how often a file is checked after dropping cases.
const maxRounds = 4

// Generate writes the package's test file for funcs (see the package doc).
// It returns an error, and writes nothing, when no passing file could be
// made or the check could not run.
func Generate(ctx context.Context, pkg Package, funcs []FuncTests, opts Options) (*Report, error) {
	if opts.FileName == "" {
		opts.FileName = DefaultFileName
	}
	if opts.GoCmd == "" {
		opts.GoCmd = "go"
	}
	path := filepath.Join(pkg.Dir, opts.FileName)
	report := &Report{}
	taken := existingTests(pkg.Dir, pkg.Types.Name(), opts.FileName)
	var plans []*funcPlan
	for _, ft := range funcs {
		cases := ft.Cases
		if !opts.AllPaths {
			cases = selectCases(cases)
		}
		name := uniqueName(testFuncName(ft.Func), taken)
		// Plans are built with a scratch literal writer: imports are
		// collected again when the final file is printed.
		p, skipped := plan(FuncTests{Func: ft.Func, Cases: cases}, newLiterals(pkg.Types), name)
		report.Skipped = append(report.Skipped, skipped...)
		if p != nil && len(p.rows) > 0 {
			plans = append(plans, p)
		}
	}
	for round := 0; ; round++ {
		if len(plans) == 0 {
			return report, removeGenerated(path)
		}
		src, err := render(pkg, plans)
		if err != nil {
			return report, err
		}
		if !opts.Validate {
			return report, finish(report, path, src, plans)
		}
		if round == maxRounds {
			return report, fmt.Errorf("%s: tests still fail after %d rounds of removing failing cases", path, maxRounds)
		}
		v, err := check(ctx, opts.GoCmd, pkg.Dir, path, src, testNames(plans))
		if err != nil {
			return report, err
		}
		if v.buildFailed {
			plans, err = dropUnbuildable(ctx, pkg, path, opts, plans, report, v.output)
			if err != nil {
				return report, err
			}
			continue
		}
		if len(v.failed) == 0 {
			return report, finish(report, path, src, plans)
		}
		plans = dropFailing(plans, v, report)
	}
}

// render prints the file for the plans with a fresh literal writer, so the
// imports are exactly those the kept rows use.
func render(pkg Package, plans []*funcPlan) ([]byte, error) {
	lits := newLiterals(pkg.Types)
	for _, p := range plans {
		// Re-plan rows with this writer so it records their imports.
		for i := range p.rows {
			r, err := makeRow(p.rows[i].c, lits, p)
			if err != nil {
				return nil, err
			}
			r.name = p.rows[i].name
			p.rows[i] = r
		}
		replanTypes(p, lits)
	}
	return emit(pkg.Types.Name(), plans, lits)
}

// replanTypes records the imports the table's field types need.
func replanTypes(p *funcPlan, lits *literals) {
	for i, param := range p.fn.Params {
		if typ, err := lits.typeName(param.Type()); err == nil {
			p.params[i].typ = typ
		}
	}
	res := p.fn.Signature.Results()
	for i := range p.results {
		if p.results[i].asserted && !p.results[i].isError {
			if typ, err := lits.typeName(res.At(i).Type()); err == nil {
				p.results[i].typ = typ
			}
		}
	}
	for _, t := range p.fn.TypeArgs() {
		_, _ = lits.typeName(t) // records the import the call needs
	}
}

func testNames(plans []*funcPlan) []string {
	names := make([]string, len(plans))
	for i, p := range plans {
		names[i] = p.testName
	}
	return names
}

// dropFailing removes the rows whose subtests failed, recording each.
func dropFailing(plans []*funcPlan, v *verdict, report *Report) []*funcPlan {
	var kept []*funcPlan
	for _, p := range plans {
		var rows []row
		for _, r := range p.rows {
			out, failed := v.failed[p.testName+"/"+r.name]
			if !failed {
				rows = append(rows, r)
				continue
			}
			report.Dropped = append(report.Dropped, Divergence{
				Test: p.testName, Case: r.name,
				Inputs: strings.Join(r.args, ", "),
				Want:   wantText(p, r),
				Got:    strings.TrimSpace(out),
			})
		}
		// A top-level failure with no failing subtest (the test itself
		// broke) drops the whole function.
		if _, failed := v.failed[p.testName]; failed && len(rows) == len(p.rows) {
			for _, r := range rows {
				report.Dropped = append(report.Dropped, Divergence{Test: p.testName, Case: r.name, Inputs: strings.Join(r.args, ", "), Want: wantText(p, r), Got: strings.TrimSpace(v.failed[p.testName])})
			}
			rows = nil
		}
		if len(rows) > 0 {
			p.rows = rows
			kept = append(kept, p)
		}
	}
	return kept
}

func wantText(p *funcPlan, r row) string {
	if r.c.Want.Panics {
		return "panic " + r.wantPanic
	}
	var parts []string
	for i, res := range p.results {
		if res.asserted {
			parts = append(parts, res.field+": "+r.wants[i])
		}
	}
	return strings.Join(parts, ", ")
}

// dropUnbuildable keeps the functions whose tests build on their own.
func dropUnbuildable(ctx context.Context, pkg Package, path string, opts Options, plans []*funcPlan, report *Report, output string) ([]*funcPlan, error) {
	var kept []*funcPlan
	for _, p := range plans {
		src, err := render(pkg, []*funcPlan{p})
		if err != nil {
			return nil, err
		}
		v, err := check(ctx, opts.GoCmd, pkg.Dir, path, src, []string{p.testName})
		if err != nil {
			return nil, err
		}
		if v.buildFailed {
			report.Dropped = append(report.Dropped, Divergence{Test: p.testName, Case: "(all)", Got: "does not build: " + strings.TrimSpace(v.output)})
			continue
		}
		kept = append(kept, p)
	}
	if len(kept) == len(plans) {
		return nil, fmt.Errorf("%s: the generated tests do not build together, though each does alone:\n%s", path, output)
	}
	return kept, nil
}

// finish writes the file atomically and counts what it holds.
func finish(report *Report, path string, src []byte, plans []*funcPlan) error {
	report.KeptPerFunc = make(map[*ssa.Function]int)
	for _, p := range plans {
		report.Kept += len(p.rows)
		report.KeptPerFunc[p.fn] = len(p.rows)
	}
	sort.Strings(report.Skipped)
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, src) {
		report.Path = path
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".gosymtest-*.tmp")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(src); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	report.Path = path
	return nil
}

// removeGenerated deletes a previous generated file when no test is left,
// but only a file gosymtest wrote (it starts with the generated header).
func removeGenerated(path string) error {
	old, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	if !bytes.HasPrefix(old, []byte(header)) {
		return fmt.Errorf("%s exists and was not written by gosymtest; not removing it", path)
	}
	return os.Remove(path)
}
