package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"dualnnue/datasets"
)

// fakeScheduler runs no tasks: the test says how each submitted task ends.
type fakeScheduler struct {
	mu        sync.Mutex
	jobs      map[string][]int       // id → tasks
	names     map[string]string      // name → id
	state     map[string]map[int]int // id → task → times polled
	fail      map[int]int            // task → how many of its runs fail
	runs      map[int]int            // task → runs started
	submits   [][]int
	rejectErr error
	forgotten map[string]bool       // ids the scheduler has purged
	killAfter int                   // submit returns an error after submitting (a killed pipeline), once
	final     map[string]taskStatus // "id/task" → how it ended, fixed once seen
}

func newFake() *fakeScheduler {
	return &fakeScheduler{jobs: map[string][]int{}, names: map[string]string{}, state: map[string]map[int]int{}, fail: map[int]int{}, runs: map[int]int{},
		forgotten: map[string]bool{}, final: map[string]taskStatus{}}
}

func (f *fakeScheduler) where() string { return "fake" }

func (f *fakeScheduler) submit(ctx context.Context, st *stageSpec, idx []int, name string, attempt int) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.rejectErr != nil {
		return "", f.rejectErr
	}
	id := fmt.Sprint(100 + len(f.submits))
	f.submits = append(f.submits, append([]int(nil), idx...))
	f.jobs[id], f.names[name], f.state[id] = idx, id, map[int]int{}
	if f.killAfter > 0 && len(f.submits) == f.killAfter {
		f.killAfter = 0
		return "", context.Canceled
	}
	return id, nil
}

func (f *fakeScheduler) find(ctx context.Context, st *stageSpec, name string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.names[name], nil
}

// poll: a task is PENDING at its first poll, RUNNING at its second and
// then COMPLETED, or FAILED while fail[task] runs remain to fail.
func (f *fakeScheduler) poll(ctx context.Context, st *stageSpec, id, name string) (map[int]taskStatus, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.forgotten[id] {
		return nil, true, nil
	}
	out := map[int]taskStatus{}
	for _, i := range f.jobs[id] {
		if t, ok := f.final[fmt.Sprint(id, "/", i)]; ok {
			out[i] = t
			continue
		}
		n := f.state[id][i]
		f.state[id][i]++
		switch {
		case n == 0:
			out[i] = taskStatus{State: "PENDING"}
		case n == 1:
			f.runs[i]++
			out[i] = taskStatus{State: "RUNNING", Start: time.Now()}
		case f.runs[i] <= f.fail[i]:
			out[i] = taskStatus{State: "FAILED", Reason: "NonZeroExitCode", Final: true}
		default:
			out[i] = taskStatus{State: "COMPLETED", Final: true, OK: true, End: time.Now()}
		}
		if out[i].Final {
			f.final[fmt.Sprint(id, "/", i)] = out[i]
		}
	}
	return out, false, nil
}

func testStage(t *testing.T, n int) *stageSpec {
	return &stageSpec{Name: "selfplay", Label: "run-g000-selfplay", Dir: t.TempDir(), Tasks: n, CPUs: 1, WorkDir: "/",
		Argv: []string{"/bin/selfplay", "-shard", shardWord}, Done: func(int) bool { return false }}
}

func nolog(string, ...any) {}

// TestRunStageResubmitsFailedTasks: a task that fails is resubmitted alone
// until it completes; the stage is recorded as finished with its jobs, and
// running the stage again submits nothing.
func TestRunStageResubmitsFailedTasks(t *testing.T) {
	f := newFake()
	f.fail[2] = 2 // task 2 fails twice, then completes
	st := testStage(t, 4)
	run, err := runStage(context.Background(), f, st, 2, time.Millisecond, nolog)
	if err != nil {
		t.Fatal(err)
	}
	if want := [][]int{{0, 1, 2, 3}, {2}, {2}}; !reflect.DeepEqual(f.submits, want) {
		t.Fatalf("submissions %v, want %v", f.submits, want)
	}
	if run.Where != "fake job 100,101,102" || run.Resubmitted != 2 || run.Tasks != 4 {
		t.Fatalf("stage run %+v", run)
	}
	again, err := runStage(context.Background(), f, st, 2, time.Millisecond, nolog)
	if err != nil || len(f.submits) != 3 || again.Where != run.Where {
		t.Fatalf("a finished stage run again: %v, %d submissions, %+v", err, len(f.submits), again)
	}
}

