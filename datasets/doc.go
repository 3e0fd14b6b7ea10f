// Package datasets stores self-play training data for both games in a compact,
// streaming, crash-safe file format, reads it back with the filters trainers
// use, feeds the trainer through a parallel shuffling loader, and provides the
// data tools (inspect, stats, verify, merge, split, export, import).
//
// # Games as chains
//
// As in Stockfish's binpack, a game is stored as a chain: a start position (a
// flag for the game's standard start, or a FEN), then per ply the move played
// and, for scored plies, the search score. A position is reconstructed by
// replaying the moves with the position core, so a record costs about two
// bytes before compression:
//
//   - a move is two bytes: the origin's ordinal among the mover's pieces
//     (by square) and the destination's index in the piece type's fixed
//     geometry from that origin (the squares it could reach on an empty
//     board), plus the promotion piece in chess. Decoding is table lookups
//     on a mirror board, with no move generation (the decoder checks each
//     move with PseudoLegal and Legal before playing it), and the code
//     depends neither on the move generator nor on its order, so a change
//     of movegen never invalidates old data (see movecode.go);
//   - a score (centipawns from the side to move's view; mate scores are kept
//     as the position.Value mate range, so they stay distinct) is coded as
//     the zigzag varint of its difference from the previous score negated
//     (the side to move alternates, so -previous is the natural prediction);
//   - the search's best move, when it differs from the move played, is an
//     exception list (gap, move code) that costs nothing when best == played;
//   - the game result (White/Red view) is stored once per game.
//
// Leading unscored plies (an opening book) are replayed but produce no
// record. A chain may end on a scored position with no move (the "final"
// record), which is how imported FEN lists become chains.
//
// # Blocks
//
// Games never span blocks, so every block decodes on its own. A block's
// payload holds five streams (game headers, move origins, move
// destinations, scores, best-move exceptions), each compressed on its own
// with zstd so that its entropy tables fit it (7 % smaller than one frame
// over the concatenation). Each
// block has a 48-byte header (format version 2):
//
//	magic   [8]byte  "\x89DNBK\r\n\x1a"
//	version uint8    (2; version 1 files, whose headers stop after crc
//	                  and are 36 bytes, are still read)
//	game    uint8    (1 xiangqi, 2 chess)
//	flags   uint16   (bit 0: end marker; bit 1: payload stored, not zstd;
//	                  bit 2: streams compressed one by one; neither 1 nor 2:
//	                  one zstd frame over the raw payload)
//	records uint32   scored positions in the block
//	games   uint32   games in the block
//	rawSize uint32   uncompressed payload bytes
//	size    uint32   stored payload bytes
//	crc     uint32   CRC-32C of the stored payload
//	seq     uint32   the block's ordinal in the file (end marker: the
//	                 number of data blocks)
//	before  uint64   games in the file's blocks before this one
//	hcrc    uint32   CRC-32C of the header bytes before it
//
// A reader checks both checksums; on a bad header it searches forward for
// the next block magic whose header checksum holds (resync), on a bad
// payload it skips the block. The sequence numbers show a removed block (a
// gap: reported) and a duplicated or misplaced one (reported and skipped),
// and "before" keeps each game's ordinal in its file whatever was lost
// around it (self-play resumes by it). In version 1 files only the end
// marker's totals show a removed or repeated block. A damaged payload is
// skipped by searching for the next magic too (a hole must not cost the
// next block). Every problem is reported with the block's number and byte
// offset.
//
// A torn last block or a missing end marker is what a killed writer leaves
// in its .tmp file: a warning, the data before is intact. In a closed file
// (any other name: the Writer renames its .tmp on Close) the same is
// damage, an error: the file was truncated later. Tools that copy data
// (merge, split) refuse damaged inputs unless asked to salvage them, so
// that their output never looks complete when it is not.
//
// # Files
//
// A file starts with a header: magic "\x89DNDS\r\n\x1a", format version,
// game, and a JSON GeneratorInfo (engine, version, net hash, search limits,
// seed, free-form key/values), closed by its CRC-32C. A cleanly closed file
// ends with an end-marker block carrying the totals; the Writer writes to
// name+".tmp", syncs every finished block, and renames on Close, so a crash
// loses at most the block in progress and the .tmp file stays readable.
//
// # Reading and training
//
// Reader streams positions with filters (in check, captures, best-move
// captures, first N plies, |score| limit, random skipping). Loader reads many
// files in parallel goroutines, shuffles in windows of a large buffer and
// fills flat reusable batches of sparse feature indices (nn/features) for
// both perspectives, without per-position allocation. Its State between
// two batches is small (LoaderState), and a loader started from it
// (LoaderConfig.Start) continues the stream without reading what came
// before: the trainer's stream-mode resume.
//
// # Text and PGN
//
// Export writes "FEN | score | result" lines (marlinflow/bullet text
// format): score in centipawns from White's/Red's view, result 1.0 / 0.5 /
// 0.0 from White's/Red's view. Import reads that format back, rebuilding
// chains where consecutive FENs follow by a legal move, and reads PGN whose
// move comments carry engine evaluations as cutechess-cli and fastchess
// write them ("{+0.35/12 0.5s}", "{-M5/20 ...}", "{book}"): package
// notation reads the games, this package only interprets the comments.
package datasets
