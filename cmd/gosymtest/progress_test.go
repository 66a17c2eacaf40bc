package main

import (
	"bytes"
	"testing"
	"time"
)

// TestProgressLine follows the status line through a run: it is drawn
// below each log line, never inside one, counts the functions done,
// estimates the rest from the average so far, and is erased at the end.
func TestProgressLine(t *testing.T) {
	var out bytes.Buffer
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := newProgress(&out, true)
	p.now = func() time.Time { return clock }
	p.every = 0 // redrawn on changes only, so the output is exact
	const erase = "\r\x1b[K"

	p.start(4)
	p.Write([]byte("INF loaded\n"))
	clock = clock.Add(10 * time.Second)
	p.finished()
	p.Write([]byte("INF explored\n"))
	p.setPhase("writing tests")
	p.stop()
	p.Write([]byte("summary\n"))

	want := "exploring: 0 of 4 functions explored, 0s elapsed" +
		erase + "INF loaded\n" + "exploring: 0 of 4 functions explored, 0s elapsed" +
		erase + "exploring: 1 of 4 functions explored, 10s elapsed, about 30s left" +
		erase + "INF explored\n" + "exploring: 1 of 4 functions explored, 10s elapsed, about 30s left" +
		erase + "writing tests: 1 of 4 functions explored, 10s elapsed" +
		erase + "summary\n"
	if got := out.String(); got != want {
		t.Errorf("terminal output:\n%q\nwant:\n%q", got, want)
	}
}

// TestProgressOffPassesLogsThrough: on a pipe there is no status line,
// and the log is written as is.
func TestProgressOffPassesLogsThrough(t *testing.T) {
	var out bytes.Buffer
	p := newProgress(&out, false)
	p.start(3)
	p.Write([]byte("INF loaded\n"))
	p.finished()
	p.setPhase("writing tests")
	p.stop()
	if got := out.String(); got != "INF loaded\n" {
		t.Errorf("output %q, want the log line alone", got)
	}
}
