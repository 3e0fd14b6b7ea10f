package enginecmd

import "testing"

func TestDefaultVariant(t *testing.T) {
	for argv0, want := range map[string]string{
		"play":                          "xiangqi",
		"/usr/local/bin/play":           "xiangqi",
		"dualnnue-chess":                "chess",
		"/home/u/go/bin/dualnnue-chess": "chess",
		"play-chess.exe":                "chess",
		"/opt/chess/play":               "xiangqi", // the directory does not count
		"xiangqi-chess":                 "xiangqi",
		"":                              "xiangqi",
	} {
		if got := DefaultVariant(argv0); got != want {
			t.Errorf("DefaultVariant(%q) = %s, want %s", argv0, got, want)
		}
	}
}
