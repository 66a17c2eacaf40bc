package machine

import (
	"github.com/gosymtest/gosymtest/symbolic/source"
	"golang.org/x/tools/go/ssa"
)

// New returns a machine for prog. Its features are not plugged in yet:
// the caller sets Watch, Outside, Tester, Models and Inputs before it
// runs a state.
func New(prog *ssa.Program, cfg Config) *Machine {
	cfg.Bounds = cfg.Bounds.WithDefaults()
	inits := cfg.Inits
	if inits == nil {
		inits = NewInits(DefaultInitBudget)
	}
	m := &Machine{Cfg: cfg, Prog: prog, Infos: make(map[*ssa.Function]*FuncInfo), Inits: inits, Src: source.NewReader(prog.Fset)}
	if cfg.Pruner != nil {
		p := cfg.Pruner()
		m.Pruner = timedPruner{p: p, e: m}
		m.finisher, _ = p.(Finisher)
	}
	return m
}
