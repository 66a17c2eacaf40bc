package report

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
)

// coverBlock is one block of statements as cmd/cover counts them, with
// what the SSA mapping needs to decide whether it ran.
type coverBlock struct {
	start, end token.Pos // [start, end) in the file's own FileSet
	stmts      int       // statements counted by go test -cover

	// regions are the source ranges of the block's leading statements,
	// in order, up to the first that evaluates && or || (which makes part
	// of a statement conditional). The first region holding a positioned
	// SSA instruction anchors the block: entering the block enters that
	// instruction's SSA block.
	regions []span
	// edge, when set, names the SSA edge that enters the block: the If
	// instructions whose condition is positioned in conds, their successor
	// succ (0 or 1), which should be an SSA block whose Comment is comment.
	edge *edgeSpec
	// parent is a block that must have run for this one to run (-1: none).
	parent int
	// root is set on the first block of a function body: the block runs
	// exactly when the function is entered. funcPos is the position the
	// SSA function reports (the name of a declaration, the func keyword of
	// a literal).
	root    bool
	lit     bool // inside a function literal (innermost function)
	funcPos token.Pos
	decl    int // index of the enclosing top-level declaration in fileBlocks.decls, -1 for none
}

type span struct{ from, to token.Pos }

func (s span) contains(p token.Pos) bool { return s.from <= p && p < s.to }

type edgeSpec struct {
	conds   []span
	succ    int
	comment string
}

// fileBlocks are the cover blocks of one file, in source order.
type fileBlocks struct {
	fset   *token.FileSet
	file   *token.File
	blocks []coverBlock
	decls  []declInfo
}

// declInfo is a top-level function declaration.
type declInfo struct {
	name    string
	namePos token.Pos
	body    span
}

// parseCoverBlocks parses a Go file and computes its cover blocks.
func parseCoverBlocks(filename string, src []byte) (*fileBlocks, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	fb := &fileBlocks{fset: fset, file: fset.File(f.Pos())}
	w := &coverWalker{fb: fb, src: src, decl: -1}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			// cmd/cover leaves out blank functions and bodyless ones.
			if d.Name.Name == "_" || d.Body == nil {
				continue
			}
			w.decl = len(fb.decls)
			fb.decls = append(fb.decls, declInfo{name: declName(d), namePos: d.Name.Pos(), body: span{d.Body.Lbrace, d.Body.Rbrace + 1}})
			w.body(d.Body, d.Name.Pos(), false, -1)
			w.decl = -1
		case *ast.GenDecl:
			// Function literals in package-level initialisers are
			// instrumented too.
			w.exprs(-1, d)
		}
	}
	return fb, nil
}

func declName(d *ast.FuncDecl) string {
	name := d.Name.Name
	if d.Recv == nil || len(d.Recv.List) != 1 {
		return name
	}
	t := d.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + name
	}
	return name
}

// coverWalker walks a file the way cmd/cover's annotator does.
type coverWalker struct {
	fb   *fileBlocks
	src  []byte
	decl int
	// function context of the blocks being added
	funcPos token.Pos
	lit     bool
}

// body adds the blocks of a function body.
func (w *coverWalker) body(b *ast.BlockStmt, funcPos token.Pos, lit bool, parent int) {
	savedPos, savedLit := w.funcPos, w.lit
	w.funcPos, w.lit = funcPos, lit
	first := len(w.fb.blocks)
	w.list(b.Lbrace, b.Lbrace+1, b.Rbrace+1, b.List, true, parent, nil)
	if first < len(w.fb.blocks) {
		w.fb.blocks[first].root = true
	}
	w.funcPos, w.lit = savedPos, savedLit
}

