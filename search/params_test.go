// The tunable-constant table: ranges, setters, the tuned file's parser.
package search

import (
	"strings"
	"testing"
	"unsafe"

	"dualnnue/position"
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
	if got := len(ParamSpecs(position.Chess)); got != len(paramSpecs) {
		t.Errorf("ParamSpecs: %d entries", got)
	}
}

func TestParamsSet(t *testing.T) {
	p := DefaultParams(position.Xiangqi)
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
	text := "# tuned\nRFPMargin = 95  # both games\n\n[chess]\n  LMRDiv=230\n[ xiangqi ]\nLMRDiv = 240\nRFPMargin = 85\n"
	for _, c := range []struct {
		v           position.Variant
		rfp, lmrDiv int
	}{{position.Chess, 95, 230}, {position.Xiangqi, 85, 240}} {
		p := DefaultParams(0)
		if err := p.applyTOML(text, c.v); err != nil {
			t.Fatal(err)
		}
		if p.RFPMargin != c.rfp || p.LMRDiv != c.lmrDiv {
			t.Errorf("%v: RFPMargin %d LMRDiv %d, want %d %d", c.v, p.RFPMargin, p.LMRDiv, c.rfp, c.lmrDiv)
		}
	}
	// Each bad file starts with a good line: an error must leave every
	// value as it was. The other game's section is checked too.
	for _, c := range []struct{ text, err string }{
		{"LMRDiv = 300\nRFPMargin 95", `line 2: want NAME = VALUE, got "RFPMargin 95"`},
		{"LMRDiv = 300\n\nRFPMargin = x", `line 3: value "x" is not an integer`},
		{"LMRDiv = 300\nRFPMargin = 1000", "line 2: search parameter RFPMargin: 1000 is outside [30, 200]"},
		{"LMRDiv = 300\nFoo = 1", `line 2: unknown search parameter "Foo"`},
		{"LMRDiv = 300\n[shogi]", `line 2: want a section [xiangqi] or [chess], got "[shogi]"`},
		{"LMRDiv = 300\n[chess", `line 2: want a section [xiangqi] or [chess], got "[chess"`},
		{"LMRDiv = 300\n[xiangqi]\nRFPMargin = 1", "line 3: search parameter RFPMargin: 1 is outside [30, 200]"},
	} {
		q := DefaultParams(position.Chess)
		err := q.applyTOML(c.text, position.Chess)
		if err == nil || err.Error() != c.err {
			t.Errorf("%q: %v, want %q", c.text, err, c.err)
		}
		if q != DefaultParams(position.Chess) {
			t.Errorf("%q: a bad file changed the params", c.text)
		}
	}
}

// TestTunedParams: the embedded file parses (DefaultParams would panic at
// start-up otherwise) and its values are the engine's defaults per game.
func TestTunedParams(t *testing.T) {
	for _, v := range position.Variants {
		var p Params
		for _, ps := range paramSpecs {
			*ps.field(&p) = ps.Default
		}
		if p != DefaultParams(0) {
			t.Error("DefaultParams(0) is not the table's defaults")
		}
		if err := p.applyTOML(tunedParams, v); err != nil {
			t.Fatal(err)
		}
		if p != DefaultParams(v) {
			t.Errorf("DefaultParams(%v) differs from the table with search/params.toml applied", v)
		}
	}
}

func FuzzParamsTOML(f *testing.F) {
	f.Add("RFPMargin = 95\n")
	f.Add("# c\nLMRDiv=230 # x\n")
	f.Add("=\n")
	f.Add("[chess]\nRFPMargin = 90\n[xiangqi]\nLMRDiv = 200\n")
	f.Fuzz(func(t *testing.T, text string) {
		p := DefaultParams(position.Chess)
		if err := p.applyTOML(text, position.Chess); err != nil {
			if p != DefaultParams(position.Chess) {
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

// ParamsFromTOML is what a build with that params.toml plays: this
// build's own file gives DefaultParams; another file's values land on the
// table's defaults, per game; a bad file is an error naming its line.
func TestParamsFromTOML(t *testing.T) {
	for _, v := range position.Variants {
		p, err := ParamsFromTOML(tunedParams, v)
		if err != nil || p != DefaultParams(v) {
			t.Errorf("%v: this build's params.toml gives other constants (%v)", v, err)
		}
	}
	text := "RFPMargin = 90\n[xiangqi]\nEvalScaleBase = 80\n[chess]\nRule50Damp = 200\n"
	x, err := ParamsFromTOML(text, position.Xiangqi)
	if err != nil || x.RFPMargin != 90 || x.EvalScaleBase != 80 || x.Rule50Damp != 0 || x.WinnableMaterial != DefaultParams(0).WinnableMaterial {
		t.Errorf("xiangqi: RFPMargin %d EvalScaleBase %d Rule50Damp %d WinnableMaterial %d (%v)", x.RFPMargin, x.EvalScaleBase, x.Rule50Damp, x.WinnableMaterial, err)
	}
	c, err := ParamsFromTOML(text, position.Chess)
	if err != nil || c.RFPMargin != 90 || c.EvalScaleBase != 0 || c.Rule50Damp != 200 {
		t.Errorf("chess: RFPMargin %d EvalScaleBase %d Rule50Damp %d (%v)", c.RFPMargin, c.EvalScaleBase, c.Rule50Damp, err)
	}
	if p, err := ParamsFromTOML("", position.Chess); err != nil || p != DefaultParams(0) {
		t.Errorf("an empty file (a revision before params.toml): %v", err)
	}
	for text, want := range map[string]string{"[chess]\nNope = 1\n": "line 2: unknown search parameter", "RFPMargin = x": "line 1: value", "[shogi]": "line 1: want a section"} {
		if _, err := ParamsFromTOML(text, position.Chess); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
	if _, err := ParamsFromTOML("", 0); err == nil {
		t.Error("no game: no error")
	}
}
