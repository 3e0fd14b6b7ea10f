// The tunable-constant table: ranges, setters, the tuned file's parser.
package search

import (
	"strings"
	"testing"
	"unsafe"
)

func TestParamSpecs(t *testing.T) {
	seen := map[string]bool{}
	var p Params
	for _, ps := range paramSpecs {
		if seen[strings.ToLower(ps.Name)] {
			t.Errorf("%s declared twice", ps.Name)
		}
		seen[strings.ToLower(ps.Name)] = true
		if !(ps.Min <= ps.Default && ps.Default <= ps.Max) || ps.Min >= ps.Max {
			t.Errorf("%s: default %d outside [%d, %d]", ps.Name, ps.Default, ps.Min, ps.Max)
		}
		if ps.Step <= 0 {
			t.Errorf("%s: step %v", ps.Name, ps.Step)
		}
		f := ps.field(&p)
		*f = 12345
		if v, ok := p.Get(ps.Name); !ok || v != 12345 {
			t.Errorf("%s: the accessor points at another field", ps.Name)
		}
	}
	// Every field of Params has a spec: a struct of N ints is N·8 bytes.
	if n := len(paramSpecs); n*8 != int(sizeofParams()) {
		t.Errorf("%d specs for a Params of %d bytes", n, sizeofParams())
	}
	if got := len(ParamSpecs()); got != len(paramSpecs) {
		t.Errorf("ParamSpecs: %d entries", got)
	}
}

func TestParamsSet(t *testing.T) {
	p := DefaultParams()
	if err := p.Set("rfpmargin", 90); err != nil || p.RFPMargin != 90 {
		t.Fatalf("Set rfpmargin 90: %v, RFPMargin %d", err, p.RFPMargin)
	}
	for _, c := range []struct {
		name  string
		value int
		err   string
	}{
		{"RFPMargin", 29, "search parameter RFPMargin: 29 is outside [30, 200]"},
		{"RFPMargin", 201, "search parameter RFPMargin: 201 is outside [30, 200]"},
		{"NoSuch", 1, `unknown search parameter "NoSuch"`},
	} {
		err := p.Set(c.name, c.value)
		if err == nil || err.Error() != c.err {
			t.Errorf("Set(%s, %d): %v, want %q", c.name, c.value, err, c.err)
		}
	}
	if p.RFPMargin != 90 {
		t.Errorf("a refused Set changed the value to %d", p.RFPMargin)
	}
}

func TestParamsTOML(t *testing.T) {
	p := DefaultParams()
	if err := p.applyTOML("# tuned\nRFPMargin = 95  # comment\n\n  LMRDiv=230\n"); err != nil {
		t.Fatal(err)
	}
	if p.RFPMargin != 95 || p.LMRDiv != 230 {
		t.Errorf("RFPMargin %d LMRDiv %d, want 95 230", p.RFPMargin, p.LMRDiv)
	}
	// Each bad file starts with a good line: an error must leave every value as it was.
	for _, c := range []struct{ text, err string }{
		{"LMRDiv = 300\nRFPMargin 95", `line 2: want NAME = VALUE, got "RFPMargin 95"`},
		{"LMRDiv = 300\n\nRFPMargin = x", `line 3: value "x" is not an integer`},
		{"LMRDiv = 300\nRFPMargin = 1000", "line 2: search parameter RFPMargin: 1000 is outside [30, 200]"},
		{"LMRDiv = 300\nFoo = 1", `line 2: unknown search parameter "Foo"`},
	} {
		q := DefaultParams()
		err := q.applyTOML(c.text)
		if err == nil || err.Error() != c.err {
			t.Errorf("%q: %v, want %q", c.text, err, c.err)
		}
		if q != DefaultParams() {
			t.Errorf("%q: a bad file changed the params", c.text)
		}
	}
}

// TestTunedParams: the embedded file parses (DefaultParams would panic at
// start-up otherwise) and its values are the engine's defaults.
func TestTunedParams(t *testing.T) {
	var p Params
	for _, ps := range paramSpecs {
		*ps.field(&p) = ps.Default
	}
	if err := p.applyTOML(tunedParams); err != nil {
		t.Fatal(err)
	}
	if p != DefaultParams() {
		t.Error("DefaultParams differs from the table with search/params.toml applied")
	}
}

func FuzzParamsTOML(f *testing.F) {
	f.Add("RFPMargin = 95\n")
	f.Add("# c\nLMRDiv=230 # x\n")
	f.Add("=\n")
	f.Fuzz(func(t *testing.T, text string) {
		p := DefaultParams()
		if err := p.applyTOML(text); err != nil {
			if p != DefaultParams() {
				t.Fatal("error but params changed")
			}
			return
		}
		for _, ps := range paramSpecs {
			if v := *ps.field(&p); v < ps.Min || v > ps.Max {
				t.Fatalf("%s = %d accepted outside its range", ps.Name, v)
			}
		}
	})
}

func sizeofParams() uintptr { return unsafe.Sizeof(Params{}) }
