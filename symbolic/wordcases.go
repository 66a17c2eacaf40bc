package symbolic

import (
	"context"
	"go/types"
	"strings"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/solver"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
	"github.com/gosymtest/gosymtest/symbolic/dictionary"
	"github.com/gosymtest/gosymtest/symbolic/expr"
	"github.com/gosymtest/gosymtest/symbolic/inputs"
	"github.com/gosymtest/gosymtest/symbolic/machine"
	"golang.org/x/tools/go/ssa"
)

// Dictionary cases. A parser's front door wants a shape ("1.2.3-beta.1",
// a UUID) that no short string the solver picks within the bounds has:
// its paths go deep into a regexp's matcher or a loop over the bytes,
// and exploration ends with its error cases alone. A fuzzer gets past
// that with a dictionary; so does the engine: once a function is
// explored, each string or []byte parameter (or one of a named type of
// those), and then each other string or []byte input it built as the
// argument of a call the test writes (the text a reader argument
// holds), is set, in turn, to each word of the function's package
// (package dictionary: its constants, its examples' literals, the
// strings its regexps match and fail at one part), the other inputs
// taken from the model of the first tested path (of the furthest, for
// a deeper text), and the inputs run concretely (extraCase). A word longer than the input's size bound is
// given whole (inputs.WithWord): the run is concrete, so the bound has
// nothing to protect.
//
// A run is kept as a case when it enters a block or edge of the package
// that no tested path nor earlier dictionary case entered, or when it is
// the first to succeed (concrete.Outcome.Fails) where every tested path
// failed: a parser's success case. Like a boundary case it is an extra
// test handed to the Sink with Word set, counted in Summary.Words and
// not in Paths or Ends; the blocks it entered are covered, since a
// concrete run entered them.
//
// The work is bounded like the boundary pass's (extraPass): at most
// maxWordCases kept and maxWordRuns runs per function, within
// boundaryWork, so that a run gives the same cases every time at a fixed
// -max-work. Config.NoDictionary turns the pass off.

// Bounds of the dictionary pass of one function.
const (
	maxWordCases = 8
	maxWordRuns  = 96
)

// wordPass is what one exploration keeps for its dictionary cases.
type wordPass struct {
	// first is the first tested path, whose model gives the inputs that
	// are not set to a word.
	first *machine.PathEnd
	// furthest is the tested path that entered the most blocks of the
	// function's package, the first of them: a text deeper in an input
	// starts from its model, where a reader argument is one that reads
	// on, not the first path's reader that fails at once.
	furthest      *machine.PathEnd
	furthestReach int
	// edges are the edges tested paths took (the blocks are Engine.tested).
	edges map[concrete.Edge]bool
}

// wordWatch keeps the first and the furthest tested paths of the
// exploration.
type wordWatch struct{ e *Engine }

func (w wordWatch) Ended(s *machine.State, end *machine.PathEnd) {
	t := end.Test
	if w.e.Cfg.NoDictionary || t == nil || !t.Replayed || t.OrderDependent || t.Uncontrolled {
		return
	}
	if end.Kind != machine.EndReturn && end.Kind != machine.EndPanic {
		return
	}
	p := &w.e.words
	if p.first == nil {
		p.first = end
	}
	reach := 0
	for _, b := range end.Blocks {
		if b.Parent().Pkg == end.Func.Pkg {
			reach++
		}
	}
	if p.furthest == nil || reach > p.furthestReach {
		p.furthest, p.furthestReach = end, reach
	}
}

// noteTestedWord records, for the dictionary pass, the edges a replayed
// test took.
func (e *Engine) noteTestedWord(end *machine.PathEnd) {
	if e.Cfg.NoDictionary {
		return
	}
	if e.words.edges == nil {
		e.words.edges = make(map[concrete.Edge]bool)
	}
	for _, ed := range end.Edges {
		e.words.edges[ed] = true
	}
}

// wordParams are the indices of fn's parameters that take words: those
// of type string or []byte, or of a named type of those.
func wordParams(fn *ssa.Function) []int {
	var out []int
	for i, p := range fn.Params {
		switch u := p.Type().Underlying().(type) {
		case *types.Basic:
			if u.Info()&types.IsString != 0 {
				out = append(out, i)
			}
		case *types.Slice:
			if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
				out = append(out, i)
			}
		}
	}
	return out
}

