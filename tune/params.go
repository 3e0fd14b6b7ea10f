// The SPSA parameter file (OpenBench's input format) and the engine's spin options.
package tune

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Param is one tuned parameter, a line of the parameter file:
//
//	NAME, int, START, MIN, MAX, C_END, R_END
//
// Start, Min and Max are the start value and the range (integers for an
// int parameter); CEnd is the perturbation c_k reaches at the last
// iteration and REnd the learning rate r_k reaches there (OpenBench's
// c_end and r_end, see Schedule).
type Param struct {
	Name            string
	Float           bool
	Start, Min, Max float64
	CEnd, REnd      float64
}

// maxMagnitude bounds every number of the file: integers up to it are
// exact in a float64 and fit the engine's int, and c_end² and the steps
// cannot overflow.
const maxMagnitude = 1e9

// minGain is the smallest C_END and R_END: with them and every number
// at most maxMagnitude, c_k² and r_end·c_end² stay normal floats, so r_k
// is never 0/0.
const minGain = 1e-9

// fieldNames name the seven fields in errors.
var fieldNames = [7]string{"NAME", "TYPE", "START", "MIN", "MAX", "C_END", "R_END"}

// ParseParams reads a parameter file: one parameter a line, seven
// comma-separated fields (see Param), blank lines and lines starting with
// '#' ignored. The type is "int" or "float". Errors name the line and the
// field: a wrong number of fields, an unreadable or non-finite number, a
// non-integer START/MIN/MAX of an int parameter, MIN >= MAX, START outside
// [MIN, MAX], C_END or R_END <= 0 (or below 1e-9), a magnitude above 1e9, a name that is
// not a bare TOML key (letters, digits, '_' and '-': the result file is
// "NAME = VALUE" lines), a repeated name, or no parameter at all.
func ParseParams(data []byte) ([]Param, error) {
	var params []Param
	seen := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		p, err := parseParamLine(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if first, ok := seen[p.Name]; ok {
			return nil, fmt.Errorf("line %d: parameter %s repeats line %d", line, p.Name, first)
		}
		seen[p.Name] = line
		params = append(params, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", line+1, err)
	}
	if len(params) == 0 {
		return nil, fmt.Errorf("no parameters (want lines NAME, int, START, MIN, MAX, C_END, R_END)")
	}
	return params, nil
}

func parseParamLine(text string) (Param, error) {
	var p Param
	f := strings.Split(text, ",")
	if len(f) != 7 {
		return p, fmt.Errorf("%d fields, want 7: NAME, int|float, START, MIN, MAX, C_END, R_END", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	p.Name = f[0]
	if err := checkName(p.Name); err != nil {
		return p, fmt.Errorf("field 1 (NAME) %q: %w", p.Name, err)
	}
	switch f[1] {
	case "int":
	case "float":
		p.Float = true
	default:
		return p, fmt.Errorf("field 2 (TYPE) %q: want int or float", f[1])
	}
	var v [5]float64
	for i := range v {
		x, err := parseNumber(f[2+i])
		if err == nil && !p.Float && i < 3 && x != math.Trunc(x) {
			err = fmt.Errorf("an int parameter takes integers")
		}
		if err != nil {
			return p, fmt.Errorf("field %d (%s) %q: %w", 3+i, fieldNames[2+i], f[2+i], err)
		}
		v[i] = x
	}
	p.Start, p.Min, p.Max, p.CEnd, p.REnd = v[0], v[1], v[2], v[3], v[4]
	switch {
	case p.Min >= p.Max:
		return p, fmt.Errorf("field 4 (MIN) %s must be below field 5 (MAX) %s", f[3], f[4])
	case p.Start < p.Min || p.Start > p.Max:
		return p, fmt.Errorf("field 3 (START) %s is outside [MIN, MAX] = [%s, %s]", f[2], f[3], f[4])
	case p.CEnd <= 0:
		return p, fmt.Errorf("field 6 (C_END) %s must be > 0", f[5])
	case p.REnd <= 0:
		return p, fmt.Errorf("field 7 (R_END) %s must be > 0", f[6])
	case p.CEnd < minGain || p.REnd < minGain:
		return p, fmt.Errorf("C_END %s and R_END %s must be at least 1e-9 (smaller ones underflow the schedule)", f[5], f[6])
	}
	return p, nil
}

// parseNumber reads a plain decimal (ParseFloat alone would also take
// "NaN", "Inf", hex floats and underscores).
func parseNumber(s string) (float64, error) {
	if s == "" {
		return 0, fmt.Errorf("empty")
	}
	if strings.Trim(s, "0123456789.eE+-") != "" || strings.ContainsAny(s[len(s)-1:], "eE+-") {
		return 0, fmt.Errorf("not a number")
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("not a number")
	}
	if math.Abs(x) > maxMagnitude {
		return 0, fmt.Errorf("magnitude above 1e9")
	}
	return x, nil
}

// checkName accepts TOML bare keys: the result file writes NAME = VALUE.
func checkName(name string) error {
	if name == "" {
		return fmt.Errorf("empty")
	}
	for _, r := range name {
		ok := r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !ok {
			return fmt.Errorf("only letters, digits, '_' and '-' (a bare TOML key, an engine option name)")
		}
	}
	return nil
}

// Line formats p as a line of the parameter file (without the newline);
// ParseParams reads it back to p.
func (p Param) Line() string {
	typ := "int"
	if p.Float {
		typ = "float"
	}
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return strings.Join([]string{p.Name, typ, g(p.Start), g(p.Min), g(p.Max), g(p.CEnd), g(p.REnd)}, ", ")
}

// SpinOption is an engine's "option name NAME type spin default D min LO
// max HI".
type SpinOption struct {
	Name              string
	Default, Min, Max int
}

// Line renders o as the engine declares it, the line ParseSpinOption reads.
func (o SpinOption) Line() string {
	return fmt.Sprintf("option name %s type spin default %d min %d max %d", o.Name, o.Default, o.Min, o.Max)
}

// ParseSpinOption reads a UCI option line; ok is false for any other
// option type or a malformed spin line.
func ParseSpinOption(line string) (o SpinOption, ok bool) {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "option" || f[1] != "name" {
		return o, false
	}
	i := 2
	for i < len(f) && f[i] != "type" {
		i++
	}
	if i == 2 || i+1 >= len(f) || f[i+1] != "spin" {
		return o, false
	}
	o.Name = strings.Join(f[2:i], " ")
	var got [3]bool
	for j := i + 2; j+1 < len(f); j += 2 {
		v, err := strconv.Atoi(f[j+1])
		if err != nil {
			return o, false
		}
		switch f[j] {
		case "default":
			o.Default, got[0] = v, true
		case "min":
			o.Min, got[1] = v, true
		case "max":
			o.Max, got[2] = v, true
		default:
			return o, false
		}
	}
	return o, got[0] && got[1] && got[2] && o.Min <= o.Max
}

// standardOptions are spin options engines declare for the user, not
// search constants: ListParams leaves them out.
var standardOptions = map[string]bool{
	"Hash": true, "Threads": true, "MultiPV": true, "Move Overhead": true, "Skill Level": true,
	"SyzygyProbeDepth": true, "SyzygyProbeLimit": true, "Slow Mover": true, "nodestime": true,
	"Minimum Thinking Time": true, "Contempt": true,
}

// Standard reports whether o is a user-facing option (Hash, Threads,
// MultiPV, Move Overhead, UCI_*, ...) rather than a tunable constant.
func (o SpinOption) Standard() bool {
	return standardOptions[o.Name] || strings.HasPrefix(o.Name, "UCI_")
}

// DefaultParam is o as an int parameter with Stockfish's TUNE defaults:
// start at the default, c_end = (max − min)/20, r_end = 0.002.
func DefaultParam(o SpinOption) Param {
	return Param{Name: o.Name, Start: float64(o.Default), Min: float64(o.Min), Max: float64(o.Max),
		CEnd: float64(o.Max-o.Min) / 20, REnd: 0.002}
}

// ListParams is the parameter file of an engine's tunables: every spin
// option of lines (the "option name ..." lines of its uci answer) that is
// not Standard, in the engine's order, with DefaultParam's settings.
func ListParams(lines []string) []Param {
	var out []Param
	for _, l := range lines {
		// A name a parameter file cannot hold (control bytes from a
		// garbled engine, spaces) is not offered.
		if o, ok := ParseSpinOption(l); ok && !o.Standard() && o.Min < o.Max && checkName(o.Name) == nil {
			out = append(out, DefaultParam(o))
		}
	}
	return out
}

// CheckParams checks params against the engine's option lines: every
// parameter must be a spin option of the engine (an unknown name lists the
// engine's tunables), an int parameter (spin options take integers), and
// its range must lie inside the option's (the engine refuses values
// outside it). It returns the options of the parameters, in their order.
func CheckParams(params []Param, lines []string) ([]SpinOption, error) {
	opts := map[string]SpinOption{}
	var names []string
	for _, l := range lines {
		if o, ok := ParseSpinOption(l); ok {
			opts[o.Name] = o
			if !o.Standard() && checkName(o.Name) == nil {
				names = append(names, o.Name)
			}
		}
	}
	out := make([]SpinOption, len(params))
	for i, p := range params {
		o, ok := opts[p.Name]
		switch {
		case !ok:
			list := strings.Join(names, ", ")
			if list == "" {
				list = "none: was it started in its tuning mode, e.g. arg=-tune?"
			}
			return nil, fmt.Errorf("unknown parameter %s: the engine has no spin option of that name (its tunables: %s)", p.Name, list)
		case p.Float:
			return nil, fmt.Errorf("parameter %s is float, but the engine's option is a spin (integer) option: declare it int", p.Name)
		case p.Min < float64(o.Min) || p.Max > float64(o.Max):
			return nil, fmt.Errorf("parameter %s: range [%g, %g] exceeds the engine's [%d, %d]", p.Name, p.Min, p.Max, o.Min, o.Max)
		}
		out[i] = o
	}
	return out, nil
}
