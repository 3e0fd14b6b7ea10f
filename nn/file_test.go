// Net file round trip, every rejection, and the reader's fuzz target.
package nn

import (
	"bytes"
	"dualnnue/nn/features"
	"dualnnue/position"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func smallNetBytes(t testing.TB, g position.Variant, act Activation, buckets int) (*Net, []byte) {
	net, err := randomModel(rand.New(rand.NewPCG(11, uint64(g))), g, 16, buckets, act).Quantize("small test net")
	if err != nil {
		t.Fatal(err)
	}
	b, err := net.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return net, b
}

func TestFileRoundTrip(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		net, b := smallNetBytes(t, g, SCReLU, 3)
		// Exact size: header + description + weights + checksum.
		F, N, B := net.Inputs, net.Hidden, net.Buckets
		if want := 52 + 4 + g.Squares() + len("small test net") + 2*F*N + 2*N + 4*B*N + 4*B + 4; len(b) != want {
			t.Fatalf("%v: %d bytes, want %d", g, len(b), want)
		}
		got, err := ParseFor(b, g)
		if err != nil {
			t.Fatal(err)
		}
		if got.Arch != net.Arch || got.QA != 255 || got.QB != 64 || got.Scale != 400 || got.Description != "small test net" ||
			!slices.Equal(got.FTWeights, net.FTWeights) || !slices.Equal(got.FTBias, net.FTBias) ||
			!slices.Equal(got.OutWeights, net.OutWeights) || !slices.Equal(got.OutBias, net.OutBias) {
			t.Fatalf("%v: round trip differs", g)
		}
		b2, _ := got.MarshalBinary()
		if !bytes.Equal(b, b2) {
			t.Fatal("re-encoding differs")
		}
		path := filepath.Join(t.TempDir(), "x.nnue")
		if err := got.WriteFile(path); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(path, g); err != nil {
			t.Fatal(err)
		}
	}
}

// sameNet reports whether a and b are the same net.
func sameNet(a, b *Net) bool {
	return a.Arch == b.Arch && a.QA == b.QA && a.QB == b.QB && a.Scale == b.Scale && a.Description == b.Description &&
		slices.Equal(a.FTWeights, b.FTWeights) && slices.Equal(a.FTBias, b.FTBias) &&
		slices.Equal(a.OutWeights, b.OutWeights) && slices.Equal(a.OutBias, b.OutBias)
}

// version1 returns the version 1 encoding of net, whose version 2 encoding
// is b: the shape block dropped, the version and checksum rewritten.
func version1(net *Net, b []byte) []byte {
	v1 := slices.Concat(b[:headerSize], b[headerSize+shapeSize(net.Game):])
	binary.LittleEndian.PutUint32(v1[8:], 1)
	return reseal(v1)
}

// smallSetNetBytes is smallNetBytes for a net of feature set id.
func smallSetNetBytes(t testing.TB, id features.SetID) (*Net, []byte) {
	set, _ := features.Lookup(id)
	net, err := randomModelSet(rand.New(rand.NewPCG(12, uint64(id))), set, 16, 2, SCReLU).Quantize("small test net")
	if err != nil {
		t.Fatal(err)
	}
	b, err := net.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return net, b
}

