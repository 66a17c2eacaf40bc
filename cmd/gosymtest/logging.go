package main

import (
	"bytes"
	"io"
	"os"

	"github.com/rs/zerolog"
)

// newLogger returns the logger for a run: JSON lines with timestamps when
// jsonFormat is set (for programs), otherwise zerolog's console format
// without timestamps (for people), in color when color is set (stderr is a
// terminal that may be colored). Verbose turns on debug messages. It also
// returns the writer the logger's events go to, one JSON event a Write,
// where held events are released (heldLog).
func newLogger(w io.Writer, color, jsonFormat, verbose bool) (zerolog.Logger, io.Writer) {
	level := zerolog.InfoLevel
	if verbose {
		level = zerolog.DebugLevel
	}
	if jsonFormat {
		return zerolog.New(w).Level(level).With().Timestamp().Logger(), w
	}
	console := zerolog.ConsoleWriter{
		Out:          w,
		NoColor:      !color,
		PartsExclude: []string{zerolog.TimestampFieldName},
	}
	return zerolog.New(console).Level(level), console
}

// heldLog keeps the events that one job of several run at once logs, so
// that they are written to the run's log in the jobs' order, not in the
// order the jobs happened to run in (forEachInOrder). A heldLog serves
// one job's goroutine.
type heldLog struct{ events [][]byte }

// Write keeps one event (zerolog writes an event in one Write).
func (h *heldLog) Write(p []byte) (int, error) {
	h.events = append(h.events, bytes.Clone(p))
	return len(p), nil
}

// logger is log writing into h, with log's level and fields.
func (h *heldLog) logger(log zerolog.Logger) zerolog.Logger { return log.Output(h) }

// release writes the events kept so far to out, the run's log writer
// (newLogger), in the order they were logged.
func (h *heldLog) release(out io.Writer) {
	for _, ev := range h.events {
		out.Write(ev)
	}
	h.events = nil
}

// isTerminal reports whether w is a terminal that understands the
// escapes for color and for redrawing a line: a character device, and
// TERM is not dumb.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// isColorTerminal reports whether w is a terminal that may be colored:
// a terminal, and NO_COLOR is not set.
func isColorTerminal(w io.Writer) bool {
	return os.Getenv("NO_COLOR") == "" && isTerminal(w)
}
