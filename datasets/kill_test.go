// Kill test: a writer process killed with SIGKILL leaves a .tmp file whose
// finished blocks all read back.
package datasets

import (
	"bufio"
	"dualnnue/position"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

const killEnv = "DATASETS_KILL_TEST_PATH"

// killGames is the deterministic game sequence the child writes.
func killGames(t testing.TB, i int) []GameRecord {
	return randomGames(t, position.Xiangqi, 8, uint64(1000+i), fullGen)
}

// TestKillChild is the writer process of TestKillWriter (skipped unless
// started by it): it writes games forever, printing "durable <records>
// <games>" after every synced block.
func TestKillChild(t *testing.T) {
	path := os.Getenv(killEnv)
	if path == "" {
		t.Skip("child of TestKillWriter only")
	}
	w, err := Create(path, position.Xiangqi, GeneratorInfo{Engine: "kill-test"}, &WriterOptions{BlockSize: 3000})
	if err != nil {
		t.Fatal(err)
	}
	blocks := 0
	for i := 0; ; i++ {
		for _, g := range killGames(t, i) {
			if err := w.WriteGame(&g); err != nil {
				t.Fatal(err)
			}
			// A finished block is synced before Stats counts it.
			if _, _, b, _ := w.Stats(); b != blocks {
				blocks = b
				fmt.Printf("durable %d\n", blocks)
			}
		}
	}
}

func TestKillWriter(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a writer process")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "killed.dnds")
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), killEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	durable := 0
	sc := bufio.NewScanner(out)
	deadline := time.Now().Add(60 * time.Second)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 2 && f[0] == "durable" {
			durable, _ = strconv.Atoi(f[1])
		}
		if durable >= 6 || time.Now().After(deadline) {
			break
		}
	}
	// Kill mid-run: the child is busy writing the next block.
	time.Sleep(20 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	go func() {
		for sc.Scan() {
		}
	}()
	cmd.Wait()
	if durable < 6 {
		t.Fatalf("child reported only %d durable blocks", durable)
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatalf("%s exists: the killed writer must not have renamed its .tmp", path)
	}
	tmp := path + ".tmp"
	r, err := Open(tmp, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// Every game read back must equal the child's deterministic sequence.
	var g GameRecord
	n := 0
	for i := 0; ; i++ {
		for _, want := range killGames(t, i) {
			if !r.NextGame(&g) {
				goto done
			}
			if got, w := normalized(g), normalized(want); fmt.Sprint(got) != fmt.Sprint(w) {
				t.Fatalf("game %d differs", n)
			}
			n++
		}
	}
done:
	if r.Blocks < int64(durable) {
		t.Fatalf("read %d blocks, the child had made %d durable", r.Blocks, durable)
	}
	errs, warns := countProblems(r.Problems())
	if errs != 0 || warns != 1 {
		t.Fatalf("problems: %v", r.Problems())
	}
	t.Logf("killed after %d durable blocks: read %d blocks, %d games; %v", durable, r.Blocks, n, r.Problems()[0])
	// The remains can be salvaged into a closed file.
	recs, games, err := Merge(filepath.Join(dir, "salvaged.dnds"), []string{tmp}, false, nil)
	if err != nil || games != uint64(n) || recs == 0 {
		t.Fatalf("merge of the remains: %d records %d games, %v", recs, games, err)
	}
}
