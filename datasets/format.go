// File and block headers, checksums, game kinds, results and generator info.
package datasets

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"

	"dualnnue/position"
)

// FormatVersion is the version written in file and block headers. Version
// 2 added the block sequence number and the count of games before the
// block to the block header (48 bytes instead of 36); version 1 files are
// still read.
const FormatVersion = 2

// oldestVersion is the oldest format version this build reads.
const oldestVersion = 1

const (
	fileMagic  = "\x89DNDS\r\n\x1a"
	blockMagic = "\x89DNBK\r\n\x1a"

	// BlockHeaderSize is the size of a block header in bytes (format
	// version 2; version 1 headers are blockHeaderSizeV1 bytes).
	BlockHeaderSize   = 48
	blockHeaderSizeV1 = 36

	blockFlagEnd     = 1 << 0 // end marker: payload = 16-byte totals
	blockFlagStored  = 1 << 1 // payload stored as is (not zstd)
	blockFlagStreams = 1 << 2 // streams compressed one by one (see decompressStreams)

	// MaxBlockSize bounds a block's stored and uncompressed payload; a
	// header claiming more is rejected as corrupt.
	MaxBlockSize = 64 << 20
	// DefaultBlockSize is the uncompressed payload size at which the Writer
	// closes a block.
	DefaultBlockSize = 4 << 20

	maxInfoSize = 1 << 20
	// maxGamePlies bounds the plies of one stored game (either game's rules
	// end a game long before).
	maxGamePlies = 1 << 16
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func crc32c(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// GeneratorInfo says where a dataset came from. It is stored as JSON in the
// file header.
type GeneratorInfo struct {
	Engine        string            `json:"engine,omitempty"`         // program that played the games
	EngineVersion string            `json:"engine_version,omitempty"` // its version or commit
	NetHash       string            `json:"net_hash,omitempty"`       // hash of the evaluation net used, if any
	SearchLimits  string            `json:"search_limits,omitempty"`  // e.g. "nodes=5000 depth=9"
	Seed          uint64            `json:"seed"`                     // random seed of the run
	Created       string            `json:"created,omitempty"`        // RFC 3339 time the file was started
	Extra         map[string]string `json:"extra,omitempty"`          // free-form key/values
}

// FileHeader is the header at the start of every dataset file.
type FileHeader struct {
	Version   uint16
	Game      position.Variant
	Generator GeneratorInfo
}

// appendFileHeader appends the encoded header to dst.
func appendFileHeader(dst []byte, h *FileHeader) ([]byte, error) {
	info, err := json.Marshal(&h.Generator)
	if err != nil {
		return dst, fmt.Errorf("datasets: encode generator info: %w", err)
	}
	if len(info) > maxInfoSize {
		return dst, fmt.Errorf("datasets: generator info is %d bytes, limit %d", len(info), maxInfoSize)
	}
	start := len(dst)
	dst = append(dst, fileMagic...)
	dst = binary.LittleEndian.AppendUint16(dst, h.Version)
	dst = append(dst, byte(h.Game), 0)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(info)))
	dst = append(dst, info...)
	dst = binary.LittleEndian.AppendUint32(dst, crc32c(dst[start:]))
	return dst, nil
}

// fileHeaderFixed is the size of the file header without its info and CRC.
const fileHeaderFixed = 8 + 2 + 2 + 4

// ErrNotDataset is returned when a file does not start with the dataset magic.
var ErrNotDataset = errors.New("datasets: not a dataset file (bad magic)")

// parseFileHeaderFixed checks the fixed part and returns the info length.
func parseFileHeaderFixed(b []byte) (h FileHeader, infoLen int, err error) {
	if string(b[:8]) != fileMagic {
		return h, 0, ErrNotDataset
	}
	h.Version = binary.LittleEndian.Uint16(b[8:])
	h.Game = position.Variant(b[10])
	infoLen = int(binary.LittleEndian.Uint32(b[12:]))
	if h.Version < oldestVersion || h.Version > FormatVersion {
		return h, 0, fmt.Errorf("datasets: format version %d not supported (this build reads %d to %d)", h.Version, oldestVersion, FormatVersion)
	}
	if h.Game != position.Xiangqi && h.Game != position.Chess {
		return h, 0, fmt.Errorf("datasets: file header names unknown game %d", b[10])
	}
	if infoLen > maxInfoSize {
		return h, 0, fmt.Errorf("datasets: file header claims %d bytes of generator info, limit %d", infoLen, maxInfoSize)
	}
	return h, infoLen, nil
}

