// The cluster executor: a stage's tasks submitted as one job array, polled, failed tasks resubmitted, job ids kept in the run directory.
package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ClusterConfig is the [cluster] table: where a generation's self-play and
// gating match run. Training always runs in the pipeline's own process.
type ClusterConfig struct {
	// Scheduler is "local" (the default: every task in this process),
	// "slurm" (sbatch job arrays, polled with scontrol) or "kubernetes"
	// (Indexed Jobs through kubectl).
	Scheduler string `toml:"scheduler"`
	// Partition (Slurm) or Namespace (Kubernetes) to submit to; "" for the
	// scheduler's default.
	Partition string `toml:"partition"`
	Namespace string `toml:"namespace"`
	// SelfplayTasks and MatchTasks split self-play and the gating match
	// into that many shards (default 1 each); CPUsPerTask is each task's
	// CPUs (self-play threads, match games at once; default 1).
	SelfplayTasks int `toml:"selfplay_tasks"`
	MatchTasks    int `toml:"match_tasks"`
	CPUsPerTask   int `toml:"cpus_per_task"`
	// SharedDir is the directory every node sees at the same path; without
	// run_dir the run directory is made in it. BinDir holds the selfplay and
	// play binaries as the tasks see them (default: the directory of the
	// pipeline's own binary; in a Kubernetes image, its path there).
	SharedDir string `toml:"shared_dir"`
	BinDir    string `toml:"bin_dir"`
	// Retries bounds the resubmissions of a failed task (default 2); a task
	// that fails more often stops the pipeline, resumable.
	Retries int `toml:"retries"`
	// Poll is the time between two looks at the scheduler (default "5s").
	Poll string `toml:"poll"`
	// TimeLimit is a Slurm --time (e.g. "2:00:00"); "" for the partition's.
	TimeLimit string `toml:"time_limit"`
	// Image and VolumeClaim (Kubernetes): the container image with the
	// binaries, and the ReadWriteMany claim mounted at SharedDir.
	Image       string `toml:"image"`
	VolumeClaim string `toml:"volume_claim"`
}

// defaults fills the unset fields; -1 would be a value the user chose.
func (c *ClusterConfig) defaults() {
	if c.Scheduler == "" {
		c.Scheduler = "local"
	}
	if c.SelfplayTasks == 0 {
		c.SelfplayTasks = 1
	}
	if c.MatchTasks == 0 {
		c.MatchTasks = 1
	}
	if c.CPUsPerTask == 0 {
		c.CPUsPerTask = 1
	}
	if c.Poll == "" {
		c.Poll = "5s"
	}
	if c.Retries == 0 {
		c.Retries = 2
	}
}

// remote reports whether the tasks run through a scheduler.
func (c *ClusterConfig) remote() bool { return c.Scheduler == "slurm" || c.Scheduler == "kubernetes" }

func (c *ClusterConfig) pollEvery() time.Duration {
	d, err := time.ParseDuration(c.Poll)
	if err != nil {
		return 5 * time.Second
	}
	return d
}

func (c *ClusterConfig) validate() error {
	var errs []error
	switch c.Scheduler {
	case "", "local", "slurm", "kubernetes":
	default:
		errs = append(errs, fmt.Errorf("cluster.scheduler must be local, slurm or kubernetes, got %q", c.Scheduler))
	}
	if c.SelfplayTasks < 0 || c.SelfplayTasks > 10000 || c.MatchTasks < 0 || c.MatchTasks > 10000 {
		errs = append(errs, fmt.Errorf("cluster.selfplay_tasks and cluster.match_tasks must be in 1..10000, got %d and %d", c.SelfplayTasks, c.MatchTasks))
	}
	if c.CPUsPerTask < 0 || c.CPUsPerTask > 1024 {
		errs = append(errs, fmt.Errorf("cluster.cpus_per_task must be in 1..1024, got %d", c.CPUsPerTask))
	}
	if c.Retries < 0 || c.Retries > 100 {
		errs = append(errs, fmt.Errorf("cluster.retries must be in 0..100, got %d", c.Retries))
	}
	if c.Poll != "" {
		if d, err := time.ParseDuration(c.Poll); err != nil || d < 100*time.Millisecond || d > time.Hour {
			errs = append(errs, fmt.Errorf("cluster.poll must be a duration from 100ms to 1h, got %q", c.Poll))
		}
	}
	if c.Scheduler == "kubernetes" {
		if c.Image == "" || c.VolumeClaim == "" || c.SharedDir == "" {
			errs = append(errs, fmt.Errorf("cluster: kubernetes needs image, volume_claim and shared_dir"))
		}
	}
	for _, p := range []struct{ k, v string }{{"shared_dir", c.SharedDir}, {"bin_dir", c.BinDir}} {
		if p.v != "" && !filepath.IsAbs(p.v) {
			errs = append(errs, fmt.Errorf("cluster.%s must be an absolute path (the same on every node), got %q", p.k, p.v))
		}
	}
	return errors.Join(errs...)
}

