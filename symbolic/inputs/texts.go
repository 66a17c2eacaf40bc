package inputs

import "go/types"

// Text inputs. A parser's input is not always a parameter: a decoder
// reads the string a strings.NewReader of its constructor holds, a
// method reads the string field of its receiver. The dictionary pass
// (symbolic/wordcases.go) sets each text input an exploration built to
// the package's words, not only the parameters, so the Builder keeps
// their names: every string input, and every []byte one, in the order
// first built, which is the same on every run.

// noteText records the string or []byte input called name.
func (e *Builder) noteText(name string) {
	if e.textsSeen[name] {
		return
	}
	if e.textsSeen == nil {
		e.textsSeen = make(map[string]bool)
	}
	e.textsSeen[name] = true
	e.texts = append(e.texts, name)
}

// TextInputs are the names of the string and []byte inputs the current
// exploration built, in the order first built.
func (e *Builder) TextInputs() []string { return e.texts }

// ForgetTexts starts the list of text inputs of a new exploration.
func (e *Builder) ForgetTexts() { e.texts, e.textsSeen = nil, nil }

// isByte reports whether t is byte (or a named type of it).
func isByte(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}
