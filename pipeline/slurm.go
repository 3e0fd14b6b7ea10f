// Slurm: a stage's tasks as an sbatch job array, their states from scontrol.
package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// slurm submits with sbatch and reads the tasks with scontrol, which
// needs no accounting database (sacct does).
type slurm struct {
	partition, timeLimit string
}

func (s *slurm) where() string { return "slurm" }

// run runs a Slurm command and returns its stdout; a missing command or a
// failure is an error with the command's own message.
func runCmd(ctx context.Context, name string, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = strings.TrimSpace(stdout.String())
		}
		if msg != "" {
			return stdout.String(), fmt.Errorf("%s: %w: %s", name, err, msg)
		}
		return stdout.String(), fmt.Errorf("%s: %w", name, err)
	}
	return stdout.String(), nil
}

// shellQuote quotes a word for bash.
func shellQuote(w string) string {
	if w != "" && strings.IndexFunc(w, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
	}) < 0 {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// slurmScript is the batch script of a stage: the task's command with its
// shard from SLURM_ARRAY_TASK_ID (the index itself, whatever tasks a
// resubmission holds).
func slurmScript(st *stageSpec) string {
	var b strings.Builder
	b.WriteString("#!/bin/bash\n# A task of a dualnnue pipeline stage, written by play pipeline; shard = the array index.\nset -eu\n")
	b.WriteString(`shard="${SLURM_ARRAY_TASK_ID:?not a job array task}/` + strconv.Itoa(st.Tasks) + "\"\n")
	b.WriteString("exec")
	for _, w := range st.Argv {
		b.WriteString(" ")
		if w == shardWord {
			b.WriteString(`"$shard"`)
			continue
		}
		// "{i}" in a word (a shard's file name) is the array index.
		for k, part := range strings.Split(w, indexWord) {
			if k > 0 {
				b.WriteString(`"$SLURM_ARRAY_TASK_ID"`)
			}
			if part != "" || len(w) == 0 {
				b.WriteString(shellQuote(part))
			}
		}
	}
	b.WriteString("\n")
	return b.String()
}

func (s *slurm) submit(ctx context.Context, st *stageSpec, idx []int, name string, attempt int) (string, error) {
	script := filepath.Join(st.Dir, "task.sbatch")
	if err := os.WriteFile(script, []byte(slurmScript(st)), 0o755); err != nil {
		return "", err
	}
	args := []string{"--parsable", "--array=" + taskList(idx), "--job-name=" + name,
		"--cpus-per-task=" + strconv.Itoa(st.CPUs), "--chdir=" + st.WorkDir,
		"--output=" + filepath.Join(st.Dir, "logs", fmt.Sprintf("task-%%a-attempt%d.log", attempt)), "--export=ALL"}
	if s.partition != "" {
		args = append(args, "--partition="+s.partition)
	}
	if s.timeLimit != "" {
		args = append(args, "--time="+s.timeLimit)
	}
	out, err := runCmd(ctx, "sbatch", append(args, script)...)
	if err != nil {
		return "", fmt.Errorf("submission rejected: %w", err)
	}
	id, _, _ := strings.Cut(strings.TrimSpace(out), ";")
	if _, err := strconv.Atoi(id); err != nil {
		return "", fmt.Errorf("sbatch printed %q, not a job id", strings.TrimSpace(out))
	}
	return id, nil
}

func (s *slurm) find(ctx context.Context, st *stageSpec, name string) (string, error) {
	out, err := runCmd(ctx, "squeue", "-h", "--name="+name, "-o", "%F")
	if err != nil {
		return "", err
	}
	for _, l := range strings.Fields(out) {
		if _, err := strconv.Atoi(l); err == nil {
			return l, nil
		}
	}
	return "", nil
}

// poll reads `scontrol -o show job ID`: one line per array task, or one
// line for the tasks still pending together ("ArrayTaskId=0-3").
func (s *slurm) poll(ctx context.Context, st *stageSpec, id, name string) (map[int]taskStatus, bool, error) {
	out, err := runCmd(ctx, "scontrol", "-o", "show", "job", id)
	if err != nil {
		if strings.Contains(err.Error(), "Invalid job id") {
			return nil, true, nil
		}
		return nil, false, err
	}
	return parseScontrol(out)
}

// parseScontrol reads scontrol's one-line records into task states.
func parseScontrol(out string) (map[int]taskStatus, bool, error) {
	tasks := map[int]taskStatus{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := map[string]string{}
		for _, w := range strings.Fields(line) {
			if k, v, ok := strings.Cut(w, "="); ok {
				f[k] = v
			}
		}
		list, ok := f["ArrayTaskId"]
		if !ok {
			return nil, false, fmt.Errorf("scontrol: not a job array record: %.200s", line)
		}
		idx, err := parseTaskList(list)
		if err != nil {
			return nil, false, fmt.Errorf("scontrol: %w", err)
		}
		t := taskStatus{State: f["JobState"], Reason: f["Reason"]}
		switch t.State {
		case "COMPLETED":
			t.Final, t.OK = true, true
		case "FAILED", "TIMEOUT", "CANCELLED", "NODE_FAIL", "OUT_OF_MEMORY", "BOOT_FAIL", "DEADLINE", "PREEMPTED":
			t.Final = true
			if e := f["ExitCode"]; e != "" {
				t.Reason += ", exit code " + e
			}
		}
		t.Start, _ = time.ParseInLocation("2006-01-02T15:04:05", f["StartTime"], time.Local)
		t.End, _ = time.ParseInLocation("2006-01-02T15:04:05", f["EndTime"], time.Local)
		if !t.Final {
			t.End = time.Time{}
		}
		if t.State == "PENDING" {
			t.Start = time.Time{}
		}
		for _, i := range idx {
			tasks[i] = t
		}
	}
	return tasks, len(tasks) == 0, nil
}
