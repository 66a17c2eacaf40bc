package literal

import (
	"fmt"
	"go/types"
	"io"
	"strings"

	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// Fakes. An input of an interface nothing in the program implements
// holds a fake (concrete.Fake): a type the file declares, once, named
// "fake" and the interface's name, with a script per method result of
// plain data and a call counter per scripted method:
//
//	// fakeInterface is a fake Interface: each call of a method returns the
//	// next values scripted for it, and zero values once they run out.
//	type fakeInterface struct {
//		len       []int
//		lenCalls  int
//		less      []bool
//		lessCalls int
//	}
//
//	func (f *fakeInterface) Less(int, int) bool {
//		i := f.lessCalls
//		f.lessCalls++
//		if i >= len(f.less) {
//			return false
//		}
//		return f.less[i]
//	}
//
//	func (*fakeInterface) Pop() any { return nil }
//
// and a case writes &fakeInterface{len: []int{3}, less: []bool{false, true}},
// leaving out empty scripts.

// Fakes names and declares the fakes of one file. Claim takes the first
// of its candidates free in the file's package (nil: the first). Which
// fakes the file uses is recorded in UsedHelpers, as for the other helper
// types; a writer that only tries a literal takes Trial, which shares the
// names but declares nothing for the file.
type Fakes struct {
	Claim func(candidates ...string) string
	names map[string]string // by interface, shared with the trials
	decls map[string]string // by name
	order []string          // names, in the order first declared
}

// Trial is the Fakes of a copy of the writer that only tries a literal:
// a fake it names keeps its name, but its declaration, spelled with the
// trial's imports, is not the file's.
func (fs *Fakes) Trial() *Fakes {
	if fs == nil {
		return nil
	}
	if fs.names == nil {
		fs.names = make(map[string]string)
	}
	return &Fakes{Claim: fs.Claim, names: fs.names}
}

// usedKey is the key of UsedHelpers that records that the file uses the
// fake called name.
func usedKey(name string) string { return "fake " + name }

// fakeName is the name in the file of fake f, claimed on first use.
func (fs *Fakes) fakeName(f *concrete.Fake) string {
	key := types.TypeString(f.Iface, nil)
	if n, ok := fs.names[key]; ok {
		return n
	}
	n := f.Name
	if fs.Claim != nil {
		n = fs.Claim(f.Name, "gosymtest"+strings.ToUpper(f.Name[:1])+f.Name[1:])
	}
	if fs.names == nil {
		fs.names = make(map[string]string)
	}
	fs.names[key] = n
	return n
}

// fakeLit writes &name{script: …} for the fake v, and records that the
// file declares name. Without Fakes the fake is written by its own name
// and declared nowhere (a writer that only tries literals).
func (w *Writer) fakeLit(v concrete.Value) (string, error) {
	f := v.Fake
	name := f.Name
	if w.Fakes != nil {
		name = w.Fakes.fakeName(f)
	}
	// The declaration spells types as this writer's imports do: record
	// them, and the declaration, on every use.
	decl, err := w.fakeDecl(name, f)
	if err != nil {
		return "", err
	}
	var fields []string
	k := 0
	for _, m := range f.Methods {
		for _, script := range m.Scripts {
			if script == "" {
				continue
			}
			if k >= len(v.Elems) {
				return "", errNoLiteral{"malformed fake " + f.Name}
			}
			s := v.Elems[k]
			k++
			if len(s.Elems) == 0 {
				continue
			}
			src, err := w.InSlot(s, s.Type, false)
			if err != nil {
				return "", err
			}
			fields = append(fields, script+": "+src)
		}
	}
	if fs := w.Fakes; fs != nil {
		if _, ok := fs.decls[name]; !ok {
			if fs.decls == nil {
				fs.decls = make(map[string]string)
			}
			fs.order = append(fs.order, name)
		}
		fs.decls[name] = decl
		if w.UsedHelpers == nil {
			w.UsedHelpers = make(map[string]bool)
		}
		w.UsedHelpers[usedKey(name)] = true
	}
	return "&" + name + "{" + strings.Join(fields, ", ") + "}", nil
}

// fakeDecl is the declaration of the fake f called name: its doc
// comment, the struct, and a method per method of the interface.
func (w *Writer) fakeDecl(name string, f *concrete.Fake) (string, error) {
	iface, err := w.TypeName(f.Iface)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n// %s is a fake %s: each call of a method returns the\n// next values scripted for it, and zero values once they run out.\ntype %[1]s struct {\n", name, iface)
	for _, m := range f.Methods {
		sig := m.Method.Type().(*types.Signature)
		for i, script := range m.Scripts {
			if script == "" {
				continue
			}
			t, err := w.TypeName(sig.Results().At(i).Type())
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&b, "\t%s []%s\n", script, t)
		}
		if m.Scripted() {
			fmt.Fprintf(&b, "\t%s int\n", m.Counter)
		}
	}
	b.WriteString("}\n")
	for _, m := range f.Methods {
		src, err := w.fakeMethod(name, m)
		if err != nil {
			return "", err
		}
		b.WriteString("\n" + src)
	}
	return b.String(), nil
}

