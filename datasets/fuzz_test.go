// Fuzz tests of the file reader and the block payload decoder: any input
// gives errors or problems, never a panic or a hang.
package datasets

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"dualnnue/nn/features"
	"dualnnue/position"
)

// fuzzSeeds returns small valid files of both games.
func fuzzSeeds(tb testing.TB) [][]byte {
	var out [][]byte
	for _, g := range bothGames {
		games := randomGames(tb, g, 3, 5, genOptions{fenStarts: true, book: true, bestDiff: true, finals: true, maxPlies: 12, greedy: true, scoreNoise: 25})
		out = append(out, writeGames(tb, g, games, &WriterOptions{BlockSize: 200}))
	}
	return out
}

func FuzzReader(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
		f.Add(s[:len(s)/2])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewReader(bytes.NewReader(data), &Filter{SkipInCheck: true, SkipCaptures: true, SkipBestCaptures: true})
		if err != nil {
			return
		}
		for i := 0; r.Next() && i < 100000; i++ {
			_ = r.Position().SideToMove()
		}
		var g GameRecord
		r2, _ := NewReader(bytes.NewReader(data), nil)
		for i := 0; r2.NextGame(&g) && i < 10000; i++ {
		}
	})
}

// FuzzBlockPayload feeds arbitrary uncompressed payloads to the chain
// decoder (what a block holding a valid checksum over garbage would give).
func FuzzBlockPayload(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		sc, err := NewBlockScanner(bytes.NewReader(s))
		if err != nil {
			f.Fatal(err)
		}
		var c blockCodec
		for {
			p, ok := sc.Next()
			if !ok {
				break
			}
			h, _, _ := sc.Block()
			raw, err := c.decompress(h, p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(uint8(h.Game), h.Games, h.Records, bytes.Clone(raw))
		}
	}
	f.Fuzz(func(t *testing.T, game uint8, games, records uint32, raw []byte) {
		g := position.Variant(game%2 + 1)
		rp, err := newReplayer(g)
		if err != nil {
			t.Fatal(err)
		}
		cd := chainDecoder{rp: rp, collect: true}
		h := BlockHeader{Version: FormatVersion, Game: g, Games: games, Records: records, RawSize: uint32(len(raw))}
		if cd.start(&h, raw) != nil {
			return
		}
		for {
			ok, err := cd.startGame()
			if err != nil || !ok {
				return
			}
			for {
				ok, err := cd.nextInGame()
				if err != nil {
					return
				}
				if !ok {
					break
				}
			}
		}
	})
}

// TestWriteFuzzCorpus refreshes the committed seed corpus under
// testdata/fuzz when DATASETS_WRITE_CORPUS=1.
func TestWriteFuzzCorpus(t *testing.T) {
	if os.Getenv("DATASETS_WRITE_CORPUS") != "1" {
		t.Skip("set DATASETS_WRITE_CORPUS=1 to rewrite testdata/fuzz")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzReader")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, s := range fuzzSeeds(t) {
		variants := map[string][]byte{"valid": s, "torn": s[:len(s)*2/3]}
		flipped := bytes.Clone(s)
		flipped[len(s)/2] ^= 0x55
		variants["flipped"] = flipped
		for name, v := range variants {
			body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", v)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed-%d-%s", i, name)), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// fuzzFileMax is the largest input FuzzReadSamples reads (4 KiB: a few
// blocks of a few games).
const fuzzFileMax = 4 << 10

// FuzzReadSamples: any file given to ReadSamples (the trainer's memory-mode
// reader) yields an error, damage reports or well-formed samples (at most
// MaxPieces pieces on points of the board, a side of 0 or 1), which every
// feature set of the game turns into a batch entry; never a panic or a hang.
//
// Its inputs are kept tiny so that the fuzzer runs thousands of them per
// second: the seeds are the files of testdata/fuzz/FuzzReadSamples (one
// short game of each game, about 200 bytes, and cuts of them; see
// TestFuzzReadSamplesSeeds), inputs over fuzzFileMax bytes are skipped, and
// at most 1,000 samples are read from one.
func FuzzReadSamples(f *testing.F) {
	// One file per worker process, rewritten for each input (a t.TempDir
	// per input cost as much as the read).
	path := filepath.Join(f.TempDir(), "f.dnds")
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > fuzzFileMax {
			return
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, g := range bothGames {
			var b Batch
			n := 0
			_, _ = ReadSamples([]string{path}, g, &Filter{}, func(s *Sample) error {
				if s.N > MaxPieces || s.Side > 1 {
					t.Fatalf("sample with %d pieces, side %d", s.N, s.Side)
				}
				for _, v := range s.Pieces[:s.N] {
					if _, sq := features.UnpackPiece(v); int(sq) >= g.Squares() {
						t.Fatalf("piece on point %d of a %d-point board", sq, g.Squares())
					}
				}
				for id := features.SetID(1); id <= 6; id++ {
					if set, _ := features.Lookup(id); set.Game == g {
						b.Reset()
						b.AddSample(s.Pieces[:s.N], position.Color(s.Side), float32(s.Score), s.ResultScore(), &Format{Set: set})
					}
				}
				if n++; n > 1000 {
					return ErrStop
				}
				return nil
			}, nil)
		}
	})
}

