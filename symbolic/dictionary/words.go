package dictionary

import (
	"go/constant"
	"go/types"
	"regexp/syntax"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Bounds of a package's words: each is a row to try for each string
// parameter of each function, so they stay few, and short enough to
// read in a table.
const (
	// MaxWords bounds the words of one package.
	MaxWords = 64
	// MaxWordLen bounds the bytes of one word; longer ones are left out.
	MaxWordLen = 256
	// maxPerPattern bounds the words made from one regexp, its failing
	// variants included.
	maxPerPattern = 16
)

// Words are the words of pkg, in a fixed order: its constants and
// constant-initialised string variables (by name), the constant strings
// it passes to its own functions, the literals of its examples and the
// string arguments of the calls its doc comments show (by file and
// position), then the strings made from its constant regexps (by where
// they are compiled), then the prefixes it checks for joined to each of
// those words, and the prefixes alone (prefixes.go). Each word is distinct,
// at most MaxWordLen bytes and not empty; there are at most MaxWords.
func Words(pkg *ssa.Package) []string {
	if pkg == nil {
		return nil
	}
	var l list
	pats := patterns(pkg)
	for _, w := range constWords(pkg) {
		if !looksLikeRegexp(w) {
			l.add(w)
		}
	}
	l.add(callWords(pkg)...)
	l.add(exampleWords(pkg)...)
	l.add(docWords(pkg)...)
	for _, p := range pats {
		l.add(patternWords(p)...)
	}
	prefixes := prefixWords(pkg)
	l.add(joined(prefixes, slices.Clone(l.words))...)
	l.add(prefixes...)
	// Last, as they are the least sure to be inputs: the strings the
	// doc comments of its exported functions quote.
	l.add(docQuotes(pkg)...)
	return l.words
}

// list is a list of distinct words within the bounds.
type list struct {
	words []string
	seen  map[string]bool
}

func (l *list) add(ws ...string) {
	for _, w := range ws {
		if len(l.words) == MaxWords {
			return
		}
		if w == "" || len(w) > MaxWordLen || l.seen[w] {
			continue
		}
		if l.seen == nil {
			l.seen = make(map[string]bool)
		}
		l.seen[w] = true
		l.words = append(l.words, w)
	}
}

// constWords are the values of pkg's string constants and of its string
// variables that init sets to a constant, ordered by name.
func constWords(pkg *ssa.Package) []string {
	byName := make(map[string]string)
	for name, m := range pkg.Members {
		if c, ok := m.(*ssa.NamedConst); ok && isString(c.Type()) && c.Value.Value != nil && c.Value.Value.Kind() == constant.String {
			byName[name] = constant.StringVal(c.Value.Value)
		}
	}
	if init := pkg.Func("init"); init != nil {
		for _, b := range init.Blocks {
			for _, in := range b.Instrs {
				st, ok := in.(*ssa.Store)
				if !ok {
					continue
				}
				g, ok := st.Addr.(*ssa.Global)
				c, isConst := st.Val.(*ssa.Const)
				if ok && isConst && g.Pkg == pkg && isString(c.Type()) && c.Value != nil && c.Value.Kind() == constant.String {
					if _, taken := byName[g.Name()]; !taken {
						byName[g.Name()] = constant.StringVal(c.Value)
					}
				}
			}
		}
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	slices.Sort(names)
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = byName[n]
	}
	return out
}

// looksLikeRegexp reports whether the constant w is a regexp's source
// (or a part a pattern is built from): a group or class or escape, and a
// quantifier or alternation, in a text that parses as a regexp. It is no
// input of the code that matches with it; the strings it matches are.
func looksLikeRegexp(w string) bool {
	if !strings.ContainsAny(w, `([\`) || !strings.ContainsAny(w, `?*+|`) {
		return false
	}
	_, err := syntax.Parse(w, syntax.Perl)
	return err == nil
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
