// The resumable state file and the result file, both written atomically.
package tune

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"dualnnue/position"
)

// Identity is what a state belongs to; a state of another identity is
// refused (resuming it would mix two tunes).
type Identity struct {
	// ParamsSHA256 is the hash of the parameter file's bytes.
	ParamsSHA256 string `json:"params_sha256"`
	// EngineID is the engine's "id name"; Options its option lines of the
	// tuned parameters (name, default and range).
	EngineID string   `json:"engine_id"`
	Options  []string `json:"engine_options"`
	// The run: game, iterations (the schedule depends on N), pairs per
	// iteration, time control, the openings' hash and the seed.
	Game           position.VariantName `json:"game"` // "xiangqi" or "chess"
	Iterations     int                  `json:"iterations"`
	Pairs          int                  `json:"pairs"`
	TC             string               `json:"tc"`
	OpeningsSHA256 string               `json:"openings_sha256"`
	Seed           uint64               `json:"seed"`
}

// Mismatch names the first difference between a state's identity s and
// the current run's c ("" when they are the same run).
func (s Identity) Mismatch(c Identity) string {
	switch {
	case s.ParamsSHA256 != c.ParamsSHA256:
		return fmt.Sprintf("another parameter file (sha256 %.12s…, this one %.12s…)", s.ParamsSHA256, c.ParamsSHA256)
	case s.EngineID != c.EngineID:
		return fmt.Sprintf("another engine (id name %q, this one %q)", s.EngineID, c.EngineID)
	case len(s.Options) != len(c.Options):
		return "another engine (other tunable options)"
	case s.Game != c.Game:
		return fmt.Sprintf("-game %s (this run %s)", s.Game, c.Game)
	case s.Iterations != c.Iterations:
		return fmt.Sprintf("-iterations %d (this run %d; the schedule depends on it)", s.Iterations, c.Iterations)
	case s.Pairs != c.Pairs:
		return fmt.Sprintf("-pairs %d (this run %d)", s.Pairs, c.Pairs)
	case s.TC != c.TC:
		return fmt.Sprintf("-tc %s (this run %s)", s.TC, c.TC)
	case s.OpeningsSHA256 != c.OpeningsSHA256:
		return "another opening set"
	case s.Seed != c.Seed:
		return fmt.Sprintf("-seed %d (this run %d)", s.Seed, c.Seed)
	}
	for i := range s.Options {
		if s.Options[i] != c.Options[i] {
			return fmt.Sprintf("another engine (%q, this one declares %q)", s.Options[i], c.Options[i])
		}
	}
	return ""
}

// State is the state file: the identity, θ after K iterations, the random
// source and the totals.
type State struct {
	Version  int       `json:"version"`
	Identity Identity  `json:"identity"`
	K        int       `json:"k"`
	Names    []string  `json:"names"`
	Theta    []float64 `json:"theta"`
	RNG      []byte    `json:"rng"`
	W        int       `json:"w"`
	D        int       `json:"d"`
	L        int       `json:"l"`
	// Faults counts games lost by an engine's fault (crash, time, illegal move).
	Faults int `json:"faults"`
}

const stateVersion = 1

// snapshot is t's state with id and totals.
func (t *Tuner) snapshot(id Identity, w, d, l, faults int) (State, error) {
	rng, err := t.rng.MarshalBinary()
	if err != nil {
		return State{}, err
	}
	names := make([]string, len(t.Params))
	for i, p := range t.Params {
		names[i] = p.Name
	}
	return State{Version: stateVersion, Identity: id, K: t.K, Names: names, Theta: append([]float64(nil), t.Theta...),
		RNG: rng, W: w, D: d, L: l, Faults: faults}, nil
}

// restore sets t from s, checking that it fits t's parameters.
func (t *Tuner) restore(s State) error {
	if s.Version != stateVersion {
		return fmt.Errorf("state version %d, this program reads %d", s.Version, stateVersion)
	}
	if len(s.Names) != len(t.Params) || len(s.Theta) != len(t.Params) {
		return fmt.Errorf("state holds %d values, the tune has %d parameters", len(s.Theta), len(t.Params))
	}
	if s.K < 0 || s.K > t.Sched.N {
		return fmt.Errorf("state at iteration %d of %d", s.K, t.Sched.N)
	}
	for i, p := range t.Params {
		if s.Names[i] != p.Name {
			return fmt.Errorf("state value %d is %s, the parameter is %s", i+1, s.Names[i], p.Name)
		}
		if v := s.Theta[i]; math.IsNaN(v) || v < p.Min || v > p.Max {
			return fmt.Errorf("state value of %s %g is outside [%g, %g]", p.Name, v, p.Min, p.Max)
		}
	}
	rng := &rand.PCG{}
	if err := rng.UnmarshalBinary(s.RNG); err != nil {
		return fmt.Errorf("state random source: %w", err)
	}
	t.K, t.rng = s.K, rng
	copy(t.Theta, s.Theta)
	return nil
}

// LoadState reads a state file; ok is false when it does not exist.
func LoadState(path string) (s State, ok bool, err error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return s, false, nil
	}
	if err != nil {
		return s, false, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return s, false, fmt.Errorf("state file %s: %w", path, err)
	}
	return s, true, nil
}

// SaveState writes s to path atomically.
func SaveState(path string, s State) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, append(data, '\n'))
}

// Values renders the result file: a comment line, the TOML table header
// "[section]" when section is not empty (the engine's search/params.toml
// keeps each game's values in a section named after it), then "NAME =
// VALUE" a line in the parameters' order (int parameters rounded).
func (t *Tuner) Values(comment, section string) []byte {
	var b bytes.Buffer
	if comment != "" {
		fmt.Fprintf(&b, "# %s\n", comment)
	}
	if section != "" {
		fmt.Fprintf(&b, "[%s]\n", section)
	}
	for i, p := range t.Params {
		fmt.Fprintf(&b, "%s = %s\n", p.Name, strconv.FormatFloat(t.Value(i), 'g', -1, 64))
	}
	return b.Bytes()
}

// WriteFileAtomic writes data to a temporary file in path's directory,
// syncs it and renames it over path: a reader (or a kill at any moment)
// sees the old file or the new one, never a part.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