// BlockHeader is the decoded header of one block.
type BlockHeader struct {
	Version    uint8
	Game       position.Variant
	Flags      uint16
	Records    uint32 // scored positions
	Games      uint32
	RawSize    uint32 // uncompressed payload bytes
	Size       uint32 // stored payload bytes
	PayloadCRC uint32 // CRC-32C of the stored payload
	// Seq is the block's ordinal in its file (0-based; the end marker's is
	// the number of data blocks), so that a removed, duplicated or
	// reordered block is seen. Version 2; 0 in version 1 files.
	Seq uint32
	// GamesBefore is the number of games in the file's blocks before this
	// one (the end marker's: all of them), so that a game's ordinal in its
	// file survives the loss of other blocks. Version 2; 0 in version 1.
	GamesBefore uint64
}

// IsEnd reports whether the block is the end marker of a closed file.
func (h *BlockHeader) IsEnd() bool { return h.Flags&blockFlagEnd != 0 }

// blockHeaderSize returns the size of the block headers of format version v.
func blockHeaderSize(v uint16) int {
	if v < 2 {
		return blockHeaderSizeV1
	}
	return BlockHeaderSize
}

// appendBlockHeader appends h in the layout of its version:
//
//	magic [8]byte, version uint8, game uint8, flags uint16, records uint32,
//	games uint32, rawSize uint32, size uint32, crc uint32,
//	(version 2: seq uint32, gamesBefore uint64,)
//	hcrc uint32 (CRC-32C of the header bytes before it)
func appendBlockHeader(dst []byte, h *BlockHeader) []byte {
	start := len(dst)
	dst = append(dst, blockMagic...)
	dst = append(dst, h.Version, byte(h.Game))
	dst = binary.LittleEndian.AppendUint16(dst, h.Flags)
	dst = binary.LittleEndian.AppendUint32(dst, h.Records)
	dst = binary.LittleEndian.AppendUint32(dst, h.Games)
	dst = binary.LittleEndian.AppendUint32(dst, h.RawSize)
	dst = binary.LittleEndian.AppendUint32(dst, h.Size)
	dst = binary.LittleEndian.AppendUint32(dst, h.PayloadCRC)
	if h.Version >= 2 {
		dst = binary.LittleEndian.AppendUint32(dst, h.Seq)
		dst = binary.LittleEndian.AppendUint64(dst, h.GamesBefore)
	}
	dst = binary.LittleEndian.AppendUint32(dst, crc32c(dst[start:]))
	return dst
}

// parseBlockHeader decodes the block header of format version v at the
// start of b (at least blockHeaderSize(v) bytes), checking magic, header
// CRC, version and sizes. It returns a description of the first problem
// found.
func parseBlockHeader(b []byte, v uint16) (h BlockHeader, problem string) {
	if string(b[:8]) != blockMagic {
		return h, "bad block magic"
	}
	n := blockHeaderSize(v)
	if got, want := crc32c(b[:n-4]), binary.LittleEndian.Uint32(b[n-4:]); got != want {
		return h, fmt.Sprintf("header checksum mismatch (stored %08x, computed %08x)", want, got)
	}
	h.Version = b[8]
	h.Game = position.Variant(b[9])
	h.Flags = binary.LittleEndian.Uint16(b[10:])
	h.Records = binary.LittleEndian.Uint32(b[12:])
	h.Games = binary.LittleEndian.Uint32(b[16:])
	h.RawSize = binary.LittleEndian.Uint32(b[20:])
	h.Size = binary.LittleEndian.Uint32(b[24:])
	h.PayloadCRC = binary.LittleEndian.Uint32(b[28:])
	if v >= 2 {
		h.Seq = binary.LittleEndian.Uint32(b[32:])
		h.GamesBefore = binary.LittleEndian.Uint64(b[36:])
	}
	switch {
	case uint16(h.Version) != v:
		return h, fmt.Sprintf("block version %d in a version %d file", h.Version, v)
	case h.Size > MaxBlockSize || h.RawSize > MaxBlockSize:
		return h, fmt.Sprintf("block claims %d stored / %d raw bytes, limit %d", h.Size, h.RawSize, MaxBlockSize)
	case h.Flags&^(blockFlagEnd|blockFlagStored|blockFlagStreams) != 0,
		h.Flags&blockFlagStored != 0 && h.Flags&blockFlagStreams != 0:
		return h, fmt.Sprintf("unknown block flags %#x", h.Flags)
	}
	return h, ""
}
