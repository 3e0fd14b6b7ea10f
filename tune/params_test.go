// Tests of the parameter file: the format, every malformed line with its message, a fuzz target.
package tune

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestParseParams(t *testing.T) {
	data := "# a comment\n\nFutMargin, int, 80, 20, 200, 9, 0.002\n  LmrBase ,float, 0.75, 0.25, 1.5, 0.0625, 0.002  \r\nHistDiv, int, 8192, 1024, 16384, 768, 2e-3\n"
	got, err := ParseParams([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	want := []Param{
		{Name: "FutMargin", Start: 80, Min: 20, Max: 200, CEnd: 9, REnd: 0.002},
		{Name: "LmrBase", Float: true, Start: 0.75, Min: 0.25, Max: 1.5, CEnd: 0.0625, REnd: 0.002},
		{Name: "HistDiv", Start: 8192, Min: 1024, Max: 16384, CEnd: 768, REnd: 0.002},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
	if l := want[1].Line(); l != "LmrBase, float, 0.75, 0.25, 1.5, 0.0625, 0.002" {
		t.Fatalf("Line() = %q", l)
	}
}

// TestParseParamsErrors pins the message of every malformed file: the
// line, the field and what is wrong.
func TestParseParamsErrors(t *testing.T) {
	cases := []struct{ data, want string }{
		{"", "no parameters (want lines NAME, int, START, MIN, MAX, C_END, R_END)"},
		{"# only a comment\n", "no parameters (want lines NAME, int, START, MIN, MAX, C_END, R_END)"},
		{"A, int, 1, 0, 2, 1\n", "line 1: 6 fields, want 7: NAME, int|float, START, MIN, MAX, C_END, R_END"},
		{"A, int, 1, 0, 2, 1, 0.002, 9\n", "line 1: 8 fields, want 7: NAME, int|float, START, MIN, MAX, C_END, R_END"},
		{", int, 1, 0, 2, 1, 0.002", `line 1: field 1 (NAME) "": empty`},
		{"Move Overhead, int, 1, 0, 2, 1, 0.002", `line 1: field 1 (NAME) "Move Overhead": only letters, digits, '_' and '-' (a bare TOML key, an engine option name)`},
		{"A, double, 1, 0, 2, 1, 0.002", `line 1: field 2 (TYPE) "double": want int or float`},
		{"\nA, int, x, 0, 2, 1, 0.002", `line 2: field 3 (START) "x": not a number`},
		{"A, int, 1.5, 0, 2, 1, 0.002", `line 1: field 3 (START) "1.5": an int parameter takes integers`},
		{"A, int, 1, 0.5, 2, 1, 0.002", `line 1: field 4 (MIN) "0.5": an int parameter takes integers`},
		{"A, int, 1, 0, , 1, 0.002", `line 1: field 5 (MAX) "": empty`},
		{"A, int, 1, 0, 2, NaN, 0.002", `line 1: field 6 (C_END) "NaN": not a number`},
		{"A, int, 1, 0, 2, 1, Inf", `line 1: field 7 (R_END) "Inf": not a number`},
		{"A, int, 1, 0, 2, 1, 1e", `line 1: field 7 (R_END) "1e": not a number`},
		{"A, int, 1, 0, 2, 0x10, 0.002", `line 1: field 6 (C_END) "0x10": not a number`},
		{"A, int, 1, 0, 2e10, 1, 0.002", `line 1: field 5 (MAX) "2e10": magnitude above 1e9`},
		{"A, int, 1, 2, 2, 1, 0.002", "line 1: field 4 (MIN) 2 must be below field 5 (MAX) 2"},
		{"A, int, 1, 3, 2, 1, 0.002", "line 1: field 4 (MIN) 3 must be below field 5 (MAX) 2"},
		{"A, int, 5, 0, 2, 1, 0.002", "line 1: field 3 (START) 5 is outside [MIN, MAX] = [0, 2]"},
		{"A, int, 1, 0, 2, 0, 0.002", "line 1: field 6 (C_END) 0 must be > 0"},
		{"A, int, 1, 0, 2, -1, 0.002", "line 1: field 6 (C_END) -1 must be > 0"},
		{"A, int, 1, 0, 2, 1, 0", "line 1: field 7 (R_END) 0 must be > 0"},
		{"A, float, 1, 0, 2, 1e-10, 0.002", "line 1: C_END 1e-10 and R_END 0.002 must be at least 1e-9 (smaller ones underflow the schedule)"},
		{"A, int, 1, 0, 2, 1, 0.002\n# c\nA, int, 1, 0, 2, 1, 0.002", "line 3: parameter A repeats line 1"},
	}
	for _, c := range cases {
		_, err := ParseParams([]byte(c.data))
		if err == nil || err.Error() != c.want {
			t.Errorf("ParseParams(%q):\n got %v\nwant %s", c.data, err, c.want)
		}
	}
	long := "A, int, 1, 0, 2, 1, 0.002\n" + strings.Repeat("x", 2<<20)
	if _, err := ParseParams([]byte(long)); err == nil || !strings.HasPrefix(err.Error(), "line 2: ") {
		t.Errorf("an over-long line: %v", err)
	}
}

func TestSpinOptions(t *testing.T) {
	lines := []string{
		"option name Hash type spin default 16 min 1 max 1024",
		"option name Move Overhead type spin default 10 min 0 max 5000",
		"option name UCI_Elo type spin default 2100 min 1500 max 2100",
		"option name Ponder type check default false",
		"option name FutMargin type spin default 80 min 20 max 200",
		"option name Lmr-Base type spin default 75 min 25 max 150",
		"option name Broken type spin default x min 0 max 1",
		"option name Fixed type spin default 1 min 1 max 1",
		"option name Esc\x1b[2J\x00 type spin default 1 min 0 max 9", // never printed (issue 24 N6)
	}
	if o, ok := ParseSpinOption(lines[1]); !ok || o != (SpinOption{"Move Overhead", 10, 0, 5000}) || !o.Standard() {
		t.Fatalf("%+v %v", o, ok)
	}
	var b strings.Builder
	for _, p := range ListParams(lines) {
		b.WriteString(p.Line() + "\n")
	}
	want := "FutMargin, int, 80, 20, 200, 9, 0.002\nLmr-Base, int, 75, 25, 150, 6.25, 0.002\n"
	if b.String() != want {
		t.Fatalf("ListParams:\n%s\nwant\n%s", b.String(), want)
	}
	params, _ := ParseParams([]byte(want))
	if opts, err := CheckParams(params, lines); err != nil || len(opts) != 2 || opts[1].Name != "Lmr-Base" {
		t.Fatalf("CheckParams: %v %v", opts, err)
	}
	bad := []struct{ line, want string }{
		{"Nope, int, 1, 0, 2, 1, 0.002", "unknown parameter Nope: the engine has no spin option of that name (its tunables: FutMargin, Lmr-Base, Fixed)"},
		{"FutMargin, float, 80, 20, 200, 9, 0.002", "parameter FutMargin is float, but the engine's option is a spin (integer) option: declare it int"},
		{"FutMargin, int, 80, 10, 200, 9, 0.002", "parameter FutMargin: range [10, 200] exceeds the engine's [20, 200]"},
		{"FutMargin, int, 80, 20, 201, 9, 0.002", "parameter FutMargin: range [20, 201] exceeds the engine's [20, 200]"},
	}
	for _, c := range bad {
		params, err := ParseParams([]byte(c.line))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := CheckParams(params, lines); err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.line, err, c.want)
		}
	}
	params, _ = ParseParams([]byte("X, int, 1, 0, 2, 1, 0.002"))
	if _, err := CheckParams(params, lines[:2]); err == nil || !strings.Contains(err.Error(), "its tunables: none: was it started in its tuning mode, e.g. arg=-tune?") {
		t.Errorf("no tunables: %v", err)
	}
}

// FuzzParseParams: any input is read or refused without a panic, and an
// accepted file writes back (Param.Line) to the same parameters.
func FuzzParseParams(f *testing.F) {
	f.Add([]byte("FutMargin, int, 80, 20, 200, 9, 0.002\nLmrBase, float, 0.75, 0.25, 1.5, 0.0625, 0.002\n"))
	f.Add([]byte("# c\n\nA,int,1,0,2,1e-1,2E-3\r\n"))
	f.Add([]byte("A, int, 1, 0, 2, 1"))
	f.Add([]byte("A, int, -5, -1e9, 1e9, .5, 5."))
	f.Fuzz(func(t *testing.T, data []byte) {
		params, err := ParseParams(data)
		if err != nil {
			return
		}
		var b strings.Builder
		for _, p := range params {
			b.WriteString(p.Line() + "\n")
		}
		again, err := ParseParams([]byte(b.String()))
		if err != nil || !reflect.DeepEqual(again, params) {
			t.Fatalf("%q: written as %q, read back %+v, %v", data, b.String(), again, err)
		}
		// The schedule is finite for every accepted parameter.
		for _, n := range []int{1, 1000000} {
			s := DefaultSchedule(n)
			for _, p := range params {
				for _, k := range []int{1, n} {
					c, r := s.C(p, k), s.R(p, k)
					if !(c > 0) || !(r > 0) || math.IsInf(c, 0) || math.IsInf(r, 0) {
						t.Fatalf("%s: c_%d = %v, r_%d = %v over %d iterations", p.Line(), k, c, k, r, n)
					}
				}
			}
		}
	})
}