// fakeMethod declares method m of the fake called name.
func (w *Writer) fakeMethod(name string, m concrete.FakeMethod) (string, error) {
	sig := m.Method.Type().(*types.Signature)
	params, err := w.paramTypes(sig)
	if err != nil {
		return "", err
	}
	results := make([]string, sig.Results().Len())
	zeros := make([]string, len(results))
	for i := range results {
		t := sig.Results().At(i).Type()
		src, err := w.TypeName(t)
		if err != nil {
			return "", err
		}
		results[i] = src
		if zeros[i], err = w.zeroSrc(t); err != nil {
			return "", err
		}
	}
	res := strings.Join(results, ", ")
	if len(results) > 1 {
		res = "(" + res + ")"
	}
	head := fmt.Sprintf("(%s) %s(%s) %s", "*"+name, m.Method.Name(), strings.Join(params, ", "), res)
	if !m.Scripted() {
		if len(results) == 0 {
			return "func " + head + " {}\n", nil
		}
		return "func " + head + " { return " + strings.Join(zeros, ", ") + " }\n", nil
	}
	var first string
	scripted := make([]string, len(results))
	for i, script := range m.Scripts {
		scripted[i] = zeros[i]
		if script != "" {
			scripted[i] = "f." + script + "[i]"
			if first == "" {
				first = script
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "func (f *%s) %s(%s) %s {\n", name, m.Method.Name(), strings.Join(params, ", "), res)
	fmt.Fprintf(&b, "\ti := f.%s\n\tf.%s++\n", m.Counter, m.Counter)
	fmt.Fprintf(&b, "\tif i >= len(f.%s) {\n\t\treturn %s\n\t}\n", first, strings.Join(zeros, ", "))
	fmt.Fprintf(&b, "\treturn %s\n}\n", strings.Join(scripted, ", "))
	return b.String(), nil
}

// zeroSrc writes the zero value of t, as a return statement gives it.
func (w *Writer) zeroSrc(t types.Type) (string, error) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", nil
		case u.Info()&types.IsString != 0:
			return `""`, nil
		case u.Info()&types.IsNumeric != 0:
			return "0", nil
		}
		return "nil", nil // unsafe.Pointer, untyped nil
	case *types.Struct, *types.Array:
		name, err := w.TypeName(t)
		if err != nil {
			return "", err
		}
		return name + "{}", nil
	}
	return "nil", nil
}

// WriteFakes declares the fakes the literals used (used:
// Writer.UsedHelpers), in the order the file named them.
func WriteFakes(w io.Writer, fs *Fakes, used map[string]bool) {
	if fs == nil {
		return
	}
	for _, n := range fs.order {
		if used[usedKey(n)] {
			io.WriteString(w, fs.decls[n])
		}
	}
}
