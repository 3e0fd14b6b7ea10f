// The net file: versioned little-endian binary with an architecture hash and a CRC32C.
package nn

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"unicode/utf8"

	"dualnnue/nn/features"
	"dualnnue/position"
)

// File layout, version 2 (all integers little-endian); a file records
// every fact its shape depends on, so one reader loads every shape:
//
//	off    size  field
//	0      8     magic "DUALNNUE"
//	8      4     format version (2; version 1 files still load, below)
//	12     1     game (1 xiangqi, 2 chess)
//	13     1     activation of the first layer (1 CReLU, 2 SCReLU)
//	14     2     feature-set id (features.SetID)
//	16     4     inputs F (king buckets × the set's block)
//	20     4     hidden N
//	24     4     output buckets B
//	28     4     QA (int32)
//	32     4     QB (int32)
//	36     4     eval scale (int32)
//	40     8     architecture hash (Arch.Hash)
//	48     4     description length D (≤ MaxDescription)
//	52     1     king buckets K (1 = none)
//	53     1     horizontal mirroring (0 or 1)
//	54     1     hidden layers after the first, H (0: (F→N)×2→1; at most MaxLayers)
//	55     1     flags: bit 0 pairwise multiplication, bit 1 per-bucket
//	             layer stacks, bit 7 (FlagBalance) a balance block
//	             follows (other bits 0)
//	56     S     king-bucket map: one bucket per relative square of the
//	             game's board (S = 64 chess, 90 xiangqi)
//	56+S   Y     only when H > 0 (Y = 4·H + 4): the units of each hidden
//	             layer (uint32 each, L2 first), the hidden layers'
//	             activation (1 byte: 1 CReLU, 2 SCReLU) and 3 zero bytes
//	       A     balance block, only with FlagBalance (A = 9, else 0):
//	             counted piece types (bit t: type t, 1 byte), then the
//	             balance bucket of each own-piece count 0..7 (8 bytes);
//	             the input bucket is king bucket·Q + balance bucket, Q the
//	             map's bucket count, so F = K·Q·(the set's block)
//	       D     description, UTF-8
//	       2·F·N feature-transformer weights, int16, feature-major (row f = N values)
//	       2·N   feature-transformer biases, int16
//	       2·B·O output weights, int16, per bucket O = Arch.OutInputs values (2N
//	             without hidden layers: side to move's N, then the other's N)
//	       4·B   output biases, int32
//	             per hidden layer i (only when H > 0), S stacks (B with
//	             per-bucket stacks, else 1), L = its units, I = its inputs:
//	       S·L·I weights, int8, stack by stack, unit by unit (row = I values)
//	       4·S·L biases, int32
//	       4     CRC32C (Castagnoli) of every byte before it
//
// Version 1 is the same without bytes 52..56+S (the description follows
// byte 52): its sets have no king buckets, so the shape is the set's.
// The reader checks K, the mirror byte and the map against the feature set
// the id names, so a file whose header promises buckets or a map its set
// does not have is refused naming the field; the same for the balance
// block, present exactly when the set has balance buckets (files without
// it, all those written before balance buckets existed, read as before);
// H, the layer sizes, the activation byte and the flags are checked before
// any weight is allocated.
const (
	Magic          = "DUALNNUE"
	FormatVersion  = 2
	headerSize     = 52 // version 1 header; version 2 adds shapeSize(game)
	MaxDescription = 4096
	// MaxFileSize bounds what Load reads (a chess-kb16-hm net with
	// N = MaxHidden is 50 MB).
	MaxFileSize = 64 << 20
	// FlagBalance in the flags byte announces the balance block.
	FlagBalance = 0x80
	balanceSize = 1 + features.MaxBalanceCount + 1
)

// shapeSize is the size of version 2's shape block for game g.
func shapeSize(g position.Variant) int { return 4 + g.Squares() }

