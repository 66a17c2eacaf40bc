//go:build !unix

package gotest

import "os/exec"

// interruptGroup keeps exec's default: cancelling the context kills the
// go command.
func interruptGroup(cmd *exec.Cmd) {}

// killGroup has nothing more to do without process groups.
func killGroup(cmd *exec.Cmd) {}
