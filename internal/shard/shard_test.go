package shard

import (
	"testing"
)

// TestShardFromEnv: every Slurm array form maps to shards 0..n-1; a stepped
// array (--array=0-6:2) used to give shard 6 of 4, a malformed
// SLURM_ARRAY_TASK_MIN was ignored (a wrong shard), and an irregular list
// cannot be mapped.
func TestShardFromEnv(t *testing.T) {
	vars := []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX",
		"SLURM_ARRAY_TASK_STEP", "JOB_COMPLETION_INDEX", "SELFPLAY_SHARDS"}
	set := func(env map[string]string) {
		for _, v := range vars {
			t.Setenv(v, env[v])
		}
	}
	good := []struct {
		env    map[string]string
		shards int
		i, n   int
	}{
		{map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"}, 0, 2, 4},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_STEP": "1"}, 0, 0, 4},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4"}, 0, 3, 4},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "6", "SLURM_ARRAY_TASK_STEP": "2"}, 0, 3, 4},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "2"}, 0, 2, 3},
		{map[string]string{"JOB_COMPLETION_INDEX": "3", "SELFPLAY_SHARDS": "8"}, 0, 3, 8},
		{map[string]string{"JOB_COMPLETION_INDEX": "1"}, 2, 1, 2},
	}
	for _, c := range good {
		set(c.env)
		i, n, ok, err := FromEnv(c.shards, "SELFPLAY_SHARDS")
		if err != nil || !ok || i != c.i || n != c.n {
			t.Errorf("%v: %d/%d %v %v, want %d/%d", c.env, i, n, ok, err, c.i, c.n)
		}
	}
	bad := []map[string]string{
		{"SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "4"},
		{"SLURM_ARRAY_TASK_ID": "1"},
		{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "0"},
		{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "one"},
		{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "2"},
		{"SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "7"}, // --array=1,2,7
		{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"},
		{"SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_COUNT": "4"},
		{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "0"},
		{"JOB_COMPLETION_INDEX": "3"},
		{"JOB_COMPLETION_INDEX": "-1", "SELFPLAY_SHARDS": "4"},
		{"JOB_COMPLETION_INDEX": "4", "SELFPLAY_SHARDS": "4"},
		{"JOB_COMPLETION_INDEX": "1", "SELFPLAY_SHARDS": "four"},
	}
	for _, env := range bad {
		set(env)
		if i, n, _, err := FromEnv(0, "SELFPLAY_SHARDS"); err == nil {
			t.Errorf("%v accepted as %d/%d", env, i, n)
		}
	}
	set(nil)
	if _, _, ok, err := FromEnv(0, "SELFPLAY_SHARDS"); ok || err != nil {
		t.Errorf("no scheduler: %v %v", ok, err)
	}
}