// list splits a statement list into blocks at the statements that change
// the flow of control, as cmd/cover's addCounters does, and then visits
// the statements. pos is where the first block starts, insertPos where an
// empty list's block starts, blockEnd where the last block may extend to
// when extend is set. parent is the block that runs before the list; edge
// enters its first block.
func (w *coverWalker) list(pos, insertPos, blockEnd token.Pos, list []ast.Stmt, extend bool, parent int, edge *edgeSpec) {
	if len(list) == 0 {
		w.add(coverBlock{start: insertPos, end: blockEnd, edge: edge, parent: parent})
		return
	}
	list = append([]ast.Stmt(nil), list...)
	firstOfList := -1
	labelSeen := false
	for {
		var last int
		end := blockEnd
		for last = 0; last < len(list); last++ {
			s := list[last]
			end = statementBoundary(s)
			if endsSourceBlock(s) {
				if label, ok := s.(*ast.LabeledStmt); ok && !isControl(label.Stmt) {
					// A goto may land on the label: the previous block
					// ends before it and a new one starts at its statement.
					end = label.Pos()
					empty := *label
					empty.Stmt = &ast.EmptyStmt{Semicolon: label.Stmt.Pos(), Implicit: true}
					list[last] = &empty
					list = append(list, nil)
					copy(list[last+1:], list[last:])
					list[last+1] = label.Stmt
				}
				last++
				extend = false
				break
			}
		}
		if extend {
			end = blockEnd
		}
		chunk := list[:last]
		idx := -1
		if pos != end { // blocks may abut and then have no source
			b := coverBlock{start: pos, end: end, stmts: last, regions: anchorRegions(chunk)}
			switch {
			case firstOfList < 0:
				b.parent, b.edge = parent, edge
			case labelSeen:
				// A label may be reached by a goto from anywhere in the
				// function: only the function's entry is known to have run.
				b.parent = -1
			default:
				b.parent = firstOfList
			}
			idx = w.add(b)
			if firstOfList < 0 {
				firstOfList = idx
			}
		}
		for _, s := range chunk {
			if _, ok := s.(*ast.LabeledStmt); ok {
				labelSeen = true
			}
			owner := idx
			if owner < 0 {
				owner = parent
			}
			w.stmt(s, owner)
		}
		list = list[last:]
		if len(list) == 0 {
			break
		}
		pos = list[0].Pos()
		if _, ok := list[0].(*ast.LabeledStmt); ok {
			labelSeen = true
		}
	}
}

func (w *coverWalker) add(b coverBlock) int {
	b.funcPos, b.lit, b.decl = w.funcPos, w.lit, w.decl
	if b.parent < 0 && !w.lit && len(w.fb.blocks) > 0 {
		// Within a declaration, the body's first block (the entry) is the
		// fallback parent: it always runs first.
		for i := len(w.fb.blocks) - 1; i >= 0; i-- {
			if o := w.fb.blocks[i]; o.root && o.funcPos == w.funcPos {
				b.parent = i
				break
			}
		}
	}
	w.fb.blocks = append(w.fb.blocks, b)
	return len(w.fb.blocks) - 1
}

// stmt visits the nested blocks of s; owner is the block holding s.
func (w *coverWalker) stmt(s ast.Stmt, owner int) {
	switch s := s.(type) {
	case *ast.BlockStmt:
		w.list(s.Lbrace, s.Lbrace+1, s.Rbrace+1, s.List, true, owner, nil)
	case *ast.LabeledStmt:
		w.stmt(s.Stmt, owner)
	case *ast.IfStmt:
		w.ifStmt(s, owner)
	case *ast.ForStmt:
		if s.Init != nil {
			w.stmt(s.Init, owner)
		}
		w.exprs(owner, s.Cond)
		if s.Post != nil {
			w.stmt(s.Post, owner)
		}
		var edge *edgeSpec
		if s.Cond != nil {
			edge = condEdge(s.Cond, true, "for.body")
		}
		w.list(s.Body.Lbrace, s.Body.Lbrace+1, s.Body.Rbrace+1, s.Body.List, true, owner, edge)
	case *ast.RangeStmt:
		w.exprs(owner, s.Key, s.Value, s.X)
		w.list(s.Body.Lbrace, s.Body.Lbrace+1, s.Body.Rbrace+1, s.Body.List, true, owner, nil)
	case *ast.SwitchStmt:
		if s.Init != nil {
			w.stmt(s.Init, owner)
		}
		w.exprs(owner, s.Tag)
		w.clauses(s.Body, owner, "switch.body")
	case *ast.TypeSwitchStmt:
		if s.Init != nil {
			w.stmt(s.Init, owner)
		}
		w.stmt(s.Assign, owner)
		w.clauses(s.Body, owner, "typeswitch.body")
	case *ast.SelectStmt:
		w.clauses(s.Body, owner, "")
	default:
		w.exprs(owner, s)
	}
}

