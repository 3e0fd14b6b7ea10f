// Prints Fairy-Stockfish's WXF for every legal move of each FEN given on
// stdin (one per line) as JSON lines {"fen":..., "wxf":{"h2e2":"C2=5",...}}
// with ICCS moves (ranks 0-9) as keys.
delete globalThis.fetch; // ffish 0.7 would try to fetch its .wasm file under node 18+
const Module = require('ffish');
const fens = require('fs').readFileSync(0, 'utf8').split('\n').map(s => s.trim()).filter(s => s);
Module['onRuntimeInitialized'] = () => {
  for (const fen of fens) {
    const b = new Module.Board('xiangqi', fen);
    const out = {};
    for (const m of b.legalMoves().split(' ').filter(s => s)) {
      const r = m.match(/^([a-i])(\d+)([a-i])(\d+)$/);
      out[r[1] + (r[2] - 1) + r[3] + (r[4] - 1)] = b.sanMove(m, Module.Notation.XIANGQI_WXF);
    }
    console.log(JSON.stringify({ fen, wxf: out }));
    b.delete();
  }
};
