package cli

import (
	"bytes"
	"flag"
	"io"
	"reflect"
	"testing"

	"dualnnue/position"
)

func TestOverlay(t *testing.T) {
	type config struct {
		Games, Threads int
		Out            string
	}
	cfg := config{Games: 10, Threads: 4, Out: "from-file"}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	games := fs.Int("games", 1, "")
	threads := fs.Int("threads", 1, "")
	out := fs.String("out", "default", "")
	fs.Func("output", "alias", func(s string) error { *out = s; return nil })
	if err := fs.Parse([]string{"-games", "0", "-output", "x"}); err != nil {
		t.Fatal(err)
	}
	Overlay(fs, map[string]func(){
		"games":   func() { cfg.Games = *games },
		"threads": func() { cfg.Threads = *threads },
		"out":     func() { cfg.Out = *out },
		"output":  func() { cfg.Out = *out },
	})
	// -games 0 is set (a zero value still overrides); -threads is not.
	if want := (config{Games: 0, Threads: 4, Out: "x"}); cfg != want {
		t.Fatalf("config %+v, want %+v", cfg, want)
	}
	if got, want := SetFlags(fs), map[string]bool{"games": true, "output": true}; !reflect.DeepEqual(got, want) {
		t.Fatalf("SetFlags %v, want %v", got, want)
	}
}

func TestOverlayUnknownFlagPanics(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.Int("games", 1, "")
	defer func() {
		if r := recover(); r != "cli.Overlay: \"gmaes\" is not a flag of t" {
			t.Fatalf("recovered %v, want the misspelt name's panic", r)
		}
	}()
	Overlay(fs, map[string]func(){"gmaes": func() {}})
}

// TestConfigGame: -game beside -config agrees or is refused with exit 2
// and one message; a -game the command line did not set agrees with any
// config.
func TestConfigGame(t *testing.T) {
	for _, c := range []struct {
		args       []string
		configGame position.Variant
		code       int
		ok         bool
		stderr     string
	}{
		{nil, position.Chess, 0, true, ""},
		{[]string{"-game", "chess"}, position.Chess, 0, true, ""},
		{[]string{"-game", "xiangqi"}, position.Chess, 2, false, "tool run: -game xiangqi contradicts the config's game chess\n"},
		{[]string{"-game", "chess"}, position.Xiangqi, 2, false, "tool run: -game chess contradicts the config's game xiangqi\n"},
	} {
		var stderr bytes.Buffer
		call := &Call{Path: "tool run", Stderr: &stderr, Flags: flag.NewFlagSet("run", flag.ContinueOnError)}
		game := call.Flags.String("game", "xiangqi", "")
		if err := call.Flags.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		g, err := position.ParseVariant(*game)
		if err != nil {
			t.Fatal(err)
		}
		code, ok := call.ConfigGame(g, c.configGame)
		if code != c.code || ok != c.ok || stderr.String() != c.stderr {
			t.Errorf("%q with a %v config: %d %v %q; want %d %v %q", c.args, c.configGame, code, ok, stderr.String(), c.code, c.ok, c.stderr)
		}
	}
}