// ifStmt visits an if statement. As cmd/cover does, an else branch gets a
// block that starts right after the else keyword, so that an "else if"
// header is counted.
func (w *coverWalker) ifStmt(s *ast.IfStmt, owner int) {
	if s.Init != nil {
		w.stmt(s.Init, owner)
	}
	w.exprs(owner, s.Cond)
	w.list(s.Body.Lbrace, s.Body.Lbrace+1, s.Body.Rbrace+1, s.Body.List, true, owner, condEdge(s.Cond, true, "if.then"))
	if s.Else == nil {
		return
	}
	off := findText(w.src, w.fb.file.Offset(s.Body.End()), "else")
	if off < 0 {
		return // cannot happen in a file that parsed
	}
	pos := w.fb.file.Pos(off + 4)
	edge := condEdge(s.Cond, false, "if.else")
	switch e := s.Else.(type) {
	case *ast.IfStmt:
		w.list(pos, pos+1, e.End()+1, []ast.Stmt{e}, true, owner, edge)
	case *ast.BlockStmt:
		w.list(pos, pos+1, e.Rbrace+1, e.List, true, owner, edge)
	}
}

// clauses visits the case clauses of a switch or select body.
func (w *coverWalker) clauses(body *ast.BlockStmt, owner int, comment string) {
	if body == nil {
		return
	}
	for _, c := range body.List {
		switch c := c.(type) {
		case *ast.CaseClause:
			w.exprs(owner, exprList(c.List)...)
			var edge *edgeSpec
			if c.List != nil && comment != "" && !hasCondFlow(c) {
				edge = &edgeSpec{conds: []span{{c.Case, c.Colon}}, succ: 0, comment: comment}
			}
			w.list(c.Colon+1, c.Colon+1, c.End(), c.Body, false, owner, edge)
		case *ast.CommClause:
			if c.Comm != nil {
				w.stmt(c.Comm, owner)
			}
			w.list(c.Colon+1, c.Colon+1, c.End(), c.Body, false, owner, nil)
		}
	}
}

func exprList(l []ast.Expr) []ast.Node {
	out := make([]ast.Node, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// exprs finds the function literals in nodes (not inside other literals)
// and adds the blocks of their bodies; owner is the block that creates them.
func (w *coverWalker) exprs(owner int, nodes ...ast.Node) {
	for _, n := range nodes {
		if n == nil {
			continue
		}
		ast.Inspect(n, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok {
				w.body(lit.Body, lit.Type.Func, true, owner)
				return false
			}
			return true
		})
	}
}

// condEdge describes the SSA edge into a branch of cond: the SSA builder
// branches on the rightmost operand of && and ||, and swaps the targets
// for each !, so that leaf's If leads to the branch. A leaf that itself
// evaluates && or || or holds a function literal gives no edge.
func condEdge(cond ast.Expr, onTrue bool, comment string) *edgeSpec {
	succ := 0
	if !onTrue {
		succ = 1
	}
	e := cond
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				e = x.Y
				continue
			}
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				succ = 1 - succ
				e = x.X
				continue
			}
		}
		break
	}
	if hasCondFlow(e) {
		return nil
	}
	return &edgeSpec{conds: []span{{e.Pos(), e.End()}}, succ: succ, comment: comment}
}

// hasCondFlow reports whether n evaluates && or || or holds a function
// literal, either of which puts part of its code in other SSA blocks.
func hasCondFlow(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			found = true
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				found = true
			}
		}
		return !found
	})
	return found
}