// readSamplesSeeds are the seed files of FuzzReadSamples: per game one
// random game of 6 plies from the start in a file of ~200 bytes, and its
// first 2/3.
func readSamplesSeeds(tb testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, g := range bothGames {
		games := randomGames(tb, g, 1, 3, genOptions{bestDiff: true, finals: true, maxPlies: 6, scoreNoise: 25})
		s := writeGames(tb, g, games, &WriterOptions{BlockSize: 200})
		out["seed-"+g.String()] = s
		out["seed-"+g.String()+"-cut"] = s[:len(s)*2/3]
	}
	return out
}

// TestFuzzReadSamplesSeeds: the seed corpus of FuzzReadSamples is tiny
// files of both games (DNDS_WRITE_FUZZ_SEEDS=1 writes them again): each
// whole seed reads as 4 samples of one game, each cut one as fewer with a
// damage report, and every file of the corpus is at most fuzzFileMax bytes.
func TestFuzzReadSamplesSeeds(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzReadSamples")
	seeds := readSamplesSeeds(t)
	if os.Getenv("DNDS_WRITE_FUZZ_SEEDS") != "" {
		for name, data := range seeds {
			if err := os.WriteFile(filepath.Join(dir, name), fmt.Appendf(nil, "go test fuzz v1\n[]byte(%q)\n", data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if info, err := e.Info(); err != nil || info.Size() > 4*fuzzFileMax+64 {
			t.Errorf("%s: a corpus file over %d bytes of input (%v)", e.Name(), fuzzFileMax, err)
		}
	}
	for _, g := range bothGames {
		for _, cut := range []bool{false, true} {
			name := "seed-" + g.String()
			if cut {
				name += "-cut"
			}
			text, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if want := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", seeds[name]); string(text) != want {
				t.Fatalf("%s is not the seed readSamplesSeeds makes (DNDS_WRITE_FUZZ_SEEDS=1 writes it)", name)
			}
			if len(seeds[name]) > 300 {
				t.Errorf("%s: %d bytes, want a tiny seed", name, len(seeds[name]))
			}
			path := filepath.Join(t.TempDir(), "f.dnds")
			if err := os.WriteFile(path, seeds[name], 0o644); err != nil {
				t.Fatal(err)
			}
			n := 0
			st, err := ReadSamples([]string{path}, g, &Filter{}, func(*Sample) error { n++; return nil }, nil)
			if err != nil || (!cut && (n != 4 || st.Games != 1 || st.Problems != 0)) || (cut && (n >= 4 || st.Problems == 0)) {
				t.Errorf("%s: %d samples, %+v, %v", name, n, st, err)
			}
		}
	}
}