// TestRunStageRetryLimit: a task failing more often than the retry limit
// stops the stage with the scheduler's state and the log directory; the
// same call afterwards (the run resumed, the cause fixed) runs that task
// again, and only it.
func TestRunStageRetryLimit(t *testing.T) {
	f := newFake()
	f.fail[1] = 100
	st := testStage(t, 3)
	_, err := runStage(context.Background(), f, st, 1, time.Millisecond, nolog)
	if err == nil || !strings.Contains(err.Error(), "task 1 failed 2 times (FAILED, NonZeroExitCode)") || !strings.Contains(err.Error(), filepath.Join(st.Dir, "logs")) {
		t.Fatalf("retry limit: %v", err)
	}
	if len(f.submits) != 2 {
		t.Fatalf("%d submissions, want 2", len(f.submits))
	}
	// The cause fixed, the same command runs the failed task again (and
	// only it): the run was left resumable.
	f.fail[1] = 0
	if _, err := runStage(context.Background(), f, st, 1, time.Millisecond, nolog); err != nil {
		t.Fatal(err)
	}
	if want := [][]int{{0, 1, 2}, {1}, {1}}; !reflect.DeepEqual(f.submits, want) {
		t.Fatalf("after the fix: submissions %v, want %v", f.submits, want)
	}
	// A rejected submission is reported with the scheduler's message, and
	// leaves no record of a job.
	g := newFake()
	g.rejectErr = errors.New("sbatch: error: invalid partition specified: nope")
	st2 := testStage(t, 2)
	if _, err := runStage(context.Background(), g, st2, 1, time.Millisecond, nolog); err == nil || !strings.Contains(err.Error(), "invalid partition") {
		t.Fatalf("rejected: %v", err)
	}
	rec, _ := loadStageRecord(st2, "fake")
	if len(rec.Jobs) != 0 {
		t.Fatalf("a rejected submission was recorded: %+v", rec.Jobs)
	}
}