// anchorRegions lists the source ranges of a block's statements that run
// unconditionally once the block is entered, up to the first statement
// with && or ||. A for statement's post statement is left out (it runs
// only after the body); of a range statement only the ranged expression.
func anchorRegions(chunk []ast.Stmt) []span {
	var out []span
	for _, s := range chunk {
		if l, ok := s.(*ast.LabeledStmt); ok {
			s = l.Stmt
		}
		header := []ast.Node{s}
		r := span{s.Pos(), statementBoundary(s)}
		switch x := s.(type) {
		case *ast.IfStmt:
			header = []ast.Node{x.Init, x.Cond}
		case *ast.ForStmt:
			header = []ast.Node{x.Init, x.Cond}
			if x.Post != nil {
				r.to = x.Post.Pos()
			}
		case *ast.RangeStmt:
			header = []ast.Node{x.X}
			r = span{x.X.Pos(), x.X.End()}
		case *ast.SwitchStmt:
			header = []ast.Node{x.Init, x.Tag}
		case *ast.TypeSwitchStmt:
			header = []ast.Node{x.Init, x.Assign}
		case *ast.SelectStmt:
			return out
		}
		for _, h := range header {
			if h != nil && hasAndOr(h) {
				return out
			}
		}
		if r.from < r.to {
			out = append(out, r)
		}
		if endsSourceBlock(s) {
			break
		}
	}
	return out
}

// hasAndOr reports && or || outside function literals.
func hasAndOr(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				found = true
			}
		}
		return !found
	})
	return found
}

// statementBoundary is where the block holding s ends if s ends it: at the
// body of a control statement, or at the first function literal.
func statementBoundary(s ast.Stmt) token.Pos {
	lit := func(nodes ...ast.Node) (token.Pos, bool) {
		for _, n := range nodes {
			if n == nil {
				continue
			}
			if p := firstFuncLit(n); p.IsValid() {
				return p, true
			}
		}
		return token.NoPos, false
	}
	switch s := s.(type) {
	case *ast.BlockStmt:
		return s.Lbrace
	case *ast.IfStmt:
		if p, ok := lit(s.Init, s.Cond); ok {
			return p
		}
		return s.Body.Lbrace
	case *ast.ForStmt:
		if p, ok := lit(s.Init, s.Cond, s.Post); ok {
			return p
		}
		return s.Body.Lbrace
	case *ast.LabeledStmt:
		return statementBoundary(s.Stmt)
	case *ast.RangeStmt:
		if p, ok := lit(s.X); ok {
			return p
		}
		return s.Body.Lbrace
	case *ast.SwitchStmt:
		if p, ok := lit(s.Init, s.Tag); ok {
			return p
		}
		return s.Body.Lbrace
	case *ast.SelectStmt:
		return s.Body.Lbrace
	case *ast.TypeSwitchStmt:
		if p, ok := lit(s.Init); ok {
			return p
		}
		return s.Body.Lbrace
	}
	if p, ok := lit(s); ok {
		return p
	}
	return s.End()
}

// firstFuncLit is the opening brace of the first function literal in n.
func firstFuncLit(n ast.Node) token.Pos {
	var p token.Pos
	ast.Inspect(n, func(n ast.Node) bool {
		if p.IsValid() {
			return false
		}
		if lit, ok := n.(*ast.FuncLit); ok {
			p = lit.Body.Lbrace
			return false
		}
		return true
	})
	return p
}

// endsSourceBlock reports whether s ends a cover block: it changes the
// flow of control (as cmd/cover judges it, syntactically) or holds a
// function literal.
func endsSourceBlock(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.BlockStmt, *ast.BranchStmt, *ast.ForStmt, *ast.IfStmt, *ast.LabeledStmt,
		*ast.RangeStmt, *ast.SwitchStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
		return true
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" && len(call.Args) == 1 {
				return true
			}
		}
	}
	return firstFuncLit(s).IsValid()
}

// isControl reports statements that cmd/cover keeps together with their
// label.
func isControl(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
		return true
	}
	return false
}

// findText finds text at or after offset, skipping comments; -1 if absent.
func findText(src []byte, offset int, text string) int {
	b := []byte(text)
	for i := offset; i < len(src); {
		switch {
		case bytes.HasPrefix(src[i:], b):
			return i
		case bytes.HasPrefix(src[i:], []byte("//")):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case bytes.HasPrefix(src[i:], []byte("/*")):
			j := bytes.Index(src[i+2:], []byte("*/"))
			if j < 0 {
				return -1
			}
			i += j + 4
		default:
			i++
		}
	}
	return -1
}
