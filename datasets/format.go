// File and block headers, checksums, game kinds, results and generator info.
package datasets

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"

	"dualnnue/nn/features"
	"dualnnue/position"
)

// Game names the game of a dataset; it is the same enumeration as the
// feature sets' (1 xiangqi, 2 chess), and its value is stored in file and
// block headers.
type Game = features.Game

const (
	Xiangqi = features.Xiangqi
	Chess   = features.Chess
)

// ParseGame reads "xiangqi" or "chess".
func ParseGame(s string) (Game, error) { return features.ParseGame(s) }

// FormatVersion is the version written in file and block headers.
const FormatVersion = 1

const (
	fileMagic  = "\x89DNDS\r\n\x1a"
	blockMagic = "\x89DNBK\r\n\x1a"

	// BlockHeaderSize is the size of a block header in bytes.
	BlockHeaderSize = 36

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

// Result is a game's outcome from White's/Red's view. The zero value is
// "unknown" (e.g. an imported PGN ending in "*").
type Result uint8

const (
	ResultUnknown Result = 0
	BlackWin      Result = 1
	Draw          Result = 2
	WhiteWin      Result = 3 // White (chess) or Red (xiangqi) won
)

// String renders the result as PGN does: "1-0", "1/2-1/2", "0-1", "*".
func (r Result) String() string {
	switch r {
	case WhiteWin:
		return "1-0"
	case Draw:
		return "1/2-1/2"
	case BlackWin:
		return "0-1"
	}
	return "*"
}

// Score returns the result as a score in [0, 1] from c's view: 1 win,
// 0.5 draw, 0 loss (0.5 for unknown).
func (r Result) Score(c position.Color) float32 {
	if r == ResultUnknown {
		return 0.5
	}
	s := float32(r-1) * 0.5 // White's view
	if c != 0 {
		s = 1 - s
	}
	return s
}

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
	Game      Game
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
	h.Game = Game(b[10])
	infoLen = int(binary.LittleEndian.Uint32(b[12:]))
	if h.Version != FormatVersion {
		return h, 0, fmt.Errorf("datasets: format version %d not supported (this build reads %d)", h.Version, FormatVersion)
	}
	if h.Game != Xiangqi && h.Game != Chess {
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
	Game       Game
	Flags      uint16
	Records    uint32 // scored positions
	Games      uint32
	RawSize    uint32 // uncompressed payload bytes
	Size       uint32 // stored payload bytes
	PayloadCRC uint32 // CRC-32C of the stored payload
}

// IsEnd reports whether the block is the end marker of a closed file.
func (h *BlockHeader) IsEnd() bool { return h.Flags&blockFlagEnd != 0 }

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
	dst = binary.LittleEndian.AppendUint32(dst, crc32c(dst[start:]))
	return dst
}

// parseBlockHeader decodes b[:BlockHeaderSize], checking magic, header CRC
// and sizes. It returns a description of the first problem found.
func parseBlockHeader(b []byte) (h BlockHeader, problem string) {
	if string(b[:8]) != blockMagic {
		return h, "bad block magic"
	}
	if got, want := crc32c(b[:32]), binary.LittleEndian.Uint32(b[32:]); got != want {
		return h, fmt.Sprintf("header checksum mismatch (stored %08x, computed %08x)", want, got)
	}
	h.Version = b[8]
	h.Game = Game(b[9])
	h.Flags = binary.LittleEndian.Uint16(b[10:])
	h.Records = binary.LittleEndian.Uint32(b[12:])
	h.Games = binary.LittleEndian.Uint32(b[16:])
	h.RawSize = binary.LittleEndian.Uint32(b[20:])
	h.Size = binary.LittleEndian.Uint32(b[24:])
	h.PayloadCRC = binary.LittleEndian.Uint32(b[28:])
	switch {
	case h.Version != FormatVersion:
		return h, fmt.Sprintf("block version %d not supported", h.Version)
	case h.Size > MaxBlockSize || h.RawSize > MaxBlockSize:
		return h, fmt.Sprintf("block claims %d stored / %d raw bytes, limit %d", h.Size, h.RawSize, MaxBlockSize)
	case h.Flags&^(blockFlagEnd|blockFlagStored|blockFlagStreams) != 0,
		h.Flags&blockFlagStored != 0 && h.Flags&blockFlagStreams != 0:
		return h, fmt.Sprintf("unknown block flags %#x", h.Flags)
	}
	return h, ""
}