// Errors the reader wraps; test with errors.Is.
var (
	ErrMagic     = errors.New("not a dualnnue net file (bad magic)")
	ErrVersion   = errors.New("unsupported net file version")
	ErrGame      = errors.New("net is for another game")
	ErrArch      = errors.New("impossible architecture")
	ErrHash      = errors.New("architecture hash does not match the sizes")
	ErrTruncated = errors.New("net file truncated")
	ErrTrailing  = errors.New("net file has bytes after the checksum")
	ErrChecksum  = errors.New("net file checksum mismatch")
	ErrWeights   = errors.New("net weights out of range")
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// payloadSize is the byte size of the weights of shape a (int64: no overflow
// for any 32-bit header values).
func payloadSize(a Arch) int64 {
	F, N, B := int64(a.Inputs), int64(a.Hidden), int64(a.Buckets)
	p := 2*F*N + 2*N + 2*B*int64(a.OutInputs()) + 4*B
	for i := range a.NumLayers() {
		S, L, I := int64(a.StackCount()), int64(a.Layers[i]), int64(a.LayerInputs(i))
		p += S*L*I + 4*S*L
	}
	return p
}

// layerBlockSize is the size of version 2's layer block of shape a.
func layerBlockSize(a Arch) int {
	if k := a.NumLayers(); k > 0 {
		return 4*k + 4
	}
	return 0
}

// MarshalBinary encodes n in the file format. It fails if n does not validate.
func (n *Net) MarshalBinary() ([]byte, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	if len(n.Description) > MaxDescription || !utf8.ValidString(n.Description) {
		return nil, fmt.Errorf("nn: description must be UTF-8 of at most %d bytes", MaxDescription)
	}
	b := make([]byte, 0, headerSize+shapeSize(n.Game)+layerBlockSize(n.Arch)+balanceSize+len(n.Description)+int(payloadSize(n.Arch))+4)
	le := binary.LittleEndian
	b = append(b, Magic...)
	b = le.AppendUint32(b, FormatVersion)
	b = append(b, byte(n.Game), byte(n.Activation))
	b = le.AppendUint16(b, uint16(n.Set))
	b = le.AppendUint32(b, uint32(n.Inputs))
	b = le.AppendUint32(b, uint32(n.Hidden))
	b = le.AppendUint32(b, uint32(n.Buckets))
	b = le.AppendUint32(b, uint32(n.QA))
	b = le.AppendUint32(b, uint32(n.QB))
	b = le.AppendUint32(b, uint32(n.Scale))
	b = le.AppendUint64(b, n.Arch.Hash())
	b = le.AppendUint32(b, uint32(len(n.Description)))
	set := n.FeatureSet()
	mirror := byte(0)
	if set.Mirror {
		mirror = 1
	}
	flags := n.flags()
	if set.Balance > 1 {
		flags |= FlagBalance
	}
	b = append(b, byte(max(1, set.KingBuckets)), mirror, byte(n.NumLayers()), flags)
	b = append(b, set.BucketMap()...)
	if k := n.NumLayers(); k > 0 {
		for _, l := range n.Layers[:k] {
			b = le.AppendUint32(b, uint32(l))
		}
		b = append(b, byte(n.HiddenActivation), 0, 0, 0)
	}
	if flags&FlagBalance != 0 {
		mask, m := set.BalanceMap()
		b = append(append(b, mask), m...)
	}
	b = append(b, n.Description...)
	for _, s := range [][]int16{n.FTWeights, n.FTBias, n.OutWeights} {
		for _, v := range s {
			b = le.AppendUint16(b, uint16(v))
		}
	}
	for _, v := range n.OutBias {
		b = le.AppendUint32(b, uint32(v))
	}
	for k := range n.NumLayers() {
		for _, v := range n.HiddenWeights[k] {
			b = append(b, byte(v))
		}
		for _, v := range n.HiddenBias[k] {
			b = le.AppendUint32(b, uint32(v))
		}
	}
	return le.AppendUint32(b, crc32.Checksum(b, castagnoli)), nil
}

// Parse decodes a net file of version 1 or 2. It checks, in order: magic,
// version, the header fields (game, set, sizes, scales), the architecture
// hash, the shape block (version 2: king buckets, mirror, hidden layers,
// flags, bucket map against the set), the exact length (before allocating
// any weights), the checksum, and the weight ranges.
// Every failure wraps one of the Err* values.
func Parse(data []byte) (*Net, error) {
	le := binary.LittleEndian
	if len(data) < len(Magic) || string(data[:len(Magic)]) != Magic {
		return nil, ErrMagic
	}
	if len(data) < headerSize {
		return nil, fmt.Errorf("%w: %d bytes, header needs %d", ErrTruncated, len(data), headerSize)
	}
	version := le.Uint32(data[8:])
	if version != 1 && version != FormatVersion {
		return nil, fmt.Errorf("%w: %d (this build reads 1 and %d)", ErrVersion, version, FormatVersion)
	}
	a := Arch{
		Game:       position.Variant(data[12]),
		Activation: Activation(data[13]),
		Set:        features.SetID(le.Uint16(data[14:])),
	}
	if a.Game != position.Xiangqi && a.Game != position.Chess {
		return nil, fmt.Errorf("%w: unknown game %d", ErrArch, data[12])
	}
	f, h, bk := le.Uint32(data[16:]), le.Uint32(data[20:]), le.Uint32(data[24:])
	switch {
	case f > 1<<20:
		return nil, fmt.Errorf("%w: inputs %d larger than any feature set", ErrArch, f)
	case h > MaxHidden:
		return nil, fmt.Errorf("%w: hidden %d larger than %d", ErrArch, h, MaxHidden)
	case bk > MaxBuckets:
		return nil, fmt.Errorf("%w: output buckets %d more than %d", ErrArch, bk, MaxBuckets)
	}
	a.Inputs, a.Hidden, a.Buckets = int(f), int(h), int(bk)
	hs := headerSize
	if version >= 2 {
		hs += shapeSize(a.Game)
		if len(data) < hs {
			return nil, fmt.Errorf("%w: %d bytes, the version 2 header of a %v net needs %d", ErrTruncated, len(data), a.Game, hs)
		}
		n, err := readLayers(data[headerSize:], hs, &a)
		if err != nil {
			return nil, err
		}
		hs += n
	}
	if err := a.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrArch, err)
	}
	qa, qb, scale := int32(le.Uint32(data[28:])), int32(le.Uint32(data[32:])), int32(le.Uint32(data[36:]))
	if err := checkScales(qa, qb, scale); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrArch, err)
	}
	if got, want := le.Uint64(data[40:]), a.Hash(); got != want {
		flat := a
		flat.Layers, flat.HiddenActivation, flat.Pairwise, flat.Stacks = [MaxLayers]int{}, 0, false, false
		if !a.Flat() && got == flat.Hash() {
			return nil, fmt.Errorf("%w: hidden layers %d, flags %#02x: the architecture hash is that of %v, without them", ErrArch, a.NumLayers(), a.flags(), flat)
		}
		return nil, fmt.Errorf("%w: file %#016x, %v hashes to %#016x", ErrHash, got, a, want)
	}
	d := le.Uint32(data[48:])
	if d > MaxDescription {
		return nil, fmt.Errorf("%w: description of %d bytes (max %d)", ErrArch, d, MaxDescription)
	}
	set, _ := features.Lookup(a.Set) // Validate found it
	if version >= 2 {
		if err := checkShape(data[headerSize:headerSize+shapeSize(a.Game)], set); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrArch, err)
		}
		if data[headerSize+3]&FlagBalance != 0 {
			hs += balanceSize
			if len(data) < hs {
				return nil, fmt.Errorf("%w: %d bytes, the balance block ends at %d", ErrTruncated, len(data), hs)
			}
			if err := set.CheckBalance(data[hs-balanceSize], data[hs-balanceSize+1:hs]); err != nil {
				return nil, fmt.Errorf("%w: %v", ErrArch, err)
			}
		}
	} else if set.KingBuckets > 1 || set.Balance > 1 {
		return nil, fmt.Errorf("%w: feature set %s has input buckets, which version 1 files cannot hold", ErrArch, set.Name)
	}
	want := int64(hs) + int64(d) + payloadSize(a) + 4
	if int64(len(data)) < want {
		return nil, fmt.Errorf("%w: %d bytes, %v needs %d", ErrTruncated, len(data), a, want)
	}
	if int64(len(data)) > want {
		return nil, fmt.Errorf("%w: %d bytes, %v needs %d", ErrTrailing, len(data), a, want)
	}
	body := data[:want-4]
	if got, sum := le.Uint32(data[want-4:]), crc32.Checksum(body, castagnoli); got != sum {
		return nil, fmt.Errorf("%w: stored %#08x, computed %#08x", ErrChecksum, got, sum)
	}
	desc := body[hs : hs+int(d)]
	if !utf8.Valid(desc) {
		return nil, fmt.Errorf("%w: description is not UTF-8", ErrArch)
	}
	n := &Net{Arch: a, QA: qa, QB: qb, Scale: scale, Description: string(desc)}
	p := body[hs+int(d):]
	read16 := func(k int) []int16 {
		s := make([]int16, k)
		for i := range s {
			s[i] = int16(le.Uint16(p[2*i:]))
		}
		p = p[2*k:]
		return s
	}
	n.FTWeights = read16(a.Inputs * a.Hidden)
	n.FTBias = read16(a.Hidden)
	n.OutWeights = read16(a.Buckets * a.OutInputs())
	read32 := func(k int) []int32 {
		s := make([]int32, k)
		for i := range s {
			s[i] = int32(le.Uint32(p[4*i:]))
		}
		p = p[4*k:]
		return s
	}
	n.OutBias = read32(a.Buckets)
	for i := range a.NumLayers() {
		k := a.StackCount() * a.Layers[i]
		w := make([]int8, k*a.LayerInputs(i))
		for j := range w {
			w[j] = int8(p[j])
		}
		p = p[len(w):]
		n.HiddenWeights[i], n.HiddenBias[i] = w, read32(k)
	}
	if err := n.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrWeights, err)
	}
	return n, nil
}

