package report

import (
	"go/token"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// index maps the SSA of a set of functions onto the cover blocks of their
// files.
type index struct {
	fset  *token.FileSet // the SSA program's
	files map[string]*fileIndex
	seen  map[*ssa.Function]bool
}

// fileIndex is what the SSA says about the cover blocks of one file.
type fileIndex struct {
	fb     *fileBlocks
	order  []int // block indices sorted by start
	instrs [][]entry
	edges  [][]edgeHit
	funcs  map[token.Pos][]*ssa.Function // by funcPos, in fb's FileSet
}

// entry is an SSA block holding an instruction positioned in a cover
// block; region is the anchor region it lies in, or -1.
type entry struct {
	b      *ssa.BasicBlock
	region int
}

// edgeHit is an SSA edge into a cover block (see edgeSpec).
type edgeHit struct{ from, to *ssa.BasicBlock }

func newIndex(fset *token.FileSet) *index {
	return &index{fset: fset, files: make(map[string]*fileIndex), seen: make(map[*ssa.Function]bool)}
}

func (x *index) addFile(name string, fb *fileBlocks) {
	fi := &fileIndex{fb: fb, instrs: make([][]entry, len(fb.blocks)), edges: make([][]edgeHit, len(fb.blocks)), funcs: make(map[token.Pos][]*ssa.Function)}
	for i := range fb.blocks {
		fi.order = append(fi.order, i)
	}
	sort.Slice(fi.order, func(a, b int) bool { return fb.blocks[fi.order[a]].start < fb.blocks[fi.order[b]].start })
	x.files[name] = fi
}

// local converts an SSA position to the file's index and own position.
func (x *index) local(p token.Pos) (*fileIndex, token.Pos) {
	if !p.IsValid() {
		return nil, token.NoPos
	}
	pos := x.fset.Position(p)
	fi := x.files[pos.Filename]
	if fi == nil || pos.Offset > fi.fb.file.Size() {
		return nil, token.NoPos
	}
	return fi, fi.fb.file.Pos(pos.Offset)
}

// blockAt is the cover block holding p, or -1.
func (fi *fileIndex) blockAt(p token.Pos) int {
	blocks := fi.fb.blocks
	k := sort.Search(len(fi.order), func(k int) bool { return blocks[fi.order[k]].start > p }) - 1
	if k < 0 {
		return -1
	}
	if i := fi.order[k]; p < blocks[i].end {
		return i
	}
	return -1
}

// addFunc indexes fn and the function literals inside it.
func (x *index) addFunc(fn *ssa.Function) {
	if fn == nil || x.seen[fn] {
		return
	}
	x.seen[fn] = true
	for _, anon := range fn.AnonFuncs {
		x.addFunc(anon)
	}
	if len(fn.Blocks) == 0 {
		return
	}
	if fi, p := x.local(fn.Pos()); fi != nil {
		fi.funcs[p] = append(fi.funcs[p], fn)
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if fi, p := x.local(instr.Pos()); fi != nil {
				if i := fi.blockAt(p); i >= 0 {
					region := -1
					for r, sp := range fi.fb.blocks[i].regions {
						if sp.contains(p) {
							region = r
							break
						}
					}
					fi.instrs[i] = append(fi.instrs[i], entry{b, region})
				}
			}
			if ifi, ok := instr.(*ssa.If); ok {
				x.addEdge(ifi)
			}
		}
	}
}

// addEdge records the If's successor as entering the cover blocks whose
// edge conditions hold the If's condition.
func (x *index) addEdge(ifi *ssa.If) {
	var p token.Pos
	switch c := ifi.Cond.(type) {
	case *ssa.Extract: // ok of a type switch's comma-ok assertion
		p = c.Tuple.Pos()
	case ssa.Instruction:
		p = c.Pos()
	}
	fi, lp := x.local(p)
	if fi == nil {
		return
	}
	succs := ifi.Block().Succs
	for i, b := range fi.fb.blocks {
		if b.edge == nil {
			continue
		}
		for _, c := range b.edge.conds {
			if c.contains(lp) && b.edge.succ < len(succs) {
				fi.edges[i] = append(fi.edges[i], edgeHit{ifi.Block(), succs[b.edge.succ]})
				break
			}
		}
	}
}

