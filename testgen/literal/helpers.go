package literal

import (
	"fmt"
	"io"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// Helper types. A failing reader or writer input (symbolic's iofail.go)
// holds a value of a type the standard library does not have, so the file
// declares it, once and only when a literal uses it:
//
//	io.MultiReader(strings.NewReader("a,b"), &errReader{errors.New("x")})
//	&errWriter{errors.New("x")}
//
// The names are claimed in the package's scope like the other helpers'
// (gosymtestErrReader when errReader is taken).

// helperDecls are the declarations of the helper types, by the name the
// executor gives them; %s is the name in the file.
var helperDecls = map[string]string{
	"errReader": "\n// %[1]s is an io.Reader whose every read fails with err.\ntype %[1]s struct{ err error }\n\nfunc (r *%[1]s) Read([]byte) (int, error) { return 0, r.err }\n",
	"errWriter": "\n// %[1]s is an io.Writer whose every write fails with err.\ntype %[1]s struct{ err error }\n\nfunc (w *%[1]s) Write([]byte) (int, error) { return 0, w.err }\n",
}

// helperOrder is the order in which the file declares the helper types.
var helperOrder = []string{"errReader", "errWriter"}

// ClaimHelperTypes names each helper type in the file: claim returns the
// first of its candidates that is free in the file's package, and takes
// it. The names are Writer.HelperTypes.
func ClaimHelperTypes(claim func(candidates ...string) string) map[string]string {
	names := make(map[string]string, len(helperOrder))
	for _, h := range helperOrder {
		names[h] = claim(h, "gosymtest"+strings.ToUpper(h[:1])+h[1:])
	}
	return names
}

// helperLit writes &name{args…} for a value of a helper type, and records
// that the file declares it.
func (w *Writer) helperLit(v concrete.Value) (string, error) {
	if v.Fake != nil {
		return w.fakeLit(v)
	}
	h := v.Func.Name()
	if _, ok := helperDecls[h]; !ok {
		return "", errNoLiteral{"unknown helper type " + h}
	}
	name := h
	if n, ok := w.HelperTypes[h]; ok {
		name = n
	}
	sig := v.Func.Signature()
	if sig.Params().Len() != len(v.Elems) {
		return "", errNoLiteral{"malformed helper " + h}
	}
	args := make([]string, len(v.Elems))
	for i, a := range v.Elems {
		src, err := w.InSlot(a, sig.Params().At(i).Type(), false)
		if err != nil {
			return "", err
		}
		args[i] = src
	}
	if w.UsedHelpers == nil {
		w.UsedHelpers = make(map[string]bool)
	}
	w.UsedHelpers[h] = true
	return "&" + name + "{" + strings.Join(args, ", ") + "}", nil
}

// WriteHelperTypes declares the helper types the literals used (used:
// Writer.UsedHelpers), under their names in the file.
func WriteHelperTypes(w io.Writer, names map[string]string, used map[string]bool) {
	for _, h := range helperOrder {
		if used[h] {
			fmt.Fprintf(w, helperDecls[h], names[h])
		}
	}
}