// checkShape checks version 2's shape block (king buckets, mirror, hidden
// layers, flags, bucket map) against the feature set the header names.
func checkShape(b []byte, set *features.Set) error {
	switch {
	case int(b[0]) != max(1, set.KingBuckets):
		return fmt.Errorf("king buckets: header says %d, feature set %s has %d", b[0], set.Name, max(1, set.KingBuckets))
	case b[1] > 1 || (b[1] == 1) != set.Mirror:
		return fmt.Errorf("mirror: header says %d, feature set %s mirrors: %v", b[1], set.Name, set.Mirror)
	case b[3]&FlagBalance != 0 != (set.Balance > 1):
		return fmt.Errorf("flags: balance block %v, feature set %s has balance buckets: %v", b[3]&FlagBalance != 0, set.Name, set.Balance > 1)
	}
	return set.CheckBucketMap(b[4:])
}

// readLayers reads version 2's hidden layer count and flags (shape block
// bytes 2 and 3 of b, the data from byte 52 on) and, when there are hidden
// layers, the layer block after the shape block (at offset hs of the file)
// into a. It returns the layer block's size. Every size is checked before
// the caller computes anything from it.
func readLayers(b []byte, hs int, a *Arch) (int, error) {
	h, flags := int(b[2]), b[3]
	switch {
	case h > MaxLayers:
		return 0, fmt.Errorf("%w: hidden layers: header says %d, at most %d", ErrArch, h, MaxLayers)
	case flags&^(flagPairwise|flagStacks|FlagBalance) != 0:
		return 0, fmt.Errorf("%w: flags: header sets %#02x, this build knows %#02x (pairwise), %#02x (stacks) and %#02x (balance block)", ErrArch, flags, flagPairwise, flagStacks, FlagBalance)
	}
	a.Pairwise, a.Stacks = flags&flagPairwise != 0, flags&flagStacks != 0
	if h == 0 {
		return 0, nil
	}
	size := 4*h + 4
	rest := b[hs-headerSize:]
	if len(rest) < size {
		return 0, fmt.Errorf("%w: %d bytes, the header of %d hidden layers needs %d", ErrTruncated, headerSize+len(b), h, hs+size)
	}
	le := binary.LittleEndian
	for i := range h {
		l := le.Uint32(rest[4*i:])
		if l == 0 || l > MaxLayerSize || l%LayerAlign != 0 {
			return 0, fmt.Errorf("%w: hidden layers: layer %d has %d units, want a multiple of %d in [%d, %d]", ErrArch, i+2, l, LayerAlign, LayerAlign, MaxLayerSize)
		}
		a.Layers[i] = int(l)
	}
	a.HiddenActivation = Activation(rest[4*h])
	if rest[4*h+1] != 0 || rest[4*h+2] != 0 || rest[4*h+3] != 0 {
		return 0, fmt.Errorf("%w: layer block: reserved bytes %d %d %d, want 0", ErrArch, rest[4*h+1], rest[4*h+2], rest[4*h+3])
	}
	return size, nil
}

// ParseFor is Parse plus a check that the net plays game g.
func ParseFor(data []byte, g position.Variant) (*Net, error) {
	n, err := Parse(data)
	if err != nil {
		return nil, err
	}
	if n.Game != g {
		return nil, fmt.Errorf("%w: file is a %v net, want %v", ErrGame, n.Game, g)
	}
	return n, nil
}

// Load reads the net file at path (the UCI EvalFile option) for game g.
// Errors name the path.
func Load(path string, g position.Variant) (*Net, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("nn: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("nn: %w", err)
	}
	if fi.Size() > MaxFileSize {
		return nil, fmt.Errorf("nn: %s: %d bytes, larger than any net (%d)", path, fi.Size(), MaxFileSize)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("nn: %s: %w", path, err)
	}
	n, err := ParseFor(data, g)
	if err != nil {
		return nil, fmt.Errorf("nn: %s: %w", path, err)
	}
	return n, nil
}

// WriteFile writes n to path in the file format.
func (n *Net) WriteFile(path string) error {
	b, err := n.MarshalBinary()
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
