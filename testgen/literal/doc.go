// Package literal writes the values of a test case as Go source, the way
// a person would write them in a test file.
//
// testgen uses it for every input, every expected result and every
// expected state after the call. The executor gives those values as
// concrete.Value; Writer.InSlot turns one into source text.
//
// # Contract
//
// A Writer writes for one file, in the file's package (Writer.Home). It
// needs:
//
//   - Imports, which names the packages a literal refers to and records
//     that the file imports them;
//   - Lang, what the file's Go version allows (nil: everything);
//   - PtrHelper and HelperTypes, the names the file gives its helpers;
//   - Fakes, which names and declares the file's fakes (nil: only try).
//
// It records what its literals need: the imports, UsesPtr for the
// pointer helper, UsedHelpers for the helper types and fakes.
// WriteHelperTypes and WriteFakes declare those used.
//
// InSlot and TypeName fail when the file cannot write the value or the
// type. The error says why: "unexported field currency of units.Money",
// "type local is declared inside a function". The caller leaves the case
// or the check out. Nameable and NameableVar tell the same without
// writing anything.
//
// A Writer changes as it writes (imports, helpers). To try a value
// without recording anything, copy the Writer and give the copy Imports
// and UsedHelpers of its own, and Fakes.Trial().
//
// # Spelling
//
// The value never changes, only its form (spelling.go):
//
//   - a byte or rune, spelled so in its type, as a character: 'v';
//   - an integer near the limit of a wide type as the limit and an
//     offset: math.MaxUint64 - 25; an all-ones mask in hex;
//   - a string quoted, or raw when quoting would need three escapes;
//   - floats that are no constants as calls: math.NaN(), math.Inf(1),
//     math.Copysign(0, -1);
//   - structs by field name, without their zero fields; elided element
//     types as gofmt -s writes them; map entries in key order;
//   - &T{...} for a pointer to a composite, ptr[T](v) for other pointers;
//   - printable bytes as []byte("text");
//   - a func input as a literal that returns the same values whatever
//     its arguments: func(int) bool { return true };
//   - a value made through a package's API as the call that made it:
//     csv.NewReader(strings.NewReader("a,b\n")), errors.New("x"), or a
//     package variable such as io.EOF (call.go).
//
// A constant is converted to its type only where nothing else gives it:
// int8(-3) in an interface, (*T)(nil) for a typed nil in one.
//
// # Helper types
//
// A failing reader or writer holds a value of a type the standard library
// lacks: errReader, errWriter (helpers.go). A file declares those it uses,
// under the names ClaimHelperTypes chose. An interface that nothing
// implements takes a fake (concrete.Fake), which the file declares from
// the interface's methods, named "fake" and the interface's name, claimed
// on first use (fakes.go).
//
// # Language version
//
// Below go1.18 a file has no type parameters and no any. Then any is
// spelled interface{}, and a pointer helper is one function per type,
// which Lang names and the file declares: ptrInt(3).
//
// Two Writers given the same values and names write the same text.
package literal
