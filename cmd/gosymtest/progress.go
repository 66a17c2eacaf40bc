package main

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// progress keeps one status line at the bottom of a terminal: the
// functions explored of the total, the time elapsed, and an estimate of
// the time left. It is the log's writer too, so that a log line never
// lands inside the status line: each write clears the line, writes the
// log, and draws the line again. When it is off (standard error is not a
// terminal: a pipe or a file, where a line redrawn in place is noise),
// writes pass straight through and nothing else is printed.
type progress struct {
	mu      sync.Mutex
	out     io.Writer
	on      bool
	phase   string // "exploring", "writing tests"; "" when no line is shown
	total   int
	done    int
	began   time.Time
	now     func() time.Time
	every   time.Duration // how often the line is redrawn; 0: only on changes
	shown   bool          // the status line is on the screen
	stopped chan struct{}
}

// newProgress returns the progress line on out, shown only when on.
func newProgress(out io.Writer, on bool) *progress {
	return &progress{out: out, on: on, now: time.Now, every: time.Second}
}

// Write writes a log line, keeping the status line below it.
func (p *progress) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	n, err := p.out.Write(b)
	p.draw()
	return n, err
}

// start shows the line for total functions and redraws it every second
// (the elapsed time moves) until stop.
func (p *progress) start(total int) {
	if !p.on {
		return
	}
	p.mu.Lock()
	p.phase, p.total, p.done, p.began = "exploring", total, 0, p.now()
	p.stopped = make(chan struct{})
	p.draw()
	p.mu.Unlock()
	if p.every <= 0 {
		return
	}
	go func(stopped chan struct{}) {
		tick := time.NewTicker(p.every)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				p.mu.Lock()
				p.clear()
				p.draw()
				p.mu.Unlock()
			case <-stopped:
				return
			}
		}
	}(p.stopped)
}

// finished counts one more function explored (or skipped).
func (p *progress) finished() {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.clear()
	p.draw()
}

// setPhase names what the run does now ("writing tests").
func (p *progress) setPhase(phase string) {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.phase = phase
	p.clear()
	p.draw()
}

// stop removes the line for good: the summary follows.
func (p *progress) stop() {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	p.phase = ""
	if p.stopped != nil {
		close(p.stopped)
		p.stopped = nil
	}
}

// clear erases the status line (carriage return, erase to end of line).
func (p *progress) clear() {
	if p.shown {
		io.WriteString(p.out, "\r\x1b[K")
		p.shown = false
	}
}

func (p *progress) draw() {
	if !p.on || p.phase == "" {
		return
	}
	io.WriteString(p.out, p.line())
	p.shown = true
}

// line is the status text, without a newline.
func (p *progress) line() string {
	elapsed := p.now().Sub(p.began).Truncate(time.Second)
	s := fmt.Sprintf("%s: %d of %d functions explored, %s elapsed", p.phase, p.done, p.total, elapsed)
	if p.phase == "exploring" && p.done > 0 && p.done < p.total {
		// The functions left are assumed to take what the ones done took
		// on average: a guess, since the budget caps each one, not the
		// average.
		left := elapsed / time.Duration(p.done) * time.Duration(p.total-p.done)
		s += fmt.Sprintf(", about %s left", left.Truncate(time.Second))
	}
	return s
}
