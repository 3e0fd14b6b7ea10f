// The engine options: their table, the "option" lines of the handshake and
// value checking for "setoption".
package uci

import (
	"dualnnue/position"
	"dualnnue/search"
	"fmt"
	"strconv"
	"strings"
)

type optionKind int

const (
	optCheck optionKind = iota
	optSpin
	optCombo
	optButton
	optString
)

var kindNames = [...]string{"check", "spin", "combo", "button", "string"}

// option is one entry of the table. Values are kept as the canonical
// strings the protocol uses ("true", "16", "chess").
type option struct {
	name     string // UCI name, matched case-insensitively
	ucciName string // UCCI name ("hashsize"); "" when not offered in UCCI
	kind     optionKind
	def      string
	min, max int
	vars     []string // combo values
	value    string
	// tunable marks a search constant (Config.Tune).
	tunable bool
}

// Option names, as the session refers to them.
const (
	optVariant      = "UCI_Variant"
	optThreads      = "Threads"
	optHash         = "Hash"
	optClearHash    = "Clear Hash"
	optPonder       = "Ponder"
	optMultiPV      = "MultiPV"
	optMoveOverhead = "Move Overhead"
	optEvalFile     = "EvalFile"
	optUseNNUE      = "Use NNUE"
	optChess960     = "UCI_Chess960"
	// optCheckChase: xiangqi "one check, one chase" loses (WXF/Chinese
	// reading); false (the default) draws it (AXF, Fairy-Stockfish,
	// Pikafish). See xiangqi.RuleOptions.
	optCheckChase = "CheckChaseLoses"
	// optShowWDL adds "wdl W D L" to the info lines' scores.
	optShowWDL = "UCI_ShowWDL"
	// optLimitStrength and optElo weaken the engine to a rating on
	// Stockfish's UCI_Elo scale (see strengthNodes).
	optLimitStrength = "UCI_LimitStrength"
	optElo           = "UCI_Elo"
	// optSkill is Stockfish's "Skill Level" (0–20), mapped onto the same
	// calibrated limiter (skillElo); UCI_LimitStrength takes precedence.
	optSkill       = "Skill Level"
	optUseMillisec = "usemillisec" // UCCI only: time unit of "go time"
	optNewGame     = "newgame"     // UCCI only: a button like ucinewgame
)

// defaultEvalFile is the EvalFile value that selects the game's embedded
// net: empty, announced as "<empty>" (Stockfish's notation for an empty
// string). A client that reads the default back and sends it again
// ("<empty>", nothing, or "<default>", which older versions announced and
// python-chess misreads, since its option parser splits "<default>" at the
// keyword "default") gets the embedded net.
const defaultEvalFile = ""

// emptyValue is how the handshake and messages show an empty string value.
const emptyValue = "<empty>"

// shown renders an option value for the client ("<empty>" for "").
func shown(v string) string {
	if v == "" {
		return emptyValue
	}
	return v
}

// MinElo and MaxElo bound UCI_Elo: MinElo is Stockfish 16's lowest
// setting (calibrated at 1350, Stockfish 15.1's and Fairy-Stockfish's
// lowest); MaxElo is a little below the full strength of the engine with
// its embedded chess net at 1 s + 0.01 s on Stockfish 15.1's scale (about
// 2150 since the second-round net, docs/strength.md).
const (
	MinElo = 1320
	MaxElo = 2100
)

// MaxSkill is the top "Skill Level": full strength. Below it, level L
// plays as UCI_Elo skillElo(L).
const MaxSkill = 20

// skillElo is the UCI_Elo that Skill Level l (0 to MaxSkill−1) plays at:
// MinElo + 39·l, so 0 is 1320 (about Stockfish's level 0) and 19 is 2061,
// evenly over the range of UCI_Elo (strengthNodes).
func skillElo(l int) int {
	return MinElo + (MaxElo-MinElo)*l/MaxSkill
}

// MaxHashMiB and MaxThreads bound the spin options.
const (
	MaxHashMiB = 1 << 17
	MaxThreads = 1024
	MaxMultiPV = 256
)

// options is the table in the order the handshake lists it.
type options struct {
	list []*option
}

