// Reads a PGN file with games separated by blank-line-terminated records
// (as package notation writes them), loads each in chess.js and prints one
// JSON line per game: {"ok":true,"san":[...],"fen":"..."} or {"ok":false,"error":"..."}.
const fs = require('fs');
const { Chess } = require('chess.js');

const text = fs.readFileSync(process.argv[2], 'utf8');
// Split before each "[Event " that starts a game.
const games = text.split(/\n(?=\[Event )/).map(s => s.trim()).filter(s => s.length > 0);
for (const pgn of games) {
  const chess = new Chess();
  try {
    chess.loadPgn(pgn, { strict: true });
    console.log(JSON.stringify({ ok: true, san: chess.history(), fen: chess.fen() }));
  } catch (e) {
    console.log(JSON.stringify({ ok: false, error: String(e && e.message || e) }));
  }
}
