package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"dualnnue/datasets"
	"dualnnue/pipeline"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: compare SLURM_RUN_DIR LOCAL_RUN_DIR")
		os.Exit(2)
	}
	if err := compare(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
}

func load(dir string) (*pipeline.Report, error) {
	data, err := os.ReadFile(filepath.Join(dir, "generations.json"))
	if err != nil {
		return nil, err
	}
	var r pipeline.Report
	return &r, json.Unmarshal(data, &r)
}

// games lists the game lines of a generation's match result files, sorted
// (the headers name each run's own net paths).
func games(genDir string) ([]string, error) {
	files, _ := filepath.Glob(filepath.Join(genDir, "match-shards", "shard-*.results"))
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no match result files", genDir)
	}
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, `{"pair"`) {
				out = append(out, l)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

type jobs struct {
	Jobs []struct {
		ID    string `json:"id"`
		Tasks []int  `json:"tasks"`
	} `json:"jobs"`
	Finished bool `json:"finished"`
}

func compare(slurmDir, localDir string) error {
	s, err := load(slurmDir)
	if err != nil {
		return err
	}
	l, err := load(localDir)
	if err != nil {
		return err
	}
	if len(s.Generations) != 2 || len(l.Generations) != 2 {
		return fmt.Errorf("generations: slurm %d, local %d, want 2", len(s.Generations), len(l.Generations))
	}
	for i := range s.Generations {
		a, b := s.Generations[i], l.Generations[i]
		if a.Games != b.Games || a.Positions != b.Positions || a.Match != b.Match || a.Penta != b.Penta || a.Accepted != b.Accepted || a.Elo != b.Elo || a.LLR != b.LLR {
			return fmt.Errorf("generation %d: slurm %d games %d positions %+v %v kept %v Elo %.2f, local %d games %d positions %+v %v kept %v Elo %.2f",
				i, a.Games, a.Positions, a.Match, a.Penta, a.Accepted, a.Elo, b.Games, b.Positions, b.Match, b.Penta, b.Accepted, b.Elo)
		}
		// The nets' descriptions name their run ("run-slurm-gen000", its data
		// path): the names have the same length, and once the one is
		// written as the other the files must be the same bytes up to the
		// checksum.
		na, err := os.ReadFile(a.Net)
		if err != nil {
			return err
		}
		nb, err := os.ReadFile(b.Net)
		if err != nil {
			return err
		}
		if !checked(na) || !checked(nb) {
			return fmt.Errorf("generation %d: a net's checksum is wrong", i)
		}
		// The CRC32C at the end covers the description: the rest is compared.
		na = bytes.ReplaceAll(na[:len(na)-4], []byte(filepath.Base(slurmDir)), []byte(filepath.Base(localDir)))
		if !bytes.Equal(na, nb[:len(nb)-4]) {
			return fmt.Errorf("generation %d: the nets differ (%s, %s)", i, a.Net, b.Net)
		}
		genS, genL := filepath.Join(slurmDir, fmt.Sprintf("gen-%03d", i)), filepath.Join(localDir, fmt.Sprintf("gen-%03d", i))
		ds, err := readGames(filepath.Join(genS, "merged", "xiangqi.dnds"))
		if err != nil {
			return err
		}
		dl, err := readGames(filepath.Join(genL, "merged", "xiangqi.dnds"))
		if err != nil {
			return err
		}
		if len(ds) != a.Games || !reflect.DeepEqual(ds, dl) {
			return fmt.Errorf("generation %d: the merged self-play data differ (%d and %d games)", i, len(ds), len(dl))
		}
		gs, err := games(genS)
		if err != nil {
			return err
		}
		gl, err := games(genL)
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(gs, gl) {
			return fmt.Errorf("generation %d: the match games differ:\n%s\n%s", i, strings.Join(gs, "\n"), strings.Join(gl, "\n"))
		}
		for _, st := range a.Stages {
			if !strings.HasPrefix(st.Where, "slurm job ") {
				return fmt.Errorf("generation %d: %s ran %q", i, st.Stage, st.Where)
			}
			fmt.Printf("generation %d %-8s %-24s %d tasks, %d resubmitted, queued %.0f s, ran %.0f s, overhead %.1f s\n",
				i, st.Stage, st.Where, st.Tasks, st.Resubmitted, st.QueueSecs, st.RunSecs, st.OverheadSecs)
		}
		for _, stage := range []string{"selfplay-tasks", "match-shards"} {
			data, err := os.ReadFile(filepath.Join(genS, stage, "jobs.json"))
			if err != nil {
				return err
			}
			var j jobs
			if err := json.Unmarshal(data, &j); err != nil {
				return err
			}
			want := 1
			if i == 0 && stage == "selfplay-tasks" {
				want = 2
			}
			if len(j.Jobs) != want || !j.Finished {
				return fmt.Errorf("generation %d %s: %d jobs (finished %v), want %d: %s", i, stage, len(j.Jobs), j.Finished, want, data)
			}
			if want == 2 && !reflect.DeepEqual(j.Jobs[1].Tasks, []int{2}) {
				return fmt.Errorf("generation 0 self-play resubmitted tasks %v, want [2]", j.Jobs[1].Tasks)
			}
		}
	}
	fmt.Printf("slurm and local runs agree: the same games, nets and decisions (kept %v, %v)\n", s.Generations[0].Accepted, s.Generations[1].Accepted)
	return nil
}

// readGames reads every game of a dataset file (the header, which names
// its time of creation, is left out of the comparison).
func readGames(path string) ([]datasets.GameRecord, error) {
	r, err := datasets.Open(path, nil)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var out []datasets.GameRecord
	for {
		var g datasets.GameRecord
		if !r.NextGame(&g) {
			break
		}
		out = append(out, g)
	}
	return out, r.Err()
}

// checked reports whether a net file ends with the CRC32C of the bytes
// before it.
func checked(b []byte) bool {
	return len(b) > 4 && crc32.Checksum(b[:len(b)-4], crc32.MakeTable(crc32.Castagnoli)) == binary.LittleEndian.Uint32(b[len(b)-4:])
}
