package cdg

import (
	"fmt"

	"golang.org/x/tools/go/ssa"
)

// Kind is the outcome of a conditional node.
type Kind uint8

const (
	True  Kind = iota // an If took its first successor
	False             // an If took its second successor
	OK                // an implicit branch did not panic
	Panic             // an implicit branch panicked
)

func (k Kind) String() string {
	switch k {
	case True:
		return "true"
	case False:
		return "false"
	case OK:
		return "ok"
	case Panic:
		return "panic"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Segment is a node of a function's control-flow graph as cdg sees it:
// the instructions of Block from index Start up to and including the next
// conditional instruction or the terminator. A block is split after each
// implicit branch and after each call that never returns; without those
// a block is one segment, with Start 0. The segment that starts a block
// stands for the block.
//
// Segments print as b3 (block 3, from its first instruction) and b3[5:]
// (block 3 from instruction 5, after an implicit branch at index 4).
type Segment struct {
	Block *ssa.BasicBlock
	Start int
}

func (s Segment) String() string {
	if s.Start == 0 {
		return fmt.Sprintf("b%d", s.Block.Index)
	}
	return fmt.Sprintf("b%d[%d:]", s.Block.Index, s.Start)
}

// Func is the function that holds s.
func (s Segment) Func() *ssa.Function { return s.Block.Parent() }

// Branch is a conditional node: the If terminator of Block, or the
// implicit branch of the may-panic instruction Block.Instrs[Index].
//
// An If prints as b1; an implicit branch as b2.i4 (instruction 4 of
// block 2).
type Branch struct {
	Block *ssa.BasicBlock
	Index int
}

// Instr is the deciding instruction.
func (b Branch) Instr() ssa.Instruction { return b.Block.Instrs[b.Index] }

// Implicit reports whether b is an implicit (ok/panic) branch.
func (b Branch) Implicit() bool {
	_, isIf := b.Instr().(*ssa.If)
	return !isIf
}

// Func is the function that holds b.
func (b Branch) Func() *ssa.Function { return b.Block.Parent() }

func (b Branch) String() string {
	if b.Implicit() {
		return fmt.Sprintf("b%d.i%d", b.Block.Index, b.Index)
	}
	return fmt.Sprintf("b%d", b.Block.Index)
}

// Outcome is one way a branch can go. It prints as b1:true, b1:false,
// b2.i4:ok or b2.i4:panic.
type Outcome struct {
	Branch Branch
	Kind   Kind
}

func (o Outcome) String() string { return o.Branch.String() + ":" + o.Kind.String() }

// QualifiedString names o together with its function, relative to pkg
// (as ssa.Function.RelString does): F.b1:true, (*T).M.b2.i4:ok.
// A nil pkg qualifies fully.
func (o Outcome) QualifiedString(pkg *ssa.Package) string {
	fn := o.Branch.Func()
	if pkg == nil {
		return fn.String() + "." + o.String()
	}
	return fn.RelString(pkg.Pkg) + "." + o.String()
}

// less orders outcomes by block, instruction and kind, for stable output.
func (o Outcome) less(p Outcome) bool {
	if o.Branch.Block != p.Branch.Block {
		fo, fp := o.Branch.Func(), p.Branch.Func()
		if fo != fp {
			return fo.String() < fp.String()
		}
		return o.Branch.Block.Index < p.Branch.Block.Index
	}
	if o.Branch.Index != p.Branch.Index {
		return o.Branch.Index < p.Branch.Index
	}
	return o.Kind < p.Kind
}
