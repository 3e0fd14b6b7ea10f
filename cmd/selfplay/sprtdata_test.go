package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/datasets"
)

// TestSprtdataScript runs bench/sprtdata.sh as one would from another
// directory than the repository's: the PGNs and OUTDIR are the caller's
// relative paths, a PGN need not end in .pgn (nor its directory lack a
// dot), and the engines' names are read as the importer reads them (a tag
// with trailing blanks and CRLF, a name with an escaped quote and spaces).
// The engines are this checkout's HEAD, whose settings the import reads.
func TestSprtdataScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds selfplay")
	}
	for _, tool := range []string{"bash", "git", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip("no " + tool)
		}
	}
	script, err := filepath.Abs("../../bench/sprtdata.sh")
	if err != nil {
		t.Fatal(err)
	}
	revOut, err := exec.Command("git", "rev-parse", "--short=10", "HEAD").Output()
	if err != nil {
		t.Skip("not a git checkout:", err)
	}
	rev := strings.TrimSpace(string(revOut))
	dir := t.TempDir()
	games := filepath.Join(dir, "sprt games.v2")
	os.Mkdir(games, 0o755)
	pgn := "[White \"new \\\"q\\\" x-" + rev + "\"]  \r\n[Black \"base-" + rev + "\"]\r\n[Result \"1-0\"]\r\n\r\n" +
		"1. e4 {book} e5 {book} 2. Nf3 {+0.35/12} Nc6 {-0.20/11} 1-0\r\n\r\n" +
		"[White \"base-" + rev + "\"]\n[ Black   \"new \\\"q\\\" x-" + rev + "\" ]\n[Result \"0-1\"]\n\n" +
		"1. d4 {book} d5 {book} 2. c4 {+0.10/12} e6 {-0.05/11} 0-1\n"
	os.WriteFile(filepath.Join(games, "xwin"), []byte(pgn), 0o644)
	cmd := exec.Command("bash", script, "chess", "out", filepath.Join("sprt games.v2", "xwin"))
	cmd.Dir = dir
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	out := filepath.Join(dir, "out", "xwin.dnds")
	fi, err := datasets.Inspect(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if fi.Records != 4 || !strings.Contains(fi.Header.Generator.Extra["rescored"], `new "q" x-`+rev+":") {
		t.Errorf("%d positions, generator %v\n%s", fi.Records, fi.Header.Generator.Extra, b)
	}
}
