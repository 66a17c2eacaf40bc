package slicing

import (
	"testing"

	"github.com/gosymtest/gosymtest/cdg"
)

// chownSrc is the §3.2 fragment of chown, in Go. TRUE and FALSE are
// package variables, as the paper's "int constant variables" are: they
// are memory (objects), so they are locations. The comments give the
// paper's line numbers.
const chownSrc = `package p

var TRUE, FALSE = true, false
var sink int

func uidToName() string { return "u" }
func gidToName() string { return "g" }
func chownFile(user, group string, recurse bool) int { return 0 }

func Chown(arg1, arg2 string, referenceFile bool) int {
	recurse := FALSE // 1
	preserveRoot := FALSE // 2
	if arg1 == "-R" { // 4
		recurse = TRUE // 5
	}
	if arg2 == "--preserve-root" { // 6
		preserveRoot = TRUE // 7: uncovered
	}
	var user, group string
	if referenceFile { // 9
		user = uidToName() // 11
		group = gidToName() // 12
	} else {
		if user == "" && group != "" { // 15
			user = "" // 16
		}
	}
	if recurse { // 19
		if preserveRoot { // 20
			sink = 1 // 21: uncovered
		}
	}
	return chownFile(user, group, recurse) // 22
}
`

// The SSA of Chown, by block (paper lines):
//
//	b0  (1-4)   t0 = *FALSE; t1 = *FALSE; t2 = arg1 == "-R"; if t2 b1 b2
//	b1  (5)     t3 = *TRUE; jump b2
//	b2  (6)     t4 = φ[t0, t3] (recurse); t5 = arg2 == "--preserve-root"; if t5 b3 b4
//	b3  (7)     uncovered
//	b4  (9)     t7 = φ[t1, t6] (preserveRoot); if referenceFile b5 b7
//	b5  (11-12) t8 = uidToName(); t9 = gidToName(); jump b6
//	b6  (19)    user, group φs; if t4 b10 b11
//	b10 (20)    if t7 b12 b11
//	b11 (22)    chownFile(...); return
//	b12 (21)    uncovered
//
// The relevant static branches are those of lines 6, 19 and 20 (b2, b6,
// b10), as in the paper.

// TestChownTable is the paper's §3.2 table, in Go terms, on the path it
// describes: lines 1-6 (line 5 runs: arg1 is "-R"), 8-12 (reference_file
// set), 19, 22. The paper's table:
//
//	Line   Relevant Location Set
//	1-3    { TRUE, argv[2][0], argv[1][0..2] }
//	4      { TRUE, argv[2][0], argv[1][0..2] }
//	5      { TRUE, argv[2][0] }
//	6      { chopt.recurse, argv[2][0] }
//	8-12   { chopt.recurse }
//	19     { chopt.recurse }
//	22     { }
//
// One difference is the paper's own: with recurse TRUE, line 20 runs, so
// the path reads preserve_root there (the paper lists 19 then 22 and
// says preserve_root "is not read along the path"). In Go preserveRoot is
// t7 from line 6 on and t1 (its FALSE from line 2) before, and FALSE is
// relevant at the entry. The other differences are of Go: argv[i] are the
// string parameters arg1 and arg2 (a comparison reads the whole string),
// and a relevant set holds the registers the rest reads (t4 is recurse
// after the φ of line 6; before, the φ's operand on the path: t3 = *TRUE,
// read from TRUE). reference_file is relevant nowhere: the if-else of
// lines 9-18 does not decide a relevant branch.
//
//	Point (block entry)   Go relevant set                paper
//	b0 (lines 1-3)        {FALSE, TRUE, arg1, arg2}      {TRUE, argv[2][0], argv[1][0..2]}
//	b1 (line 5)           {TRUE, arg2, t1}               {TRUE, argv[2][0]}
//	b2 (line 6)           {arg2, t1, t4}                 {chopt.recurse, argv[2][0]}
//	b4 (line 9)           {t4, t7}                       {chopt.recurse}
//	b5 (lines 11-12)      {t4, t7}                       {chopt.recurse}
//	uidToName, gidToName  {Chown.t4, Chown.t7}           {chopt.recurse}
//	b6 (line 19)          {t4, t7}                       {chopt.recurse}
//	b10 (line 20)         {t7}                           (not on the paper's path)
//	b11 (line 22)         {}                             { }
//	chownFile             {}                             { }
func TestChownTable(t *testing.T) {
	fx := newFixture(t, chownSrc, "Chown", cdg.Options{NoImplicitBranches: true})
	fx.coverAllBut(fx.block("Chown", 3), fx.block("Chown", 12))
	// arg1 == "-R", arg2 != "--preserve-root", referenceFile, recurse,
	// !preserveRoot.
	fx.run("Chown", nil, []bool{true, false, true, true, false})
	want := map[string]string{
		"Chown.b0":     "{FALSE, TRUE, arg1, arg2}",
		"Chown.b1":     "{TRUE, arg2, t1}",
		"Chown.b2":     "{arg2, t1, t4}",
		"Chown.b4":     "{t4, t7}",
		"Chown.b5":     "{t4, t7}",
		"uidToName.b0": "{Chown.t4, Chown.t7}",
		"gidToName.b0": "{Chown.t4, Chown.t7}",
		"Chown.b6":     "{t4, t7}",
		"Chown.b10":    "{t7}",
		"Chown.b11":    "{}",
		"chownFile.b0": "{}",
	}
	checkSets(t, fx.sets(), want)
}

// TestChownTableNoRecurse is the path on which the paper's explanation
// holds word for word: arg1 is not "-R" (line 5 does not run), so line 19
// finds recurse FALSE and line 20 does not run: preserve_root is read
// nowhere and is relevant nowhere, recurse is from line 6 to line 19,
// reference_file never. At the entry FALSE (line 1's recurse) stands for
// the paper's TRUE (line 5's).
//
//	Point (block entry)   Go relevant set          paper
//	b0 (lines 1-3)        {FALSE, arg1, arg2}      {TRUE, argv[2][0], argv[1][0..2]}
//	b2 (line 6)           {arg2, t4}               {chopt.recurse, argv[2][0]}
//	b4 (line 9)           {t4}                     {chopt.recurse}
//	b5 (lines 11-12)      {t4}                     {chopt.recurse}
//	b6 (line 19)          {t4}                     {chopt.recurse}
//	b11 (line 22)         {}                       { }
func TestChownTableNoRecurse(t *testing.T) {
	fx := newFixture(t, chownSrc, "Chown", cdg.Options{NoImplicitBranches: true})
	fx.coverAllBut(fx.block("Chown", 3), fx.block("Chown", 12))
	fx.run("Chown", nil, []bool{false, false, true, false})
	want := map[string]string{
		"Chown.b0":     "{FALSE, arg1, arg2}",
		"Chown.b2":     "{arg2, t4}",
		"Chown.b4":     "{t4}",
		"Chown.b5":     "{t4}",
		"uidToName.b0": "{Chown.t4}",
		"gidToName.b0": "{Chown.t4}",
		"Chown.b6":     "{t4}",
		"Chown.b11":    "{}",
		"chownFile.b0": "{}",
	}
	checkSets(t, fx.sets(), want)
}

func checkSets(t *testing.T, got, want map[string]string) {
	t.Helper()
	for k, w := range want {
		if g, ok := got[k]; !ok {
			t.Errorf("no snapshot at %s (want %s)", k, w)
		} else if g != w {
			t.Errorf("at %s: relevant set %s, want %s", k, g, w)
		}
	}
	for k, g := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("unexpected snapshot at %s: %s", k, g)
		}
	}
}
