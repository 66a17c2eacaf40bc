package loader

import (
	"reflect"
	"slices"
	"testing"
)

// TestMethodsOfBuiltOnlyTypesAreTestedThroughTheirBuilders: the methods
// of scanner (pointer receiver) and window (value receiver), which only
// count and Width build by literals of their private fields, are no
// targets; they are tested through those builders, which are. The
// methods of the types like them that a function returns (cursor), that
// are plain data (point), that a literal builds empty (tally) or that
// only a package variable's initializer builds (table) stay targets.
func TestMethodsOfBuiltOnlyTypesAreTestedThroughTheirBuilders(t *testing.T) {
	p := findPackage(t, load(t, "./testdata/exec/builders"), fixturePath+"exec/builders")
	wantTargets := []string{
		"count", "Width",
		"newCursor", "cursor.next",
		"Manhattan", "point.norm",
		"Thrice", "tally.add",
		"Known", "table.has",
	}
	if got := targetNames(p); !reflect.DeepEqual(got, wantTargets) {
		t.Errorf("targets:\n got %q\nwant %q", got, wantTargets)
	}
	got := map[string][]string{}
	var order []string
	for _, th := range p.Through {
		name := FuncName(th.Method)
		order = append(order, name)
		for _, b := range th.Builders {
			got[name] = append(got[name], FuncName(b))
		}
	}
	want := map[string][]string{"scanner.more": {"count"}, "scanner.digit": {"count"}, "window.size": {"Width"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tested through: got %v, want %v", got, want)
	}
	if wantOrder := []string{"scanner.more", "scanner.digit", "window.size"}; !reflect.DeepEqual(order, wantOrder) {
		t.Errorf("order of Through: got %q, want %q", order, wantOrder)
	}
}

// TestBuildersOfShapesFixture: a type built in two functions is tested
// through both; the methods of a type that only new builds (counter), or
// that a method of another type hands out (Item), stay targets.
func TestBuildersOfShapesFixture(t *testing.T) {
	p := findPackage(t, load(t, "./testdata/exec/shapes"), fixturePath+"exec/shapes")
	got := map[string][]string{}
	for _, th := range p.Through {
		for _, b := range th.Builders {
			got[FuncName(th.Method)] = append(got[FuncName(th.Method)], FuncName(b))
		}
	}
	want := map[string][]string{"parser.words": {"Words"}, "parser.lex": {"Words"}, "span.width": {"From", "Between"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tested through: got %v, want %v", got, want)
	}
	names := targetNames(p)
	for _, name := range []string{"counter.add", "Item.Owned", "Bag.Add"} {
		if !slices.Contains(names, name) {
			t.Errorf("%s is not a target; targets %q", name, names)
		}
	}
}
