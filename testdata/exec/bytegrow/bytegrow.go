// Package bytegrow holds decoders of a block format whose byte-slice input
// must begin with the package's 11-byte marker and run past the default
// bound of 8 elements, read in the shapes real decoders use: through
// io.ReadFull from a bytes.Reader or a bufio.Reader, by copy into an
// array, and by bytes.HasPrefix. None of them tests the input's length in
// a branch of its own before the marker: the length is decided by copy's
// count, or by a branch of another package.
package bytegrow

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"strings"
)

const magic = "GOSYMBLOCK1"

// Header is a block header.
type Header struct {
	Version uint8
	Size    uint32
}

var errMagic = errors.New("bad magic")

// DecodeReader reads the marker and the fields through io.ReadFull from a
// bytes.Reader.
func DecodeReader(b []byte) (Header, error) {
	r := bytes.NewReader(b)
	var m [11]byte
	if _, err := io.ReadFull(r, m[:]); err != nil {
		return Header{}, err
	}
	if string(m[:]) != magic {
		return Header{}, errMagic
	}
	var rest [5]byte
	if _, err := io.ReadFull(r, rest[:]); err != nil {
		return Header{}, err
	}
	h := Header{Version: rest[0], Size: binary.BigEndian.Uint32(rest[1:5])}
	if h.Version > 3 {
		return h, errors.New("version")
	}
	return h, nil
}

// DecodeCopy copies the marker into an array.
func DecodeCopy(b []byte) (Header, error) {
	var m [11]byte
	if copy(m[:], b) < 11 {
		return Header{}, errors.New("short")
	}
	if string(m[:]) != magic {
		return Header{}, errMagic
	}
	if len(b) < 16 {
		return Header{}, errors.New("short2")
	}
	return Header{Version: b[11], Size: binary.BigEndian.Uint32(b[12:16])}, nil
}

// DecodeBufio reads through a bufio.Reader.
func DecodeBufio(b []byte) (Header, error) {
	br := bufio.NewReader(bytes.NewReader(b))
	m := make([]byte, 11)
	if _, err := io.ReadFull(br, m); err != nil {
		return Header{}, err
	}
	if string(m) != magic {
		return Header{}, errMagic
	}
	v, err := br.ReadByte()
	if err != nil {
		return Header{}, err
	}
	return Header{Version: v}, nil
}

// Block returns the length-prefixed block after the marker.
func Block(b []byte) ([]byte, error) {
	if !bytes.HasPrefix(b, []byte(magic)) {
		return nil, errMagic
	}
	b = b[len(magic):]
	if len(b) < 4 {
		return nil, errors.New("short")
	}
	n := binary.BigEndian.Uint32(b)
	b = b[4:]
	if uint32(len(b)) < n {
		return nil, errors.New("truncated")
	}
	if n == 0 {
		return nil, errors.New("empty")
	}
	return b[:n], nil
}

// longMagic is a marker longer than the default bound of 16 bytes on a
// string input.
const longMagic = "GOSYMBLOCK-FORMAT-V1"

// ParseString is Block's shape for a string: strings.CutPrefix tests the
// length in package strings.
func ParseString(s string) (int, error) {
	rest, ok := strings.CutPrefix(s, longMagic)
	if !ok {
		return 0, errMagic
	}
	if len(rest) < 2 {
		return 0, errors.New("short")
	}
	return int(rest[0]), nil
}

// Clone returns a copy of b, and -1 for a copy longer than b, which never
// happens: the append forks its length into the values the bounds allow,
// and longer inputs give more, but no length reaches the dead block.
func Clone(b []byte) ([]byte, int) {
	c := append([]byte(nil), b...)
	if len(c) > len(b) {
		return nil, -1
	}
	return c, len(c)
}

// ArrayConv converts the marker's bytes to an array value: the slice
// b[:11] is a window on the 16 or more elements of b.
func ArrayConv(b []byte) (Header, error) {
	if len(b) < 16 {
		return Header{}, errors.New("short")
	}
	if [11]byte(b[:11]) != [11]byte([]byte(magic)) {
		return Header{}, errMagic
	}
	return Header{Version: b[11], Size: binary.BigEndian.Uint32(b[12:16])}, nil
}