// stageSpec is one stage of a generation run as an array of tasks.
type stageSpec struct {
	Name  string // "selfplay" or "match"
	Label string // unique in the cluster: "<run>-g000-selfplay"
	Dir   string // absolute: scripts, logs and the job record
	Tasks int
	// Argv is the task's command; the word shardWord stands for "i/n", the
	// task's shard (Slurm fills it from SLURM_ARRAY_TASK_ID; Kubernetes
	// passes -shards n and the binaries read JOB_COMPLETION_INDEX).
	Argv []string
	CPUs int
	// WorkDir is the tasks' working directory (the run directory).
	WorkDir string
	// Done says whether task i's output is complete; it decides for tasks
	// whose job the scheduler has forgotten.
	Done func(i int) bool
}

// shardWord is the task's shard "i/n"; indexWord, inside a word, its
// index i.
const (
	shardWord = "{shard}"
	indexWord = "{i}"
)

// taskStatus is one task as the scheduler sees it.
type taskStatus struct {
	State  string // the scheduler's word: PENDING, RUNNING, COMPLETED, FAILED, TIMEOUT, ...
	Reason string
	Final  bool // the task ended
	OK     bool // ended well
	Start  time.Time
	End    time.Time
}

// scheduler submits and polls job arrays.
type scheduler interface {
	// submit starts the tasks idx of st as one job; name is unique per
	// submission. It returns the job's id.
	submit(ctx context.Context, st *stageSpec, idx []int, name string, attempt int) (string, error)
	// poll returns the status of the tasks of job id that the scheduler
	// knows (gone is true when it knows none: a job purged after it ended).
	poll(ctx context.Context, st *stageSpec, id, name string) (tasks map[int]taskStatus, gone bool, err error)
	// find returns the id of a job submitted under name, "" if none (a
	// pipeline killed between the submission and writing its id).
	find(ctx context.Context, st *stageSpec, name string) (string, error)
	where() string
}

// jobRecord is one submission of a stage.
type jobRecord struct {
	ID        string    `json:"id"` // "" while the submission is under way
	Name      string    `json:"name"`
	Tasks     []int     `json:"tasks"`
	Attempt   int       `json:"attempt"`
	Submitted time.Time `json:"submitted"`
}

// stageRecord is a stage's record in its directory (jobs.json): the jobs
// submitted, so that a pipeline started again waits for them instead of
// submitting the stage twice.
type stageRecord struct {
	Stage     string      `json:"stage"`
	Scheduler string      `json:"scheduler"`
	Tasks     int         `json:"tasks"`
	Jobs      []jobRecord `json:"jobs"`
	Finished  bool        `json:"finished"`
	// QueueSecs is the longest a task waited from its submission to its
	// start; RunSecs the stage's time from the first submission to the
	// last task's end.
	QueueSecs float64 `json:"queue_seconds"`
	RunSecs   float64 `json:"run_seconds"`
	// TaskSecs is the tasks' span: the first start to the last end.
	TaskSecs float64 `json:"task_seconds"`
}

func (r *stageRecord) save(dir string) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, "jobs.json.tmp")
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, "jobs.json"))
}

func loadStageRecord(st *stageSpec, sched string) (*stageRecord, error) {
	data, err := os.ReadFile(filepath.Join(st.Dir, "jobs.json"))
	if os.IsNotExist(err) {
		return &stageRecord{Stage: st.Name, Scheduler: sched, Tasks: st.Tasks}, nil
	}
	if err != nil {
		return nil, err
	}
	var r stageRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(st.Dir, "jobs.json"), err)
	}
	if r.Scheduler != sched || r.Tasks != st.Tasks {
		return nil, fmt.Errorf("%s: this stage was submitted to %s in %d tasks, the configuration now says %s in %d: finish it with the old [cluster] settings or remove the stage's directory",
			filepath.Join(st.Dir, "jobs.json"), r.Scheduler, r.Tasks, sched, st.Tasks)
	}
	return &r, nil
}

