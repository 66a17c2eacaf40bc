package cdg

import (
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// Func is the intraprocedural control dependence graph of one function,
// with the post-dominator tree it is computed from.
//
// Its control-flow graph has one node per Segment and a virtual exit.
// Edges: If terminators to their successors (true, false); implicit
// branches to the next segment of the block (ok) and to the panic target
// (panic); Jump to its successor; Return to the exit; a Panic terminator
// or a call that never returns to the panic target, except that calls
// which exit the program or goroutine (os.Exit, runtime.Goexit,
// log.Fatal, t.FailNow) go to the exit whatever defers there are. The
// panic target is fn.Recover if the function has a deferred call (which
// may recover, after which fn.Recover returns normally), the exit
// otherwise. Taking every panic to fn.Recover is conservative: a panic
// before the first defer statement ran, or one that no deferred call
// recovers, really halts.
//
// Edges to the exit other than from a Return are embedded halts; the
// outcomes that decide them are the function's HaltDeciders.
type Func struct {
	Fn *ssa.Function

	segs   []Segment
	first  map[*ssa.BasicBlock]int // node of the first segment of each block
	g      flowGraph
	branch []int    // per node: index of its conditional instruction, or -1
	kinds  [][]Kind // per node and out-edge, for conditional nodes
	halts  [][]bool // per node and out-edge: an edge to the exit that is a halt
	pd     *postDom
	reach  []bool
	ctrl   [][]Outcome           // per node: controlling outcomes, sorted
	deps   map[Outcome][]Segment // per outcome: dependent segments
	halt   []Outcome             // halt deciders, sorted
}

// segEnd says how a segment ends.
type segEnd uint8

const (
	endTerminator segEnd = iota
	endImplicit          // may-panic instruction: ok / panic
	endHaltPanic         // call that never returns, may be recovered
	endHaltExit          // call that exits
)

func (a *Analysis) buildFunc(fn *ssa.Function) *Func {
	f := &Func{Fn: fn, first: map[*ssa.BasicBlock]int{}}
	implicit := !a.opts.NoImplicitBranches

	// Pass 1: cut blocks into segments.
	type seg struct {
		end   int // index of the last instruction
		how   segEnd
		block *ssa.BasicBlock
	}
	var segs []seg
	for _, b := range fn.Blocks {
		f.first[b] = len(segs)
		start := 0
		for i, instr := range b.Instrs {
			how := endTerminator
			switch {
			case i == len(b.Instrs)-1:
			case a.callHalt(instr) == haltExit:
				how = endHaltExit
			case a.callHalt(instr) == haltPanic:
				how = endHaltPanic
			case implicit && a.mayPanic(instr):
				how = endImplicit
			default:
				continue
			}
			f.segs = append(f.segs, Segment{Block: b, Start: start})
			segs = append(segs, seg{end: i, how: how, block: b})
			start = i + 1
		}
	}
	n := len(f.segs)
	exit := n
	f.g = flowGraph{succs: make([][]int, n+1), exit: exit}
	f.branch = make([]int, n+1)
	f.kinds = make([][]Kind, n+1)
	f.halts = make([][]bool, n+1)
	if n == 0 {
		f.g.entry = exit
	}

	panicTarget, panicHalts := exit, true
	if fn.Recover != nil {
		panicTarget, panicHalts = f.first[fn.Recover], false
	}

	// Pass 2: edges.
	for v, s := range segs {
		f.branch[v] = -1
		add := func(to int, k Kind, halt bool) {
			f.g.succs[v] = append(f.g.succs[v], to)
			f.kinds[v] = append(f.kinds[v], k)
			f.halts[v] = append(f.halts[v], halt && to == exit)
		}
		switch s.how {
		case endImplicit:
			f.branch[v] = s.end
			add(v+1, OK, false)
			add(panicTarget, Panic, panicHalts)
		case endHaltPanic:
			add(panicTarget, Panic, panicHalts)
		case endHaltExit:
			add(exit, Panic, true)
		case endTerminator:
			switch s.block.Instrs[s.end].(type) {
			case *ssa.If:
				f.branch[v] = s.end
				add(f.first[s.block.Succs[0]], True, false)
				add(f.first[s.block.Succs[1]], False, false)
			case *ssa.Jump:
				add(f.first[s.block.Succs[0]], True, false)
			case *ssa.Return:
				add(exit, True, false)
			case *ssa.Panic:
				add(panicTarget, Panic, panicHalts)
			}
		}
	}
	f.branch[exit] = -1

	f.pd = postDominators(&f.g)
	f.reach = make([]bool, n+1)
	for _, v := range f.pd.order {
		f.reach[v] = true
	}

	// Controllers and dependents.
	f.ctrl = make([][]Outcome, n+1)
	f.deps = map[Outcome][]Segment{}
	deps := edgeDeps(&f.g, f.pd)
	for _, v := range f.pd.order {
		if f.branch[v] < 0 {
			continue
		}
		br := Branch{Block: f.segs[v].Block, Index: f.branch[v]}
		for k, ds := range deps[v] {
			o := Outcome{Branch: br, Kind: f.kinds[v][k]}
			for _, d := range ds {
				f.ctrl[d] = append(f.ctrl[d], o)
				f.deps[o] = append(f.deps[o], f.segs[d])
			}
		}
	}
	for v := range f.ctrl {
		sort.Slice(f.ctrl[v], func(i, j int) bool { return f.ctrl[v][i].less(f.ctrl[v][j]) })
	}
	for o, ds := range f.deps {
		sort.Slice(ds, func(i, j int) bool { return f.node(ds[i]) < f.node(ds[j]) })
		f.deps[o] = ds
	}

	// Halt deciders: a conditional node with a halting edge decides by
	// itself; an unconditional one is decided by its controllers.
	seen := map[Outcome]bool{}
	for _, v := range f.pd.order {
		if !slices.Contains(f.halts[v], true) {
			continue
		}
		if f.branch[v] >= 0 {
			br := Branch{Block: f.segs[v].Block, Index: f.branch[v]}
			for _, k := range f.kinds[v] {
				seen[Outcome{br, k}] = true
			}
			continue
		}
		for _, o := range f.ctrl[v] {
			seen[o] = true
		}
	}
	for o := range seen {
		f.halt = append(f.halt, o)
	}
	sort.Slice(f.halt, func(i, j int) bool { return f.halt[i].less(f.halt[j]) })
	return f
}

// node returns the node of segment s, or -1.
func (f *Func) node(s Segment) int {
	if s.Block == nil || s.Block.Parent() != f.Fn {
		return -1
	}
	v, ok := f.first[s.Block]
	if !ok {
		return -1
	}
	for ; v < len(f.segs) && f.segs[v].Block == s.Block; v++ {
		if f.segs[v].Start == s.Start {
			return v
		}
	}
	return -1
}

// Segments lists the segments that the entry reaches, in block order.
func (f *Func) Segments() []Segment {
	var out []Segment
	for v, s := range f.segs {
		if f.reach[v] {
			out = append(out, s)
		}
	}
	return out
}

// BlockSegments lists the segments of block b, reachable or not.
func (f *Func) BlockSegments(b *ssa.BasicBlock) []Segment {
	v, ok := f.first[b]
	if !ok {
		return nil
	}
	var out []Segment
	for ; v < len(f.segs) && f.segs[v].Block == b; v++ {
		out = append(out, f.segs[v])
	}
	return out
}

// Reachable reports whether s is a segment of f that the entry reaches.
// Segments after a call that never returns, and fn.Recover when nothing
// in the function may panic, are unreachable: they depend on nothing and
// never make a branch relevant.
func (f *Func) Reachable(s Segment) bool {
	v := f.node(s)
	return v >= 0 && f.reach[v]
}

// SegmentOf returns the segment that holds instr.
func (f *Func) SegmentOf(instr ssa.Instruction) (Segment, bool) {
	b := instr.Block()
	if b == nil || b.Parent() != f.Fn {
		return Segment{}, false
	}
	idx := slices.Index(b.Instrs, instr)
	if idx < 0 {
		return Segment{}, false
	}
	out := Segment{}
	for _, s := range f.BlockSegments(b) {
		if s.Start <= idx {
			out = s
		}
	}
	return out, out.Block != nil
}

// Controllers returns the outcomes that s is directly control dependent
// on, sorted; nil if s runs whenever f is entered (or is unreachable).
func (f *Func) Controllers(s Segment) []Outcome {
	if v := f.node(s); v >= 0 {
		return f.ctrl[v]
	}
	return nil
}

// BlockControllers returns the controllers of the first segment of b,
// that is of whether b runs at all.
func (f *Func) BlockControllers(b *ssa.BasicBlock) []Outcome {
	return f.Controllers(Segment{Block: b})
}

// Dependents returns the segments directly control dependent on o.
func (f *Func) Dependents(o Outcome) []Segment { return f.deps[o] }

// IPostDom returns the immediate post-dominator of s; false if it is the
// virtual exit (or s is unreachable).
func (f *Func) IPostDom(s Segment) (Segment, bool) {
	v := f.node(s)
	if v < 0 || !f.reach[v] {
		return Segment{}, false
	}
	p := f.pd.ipdom[v]
	if p < 0 || p == f.g.exit {
		return Segment{}, false
	}
	return f.segs[p], true
}

// Branches lists the reachable conditional nodes of f, in order.
func (f *Func) Branches() []Branch {
	var out []Branch
	for _, v := range f.pd.order {
		if v != f.g.exit && f.branch[v] >= 0 {
			out = append(out, Branch{Block: f.segs[v].Block, Index: f.branch[v]})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		return Outcome{Branch: out[i]}.less(Outcome{Branch: out[j]})
	})
	return out
}

// Outcomes lists the outcomes of a branch of f.
func (f *Func) Outcomes(b Branch) []Outcome {
	if b.Implicit() {
		return []Outcome{{b, OK}, {b, Panic}}
	}
	return []Outcome{{b, True}, {b, False}}
}

// BranchSegment returns the segment that ends with branch b.
func (f *Func) BranchSegment(b Branch) Segment {
	s, _ := f.SegmentOf(b.Instr())
	return s
}

// HaltDeciders returns the outcomes of f's branches that decide whether
// f halts, sorted: the outcomes of each implicit branch whose panic
// halts (no defer to recover), and the controllers of every segment that
// ends in a Panic terminator or a call that never returns and is not
// recovered. By Sinha, Harrold and Rothermel these branches control
// everything statically reachable after them, in f's callers too.
func (f *Func) HaltDeciders() []Outcome { return f.halt }

// Halts reports whether f contains an embedded halt that the entry
// reaches.
func (f *Func) Halts() bool {
	for _, v := range f.pd.order {
		if slices.Contains(f.halts[v], true) {
			return true
		}
	}
	return false
}
