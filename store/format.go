package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
)

// The file format of a scope: magic, then the body, then the body's
// length and CRC-32 (both uint32, little-endian). The body is the scope
// and then each entry, every string as a uvarint length and its bytes,
// keys in sorted order so that the same entries give the same file. The
// checksum catches a file cut short or damaged.
//
//	magic | body | len(body) | crc32(body)
//	body  = str(scope) uvarint(n) { str(key) str(value) }*n
const magic = "gosymtest-store-1\n"

// encode writes the file of scope's entries.
func encode(scope string, entries map[string][]byte) []byte {
	var body []byte
	body = appendString(body, []byte(scope))
	body = binary.AppendUvarint(body, uint64(len(entries)))
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		body = appendString(body, []byte(k))
		body = appendString(body, entries[k])
	}
	out := make([]byte, 0, len(magic)+len(body)+8)
	out = append(out, magic...)
	out = append(out, body...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(body)))
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(body))
	return out
}

func appendString(b, s []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// errCorrupt is the error of a file that is not a whole scope file.
var errCorrupt = errors.New("corrupt or truncated")

// decode reads a file that encode wrote, for scope.
func decode(scope string, data []byte) (map[string][]byte, error) {
	if !bytes.HasPrefix(data, []byte(magic)) || len(data) < len(magic)+8 {
		return nil, errCorrupt
	}
	body := data[len(magic) : len(data)-8]
	tail := data[len(data)-8:]
	if binary.LittleEndian.Uint32(tail) != uint32(len(body)) || binary.LittleEndian.Uint32(tail[4:]) != crc32.ChecksumIEEE(body) {
		return nil, errCorrupt
	}
	r := reader{b: body}
	if got := r.string(); r.err == nil && string(got) != scope {
		// Two scopes whose names hash alike: not this scope's file.
		return nil, fmt.Errorf("holds scope %q", got)
	}
	n := r.uvarint()
	entries := make(map[string][]byte)
	for i := uint64(0); i < n && r.err == nil; i++ {
		k := r.string()
		v := r.string()
		if r.err == nil {
			entries[string(k)] = bytes.Clone(v)
		}
	}
	if r.err != nil || len(r.b) != 0 {
		return nil, errCorrupt
	}
	return entries, nil
}

// reader reads a body, remembering the first error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = errCorrupt
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) string() []byte {
	n := r.uvarint()
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.b)) {
		r.err = errCorrupt
		return nil
	}
	s := r.b[:n]
	r.b = r.b[n:]
	return s
}
