// How to get the outside tools that some tests use (skip messages quote these; README lists them).
package sharedtest

// The steps that install each outside tool a test may need. Tests that
// cannot find a tool skip with one of these, so the skip message says
// exactly what to run; README.md's "Testing" section lists the same steps.
const (
	// HowNode installs Node.js (the chess.js and node-uci client tests).
	HowNode = "install Node.js 18 or later (Debian/Ubuntu: sudo apt-get install nodejs npm)"
	// HowChessJS installs chess.js, pinned by notation/testdata/chessjs/package-lock.json.
	HowChessJS = "run npm ci --prefix notation/testdata/chessjs from the repository root"
	// HowNodeUCI installs node-uci and chess.js, pinned by test/nodeuci/package-lock.json.
	HowNodeUCI = "run npm ci --prefix test/nodeuci from the repository root"
	// HowFairyStockfish installs Fairy-Stockfish (the xiangqi reference engine).
	HowFairyStockfish = "sudo apt-get install fairy-stockfish (Debian/Ubuntu: /usr/games/fairy-stockfish), " +
		"or build https://github.com/fairy-stockfish/Fairy-Stockfish with make -C src build ARCH=x86-64 largeboards=yes and put fairy-stockfish on the PATH"
	// HowPython installs Python 3 (the plain-Python UCI client test,
	// test/pyuci/driver.py, which needs nothing beyond the standard library).
	HowPython = "install Python 3 (Debian/Ubuntu: sudo apt-get install python3)"
	// HowPolyglot installs PolyGlot, the UCI-to-xboard adapter (the plain
	// chess GUI test of cmd/play).
	HowPolyglot = "sudo apt-get install polyglot (Debian/Ubuntu: /usr/games/polyglot)"
	// HowStockfish installs Stockfish (the chess reference engine).
	HowStockfish = "sudo apt-get install stockfish (Debian/Ubuntu: /usr/games/stockfish), " +
		"or a binary from https://stockfishchess.org/download/ on the PATH"
)