// Version 1 files (the embedded nets' format) load as the same net; a
// king-bucketed net round-trips; a version 1 header naming a king-bucketed
// set, or a version 2 header whose map or bucket count differ from the
// set's, is refused naming the field.
func TestFileVersionsAndKingBuckets(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		net, b := smallNetBytes(t, g, SCReLU, 3)
		got, err := Parse(version1(net, b))
		if err != nil || !sameNet(got, net) {
			t.Fatalf("%v: version 1 file: %v", g, err)
		}
	}
	for _, id := range []features.SetID{features.ChessKB4HM, features.ChessKB16HM, features.XiangqiKB6HM, features.XiangqiCompact692KB6, features.XiangqiKB6D3HM} {
		net, b := smallSetNetBytes(t, id)
		got, err := Parse(b)
		if err != nil || !sameNet(got, net) || got.FeatureSet().KingBuckets != net.FeatureSet().KingBuckets {
			t.Fatalf("set %d: %v", id, err)
		}
		if _, err := Parse(version1(net, b)); !errors.Is(err, ErrArch) || !strings.Contains(err.Error(), "version 1") {
			t.Fatalf("set %d as version 1: %v", id, err)
		}
		for _, c := range []struct {
			off  int
			val  byte
			want string
		}{{52, 4, "king buckets"}, {53, 0, "mirror"}, {54, 1, "hidden layers"}, {55, 2, "flags"}, {56 + 9, 1, "bucket map gives square 9"}, {56 + 20, 31, "bucket map"}} {
			bad := slices.Clone(b)
			if bad[c.off] == c.val {
				bad[c.off]++
			} else {
				bad[c.off] = c.val
			}
			if _, err := Parse(reseal(bad)); !errors.Is(err, ErrArch) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("set %d byte %d = %d: %v, want %q", id, c.off, c.val, err, c.want)
			}
		}
	}
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		if got := Default(g); got == nil || got.FeatureSet() == nil {
			t.Fatalf("%v: embedded net", g)
		}
	}
	// The balance block of xiangqi-kb6-d3-hm (flag 0x80, after the map):
	// a changed mask or map, a missing flag, a flag on a set without
	// balance buckets, and a file cut inside the block are refused.
	net, b := smallSetNetBytes(t, features.XiangqiKB6D3HM)
	if b[55] != FlagBalance || b[146] != 1<<2|1<<3 || !bytes.Equal(b[147:155], []byte{2, 2, 1, 1, 0, 0, 0, 0}) {
		t.Fatalf("balance block %#x %v", b[55], b[146:155])
	}
	if got, err := Parse(b); err != nil || got.FeatureSet().Balance != 3 || !sameNet(got, net) {
		t.Fatalf("balance net: %v", err)
	}
	for _, c := range []struct {
		off  int
		val  byte
		want string
	}{{55, 0, "flags: balance block false"}, {146, 1 << 2, "balance piece types"}, {147 + 3, 0, "balance map gives count 3"}} {
		bad := slices.Clone(b)
		bad[c.off] = c.val
		if _, err := Parse(reseal(bad)); !errors.Is(err, ErrArch) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("byte %d = %d: %v, want %q", c.off, c.val, err, c.want)
		}
	}
	if _, err := Parse(b[:150]); !errors.Is(err, ErrTruncated) || !strings.Contains(err.Error(), "balance block") {
		t.Errorf("cut in the balance block: %v", err)
	}
	_, kb := smallSetNetBytes(t, features.XiangqiKB6HM)
	kb[55] = FlagBalance
	if _, err := Parse(reseal(kb)); !errors.Is(err, ErrArch) || !strings.Contains(err.Error(), "flags: balance block true") {
		t.Errorf("a balance flag on xiangqi-kb6-hm: %v", err)
	}
}

// reseal recomputes the checksum after a header edit.
func reseal(b []byte) []byte {
	binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.Checksum(b[:len(b)-4], castagnoli))
	return b
}

func TestFileRejects(t *testing.T) {
	net, good := smallNetBytes(t, position.Chess, CReLU, 1)
	le := binary.LittleEndian
	mod := func(f func(b []byte) []byte) []byte { return f(slices.Clone(good)) }
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrMagic},
		{"magic", mod(func(b []byte) []byte { b[0] = 'X'; return b }), ErrMagic},
		{"short header", good[:30], ErrTruncated},
		{"version 3", mod(func(b []byte) []byte { le.PutUint32(b[8:], 3); return reseal(b) }), ErrVersion},
		{"version 0", mod(func(b []byte) []byte { le.PutUint32(b[8:], 0); return reseal(b) }), ErrVersion},
		{"version 1 with a version 2 body", mod(func(b []byte) []byte { le.PutUint32(b[8:], 1); return reseal(b) }), ErrTrailing},
		{"king buckets", mod(func(b []byte) []byte { b[52] = 16; return reseal(b) }), ErrArch},
		{"king buckets 0", mod(func(b []byte) []byte { b[52] = 0; return reseal(b) }), ErrArch},
		{"mirror", mod(func(b []byte) []byte { b[53] = 1; return reseal(b) }), ErrArch},
		{"mirror 2", mod(func(b []byte) []byte { b[53] = 2; return reseal(b) }), ErrArch},
		{"hidden layers", mod(func(b []byte) []byte { b[54] = 2; return reseal(b) }), ErrArch},
		{"flags", mod(func(b []byte) []byte { b[55] = 1; return reseal(b) }), ErrArch},
		{"bucket map value", mod(func(b []byte) []byte { b[56+10] = 200; return reseal(b) }), ErrArch},
		{"short shape block", good[:52+10], ErrTruncated},
		{"game", mod(func(b []byte) []byte { b[12] = 7; return reseal(b) }), ErrArch},
		{"set of other game", mod(func(b []byte) []byte { b[12] = byte(position.Xiangqi); return reseal(b) }), ErrArch},
		{"unknown set", mod(func(b []byte) []byte { le.PutUint16(b[14:], 99); return reseal(b) }), ErrArch},
		{"activation", mod(func(b []byte) []byte { b[13] = 9; return reseal(b) }), ErrArch},
		{"hidden 2^31", mod(func(b []byte) []byte { le.PutUint32(b[20:], 1<<31); return reseal(b) }), ErrArch},
		{"hidden 17", mod(func(b []byte) []byte { le.PutUint32(b[20:], 17); return reseal(b) }), ErrArch},
		{"inputs", mod(func(b []byte) []byte { le.PutUint32(b[16:], 769); return reseal(b) }), ErrArch},
		{"buckets 0", mod(func(b []byte) []byte { le.PutUint32(b[24:], 0); return reseal(b) }), ErrArch},
		{"QA 0", mod(func(b []byte) []byte { le.PutUint32(b[28:], 0); return reseal(b) }), ErrArch},
		{"QA 256", mod(func(b []byte) []byte { le.PutUint32(b[28:], 256); return reseal(b) }), ErrArch},
		// A consistent header claiming a bigger net than the file holds:
		// hash fixed, so only the length check can catch it.
		{"hidden 2048 truncated", mod(func(b []byte) []byte {
			a := net.Arch
			a.Hidden = 2048
			le.PutUint32(b[20:], 2048)
			le.PutUint64(b[40:], a.Hash())
			return reseal(b)
		}), ErrTruncated},
		{"hash", mod(func(b []byte) []byte { b[40] ^= 1; return reseal(b) }), ErrHash},
		{"description length", mod(func(b []byte) []byte { le.PutUint32(b[48:], 1<<30); return reseal(b) }), ErrArch},
		{"truncated", good[:len(good)-1], ErrTruncated},
		{"truncated weights", good[:len(good)/2], ErrTruncated},
		{"trailing", append(slices.Clone(good), 0), ErrTrailing},
		{"checksum", mod(func(b []byte) []byte { b[len(b)-1] ^= 0x80; return b }), ErrChecksum},
		{"weight bit flip", mod(func(b []byte) []byte { b[200] ^= 4; return b }), ErrChecksum},
		{"output weight 128", mod(func(b []byte) []byte {
			off := len(b) - 4 - 4 - 2*2*16
			le.PutUint16(b[off:], 128)
			return reseal(b)
		}), ErrWeights},
		{"accumulator overflow", mod(func(b []byte) []byte {
			off := 52 + 4 + 64 + len(net.Description)
			for f := 0; f < 40; f++ { // unit 0 of 40 features at 1100: 32 of them reach 35200
				le.PutUint16(b[off+2*f*16:], 1100)
			}
			return reseal(b)
		}), ErrWeights},
	}
	for _, c := range cases {
		n, err := Parse(c.data)
		if n != nil || !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, %v; want %v", c.name, n, err, c.want)
		}
	}
	if _, err := ParseFor(good, position.Xiangqi); !errors.Is(err, ErrGame) {
		t.Errorf("ParseFor wrong game: %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.nnue"), position.Chess); err == nil {
		t.Error("Load of a missing file succeeded")
	}
	bad := filepath.Join(t.TempDir(), "bad.nnue")
	os.WriteFile(bad, []byte("garbage"), 0o644)
	if _, err := Load(bad, position.Chess); !errors.Is(err, ErrMagic) {
		t.Errorf("Load garbage: %v", err)
	}
}