// StageRun is where a stage ran, for the report.
type StageRun struct {
	Stage       string  `json:"stage"`
	Where       string  `json:"where"` // "local", "slurm job 123" (ids comma-separated), "kubernetes job NAME"
	Tasks       int     `json:"tasks"`
	Resubmitted int     `json:"resubmitted_tasks,omitempty"`
	QueueSecs   float64 `json:"queue_seconds"`
	RunSecs     float64 `json:"run_seconds"`
	// OverheadSecs is the stage's time in this process (submit, poll,
	// wait, verify, merge) beyond the tasks' span (first start to last
	// end); 0 when the stage had finished before this run.
	OverheadSecs float64 `json:"overhead_seconds,omitempty"`
	TaskSecs     float64 `json:"-"`
	finished     bool    // the stage had finished before this run
}

// runStage runs st's tasks on the scheduler until every one completed:
// it submits those never submitted, waits by polling, and resubmits a
// failed task up to retries times. Every submission is written to
// st.Dir/jobs.json before and after it is made, so a pipeline killed at any
// moment and started again waits for its jobs (or finds the one it was
// submitting by its name) instead of submitting the stage twice.
func runStage(ctx context.Context, s scheduler, st *stageSpec, retries int, poll time.Duration, log func(string, ...any)) (StageRun, error) {
	run := StageRun{Stage: st.Name, Tasks: st.Tasks}
	if err := os.MkdirAll(filepath.Join(st.Dir, "logs"), 0o755); err != nil {
		return run, err
	}
	rec, err := loadStageRecord(st, s.where())
	if err != nil {
		return run, err
	}
	describe := func() {
		var ids []string
		for _, j := range rec.Jobs {
			if j.ID != "" {
				ids = append(ids, j.ID)
			}
		}
		run.Where = s.where() + " job " + strings.Join(ids, ",")
		run.QueueSecs, run.RunSecs, run.TaskSecs = rec.QueueSecs, rec.RunSecs, rec.TaskSecs
		for _, j := range rec.Jobs[min(1, len(rec.Jobs)):] {
			run.Resubmitted += len(j.Tasks)
		}
	}
	if rec.Finished {
		describe()
		run.finished = true
		return run, nil
	}
	if len(rec.Jobs) > 0 {
		log("pipeline: waiting for the jobs submitted before", "stage", st.Label, "jobs", len(rec.Jobs))
	}
	// The retry limit counts the runs of a task in this call: after a stop
	// at the limit, the same command (the cause fixed) tries again.
	before := len(rec.Jobs)
	for {
		// A submission the pipeline was killed in: the scheduler may have
		// it under its name.
		for k := range rec.Jobs {
			j := &rec.Jobs[k]
			if j.ID != "" {
				continue
			}
			id, err := s.find(ctx, st, j.Name)
			if err != nil {
				return run, err
			}
			j.ID = id
			if id == "" {
				j.ID = "none"
			}
			if err := rec.save(st.Dir); err != nil {
				return run, err
			}
		}
		// The latest job of each task says how it is.
		status, submitted, latest, err := taskStatuses(ctx, s, st, rec, before)
		if err != nil {
			return run, err
		}
		var todo []int
		finished := true
		for i := 0; i < st.Tasks; i++ {
			t := status[i]
			switch {
			case latest[i] < 0:
				todo = append(todo, i)
				finished = false
			case t.Final && t.OK:
			case t.Final:
				finished = false
				if submitted[i] > retries {
					return run, fmt.Errorf("%s task %d failed %d times (%s, %s): the retry limit is %d; its log: %s; the run resumes with the same command",
						st.Label, i, submitted[i], t.State, t.Reason, retries, filepath.Join(st.Dir, "logs"))
				}
				log("pipeline: task failed, resubmitting", "stage", st.Label, "task", i, "state", t.State, "reason", t.Reason, "attempt", submitted[i]+1)
				todo = append(todo, i)
			default:
				finished = false
			}
		}
		if finished {
			first := rec.Jobs[0].Submitted
			var start, end time.Time
			for i, t := range status {
				j := rec.Jobs[latest[i]]
				if !t.Start.IsZero() {
					rec.QueueSecs = max(rec.QueueSecs, t.Start.Sub(j.Submitted).Seconds())
					if start.IsZero() || t.Start.Before(start) {
						start = t.Start
					}
				}
				if t.End.After(end) {
					end = t.End
				}
			}
			if !start.IsZero() && end.After(start) {
				rec.TaskSecs = end.Sub(start).Seconds()
			}
			if end.IsZero() || end.Before(first) {
				end = time.Now()
			}
			rec.RunSecs = end.Sub(first).Seconds()
			rec.Finished = true
			if err := rec.save(st.Dir); err != nil {
				return run, err
			}
			describe()
			return run, nil
		}
		if len(todo) > 0 {
			attempt := len(rec.Jobs)
			name := fmt.Sprintf("%s-%d", st.Label, attempt)
			rec.Jobs = append(rec.Jobs, jobRecord{Name: name, Tasks: todo, Attempt: attempt, Submitted: time.Now().UTC()})
			if err := rec.save(st.Dir); err != nil {
				return run, err
			}
			id, err := s.submit(ctx, st, todo, name, attempt)
			if err != nil {
				// Nothing was submitted: forget the record, so the same
				// command tries again.
				rec.Jobs = rec.Jobs[:len(rec.Jobs)-1]
				if serr := rec.save(st.Dir); serr != nil {
					err = errors.Join(err, serr)
				}
				return run, fmt.Errorf("%s: %w (the run resumes with the same command)", st.Label, err)
			}
			rec.Jobs[len(rec.Jobs)-1].ID = id
			if err := rec.save(st.Dir); err != nil {
				return run, err
			}
			log("pipeline: submitted", "stage", st.Label, "scheduler", s.where(), "job", id, "tasks", taskList(todo))
			continue
		}
		select {
		case <-ctx.Done():
			return run, fmt.Errorf("%s: %w (the submitted jobs keep running; the same command waits for them)", st.Label, ctx.Err())
		case <-time.After(poll):
		}
	}
}

