delete globalThis.fetch;
// Reads JSON lines {id, fen, moves:[ICCS ranks 0-9]} on stdin, prints per case the first ply where
// Fairy-Stockfish (ffish) reports a claimable/automatic game end, and the result.
const Module = require('ffish');
const lines = require('fs').readFileSync(0, 'utf8').split('\n').filter(l => l.trim());
function fsfMove(m) { return m[0] + (+m[1] + 1) + m[2] + (+m[3] + 1); }
Module['onRuntimeInitialized'] = () => { const ff = Module;
  for (const l of lines) {
    const c = JSON.parse(l);
    const b = new ff.Board(c.variant || 'xiangqi', c.fen);
    let out = { id: c.id, over: null, result: null };
    const wxf = [];
    c.moves.forEach((m, i) => {
      const mm = (c.variant || 'xiangqi') === 'xiangqi' ? fsfMove(m) : m;
      wxf.push(b.sanMove(mm, (c.variant || 'xiangqi') === 'xiangqi' ? ff.Notation.XIANGQI_WXF : ff.Notation.SAN));
      if (!b.push(mm)) { out.illegal = i + 1; }
      if (out.over === null && b.isGameOver(true)) { out.over = i + 1; out.result = b.result(true); }
    });
    if (c.moves.length === 0 && b.isGameOver(true)) { out.over = 0; out.result = b.result(true); }
    out.wxf = wxf.join(' ');
    console.log(JSON.stringify(out));
    b.delete();
  }
};