// FuzzParse: the reader never panics, and anything it accepts re-encodes to
// the same bytes. Seeds: valid nets of both games and activations, plus
// corruptions (corpus in testdata/fuzz/FuzzParse).
func FuzzParse(f *testing.F) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		_, b := smallNetBytes(f, g, SCReLU, 2)
		f.Add(b)
		f.Add(b[:60])
	}
	net, b := smallNetBytes(f, position.Chess, CReLU, 1)
	f.Add(b)
	f.Add(version1(net, b))
	// King-bucketed files of both games: the fuzzer mutates their shape
	// block (king buckets, mirror, hidden layers, flags, bucket map).
	for _, id := range []features.SetID{features.ChessKB4HM, features.XiangqiKB6HM, features.XiangqiKB6D3HM} {
		_, kb := smallSetNetBytes(f, id)
		f.Add(kb)
	}
	// Hidden layer stacks (issue 21): the fuzzer mutates the layer count,
	// flags, layer block (sizes, activation, reserved bytes) and the int8
	// and int32 layer weights.
	_, st := smallStackNetBytes(f, position.Chess, [MaxLayers]int{16, 32}, CReLU, SCReLU, false, false)
	f.Add(st)
	_, st = smallStackNetBytes(f, position.Xiangqi, [MaxLayers]int{16, 0}, SCReLU, CReLU, true, true)
	f.Add(st)
	f.Add(st[:headerSize+shapeSize(position.Xiangqi)+6])
	_, st = smallStackNetBytes(f, position.Chess, [MaxLayers]int{}, 0, CReLU, true, false)
	f.Add(st)
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse(data)
		if err != nil {
			if n != nil {
				t.Fatal("net with error")
			}
			return
		}
		b, err := n.MarshalBinary()
		if err != nil {
			t.Fatalf("accepted file does not re-encode: %v", err)
		}
		if binary.LittleEndian.Uint32(data[8:]) == FormatVersion && !bytes.Equal(b, data) {
			t.Fatal("accepted version 2 file re-encodes to other bytes")
		}
		m, err := Parse(b) // a version 1 file re-encodes as version 2, same net
		if err != nil || !sameNet(m, n) {
			t.Fatalf("re-encoded file reads back differently: %v", err)
		}
	})
}