// TestRunStageResumesWithoutResubmitting: a pipeline killed at any moment –
// while waiting, or between a submission and recording its id – and
// started again waits for the jobs it submitted: no task is submitted
// twice. A job the scheduler has forgotten counts by its output.
func TestRunStageResumesWithoutResubmitting(t *testing.T) {
	f := newFake()
	st := testStage(t, 4)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for {
			f.mu.Lock()
			n := len(f.submits)
			f.mu.Unlock()
			if n > 0 {
				cancel()
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	if _, err := runStage(ctx, f, st, 2, 20*time.Millisecond, nolog); !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "keep running") {
		t.Fatalf("killed while waiting: %v", err)
	}
	if _, err := runStage(context.Background(), f, st, 2, time.Millisecond, nolog); err != nil {
		t.Fatal(err)
	}
	if len(f.submits) != 1 {
		t.Fatalf("submitted %d times: %v", len(f.submits), f.submits)
	}

	// Killed between the submission and recording its id.
	g := newFake()
	g.killAfter = 1
	st2 := testStage(t, 2)
	if _, err := runStage(context.Background(), g, st2, 2, time.Millisecond, nolog); err == nil {
		t.Fatal("no error from the killed submission")
	}
	rec, _ := loadStageRecord(st2, "fake")
	rec.Jobs = []jobRecord{{Name: "run-g000-selfplay-0", Tasks: []int{0, 1}, Submitted: time.Now()}}
	rec.save(st2.Dir) // as the killed pipeline left it: the intent, no id
	if _, err := runStage(context.Background(), g, st2, 2, time.Millisecond, nolog); err != nil {
		t.Fatal(err)
	}
	if len(g.submits) != 1 {
		t.Fatalf("the job found by its name was submitted again: %v", g.submits)
	}

	// The scheduler forgot a finished job: the tasks' output decides.
	h := newFake()
	st3 := testStage(t, 2)
	done := map[int]bool{0: true}
	st3.Done = func(i int) bool { return done[i] }
	rec3 := &stageRecord{Stage: "selfplay", Scheduler: "fake", Tasks: 2, Jobs: []jobRecord{{ID: "77", Name: "x", Tasks: []int{0, 1}, Submitted: time.Now()}}}
	rec3.save(st3.Dir)
	h.forgotten["77"] = true
	if _, err := runStage(context.Background(), h, st3, 2, time.Millisecond, nolog); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(h.submits, [][]int{{1}}) {
		t.Fatalf("after a forgotten job: submitted %v, want only task 1", h.submits)
	}
}

// TestTaskList: the --array syntax both ways.
func TestTaskList(t *testing.T) {
	for _, c := range []struct {
		idx  []int
		text string
	}{{[]int{0, 1, 2, 3}, "0-3"}, {[]int{7, 2, 0, 1}, "0-2,7"}, {[]int{5}, "5"}} {
		if got := taskList(c.idx); got != c.text {
			t.Errorf("%v: %q, want %q", c.idx, got, c.text)
		}
	}
	if got, err := parseTaskList("0-2,7%2"); err != nil || !reflect.DeepEqual(got, []int{0, 1, 2, 7}) {
		t.Errorf("parse: %v %v", got, err)
	}
	for _, bad := range []string{"", "a", "3-1", "-1", "1-"} {
		if _, err := parseTaskList(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestParseScontrol: scontrol's records of an array – the pending tasks
// together, finished ones alone – become task states.
func TestParseScontrol(t *testing.T) {
	out := `JobId=12 ArrayJobId=10 ArrayTaskId=2-3 JobName=x JobState=PENDING Reason=Resources SubmitTime=2026-12-03T10:00:00 StartTime=Unknown EndTime=Unknown
JobId=11 ArrayJobId=10 ArrayTaskId=1 JobName=x JobState=FAILED Reason=NonZeroExitCode ExitCode=1:0 StartTime=2026-12-03T10:00:02 EndTime=2026-12-03T10:00:09
JobId=10 ArrayJobId=10 ArrayTaskId=0 JobName=x JobState=COMPLETED Reason=None ExitCode=0:0 StartTime=2026-12-03T10:00:01 EndTime=2026-12-03T10:00:30
`
	tasks, gone, err := parseScontrol(out)
	if err != nil || gone || len(tasks) != 4 {
		t.Fatalf("%v %v %v", tasks, gone, err)
	}
	if s := tasks[0]; !s.OK || !s.Final || s.End.Sub(s.Start) != 29*time.Second {
		t.Errorf("task 0: %+v", s)
	}
	if s := tasks[1]; s.OK || !s.Final || s.Reason != "NonZeroExitCode, exit code 1:0" {
		t.Errorf("task 1: %+v", s)
	}
	if s := tasks[3]; s.Final || s.State != "PENDING" || !s.Start.IsZero() {
		t.Errorf("task 3: %+v", s)
	}
	if _, _, err := parseScontrol("JobId=5 JobState=RUNNING\n"); err == nil {
		t.Error("a job that is not an array was accepted")
	}
}

// TestSlurmScript: the task script passes every word through bash intact
// (spaces, quotes) and fills the shard and file names from the array index.
func TestSlurmScript(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	st := testStage(t, 4)
	st.Argv = []string{"/bin/echo", "-engine", `cmd=/x/play 'option.Use NNUE=false'`, "-results", "/r dir/shard-{i}.results", "-shard", shardWord, "it's"}
	script := filepath.Join(st.Dir, "s.sh")
	os.WriteFile(script, []byte(slurmScript(st)), 0o755)
	cmd := exec.Command("bash", script)
	cmd.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID=2")
	out, err := cmd.CombinedOutput()
	if want := "-engine cmd=/x/play 'option.Use NNUE=false' -results /r dir/shard-2.results -shard 2/4 it's\n"; err != nil || string(out) != want {
		t.Fatalf("%v: %q, want %q", err, out, want)
	}
}

// TestParseJobStatus: a Job's completed and failed indexes, and a failed
// Job's message, become task states.
func TestParseJobStatus(t *testing.T) {
	data := []byte(`{"status":{"startTime":"2026-12-03T10:00:00Z","completedIndexes":"0,2-3","failedIndexes":"1","conditions":[{"type":"Failed","status":"True","reason":"FailedIndexes","message":"Job has failed indexes"}]}}`)
	tasks, _, err := parseJobStatus(data, 5)
	if err != nil {
		t.Fatal(err)
	}
	if !tasks[0].OK || !tasks[3].OK || tasks[1].OK || !tasks[1].Final || tasks[4].State != "FAILED" || !strings.Contains(tasks[4].Reason, "failed indexes") {
		t.Fatalf("%+v", tasks)
	}
}

// TestKubernetesManifest: the Indexed Job of a stage: one pod per shard,
// the shard from JOB_COMPLETION_INDEX, no retries by Kubernetes (the
// pipeline resubmits), the shared claim mounted at the shared path.
// kubectl, when installed, parses it (create --dry-run=client) against a
// stand-in API server that answers only discovery: there is no cluster in
// the tests, so the schema is not validated by a server.
func TestKubernetesManifest(t *testing.T) {
	k := &kubernetes{namespace: "selfplay", image: "registry.example.com/dualnnue:1", claim: "runs", sharedDir: "/shared"}
	st := testStage(t, 4)
	st.Argv = []string{"/usr/local/bin/play", "match", "-results", "/shared/r/shard-{i}.results", "-shard", shardWord}
	st.WorkDir, st.CPUs = "/shared/r", 2
	path, err := k.writeManifest(st, "Run_1-g000-match-0")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	var m struct {
		Metadata struct{ Name, Namespace string }
		Spec     struct {
			CompletionMode       string
			Completions          int
			Parallelism          int
			BackoffLimitPerIndex *int
			Template             struct {
				Spec struct {
					RestartPolicy string
					Containers    []struct {
						Image, WorkingDir string
						Command, Args     []string
					}
				}
			}
		}
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	c := m.Spec.Template.Spec.Containers[0]
	if m.Metadata.Name != "run-1-g000-match-0" || m.Metadata.Namespace != "selfplay" || m.Spec.CompletionMode != "Indexed" || m.Spec.Completions != 4 ||
		m.Spec.BackoffLimitPerIndex == nil || *m.Spec.BackoffLimitPerIndex != 0 || m.Spec.Template.Spec.RestartPolicy != "Never" ||
		c.Image != k.image || c.WorkingDir != "/shared/r" || !reflect.DeepEqual(c.Command, []string{"/usr/local/bin/play"}) ||
		!reflect.DeepEqual(c.Args, []string{"match", "-results", "/shared/r/shard-$(JOB_COMPLETION_INDEX).results", "-shard", "$(JOB_COMPLETION_INDEX)/4"}) {
		t.Fatalf("manifest:\n%s", data)
	}
	kubectl, err := exec.LookPath("kubectl")
	if err != nil {
		t.Skip("kubectl is not installed: the manifest is not checked by kubectl --dry-run=client")
	}
	srv := httptest.NewServer(http.HandlerFunc(fakeDiscovery))
	defer srv.Close()
	kubeconfig := filepath.Join(t.TempDir(), "config")
	os.WriteFile(kubeconfig, []byte(fmt.Sprintf(`apiVersion: v1
kind: Config
clusters: [{name: fake, cluster: {server: %q}}]
contexts: [{name: fake, context: {cluster: fake, user: fake}}]
current-context: fake
users: [{name: fake, user: {}}]
`, srv.URL)), 0o600)
	cmd := exec.Command(kubectl, "--kubeconfig", kubeconfig, "create", "--dry-run=client", "--validate=false", "-f", path, "-o", "json")
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("kubectl: %v\n%s", err, out)
	}
	var back map[string]any
	if err := json.Unmarshal(out, &back); err != nil || back["kind"] != "Job" {
		t.Fatalf("kubectl printed:\n%s", out)
	}
}

// fakeDiscovery answers kubectl's API discovery for batch/v1 Jobs.
func fakeDiscovery(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	switch r.URL.Path {
	case "/api":
		fmt.Fprint(w, `{"kind":"APIVersions","versions":["v1"]}`)
	case "/apis":
		fmt.Fprint(w, `{"kind":"APIGroupList","apiVersion":"v1","groups":[{"name":"batch","versions":[{"groupVersion":"batch/v1","version":"v1"}],"preferredVersion":{"groupVersion":"batch/v1","version":"v1"}}]}`)
	case "/api/v1":
		fmt.Fprint(w, `{"kind":"APIResourceList","groupVersion":"v1","resources":[{"name":"namespaces","singularName":"namespace","namespaced":false,"kind":"Namespace","verbs":["get","list"]}]}`)
	case "/apis/batch/v1":
		fmt.Fprint(w, `{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"batch/v1","resources":[{"name":"jobs","singularName":"job","namespaced":true,"kind":"Job","verbs":["create","get","list"]}]}`)
	default:
		http.NotFound(w, r)
	}
}

// TestMissingSchedulerCommand: a cluster run whose scheduler commands are
// not installed stops before any work, saying which command is missing;
// a kubernetes run without its image is a configuration error.
func TestMissingSchedulerCommand(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	for _, c := range []struct{ sched, want string }{{"slurm", "needs sbatch"}, {"kubernetes", "needs kubectl"}} {
		cfg, err := ParseConfig([]byte(strings.ReplaceAll(tinyConfig, "%s", "xiangqi") + "[cluster]\nscheduler = \"" + c.sched + "\"\nimage = \"x\"\nvolume_claim = \"v\"\nshared_dir = \"/shared\"\n"))
		if err != nil {
			t.Fatal(err)
		}
		cfg.RunDir = filepath.Join(t.TempDir(), "run")
		if _, err := Run(context.Background(), cfg, Options{EngineCmd: "/nonexistent/play"}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.sched, err)
		}
		if _, err := os.Stat(cfg.RunDir); !os.IsNotExist(err) {
			t.Errorf("%s: the run directory was made", c.sched)
		}
	}
	if _, err := ParseConfig([]byte(strings.ReplaceAll(tinyConfig, "%s", "xiangqi") + "[cluster]\nscheduler = \"kubernetes\"\n")); err == nil || !strings.Contains(err.Error(), "image") {
		t.Errorf("kubernetes without an image: %v", err)
	}
	for _, bad := range []string{`scheduler = "pbs"`, `selfplay_tasks = -1`, `poll = "1ms"`, `retries = -2`, `bin_dir = "bin"`} {
		if _, err := ParseConfig([]byte(strings.ReplaceAll(tinyConfig, "%s", "xiangqi") + "[cluster]\n" + bad + "\n")); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestLocalShardsKilledAtRandomMoments: a pipeline whose self-play and
// match run as 3 shards each (scheduler local), stopped at random moments
// (self-play, training or match) and started again each time, ends with the
// uninterrupted run's merged data (every game once, in the same order), net
// and decision.
func TestLocalShardsKilledAtRandomMoments(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a tiny pipeline three times")
	}
	bin := filepath.Join(t.TempDir(), "play")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/play").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	text := strings.ReplaceAll(tinyConfig, "%s", "chess") + "[cluster]\nselfplay_tasks = 3\nmatch_tasks = 3\n"
	text = strings.Replace(text, "generations = 2", "generations = 1", 1)
	text = strings.Replace(text, "games = 4\n", "games = 6\n", 1) // the match: 3 pairs, one a shard
	cfg, err := ParseConfig([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	whole := cfg
	whole.RunDir = t.TempDir()
	t0 := time.Now()
	want, err := Run(context.Background(), whole, Options{EngineCmd: bin})
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(t0)
	if st := want.Generations[0].Stages; len(st) != 2 || st[0].Where != "local" || st[0].Tasks != 3 || st[1].Tasks != 3 {
		t.Fatalf("stages %+v", st)
	}
	cut := cfg
	cut.RunDir = t.TempDir()
	rng := time.Now().UnixNano()
	var got *Report
	for k := 0; ; k++ {
		// A random moment within the run's length; later attempts run on.
		d := time.Duration((rng>>(8*k))%int64(took)) + 50*time.Millisecond
		ctx, cancel := context.WithTimeout(context.Background(), d)
		if k >= 2 {
			ctx = context.Background()
		}
		got, err = Run(ctx, cut, Options{EngineCmd: bin})
		cancel()
		if err == nil && len(got.Generations) == 1 {
			break
		}
		if k >= 2 {
			t.Fatal(err)
		}
		t.Logf("stopped after %v: %v", d, err)
	}
	a, b := want.Generations[0], got.Generations[0]
	if a.Games != b.Games || a.Positions != b.Positions || a.Match != b.Match || a.Penta != b.Penta || a.Accepted != b.Accepted {
		t.Fatalf("interrupted run %+v\nwhole run %+v", b, a)
	}
	readAll := func(dir string) []datasets.GameRecord {
		r, err := datasets.Open(filepath.Join(dir, "gen-000", "merged", "chess.dnds"), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		var out []datasets.GameRecord
		for {
			var g datasets.GameRecord
			if !r.NextGame(&g) {
				return out
			}
			out = append(out, g)
		}
	}
	if ga, gb := readAll(whole.RunDir), readAll(cut.RunDir); len(ga) != 6 || !reflect.DeepEqual(ga, gb) {
		t.Fatalf("merged data: %d games, the whole run's %d, or they differ", len(gb), len(ga))
	}
	// The nets: the same bytes once the run directory in their description
	// (the run's name "<dir>-gen000" and its data path) is the same (the
	// trailing CRC32C covers it). Only those two are rewritten: the
	// directory's base name alone ("003") also occurs in the losses the
	// description quotes ("train loss 0.003529").
	na, _ := os.ReadFile(a.Net)
	nb, _ := os.ReadFile(b.Net)
	if len(na) < 4 || len(nb) < 4 {
		t.Fatal("no nets")
	}
	sep := string(filepath.Separator)
	nb = bytes.ReplaceAll(nb[:len(nb)-4], []byte(cut.RunDir+sep), []byte(whole.RunDir+sep))
	nb = bytes.ReplaceAll(nb, []byte(`"`+filepath.Base(cut.RunDir)+"-gen"), []byte(`"`+filepath.Base(whole.RunDir)+"-gen"))
	if !bytes.Equal(na[:len(na)-4], nb) {
		t.Fatal("the interrupted run trained another net")
	}
}
