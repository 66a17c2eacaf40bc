package main

import (
	"fmt"
	"go/token"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/report"
)

// A method whose receiver only the package's own functions build by a
// literal is not a target: its code is tested through those functions
// (loader.Through). The list of targets, -stats and -report name it with
// them, so that it does not look like a function gosymtest forgot.

// builderNames are the names of the targets th is tested through.
func builderNames(th loader.Through) []string {
	names := make([]string, len(th.Builders))
	for i, b := range th.Builders {
		names[i] = loader.FuncName(b)
	}
	return names
}

// throughStats lists, for -stats, every method of the loaded packages
// that is tested through others, whatever -run and -shard select: which
// functions test a method is a fact of the package, like its targets.
func throughStats(prog *loader.Program, dir string) []report.ThroughStats {
	out := []report.ThroughStats{}
	for _, p := range prog.Packages {
		for _, th := range p.Through {
			out = append(out, report.ThroughStats{Package: p.Path, Name: loader.FuncName(th.Method), Position: funcPos(prog, dir, th.Method.Pos()), Through: builderNames(th)})
		}
	}
	return out
}

// throughListed are the methods tested through the selected targets,
// for the list of targets: each with a builder among them.
func throughListed(prog *loader.Program, selected []target, dir string) []target {
	chosen := make(map[string]bool, len(selected))
	for _, t := range selected {
		chosen[t.pkg+"."+t.name] = true
	}
	var out []target
	for _, p := range prog.Packages {
		for _, th := range p.Through {
			names := builderNames(th)
			for _, b := range names {
				if chosen[p.Path+"."+b] {
					out = append(out, target{pkg: p.Path, name: loader.FuncName(th.Method), pos: funcPos(prog, dir, th.Method.Pos()), through: names, fn: th.Method})
					break
				}
			}
		}
	}
	return out
}

// funcPos is file:line of a declaration, relative to dir when inside it.
func funcPos(prog *loader.Program, dir string, p token.Pos) string {
	pos := prog.SSA.Fset.Position(p)
	return fmt.Sprintf("%s:%d", shortPath(dir, pos.Filename), pos.Line)
}
