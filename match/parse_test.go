package match

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestParseEngineQuoting: option names with spaces ("Move Overhead", "Use
// NNUE") are written with shell quoting; every form gives the same option.
func TestParseEngineQuoting(t *testing.T) {
	want := []Option{{"Move Overhead", "30"}, {"Use NNUE", "false"}, {"EvalFile", "/nets/my net.nnue"}}
	for _, spec := range []string{
		`cmd=stockfish 'option.Move Overhead=30' "option.Use NNUE=false" "option.EvalFile=/nets/my net.nnue"`,
		`cmd=stockfish option."Move Overhead"=30 option.Use\ NNUE=false option.EvalFile=/nets/my\ net.nnue`,
		"cmd=stockfish\t'option.Move Overhead'=30  option.'Use NNUE'='false' option.EvalFile='/nets/my net.nnue'",
	} {
		e, err := ParseEngine(spec)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if e.Cmd != "stockfish" || !reflect.DeepEqual(e.Options, want) {
			t.Fatalf("%s: %+v", spec, e)
		}
	}
	// The examples of the package documentation.
	if e, err := ParseEngine(`cmd=./play "option.Use NNUE=false" option.EvalFile=/nets/my\ net.nnue`); err != nil ||
		!reflect.DeepEqual(e.Options, []Option{{"Use NNUE", "false"}, {"EvalFile", "/nets/my net.nnue"}}) {
		t.Fatalf("%+v %v", e, err)
	}
	if e, err := ParseEngine(`cmd=stockfish 'option.Move Overhead=30' option."UCI_Elo"=1500`); err != nil ||
		!reflect.DeepEqual(e.Options, []Option{{"Move Overhead", "30"}, {"UCI_Elo", "1500"}}) {
		t.Fatalf("%+v %v", e, err)
	}
	e, err := ParseEngine(`cmd="/opt/my engines/sf" arg="-x \"y\"" name='a b'`)
	if err != nil || e.Cmd != "/opt/my engines/sf" || !reflect.DeepEqual(e.Args, []string{`-x "y"`}) || e.Name != "a b" {
		t.Fatalf("%+v %v", e, err)
	}
	for _, bad := range []string{
		`cmd=x 'option.Move Overhead=30`, // unterminated quote
		`cmd=x "option.A=1`,              // unterminated quote
		`cmd=x option.A=1\`,              // trailing backslash
		"cmd=x 'option.Hash=1\nisready'", // newline would inject a command
		"cmd=x option.Hash=1\x00",        // control character
		`cmd=x option.=3`,                // empty option name
		`cmd=x 'option. =3'`,             // blank option name
		`cmd=x 'option.Skill value=3'`,   // UCI cannot say this name
		`cmd=x cmd=y`,                    // repeated key
		`cmd=x name=a name=b`,            // repeated key
		`cmd=x ''`,                       // empty word
		`cmd=x option.Move Overhead=30`,  // unquoted: "Overhead=30" is unknown
	} {
		if e, err := ParseEngine(bad); err == nil {
			t.Errorf("ParseEngine(%q) accepted: %+v", bad, e)
		}
	}
}

func TestParseTimeControlBounds(t *testing.T) {
	good := map[string]TimeControl{
		"nodes=5000":   {Nodes: 5000},
		"depth=12":     {Depth: 12},
		"movetime=250": {MoveTime: 250 * time.Millisecond},
		"10+0.1":       {Base: 10 * time.Second, Inc: 100 * time.Millisecond},
		"60":           {Base: time.Minute},
		"0.001+0":      {Base: time.Millisecond},
		"1e-3+1e-3":    {Base: time.Millisecond, Inc: time.Millisecond},
		"0.3+0.003":    {Base: 300 * time.Millisecond, Inc: 3 * time.Millisecond},
	}
	for s, want := range good {
		tc, err := ParseTimeControl(s)
		if err != nil || tc != want {
			t.Errorf("ParseTimeControl(%q) = %+v, %v; want %+v", s, tc, err, want)
		}
	}
	for _, bad := range []string{"NaN+0", "nan", "Inf+0", "+Inf", "1+Inf", "1+NaN", "0x10+0", "1_0+0",
		"1e300+0", "10+", "+5", "0+1", "0.0000001+0", "1+-1", "movetime=99999999999999", "depth=100000",
		"nodes=", "nodes=1.5", " 10+1", "10+1 ", "10+0+0"} {
		if tc, err := ParseTimeControl(bad); err == nil {
			t.Errorf("ParseTimeControl(%q) accepted: %+v", bad, tc)
		}
	}
}

// FuzzParseEngine: no panic; an accepted spec has a command and options
// that can be sent as one UCI line each.
func FuzzParseEngine(f *testing.F) {
	for _, s := range []string{
		"cmd=./play name=new arg=-x option.Hash=16 option.EvalFile=net.nnue ranks=1",
		`cmd=stockfish 'option.Move Overhead=30' "option.Use NNUE=false"`,
		`cmd=x option."A B"=1 option.C\ D=2 dir=/tmp`,
		`cmd="a b" arg="\"q\""`, "cmd=x 'unterminated", `cmd=x "a\`, "", "=", "option.=",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		e, err := ParseEngine(spec)
		if err != nil {
			return
		}
		if e.Cmd == "" {
			t.Fatalf("%q: accepted without a command", spec)
		}
		for _, o := range e.Options {
			if strings.TrimSpace(o.Name) == "" || strings.ContainsAny(o.Name+o.Value, "\n\r\x00") {
				t.Fatalf("%q: option %+v cannot be sent", spec, o)
			}
		}
	})
}