// wordInputs are the names of the inputs that take words: fn's
// parameters that do (wordParams), and deeper, the other string and
// []byte inputs the exploration built (texts) that are an argument of a
// call the test writes, such as the string a reader argument reads from
// (its name spells the call: "r.NewReader(s)"), in the order they were
// built. A string field of a literal is no such input: a word there
// would be one more case built on private state.
func wordInputs(fn *ssa.Function, texts []string) (params, deeper []string) {
	seen := make(map[string]bool)
	for _, i := range wordParams(fn) {
		name := inputs.ParamName(fn, i)
		seen[name] = true
		params = append(params, name)
	}
	for _, name := range texts {
		if !seen[name] && strings.HasSuffix(name, ")") {
			seen[name] = true
			deeper = append(deeper, name)
		}
	}
	return params, deeper
}

// packageWords are the words of pkg, collected once per engine.
func (e *Engine) packageWords(pkg *ssa.Package) []string {
	if ws, ok := e.wordsOf[pkg]; ok {
		return ws
	}
	if e.wordsOf == nil {
		e.wordsOf = make(map[*ssa.Package][]string)
	}
	ws := dictionary.Words(pkg)
	e.wordsOf[pkg] = ws
	return ws
}

// wordBase is the model the dictionary cases start from: the readable
// model of path p's condition, or no condition's (zero values, pointers
// not nil) when no path gave a test.
func (e *Engine) wordBase(p *machine.PathEnd) expr.Assignment {
	var cond []expr.Expr
	if p != nil {
		cond = p.Condition
	}
	resp := e.picker().Readable(cond)
	if resp.Result != solver.Sat {
		return nil
	}
	return e.extraModel(resp, cond)
}

// wordCases makes the dictionary cases of fn once it is explored and
// hands them to the Sink. ctx is as for boundaryCases.
func (e *Engine) wordCases(ctx context.Context, fn *ssa.Function) {
	if e.Cfg.NoDictionary || ctx.Err() != nil {
		return
	}
	params, deeper := wordInputs(fn, e.in.TextInputs())
	if len(params)+len(deeper) == 0 {
		return
	}
	words := e.packageWords(loader.PackageOf(fn))
	if len(words) == 0 {
		return
	}
	over, done := e.extraPass(ctx)
	defer done()
	base := e.wordBase(e.words.first)
	if base == nil {
		return
	}
	deepBase := base
	if len(deeper) > 0 && e.words.furthest != e.words.first {
		if deepBase = e.wordBase(e.words.furthest); deepBase == nil {
			deeper = nil
		}
	}
	blocks := make(map[*ssa.BasicBlock]bool, len(e.tested))
	for b := range e.tested {
		blocks[b] = true
	}
	edges := make(map[concrete.Edge]bool, len(e.words.edges))
	for ed := range e.words.edges {
		edges[ed] = true
	}
	succeeded := e.succeeded
	var made [][]concrete.Value
	runs := 0
	for k, name := range append(params, deeper...) {
		from := base
		if k >= len(params) {
			from = deepBase
		}
		for _, w := range words {
			if len(made) == maxWordCases || runs == maxWordRuns || over() {
				return
			}
			runs++
			model := inputs.WithWord(from, name, []byte(w))
			end := e.extraCase(fn, model, nil, nil, "")
			if end == nil || madeBefore(made, end.Test) {
				continue
			}
			c, ok := end.Case()
			if !ok {
				continue
			}
			adds := e.entersNew(end, blocks, edges)
			if !adds && (succeeded || c.Want.Fails()) {
				continue
			}
			succeeded = succeeded || !c.Want.Fails()
			end.Word = name
			made = append(made, end.Test.Args)
			for _, b := range end.Blocks {
				blocks[b] = true
				e.Summary.CoveredBlocks[b] = true
			}
			for _, ed := range end.Edges {
				edges[ed] = true
			}
			e.noteKills(fn, model, end.Test, true)
			e.Summary.Words++
			if e.Cfg.Sink != nil {
				e.Cfg.Sink.PathEnded(end)
			}
		}
	}
}

// entersNew reports whether end entered a block or took an edge of the
// explored package that none of blocks and edges has.
func (e *Engine) entersNew(end *machine.PathEnd, blocks map[*ssa.BasicBlock]bool, edges map[concrete.Edge]bool) bool {
	for _, b := range end.Blocks {
		if !blocks[b] && e.InExploredPackage(b.Parent()) {
			return true
		}
	}
	for _, ed := range end.Edges {
		if !edges[ed] && e.InExploredPackage(ed.To.Parent()) {
			return true
		}
	}
	return false
}
