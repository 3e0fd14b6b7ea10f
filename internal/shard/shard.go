// The shard of this process: from -shard i/n or the scheduler's environment.
package shard

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// FromEnv reads the scheduler's array index: Slurm job arrays
// (SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, with the range's
// SLURM_ARRAY_TASK_MIN, _STEP and _MAX when set: --array=1-4 and
// --array=0-6:2 give shards 0..3) or Kubernetes Indexed Jobs
// (JOB_COMPLETION_INDEX; the count comes from shards, else from the
// environment variable countVar, e.g. SELFPLAY_SHARDS). An array that is not
// an evenly spaced range (--array=1,2,7) cannot be mapped to shards: that,
// and any malformed variable, is an error. ok is false when no scheduler
// variable is set.
func FromEnv(shards int, countVar string) (i, n int, ok bool, err error) {
	if id := os.Getenv("SLURM_ARRAY_TASK_ID"); id != "" {
		num := func(name string, def int) (int, error) {
			v := os.Getenv(name)
			if v == "" {
				return def, nil
			}
			x, err := strconv.Atoi(v)
			if err != nil {
				return 0, fmt.Errorf("bad %s %q", name, v)
			}
			return x, nil
		}
		task, err := num("SLURM_ARRAY_TASK_ID", 0)
		if err != nil {
			return 0, 0, false, err
		}
		count, err := num("SLURM_ARRAY_TASK_COUNT", -1)
		if err != nil || count <= 0 {
			return 0, 0, false, fmt.Errorf("SLURM_ARRAY_TASK_ID is set: SLURM_ARRAY_TASK_COUNT must be a count > 0, got %q", os.Getenv("SLURM_ARRAY_TASK_COUNT"))
		}
		lo, err := num("SLURM_ARRAY_TASK_MIN", 0)
		if err != nil {
			return 0, 0, false, err
		}
		step, err := num("SLURM_ARRAY_TASK_STEP", 1)
		if err != nil || step <= 0 {
			return 0, 0, false, fmt.Errorf("bad SLURM_ARRAY_TASK_STEP %q", os.Getenv("SLURM_ARRAY_TASK_STEP"))
		}
		if hi, err := num("SLURM_ARRAY_TASK_MAX", lo+(count-1)*step); err != nil || hi != lo+(count-1)*step {
			return 0, 0, false, fmt.Errorf("the job array (min %d, max %s, step %d, %d tasks) is not an evenly spaced range: give -shard i/n", lo, os.Getenv("SLURM_ARRAY_TASK_MAX"), step, count)
		}
		off := task - lo
		if off < 0 || off%step != 0 || off/step >= count {
			return 0, 0, false, fmt.Errorf("SLURM_ARRAY_TASK_ID %d is not in the array %d..%d step %d", task, lo, lo+(count-1)*step, step)
		}
		return off / step, count, true, nil
	}
	if id := os.Getenv("JOB_COMPLETION_INDEX"); id != "" {
		i, err := strconv.Atoi(id)
		if err != nil || i < 0 {
			return 0, 0, false, fmt.Errorf("bad JOB_COMPLETION_INDEX %q", id)
		}
		if shards <= 0 && countVar != "" {
			if s := os.Getenv(countVar); s != "" {
				if shards, err = strconv.Atoi(s); err != nil || shards <= 0 {
					return 0, 0, false, fmt.Errorf("bad %s %q", countVar, s)
				}
			}
		}
		if shards <= 0 {
			return 0, 0, false, fmt.Errorf("JOB_COMPLETION_INDEX is set: give the number of shards with -shards or %s", countVar)
		}
		if i >= shards {
			return 0, 0, false, fmt.Errorf("JOB_COMPLETION_INDEX %d is not below the %d shards", i, shards)
		}
		return i, shards, true, nil
	}
	return 0, 0, false, nil
}

// Parse reads "i/n" with 0 <= i < n.
func Parse(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n <= 0 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("-shard wants i/n with 0 <= i < n, got %q", s)
	}
	return i, n, nil
}

// Select returns the shard from the flag text flag ("i/n", wins when set),
// else from the scheduler's environment (see FromEnv), else 0/1.
func Select(flag string, shards int, countVar string) (i, n int, err error) {
	if flag != "" {
		return Parse(flag)
	}
	i, n, ok, err := FromEnv(shards, countVar)
	if err != nil {
		return 0, 0, err
	}
	if !ok {
		if shards > 1 {
			return 0, 0, errors.New("-shards without a scheduler index (JOB_COMPLETION_INDEX): give -shard i/n")
		}
		return 0, 1, nil
	}
	return i, n, nil
}