// value is what the SSA tells about a cover block under some coverage.
type value uint8

const (
	unreached value = iota // not seen to run; not known never to run
	notRun                 // known not to have run
	ran
)

// coverage is a set of entered SSA blocks, seen through the SSA functions
// that count (one target's, or all of them).
type coverage struct {
	covered func(*ssa.BasicBlock) bool
	counts  func(*ssa.Function) bool
}

// bodyRoot is the first block of the function body that holds block i
// (the innermost function's), or -1.
func (fi *fileIndex) bodyRoot(i int) int {
	for i >= 0 && !fi.fb.blocks[i].root {
		i = fi.fb.blocks[i].parent
	}
	return i
}

// eval says whether block i ran under c. memo caches by block.
func (fi *fileIndex) eval(i int, c coverage, memo map[int]value) value {
	if v, ok := memo[i]; ok {
		return v
	}
	memo[i] = unreached // cut cycles (there are none: parents come first)
	v := fi.evalOnce(i, c, memo)
	memo[i] = v
	return v
}

func (fi *fileIndex) evalOnce(i int, c coverage, memo map[int]value) value {
	b := &fi.fb.blocks[i]
	if b.root {
		// The first block of a body runs exactly when the function is
		// entered.
		for _, fn := range fi.funcs[b.funcPos] {
			if c.counts(fn) && c.covered(fn.Blocks[0]) {
				return ran
			}
		}
		if !b.lit {
			return notRun
		}
		// A closure's body: never claimed unless the code that makes the
		// closure never ran either.
		if b.parent >= 0 && fi.eval(b.parent, c, memo) == notRun {
			return notRun
		}
		return unreached
	}
	if b.lit {
		// Inside a function literal whose body never ran, or that may be
		// called after its function returns (mayOutlive), a block not seen
		// to run is not known never to run: a caller may call the closure
		// with other arguments.
		r := fi.bodyRoot(i)
		if r >= 0 {
			switch root := fi.eval(r, c, memo); {
			case root == unreached:
				return unreached
			case root == ran && fi.outlives(r):
				if v := fi.evalInBody(i, c, memo); v == ran {
					return ran
				}
				return unreached
			}
		}
	}
	return fi.evalInBody(i, c, memo)
}

// outlives reports whether the body whose first block is r is a function
// literal that may run after its function returns.
func (fi *fileIndex) outlives(r int) bool {
	for _, fn := range fi.funcs[fi.fb.blocks[r].funcPos] {
		if mayOutlive(fn) {
			return true
		}
	}
	return false
}

// evalInBody says whether block i, not the first of its body, ran under
// c: by the SSA blocks of its instructions, else by the edges into it.
func (fi *fileIndex) evalInBody(i int, c coverage, memo map[int]value) value {
	b := &fi.fb.blocks[i]
	anchored := false
	for _, e := range fi.instrs[i] {
		if !c.counts(e.b.Parent()) {
			continue
		}
		if c.covered(e.b) {
			return ran
		}
		if e.region >= 0 {
			anchored = true
		}
	}
	if anchored {
		return notRun
	}
	if b.edge != nil {
		var hits, dedicated, fromRan int
		for _, h := range fi.edges[i] {
			if !c.counts(h.from.Parent()) {
				continue
			}
			hits++
			if h.to.Comment == b.edge.comment {
				dedicated++
				if c.covered(h.to) {
					return ran
				}
			}
			if c.covered(h.from) {
				fromRan++
			}
		}
		switch {
		case hits > 0 && dedicated == hits:
			return notRun // the only way in is an edge into a block never entered
		case hits > 0 && fromRan == 0:
			return notRun // the branch was never even evaluated
		}
	}
	// The parent must have run for this block to run: notRun carries
	// over soundly; ran is an over-approximation.
	if b.parent < 0 {
		return unreached
	}
	return fi.eval(b.parent, c, memo)
}
