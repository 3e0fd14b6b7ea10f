// Checkpoints: float weights, AdamW state, step, epoch, RNG state and metrics, with a checksum.
package train

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"os"

	"dualnnue/datasets"
	"dualnnue/internal/hugepages"
	"dualnnue/nn"
)

// Checkpoint file layout (little-endian):
//
//	magic   "DNTRAIN\x01" (8 bytes)
//	length  uint32, then that many bytes of JSON (CheckpointMeta)
//	params  P float32 (Model.Params)
//	m, v    P float32 each (AdamW moments)
//	crc     uint32 CRC-32C of every byte before it
//
// P is numParams(meta.Arch). Floats are stored bit-exactly, so resuming
// continues the very same computation.
const checkpointMagic = "DNTRAIN\x01"

// maxCheckpointMeta bounds the JSON part (metrics of many epochs fit easily).
const maxCheckpointMeta = 64 << 20

// CheckpointMeta is the JSON part of a checkpoint.
type CheckpointMeta struct {
	Arch          nn.Arch `json:"arch"`
	QA, QB, Scale int32
	Epoch         int    `json:"epoch"` // epochs completed
	Step          int64  `json:"step"`  // optimiser steps taken (= AdamW.T)
	Seed          uint64 `json:"seed"`
	RNG           []byte `json:"rng"` // state of the run's PCG generator (MarshalBinary)
	// Fingerprint identifies the settings that must not change across a
	// resume (architecture, data, batch, schedule, loss, optimiser).
	Fingerprint string         `json:"fingerprint"`
	Beta1       float64        `json:"beta1"`
	Beta2       float64        `json:"beta2"`
	Eps         float64        `json:"eps"`
	WeightDecay float64        `json:"weight_decay"`
	Clip        []ClipRange    `json:"clip"`
	Metrics     []EpochMetrics `json:"metrics"`
	// Loader is the stream-mode data loader's state after the last batch
	// of the epoch: a resumed run's loader starts there instead of reading
	// through every position trained before (nil in memory mode and in
	// checkpoints of older versions, which resume by reading forward).
	Loader *datasets.LoaderState `json:"loader,omitempty"`
}

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// SaveCheckpoint writes the model, optimiser and meta to path atomically
// (a temporary file renamed into place, removed again when a write fails).
func SaveCheckpoint(path string, m *Model, opt *AdamW, meta CheckpointMeta) error {
	meta.Arch = m.Arch
	meta.QA, meta.QB, meta.Scale = m.QA, m.QB, m.Scale
	meta.Step = opt.T
	meta.Beta1, meta.Beta2, meta.Eps, meta.WeightDecay, meta.Clip = opt.Beta1, opt.Beta2, opt.Eps, opt.WeightDecay, opt.Clip
	js, err := json.Marshal(&meta)
	if err != nil {
		return fmt.Errorf("train: checkpoint meta: %w", err)
	}
	p := len(m.Params)
	buf := make([]byte, 0, 8+4+len(js)+12*p+4)
	buf = append(buf, checkpointMagic...)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(js)))
	buf = append(buf, js...)
	for _, s := range [][]float32{m.Params, opt.M, opt.V} {
		for _, v := range s {
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(v))
		}
	}
	buf = binary.LittleEndian.AppendUint32(buf, crc32.Checksum(buf, crcTable))
	if err := writeAtomic(path, buf); err != nil {
		return fmt.Errorf("train: checkpoint: %w", errors.Unwrap(err))
	}
	return nil
}

// ErrCheckpoint wraps every problem with a checkpoint's contents.
var ErrCheckpoint = errors.New("bad checkpoint")

// LoadCheckpoint reads a checkpoint written by SaveCheckpoint. Errors name
// the path and wrap ErrCheckpoint when the contents are damaged.
func LoadCheckpoint(path string) (*Model, *AdamW, *CheckpointMeta, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("train: %w", err)
	}
	m, opt, meta, err := ParseCheckpoint(data)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("train: %s: %w", path, err)
	}
	return m, opt, meta, nil
}

// ParseCheckpoint decodes a checkpoint from memory.
func ParseCheckpoint(data []byte) (*Model, *AdamW, *CheckpointMeta, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrCheckpoint, fmt.Sprintf(format, args...))
	}
	if len(data) < 8+4+4 || string(data[:8]) != checkpointMagic {
		return nil, nil, nil, bad("not a trainer checkpoint (bad magic or too short)")
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.Checksum(body, crcTable) != sum {
		return nil, nil, nil, bad("checksum mismatch (truncated or corrupt)")
	}
	n := int64(binary.LittleEndian.Uint32(data[8:12]))
	if n > maxCheckpointMeta || 12+n > int64(len(body)) {
		return nil, nil, nil, bad("meta length %d impossible", n)
	}
	var meta CheckpointMeta
	if err := json.Unmarshal(data[12:12+n], &meta); err != nil {
		return nil, nil, nil, bad("meta: %v", err)
	}
	if err := meta.Arch.Validate(); err != nil {
		return nil, nil, nil, bad("%v", err)
	}
	// Check the size before allocating anything the file cannot hold.
	p := numParams(meta.Arch)
	rest := body[12+n:]
	if int64(len(rest)) != 12*int64(p) {
		return nil, nil, nil, bad("%d bytes of weights, want %d for %v", len(rest), 12*p, meta.Arch)
	}
	m, err := NewModel(meta.Arch)
	if err != nil {
		return nil, nil, nil, bad("%v", err)
	}
	m.QA, m.QB, m.Scale = meta.QA, meta.QB, meta.Scale
	opt := &AdamW{Beta1: meta.Beta1, Beta2: meta.Beta2, Eps: meta.Eps, WeightDecay: meta.WeightDecay,
		Clip: meta.Clip, M: make([]float32, p), V: make([]float32, p), T: meta.Step}
	hugepages.Advise(opt.M)
	hugepages.Advise(opt.V)
	for _, s := range [][]float32{m.Params, opt.M, opt.V} {
		for i := range s {
			s[i] = math.Float32frombits(binary.LittleEndian.Uint32(rest))
			rest = rest[4:]
		}
	}
	if err := opt.Validate(p); err != nil {
		return nil, nil, nil, bad("%v", err)
	}
	if meta.Epoch < 0 || meta.Step < 0 {
		return nil, nil, nil, bad("epoch %d, step %d", meta.Epoch, meta.Step)
	}
	return m, opt, &meta, nil
}
