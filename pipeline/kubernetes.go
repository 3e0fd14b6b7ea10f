// Kubernetes: a stage's tasks as an Indexed Job submitted and polled with kubectl.
package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// kubernetes submits Indexed Jobs with kubectl. A job's pods get their
// shard from JOB_COMPLETION_INDEX and -shards n; Kubernetes does not retry
// a failed index itself (backoffLimitPerIndex 0): the pipeline resubmits,
// as for Slurm, a new Job of all n indices whose finished ones end at once
// (self-play and match shards resume from their files).
type kubernetes struct {
	namespace, image, claim, sharedDir string
}

func (k *kubernetes) where() string { return "kubernetes" }

// kubeName makes a valid Job name (DNS label, 63 characters) of name.
func kubeName(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	s := strings.Trim(b.String(), "-")
	if len(s) > 63 {
		s = strings.Trim(s[len(s)-63:], "-")
	}
	return s
}

// manifest is the Job a stage submits (JSON, which kubectl reads as YAML).
func (k *kubernetes) manifest(st *stageSpec, name string) map[string]any {
	// Kubernetes expands $(JOB_COMPLETION_INDEX) in args: the Job
	// controller sets that variable in every pod of an Indexed Job.
	var args []string
	for _, w := range st.Argv[1:] {
		if w == shardWord {
			w = indexWord + "/" + strconv.Itoa(st.Tasks)
		}
		args = append(args, strings.ReplaceAll(w, indexWord, "$(JOB_COMPLETION_INDEX)"))
	}
	cpu := strconv.Itoa(st.CPUs)
	meta := map[string]any{"name": kubeName(name), "labels": map[string]any{"app": "dualnnue", "stage": st.Name}}
	if k.namespace != "" {
		meta["namespace"] = k.namespace
	}
	return map[string]any{
		"apiVersion": "batch/v1",
		"kind":       "Job",
		"metadata":   meta,
		"spec": map[string]any{
			"completionMode":       "Indexed",
			"completions":          st.Tasks,
			"parallelism":          st.Tasks,
			"backoffLimitPerIndex": 0,
			"template": map[string]any{
				"metadata": map[string]any{"labels": map[string]any{"app": "dualnnue", "stage": st.Name}},
				"spec": map[string]any{
					"restartPolicy": "Never",
					"containers": []any{map[string]any{
						"name":         "task",
						"image":        k.image,
						"command":      []string{st.Argv[0]},
						"args":         args,
						"workingDir":   st.WorkDir,
						"resources":    map[string]any{"requests": map[string]any{"cpu": cpu}, "limits": map[string]any{"cpu": cpu}},
						"volumeMounts": []any{map[string]any{"name": "shared", "mountPath": k.sharedDir}},
					}},
					"volumes": []any{map[string]any{"name": "shared", "persistentVolumeClaim": map[string]any{"claimName": k.claim}}},
				},
			},
		},
	}
}

func (k *kubernetes) ns() []string {
	if k.namespace == "" {
		return nil
	}
	return []string{"-n", k.namespace}
}

// writeManifest renders the Job of a submission into the stage directory.
func (k *kubernetes) writeManifest(st *stageSpec, name string) (string, error) {
	data, err := json.MarshalIndent(k.manifest(st, name), "", "  ")
	if err != nil {
		return "", err
	}
	path := filepath.Join(st.Dir, kubeName(name)+".json")
	return path, os.WriteFile(path, append(data, '\n'), 0o644)
}

func (k *kubernetes) submit(ctx context.Context, st *stageSpec, idx []int, name string, attempt int) (string, error) {
	path, err := k.writeManifest(st, name)
	if err != nil {
		return "", err
	}
	if _, err := runCmd(ctx, "kubectl", append(k.ns(), "create", "-f", path)...); err != nil {
		return "", fmt.Errorf("submission rejected: %w", err)
	}
	return kubeName(name), nil
}

func (k *kubernetes) find(ctx context.Context, st *stageSpec, name string) (string, error) {
	_, gone, err := k.poll(ctx, st, kubeName(name), name)
	if err != nil || gone {
		return "", err
	}
	return kubeName(name), nil
}

// jobStatus is the part of a Job's status the pipeline reads.
type jobStatus struct {
	Status struct {
		StartTime        time.Time `json:"startTime"`
		CompletionTime   time.Time `json:"completionTime"`
		CompletedIndexes string    `json:"completedIndexes"`
		FailedIndexes    string    `json:"failedIndexes"`
		Conditions       []struct {
			Type    string `json:"type"`
			Status  string `json:"status"`
			Reason  string `json:"reason"`
			Message string `json:"message"`
		} `json:"conditions"`
	} `json:"status"`
}

func (k *kubernetes) poll(ctx context.Context, st *stageSpec, id, name string) (map[int]taskStatus, bool, error) {
	out, err := runCmd(ctx, "kubectl", append(k.ns(), "get", "job", id, "-o", "json")...)
	if err != nil {
		if strings.Contains(err.Error(), "NotFound") || strings.Contains(err.Error(), "not found") {
			return nil, true, nil
		}
		return nil, false, err
	}
	return parseJobStatus([]byte(out), st.Tasks)
}

// parseJobStatus turns `kubectl get job -o json` into task states.
func parseJobStatus(data []byte, n int) (map[int]taskStatus, bool, error) {
	var js jobStatus
	if err := json.Unmarshal(data, &js); err != nil {
		return nil, false, fmt.Errorf("kubectl get job: %w", err)
	}
	s := js.Status
	failedJob, why := false, ""
	for _, c := range s.Conditions {
		if c.Type == "Failed" && c.Status == "True" {
			failedJob, why = true, strings.TrimSpace(c.Reason+" "+c.Message)
		}
	}
	tasks := map[int]taskStatus{}
	for i := 0; i < n; i++ {
		tasks[i] = taskStatus{State: "RUNNING", Start: s.StartTime}
		if s.StartTime.IsZero() {
			tasks[i] = taskStatus{State: "PENDING"}
		}
	}
	mark := func(list string, t taskStatus) error {
		if list == "" {
			return nil
		}
		idx, err := parseTaskList(list)
		if err != nil {
			return fmt.Errorf("kubectl get job: %w", err)
		}
		for _, i := range idx {
			tasks[i] = t
		}
		return nil
	}
	end := s.CompletionTime
	if end.IsZero() {
		end = time.Now()
	}
	if err := mark(s.CompletedIndexes, taskStatus{State: "COMPLETED", Final: true, OK: true, Start: s.StartTime, End: end}); err != nil {
		return nil, false, err
	}
	if err := mark(s.FailedIndexes, taskStatus{State: "FAILED", Final: true, Reason: "pod failed", Start: s.StartTime, End: end}); err != nil {
		return nil, false, err
	}
	if failedJob {
		for i, t := range tasks {
			if !t.Final {
				tasks[i] = taskStatus{State: "FAILED", Final: true, Reason: why, Start: s.StartTime, End: end}
			}
		}
	}
	return tasks, false, nil
}