func newOptions(defaultVariant position.Variant, hashMiB int, tune bool) *options {
	o := &options{list: []*option{
		{name: optVariant, kind: optCombo, def: defaultVariant.String(), vars: []string{"xiangqi", "chess"}},
		{name: optThreads, ucciName: "threads", kind: optSpin, def: "1", min: 1, max: MaxThreads},
		{name: optHash, ucciName: "hashsize", kind: optSpin, def: itoa(hashMiB), min: 1, max: MaxHashMiB},
		{name: optClearHash, ucciName: "clearhash", kind: optButton},
		{name: optPonder, ucciName: "ponder", kind: optCheck, def: "false"},
		{name: optMultiPV, ucciName: "multipv", kind: optSpin, def: "1", min: 1, max: MaxMultiPV},
		{name: optMoveOverhead, kind: optSpin, def: "10", min: 0, max: 5000},
		{name: optUseNNUE, kind: optCheck, def: "true"},
		{name: optEvalFile, ucciName: "evalfile", kind: optString, def: defaultEvalFile},
		{name: optChess960, kind: optCheck, def: "false"},
		{name: optCheckChase, kind: optCheck, def: "false"},
		{name: optShowWDL, kind: optCheck, def: "false"},
		{name: optLimitStrength, kind: optCheck, def: "false"},
		{name: optElo, kind: optSpin, def: itoa(MaxElo), min: MinElo, max: MaxElo},
		{name: optSkill, kind: optSpin, def: itoa(MaxSkill), min: 0, max: MaxSkill},
		{name: optUseMillisec, ucciName: optUseMillisec, kind: optCheck, def: "false"},
		{name: optNewGame, ucciName: optNewGame, kind: optButton},
	}}
	if tune {
		for _, ps := range search.ParamSpecs(defaultVariant) {
			o.list = append(o.list, &option{name: ps.Name, kind: optSpin, def: itoa(ps.Default), min: ps.Min, max: ps.Max, tunable: true})
		}
	}
	return o
}

func (o *options) init() {
	for _, op := range o.list {
		op.value = op.def
	}
}

// find returns the option called name (case-insensitive, UCI or UCCI name).
func (o *options) find(name string) *option {
	for _, op := range o.list {
		if strings.EqualFold(op.name, name) || (op.ucciName != "" && strings.EqualFold(op.ucciName, name)) {
			return op
		}
	}
	return nil
}

func (o *options) get(name string) string { return o.find(name).value }

func (o *options) int(name string) int {
	n, _ := strconv.Atoi(o.find(name).value)
	return n
}

func (o *options) bool(name string) bool { return o.find(name).value == "true" }

// handshake returns the option lines for "uci" or "ucci".
func (o *options) handshake(ucci bool) []string {
	var lines []string
	for _, op := range o.list {
		name := op.name
		if ucci {
			if op.ucciName == "" {
				continue
			}
			name = op.ucciName
		} else if op.name == optUseMillisec || op.name == optNewGame {
			continue
		}
		s := "option name " + name + " type " + kindNames[op.kind]
		if ucci {
			s = "option " + name + " type " + kindNames[op.kind]
		}
		switch op.kind {
		case optCheck:
			s += " default " + op.def
		case optString:
			s += " default " + shown(op.def)
		case optSpin:
			s += fmt.Sprintf(" default %s min %d max %d", op.def, op.min, op.max)
		case optCombo:
			s += " default " + op.def
			for _, v := range op.vars {
				s += " var " + v
			}
		}
		lines = append(lines, s)
	}
	return lines
}

// check validates value for op and returns its canonical form.
func (op *option) check(value string) (string, error) {
	switch op.kind {
	case optButton:
		return "", nil
	case optCheck:
		switch strings.ToLower(value) {
		case "true", "on":
			return "true", nil
		case "false", "off":
			return "false", nil
		}
		return "", fmt.Errorf("option %s takes true or false, not %s", op.name, quote(value))
	case optSpin:
		n, err := strconv.Atoi(value)
		if err != nil {
			return "", fmt.Errorf("option %s takes an integer, not %s", op.name, quote(value))
		}
		if n < op.min || n > op.max {
			return "", fmt.Errorf("option %s takes %d to %d, not %d", op.name, op.min, op.max, n)
		}
		return strconv.Itoa(n), nil
	case optCombo:
		for _, v := range op.vars {
			if strings.EqualFold(v, value) {
				return v, nil
			}
		}
		return "", fmt.Errorf("option %s takes one of %s, not %s", op.name, strings.Join(op.vars, ", "), quote(value))
	}
	switch {
	case value == "" || value == emptyValue:
		return "", nil
	case op.name == optEvalFile && value == "<default>":
		return defaultEvalFile, nil
	}
	return value, nil
}
