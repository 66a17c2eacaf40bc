package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// ran is what one child process did: the harness's raw measurements.
type ran struct {
	Wall     time.Duration
	MaxRSSKB int64 // the child's peak resident set (Linux reports KiB)
	Stdout   string
	Stderr   string
	Err      error // nil when it exited 0
	TimedOut bool
}

// tail returns the last lines of the child's stderr (or stdout), for a
// table note that says why an arm failed.
func (r ran) tail(n int) string {
	s := strings.TrimSpace(r.Stderr)
	if s == "" {
		s = strings.TrimSpace(r.Stdout)
	}
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// command runs name args in dir with extra environment, killing its
// whole process group at the timeout: go test starts the test binary
// and fuzz workers as grandchildren, which must not outlive it.
func command(dir string, env []string, timeout time.Duration, name string, args ...string) ran {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	err := cmd.Run()
	r := ran{Wall: time.Since(start), Stdout: stdout.String(), Stderr: stderr.String(), Err: err}
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			r.MaxRSSKB = ru.Maxrss
		}
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		r.TimedOut = true
	}
	return r
}
