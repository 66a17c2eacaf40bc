package testgen

import (
	"go/types"
	"strings"
	"testing"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// wordCand is a case of Parse(s) that returns an error when failing.
func wordCand(s, word string, failing bool, covers ...BlockID) *candidate {
	errType := types.Universe.Lookup("error").Type()
	res := Result{Value: concrete.Value{Type: errType, Kind: concrete.Nil}}
	summary := "returns nil"
	if failing {
		res = Result{Value: concrete.Value{Type: errType, Kind: concrete.Opaque}, ErrMsg: "bad"}
		summary = "returns error bad"
	}
	return &candidate{Case: Case{
		Summary: summary + " " + s,
		Args:    []concrete.Value{{Type: types.Typ[types.String], Kind: concrete.String, Str: s}},
		Covers:  covers,
		Word:    word,
		Want:    Outcome{Results: []Result{res}},
	}}
}

// A case of the package's words that covers nothing new is kept when it
// is the first to succeed where every kept case failed, and only then;
// its comment says where its input came from.
func TestSelectionKeepsTheFirstWordThatSucceeds(t *testing.T) {
	a, b := BlockID{Index: 0}, BlockID{Index: 1}
	cands := []*candidate{
		wordCand("", "", true, a),
		wordCand("x", "", true, a, b),
		wordCand("v1", "s", false, a),
		wordCand("v2", "s", false, a),
	}
	var got []string
	for _, c := range selectCases(cands, false, nil) {
		got = append(got, c.Summary)
	}
	if want := "returns error bad ,returns error bad x,returns nil v1"; strings.Join(got, ",") != want {
		t.Errorf("kept %q, want %q", strings.Join(got, ","), want)
	}
	if got := strings.Join(comment(cands[2], nil), " "); got != "s from the package's words" {
		t.Errorf("comment %q", got)
	}
	// A text deeper in a parameter is named by the parameter.
	deep := wordCand("v3", "d.NewDecoder(r).(io.Reader).NewReader(s)", false, a)
	if got := strings.Join(comment(deep, nil), " "); got != "d holds one of the package's words" {
		t.Errorf("comment %q", got)
	}
	// A success among the kept cases already: the word adds nothing.
	cands[0] = wordCand("", "", false, a)
	for _, c := range selectCases(cands, false, nil) {
		if c.Word != "" {
			t.Errorf("kept the word case %q after a success", c.Summary)
		}
	}
}
