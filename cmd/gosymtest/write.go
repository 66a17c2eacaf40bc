package main

import (
	"context"
	"strings"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic"
	"github.com/gosymtest/gosymtest/testgen"
	"github.com/rs/zerolog"
)

// writeTests turns the explored paths into a test file per package,
// validated with go test, and returns how many cases were written and
// dropped.
func writeTests(ctx context.Context, prog *loader.Program, results []explored, cfg config, log zerolog.Logger) (emitted, dropped int, testsPerFunc map[string]int, failed bool) {
	testsPerFunc = make(map[string]int)
	byPkg := make(map[string][]testgen.FuncTests)
	for _, r := range results {
		if r.summary == nil {
			continue
		}
		ft := testgen.FuncTests{Func: r.fn}
		for _, p := range r.paths {
			if c, ok := caseOf(p); ok {
				ft.Cases = append(ft.Cases, c)
			}
		}
		if len(ft.Cases) > 0 {
			byPkg[r.pkg] = append(byPkg[r.pkg], ft)
		}
	}
	for _, pkg := range prog.Packages {
		funcs := byPkg[pkg.Path]
		if len(funcs) == 0 || ctx.Err() != nil {
			continue
		}
		rep, err := testgen.Generate(ctx, testgen.Package{Dir: pkg.Dir, Types: pkg.Types}, funcs, testgen.Options{AllPaths: cfg.allPaths, Validate: true})
		for _, s := range rep.Skipped {
			log.Info().Str("package", pkg.Path).Msg("case left out: " + s)
		}
		for _, d := range rep.Dropped {
			dropped++
			log.Warn().Str("package", pkg.Path).Str("test", d.Test).Str("case", d.Case).
				Str("inputs", d.Inputs).Str("want", d.Want).Str("got", d.Got).
				Msg("dropped a case that failed under go test (the interpreter and Go disagree)")
		}
		if err != nil {
			log.Error().Str("package", pkg.Path).Err(err).Msg("no test file written")
			failed = true
			continue
		}
		emitted += rep.Kept
		if rep.Path != "" {
			log.Info().Str("package", pkg.Path).Int("tests", rep.Kept).Str("file", rep.Path).Msg("wrote tests")
		}
		for fn, n := range rep.KeptPerFunc {
			testsPerFunc[pkg.Path+"."+loader.FuncName(fn)] = n
		}
	}
	return emitted, dropped, testsPerFunc, failed
}

// caseOf turns a finished path into a test case; paths without a replayed
// concrete test give none.
func caseOf(p *symbolic.PathEnd) (testgen.Case, bool) {
	t := p.Test
	if t == nil || !t.Replayed || t.OrderDependent {
		return testgen.Case{}, false
	}
	c := testgen.Case{Pins: p.Pins, Args: t.Args}
	for _, b := range p.Blocks {
		c.Covers = append(c.Covers, testgen.BlockID{Func: b.Parent(), Index: b.Index})
	}
	for _, e := range p.Edges {
		c.Covers = append(c.Covers, testgen.BlockID{Func: e.To.Parent(), Index: e.To.Index, From: e.From.Index + 1})
	}
	if t.Panics {
		c.Want = testgen.Outcome{Panics: true, PanicMsg: t.PanicMsg, PanicMsgKnown: t.PanicMsgKnown}
		c.Summary = "panics"
		if t.PanicMsgKnown {
			c.Summary += " " + t.PanicMsg
		}
		return c, true
	}
	var shown []string
	for i, v := range t.Results {
		c.Want.Results = append(c.Want.Results, testgen.Result{Value: v, ErrMsg: t.ErrMsgs[i]})
		switch {
		case t.ErrMsgs[i] != "":
			shown = append(shown, "error "+t.ErrMsgs[i])
		default:
			shown = append(shown, v.String())
		}
	}
	c.Summary = "returns " + strings.Join(shown, " ")
	if len(shown) == 0 {
		c.Summary = "returns"
	}
	return c, true
}
