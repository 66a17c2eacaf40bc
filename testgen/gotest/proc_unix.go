//go:build unix

package gotest

import (
	"os/exec"
	"syscall"
)

// interruptGroup runs cmd in a process group of its own and makes
// cancelling its context interrupt the whole group: go test then stops
// the test binary and removes its build directory, leaving nothing
// behind.
func interruptGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGINT) }
}

// killGroup kills what is left of a cancelled command's group, such as a
// test binary that ignored the interrupt.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