// FuzzParseTimeControl: no panic; an accepted control has exactly one kind
// of limit, no negative or overflowing duration, and its String form parses
// back to the same control.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"nodes=5000", "depth=9", "movetime=100", "10+0.1", "1+0.01", "60", "NaN+0",
		"1e300+0", "movetime=9223372036854775807", "0.0015+0.0005", "-1+0", "x+y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil {
			return
		}
		kinds := 0
		for _, on := range []bool{tc.Nodes > 0, tc.Depth > 0, tc.MoveTime > 0, tc.Base > 0} {
			if on {
				kinds++
			}
		}
		if kinds != 1 || tc.Nodes < 0 || tc.Depth < 0 || tc.MoveTime < 0 || tc.Base < 0 || tc.Inc < 0 {
			t.Fatalf("%q: %+v", s, tc)
		}
		back, err := ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Fatalf("%q: %+v prints as %q, which parses to %+v, %v", s, tc, tc.String(), back, err)
		}
	})
}

func TestParseSPRTStrict(t *testing.T) {
	good := map[string]SPRT{
		"0,5,0.05,0.05":               {Elo1: 5, Alpha: 0.05, Beta: 0.05},
		"-1.75,0.25,0.05,0.1":         {Elo0: -1.75, Elo1: 0.25, Alpha: 0.05, Beta: 0.1},
		"0, 10, 0.05, 0.05, logistic": {Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: SPRTLogistic},
	}
	for s, want := range good {
		if got, err := ParseSPRT(s); err != nil || got != want {
			t.Errorf("ParseSPRT(%q) = %+v, %v", s, got, err)
		}
	}
	// Extra fields were ignored, infinite bounds accepted (the LLR is then NaN).
	for _, bad := range []string{"", "0,5,0.05", "0,5,0.05,0.05,logistic,x", "0,inf,0.05,0.05", "nan,5,0.05,0.05",
		"5,0,0.05,0.05", "0,5,0,0.05", "0,5,0.05,0.5", "0,5000,0.05,0.05", "0,5,0.05,0.05,bayes", "0;5;0.05;0.05"} {
		if s, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted: %+v", bad, s)
		}
	}
}

// FuzzParseSPRT: no panic; an accepted test has bounds of opposite signs
// and finite LLRs.
func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"0,5,0.05,0.05", "-1.75,0.25,0.05,0.1,logistic", "0,inf,0.05,0.05", "1e3,1e3,0.1,0.1", ",,,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSPRT(s)
		if err != nil {
			return
		}
		lo, hi := sp.Bounds()
		llr := sp.LLRPentanomial(Pentanomial{3, 10, 20, 11, 4})
		if !(lo < 0 && hi > 0) || math.IsNaN(llr) || math.IsInf(llr, 0) {
			t.Fatalf("%q: bounds %v %v, LLR %v", s, lo, hi, llr)
		}
	})
}
