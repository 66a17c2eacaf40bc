package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/rs/zerolog"
)

// Exit statuses of an interrupted run, as a shell reports a process
// killed by the signal: 128 + its number.
const (
	exitInterrupted = 130 // SIGINT
	exitTerminated  = 143 // SIGTERM
)

// interrupts turns SIGINT and SIGTERM into the two stages of stopping.
//
// The first signal cancels explore: the function being explored is
// abandoned, and the run goes on to validate and write the tests of the
// functions explored before it, with write, which the first signal leaves
// alone (validation runs go test and must not be cancelled with the
// exploration). The second signal cancels write too, waits for the file
// being written or validated to be abandoned (go test is interrupted and
// its temporary directory removed; a test file is only ever renamed into
// place whole), and exits at once.
type interrupts struct {
	explore, write         context.Context
	stopExplore, stopWrite context.CancelFunc
	// files is read-held while output is being written (a package's
	// tests, the -stats, -report and -coverprofile files), so that the
	// second signal, which takes it whole, never exits in the middle of
	// a write; read-held, since -p writes several packages at once.
	files sync.RWMutex
	first atomic.Int32 // the exit status of the first signal; 0 before one
	ch    chan os.Signal
	done  chan struct{}
}

// watchSignals starts watching for SIGINT and SIGTERM. The caller must
// call stop when the run is over. beforeExit runs just before the second
// signal exits the process (to erase the progress line).
func watchSignals(log zerolog.Logger, beforeExit func()) *interrupts {
	in := &interrupts{ch: make(chan os.Signal, 2), done: make(chan struct{})}
	in.explore, in.stopExplore = context.WithCancel(context.Background())
	in.write, in.stopWrite = context.WithCancel(context.Background())
	signal.Notify(in.ch, os.Interrupt, syscall.SIGTERM)
	go in.watch(log, beforeExit)
	return in
}

func (in *interrupts) watch(log zerolog.Logger, beforeExit func()) {
	select {
	case s := <-in.ch:
		in.first.Store(int32(statusOf(s)))
		in.stopExplore()
		log.Warn().Str("signal", s.String()).
			Msg("interrupted: writing the tests of the functions explored so far; interrupt again to quit at once")
	case <-in.done:
		return
	}
	select {
	case <-in.ch:
		// Said first: the write being cancelled may end the run on its
		// own, by the main goroutine, before this one gets the lock.
		log.Warn().Msg("interrupted again: quitting; no further file written")
		in.stopWrite()
		// Wait for the writes in progress to give up (their context is
		// cancelled), and keep the lock: nothing is written after this.
		in.files.Lock()
		beforeExit()
		os.Exit(int(in.first.Load()))
	case <-in.done:
	}
}

// statusOf is the exit status for a run stopped by s.
func statusOf(s os.Signal) int {
	if s == syscall.SIGTERM {
		return exitTerminated
	}
	return exitInterrupted
}

// status is the exit status the first signal calls for, 0 when there was
// none.
func (in *interrupts) status() int {
	if in == nil {
		return 0
	}
	return int(in.first.Load())
}

// quitting reports whether the second signal came: the watcher is about
// to exit, and the run must write nothing more.
func (in *interrupts) quitting() bool {
	return in != nil && in.write.Err() != nil
}

// writing runs write holding the lock that the second signal waits for,
// unless the second signal came. Writes may run at once (each holds it
// for reading); the second signal waits for every one in progress.
func (in *interrupts) writing(write func()) {
	if in == nil {
		write()
		return
	}
	in.files.RLock()
	defer in.files.RUnlock()
	if !in.quitting() {
		write()
	}
}

// stop stops watching: signals get their default action again.
func (in *interrupts) stop() {
	if in == nil {
		return
	}
	signal.Stop(in.ch)
	close(in.done)
	in.stopExplore()
	in.stopWrite()
}
