// Engine processes in their own process group (Unix).

//go:build unix

package match

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts cmd as the leader of a new process group.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcess kills cmd's process group: the engine and any children a
// wrapper script started.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
