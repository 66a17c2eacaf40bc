package testgen

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// The language version. The file is compiled at the package's Go
// version, the go directive of its module's go.mod, so it uses nothing
// that version rejects: below go1.18 no type parameters and no any (the
// pointer helper is then one plain function per type, ptrInt(3), and
// any is spelled interface{}). The other constructs that came later
// (min, max and clear in go1.21, range over an integer in go1.22) are
// never emitted. Nor does the file rely on go1.22's per-iteration loop
// variables: each row's subtest is a closure over the loop variable,
// but t.Run runs it to its end before the loop moves on, and the file
// never calls t.Parallel, so the closure sees its own row at any
// version and needs no tt := tt.
//
// A file of the package with a //go:build go1.N line may use go1.N's
// language, but the generated file has no such line: it is held to the
// module's version whatever the other files use.

// goVersion is a Go language version's minor number, 13 for go1.13; 0
// stands for a version not known, which is treated as the oldest.
type goVersion int

// Versions that brought in what the file may use. Code that writes a
// construct or a call newer than go1.13 asks langForms.allows first.
const (
	go113 goVersion = 13 // errors.Is, errors.As, errors.Unwrap
	go117 goVersion = 17 // t.Setenv
	go118 goVersion = 18 // type parameters, any; strings.Cut; testing.F
)

// allows tells that the file may use what version v brought in; nil
// forms (a scratch rendering) allow everything.
func (f *langForms) allows(v goVersion) bool { return f == nil || f.lang >= v }

// parseGoVersion reads "go1.20", "1.20", "1.21.3" or "go1.22rc1"; it
// returns 0 for anything else.
func parseGoVersion(s string) goVersion {
	s = strings.TrimPrefix(s, "go")
	major, rest, ok := strings.Cut(s, ".")
	if !ok || major != "1" {
		return 0
	}
	end := strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsDigit(r) })
	if end >= 0 {
		rest = rest[:end]
	}
	minor, err := strconv.Atoi(rest)
	if err != nil {
		return 0
	}
	return goVersion(minor)
}

// goDirective matches the go directive of a go.mod file.
var goDirective = regexp.MustCompile(`(?m)^go\s+(\S+)\s*(?://.*)?$`)

// defaultModVersion is the language version the go command gives a
// module whose go.mod has no go directive.
const defaultModVersion = goVersion(16)

// packageVersion is the language version the package's files are
// compiled at: Package.GoVersion, else the one the type checker was
// given, else the go directive of the nearest go.mod above the package.
// A package outside any module (GOPATH mode) gets 0, the oldest: nothing
// tells which toolchain will build it.
func packageVersion(pkg Package) goVersion {
	if v := parseGoVersion(pkg.GoVersion); v > 0 {
		return v
	}
	if pkg.Types != nil {
		if v := parseGoVersion(pkg.Types.GoVersion()); v > 0 {
			return v
		}
	}
	for dir := pkg.Dir; ; {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			if m := goDirective.FindSubmatch(data); m != nil {
				return parseGoVersion(string(m[1]))
			}
			return defaultModVersion
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return 0
		}
		dir = parent
	}
}

// langForms are the forms a file's literals take at its language
// version, and the pointer helpers they need below go1.18: one function
// per type, ptrInt(3) for the generic ptr[int](3). It is the literal.Lang
// of the file's literal.Writer.
type langForms struct {
	lang  goVersion
	base  string // the generic helper's name, ptr: ptrInt starts with it
	claim func(candidates ...string) string
	names map[string]string // by the type as the file spells it
	types []string          // in order of first use
}

// Generics tells that the file may use type parameters and any
// (literal.Lang).
func (f *langForms) Generics() bool { return f.allows(go118) }

// PtrFunc names the pointer helper of the type spelled typ below go1.18,
// ptrInt for int, and records that the file declares it (literal.Lang).
func (f *langForms) PtrFunc(typ string) string {
	name, ok := f.names[typ]
	if !ok {
		name = f.claim(f.base + typeWords(typ))
		f.names[typ] = name
		f.types = append(f.types, typ)
	}
	return name
}

// typeWords names a type in an identifier: int → Int, units.Length →
// UnitsLength, []byte → SliceByte, map[string]int → MapStringInt.
func typeWords(typ string) string {
	r := strings.NewReplacer("[]", " slice ", "*", " pointer ", "map[", " map ", "chan ", " chan ", "func(", " func ")
	var b strings.Builder
	for _, w := range strings.FieldsFunc(r.Replace(typ), func(c rune) bool { return !isWordRune(c) }) {
		b.WriteString(upperFirst(w))
	}
	if b.Len() == 0 {
		return "Value"
	}
	return b.String()
}
