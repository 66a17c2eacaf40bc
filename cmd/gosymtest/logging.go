package main

import (
	"io"
	"os"

	"github.com/rs/zerolog"
)

// newLogger returns the logger for a run: JSON lines with timestamps when
// jsonFormat is set (for programs), otherwise zerolog's console format
// without timestamps (for people), in color only on a terminal. Verbose
// turns on debug messages.
func newLogger(w io.Writer, jsonFormat, verbose bool) zerolog.Logger {
	level := zerolog.InfoLevel
	if verbose {
		level = zerolog.DebugLevel
	}
	if jsonFormat {
		return zerolog.New(w).Level(level).With().Timestamp().Logger()
	}
	console := zerolog.ConsoleWriter{
		Out:          w,
		NoColor:      !isColorTerminal(w),
		PartsExclude: []string{zerolog.TimestampFieldName},
	}
	return zerolog.New(console).Level(level)
}

// isColorTerminal reports whether w is a terminal that may be colored:
// a character device, with neither NO_COLOR set nor TERM=dumb.
func isColorTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