// taskStatuses polls the scheduler for the latest job of each task of st
// and returns each task's status, how many times it was submitted (its
// runs from this call, jobs from index before on, plus one for a run from
// before the call) and the index of its latest job in rec.Jobs (-1: never
// submitted). A task the scheduler forgot is judged by its output.
func taskStatuses(ctx context.Context, s scheduler, st *stageSpec, rec *stageRecord, before int) (status []taskStatus, submitted, latest []int, err error) {
	status = make([]taskStatus, st.Tasks)
	submitted = make([]int, st.Tasks)
	latest = make([]int, st.Tasks)
	for i := range latest {
		latest[i] = -1
	}
	for k, j := range rec.Jobs {
		for _, i := range j.Tasks {
			if k >= before {
				submitted[i]++
			}
			latest[i] = k
		}
	}
	for i := range latest {
		if latest[i] >= 0 && latest[i] < before {
			submitted[i]++ // its run from before this call
		}
	}
	polled := map[int]map[int]taskStatus{}
	gone := map[int]bool{}
	for i := 0; i < st.Tasks; i++ {
		k := latest[i]
		if k < 0 {
			continue
		}
		j := rec.Jobs[k]
		if _, ok := polled[k]; !ok && j.ID != "none" {
			tasks, g, err := s.poll(ctx, st, j.ID, j.Name)
			if err != nil {
				return nil, nil, nil, err
			}
			polled[k], gone[k] = tasks, g
		}
		t, known := polled[k][i]
		switch {
		case known:
			status[i] = t
		case j.ID == "none" || gone[k]:
			// Forgotten by the scheduler: the output decides.
			status[i] = taskStatus{State: "LOST", Final: true, Reason: "the scheduler no longer knows the task"}
			if st.Done(i) {
				status[i] = taskStatus{State: "COMPLETED", Final: true, OK: true}
			}
		default:
			status[i] = taskStatus{State: "PENDING"}
		}
	}
	return status, submitted, latest, nil
}

// taskList writes task indices as Slurm's --array wants them: "0-3,7".
func taskList(idx []int) string {
	idx = slices.Clone(idx)
	slices.Sort(idx)
	var parts []string
	for k := 0; k < len(idx); {
		e := k
		for e+1 < len(idx) && idx[e+1] == idx[e]+1 {
			e++
		}
		if e == k {
			parts = append(parts, strconv.Itoa(idx[k]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", idx[k], idx[e]))
		}
		k = e + 1
	}
	return strings.Join(parts, ",")
}

// parseTaskList reads "0-3,7" (and Slurm's "0-3%2" throttle suffix).
func parseTaskList(s string) ([]int, error) {
	s, _, _ = strings.Cut(s, "%")
	var out []int
	for _, f := range strings.Split(s, ",") {
		a, b, isRange := strings.Cut(f, "-")
		lo, err1 := strconv.Atoi(a)
		hi, err2 := lo, error(nil)
		if isRange {
			hi, err2 = strconv.Atoi(b)
		}
		if err1 != nil || err2 != nil || lo < 0 || hi < lo || hi-lo > 100000 {
			return nil, fmt.Errorf("bad task list %q", s)
		}
		for i := lo; i <= hi; i++ {
			out = append(out, i)
		}
	}
	return out, nil
}
