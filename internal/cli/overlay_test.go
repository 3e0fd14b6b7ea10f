package cli

import (
	"flag"
	"io"
	"reflect"
	"testing"
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
