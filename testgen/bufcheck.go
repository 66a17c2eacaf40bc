package testgen

import (
	"go/types"

	"github.com/gosymtest/gosymtest/loader"
	"github.com/gosymtest/gosymtest/symbolic/concrete"
)

// What a call writes to a bytes.Buffer. The harness makes an io.Writer
// as new(bytes.Buffer), and a writer type keeps it in a field
// (tabwriter.Writer's output, NewWriter(new(bytes.Buffer), …)): the text
// the call writes is what a reviewer checks, as buf.String(). A Buffer
// has unexported fields, so the pointee that holds it has no literal and
// would otherwise be compared field by field, without its output. So an
// argument of interface type, or a field of a pointee (at its first level
// or in a struct it holds by value) of interface or pointer type, that
// holds a *bytes.Buffer after the call in some returning row, and whose
// text some row's call changes, gets a column of its own: wantOutput
// string, compared with the buffer's String() in the rows whose part is
// a buffer (a row that passes a failing writer checks its error).

// bufferKind says how a checked part holds its bytes.Buffer.
type bufferKind int

const (
	noBuffer    bufferKind = iota
	bufferIface            // an interface holding a *bytes.Buffer
	bufferPtr              // a *bytes.Buffer
)

// bufferOf is how a part of type t holds a buffer after the call: the
// part holds a *bytes.Buffer in some returning row, and some row's call
// changed its text. A row whose part holds another writer (a failing
// one) or none is not checked (bufferCheck); noBuffer when no row
// qualifies.
func bufferOf(t types.Type, states []afterState, f []int) bufferKind {
	kind := noBuffer
	switch t.Underlying().(type) {
	case *types.Interface:
		kind = bufferIface
	case *types.Pointer:
		if !loader.IsBytesBuffer(t) {
			return noBuffer
		}
		kind = bufferPtr
	default:
		return noBuffer
	}
	for _, s := range states {
		a, _ := pick(s.after, f)
		after, ok := concrete.BufferText(a)
		if !ok {
			continue
		}
		b, _ := pick(s.before, f)
		if before, _ := concrete.BufferText(b); before != after {
			return kind
		}
	}
	return noBuffer
}

// bufferField reports whether a field of type t may hold a bytes.Buffer:
// it is an interface or a pointer.
func bufferField(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Interface, *types.Pointer:
		return true
	}
	return false
}

// bufferCheck is the condition under which a buffer column's check
// fails: got is the part that holds the buffer, want the row's text,
// bytesPkg the name the file imports bytes as. A row whose part holds
// no buffer passes it.
func bufferCheck(got, want string, kind bufferKind, bytesPkg string) string {
	if kind == bufferIface {
		return "buf, ok := " + got + ".(*" + bytesPkg + ".Buffer); ok && buf.String() != " + want
	}
	return "buf := " + got + "; buf != nil && buf.String() != " + want
}
