package main

import (
	"io"
	"os"

	"github.com/rs/zerolog"
)

// newLogger returns the logger for a run: JSON lines with timestamps when
// jsonFormat is set (for programs), otherwise zerolog's console format
// without timestamps (for people), in color when color is set (stderr is a
// terminal that may be colored). Verbose turns on debug messages.
func newLogger(w io.Writer, color, jsonFormat, verbose bool) zerolog.Logger {
	level := zerolog.InfoLevel
	if verbose {
		level = zerolog.DebugLevel
	}
	if jsonFormat {
		return zerolog.New(w).Level(level).With().Timestamp().Logger()
	}
	console := zerolog.ConsoleWriter{
		Out:          w,
		NoColor:      !color,
		PartsExclude: []string{zerolog.TimestampFieldName},
	}
	return zerolog.New(console).Level(level)
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
