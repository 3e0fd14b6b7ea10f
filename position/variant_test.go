package position

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestVariant(t *testing.T) {
	for _, c := range []struct {
		s       string
		v       Variant
		squares int
	}{{"xiangqi", Xiangqi, 90}, {"chess", Chess, 64}} {
		v, err := ParseVariant(c.s)
		if err != nil || v != c.v || v.String() != c.s || v.Squares() != c.squares || !v.Valid() {
			t.Fatalf("ParseVariant(%q) = %v, %v (squares %d)", c.s, v, err, v.Squares())
		}
	}
	// The numbers are stored in net and dataset files.
	if Xiangqi != 1 || Chess != 2 {
		t.Fatal("variant numbers changed")
	}
	for _, bad := range []string{"", "Chess", "shogi", "xiangqi "} {
		if _, err := ParseVariant(bad); err == nil {
			t.Fatalf("ParseVariant(%q) succeeded", bad)
		}
	}
	if Variant(0).Valid() || Variant(3).Squares() != 0 || Variant(7).String() != "variant(7)" {
		t.Fatal("invalid variants")
	}
	// JSON carries the stored number (training checkpoints hold it), so
	// files written before the type existed still load.
	b, err := json.Marshal(struct{ V Variant }{Chess})
	if err != nil || string(b) != `{"V":2}` {
		t.Fatalf("json %s %v", b, err)
	}
	var back struct{ V Variant }
	if err := json.Unmarshal([]byte(`{"V":1}`), &back); err != nil || back.V != Xiangqi {
		t.Fatalf("unmarshal %v %v", back, err)
	}
}

// TestVariantName: configs and reports carry the text, JSON reads and
// writes it, and a bad name is ParseVariant's error.
func TestVariantName(t *testing.T) {
	type cfg struct {
		Game VariantName `json:"game"`
	}
	for _, c := range []struct {
		v    Variant
		json string
	}{{Xiangqi, `{"game":"xiangqi"}`}, {Chess, `{"game":"chess"}`}, {0, `{"game":""}`}} {
		b, err := json.Marshal(cfg{VariantName(c.v)})
		if err != nil || string(b) != c.json {
			t.Fatalf("marshal %v: %s %v", c.v, b, err)
		}
		var back cfg
		err = json.Unmarshal(b, &back)
		if c.v == 0 {
			if err == nil || err.Error() != `unknown game "" (want xiangqi or chess)` {
				t.Fatalf("unmarshal %s: %v", b, err)
			}
			continue
		}
		if err != nil || back.Game.Variant() != c.v || back.Game.String() != c.v.String() || back.Game.Check() != nil {
			t.Fatalf("unmarshal %s: %+v %v", b, back, err)
		}
	}
	var back cfg
	if err := json.Unmarshal([]byte(`{"game":"shogi"}`), &back); err == nil || err.Error() != `unknown game "shogi" (want xiangqi or chess)` || back.Game != 0 {
		t.Fatalf("shogi: %+v %v", back, err)
	}
	if err := json.Unmarshal([]byte(`{"game":2}`), &back); err == nil {
		t.Fatal("a number was read as a name")
	}
	for n, want := range map[VariantName]string{
		0: `unknown game "" (want xiangqi or chess)`,
		7: `unknown game "variant(7)" (want xiangqi or chess)`,
	} {
		if err := n.Check(); err == nil || err.Error() != want {
			t.Fatalf("Check(%d) = %v", n, err)
		}
	}
}

func TestResult(t *testing.T) {
	for _, c := range []struct {
		s          string
		r          Result
		white, blk float32
	}{{"1-0", WhiteWin, 1, 0}, {"0-1", BlackWin, 0, 1}, {"1/2-1/2", Draw, 0.5, 0.5}, {"*", ResultUnknown, 0.5, 0.5}} {
		r, err := ParseResult(c.s)
		if err != nil || r != c.r || r.String() != c.s || r.Score(White) != c.white || r.Score(Black) != c.blk {
			t.Fatalf("ParseResult(%q) = %v, %v", c.s, r, err)
		}
	}
	// The numbers are stored in dataset files.
	if ResultUnknown != 0 || BlackWin != 1 || Draw != 2 || WhiteWin != 3 {
		t.Fatal("result numbers changed")
	}
	if Win(White) != WhiteWin || Win(Black) != BlackWin {
		t.Fatal("Win")
	}
	if _, err := ParseResult("1-1"); err == nil {
		t.Fatal(`ParseResult("1-1") succeeded`)
	}
	b, err := json.Marshal(struct{ R Result }{Draw})
	if err != nil || string(b) != `{"R":"1/2-1/2"}` {
		t.Fatalf("json %s %v", b, err)
	}
}

// FuzzParseVariantResult: any input is either a valid name/marker that
// writes back to itself, or an error with the zero value.
func FuzzParseVariantResult(f *testing.F) {
	for _, s := range []string{"xiangqi", "chess", "", "Chess", "1-0", "0-1", "1/2-1/2", "*", " 1-0 ", "½-½"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if v, err := ParseVariant(s); err == nil {
			if !v.Valid() || v.String() != s {
				t.Fatalf("ParseVariant(%q) = %v", s, v)
			}
		} else if v != 0 || err.Error() == "" {
			t.Fatalf("ParseVariant(%q) error %v with %v", s, err, v)
		}
		var n VariantName
		if err := n.UnmarshalText([]byte(s)); err != nil {
			if _, perr := ParseVariant(s); perr == nil || err.Error() != perr.Error() || n != 0 {
				t.Fatalf("UnmarshalText(%q): %v, ParseVariant %v", s, err, perr)
			}
		} else if b, _ := n.MarshalText(); string(b) != s || n.Check() != nil {
			t.Fatalf("UnmarshalText(%q) = %v", s, n)
		}
		if r, err := ParseResult(s); err == nil {
			if r.String() != strings.TrimSpace(s) {
				t.Fatalf("ParseResult(%q) = %v", s, r)
			}
		} else if r != ResultUnknown {
			t.Fatalf("ParseResult(%q) error %v with %v", s, err, r)
		}
	})
}
