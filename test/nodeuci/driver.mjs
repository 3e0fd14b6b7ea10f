// Plays a full chess game and a full xiangqi game between two instances of
// our engine, driven by node-uci (a UCI client we did not write), at a short
// clock. Every move is checked: chess with chess.js, xiangqi with
// Fairy-Stockfish's legal moves (its UCI numbers ranks 1-10, ours 0-9).
// The white/red side ponders on its expected reply and is sent ponderhit
// or stop, as a GUI does. Any protocol error or illegal move exits with
// status 1; time losses are recorded in the JSON summary (the last line,
// read by the Go test) and the game goes on.
//
// The xiangqi game sends no UCI_Variant (xiangqi is the default). When
// DUALNNUE_CHESS names the engine under a name that makes chess its default
// (dualnnue-chess), a third, shorter chess game is played as a plain chess
// GUI plays, with no UCI_Variant at all: White is that binary, Black the
// plain one, which learns the game from the first move list.
//
// usage: [DUALNNUE_CHESS=<chess-default engine>] node driver.mjs <engine> [fairy-stockfish] [plies-cap]
import { Engine } from 'node-uci'
import { Chess } from 'chess.js'
import { spawn } from 'node:child_process'
import readline from 'node:readline'

const [, , enginePath, fsfPath, capArg] = process.argv
if (!enginePath) {
  console.error('usage: node driver.mjs <engine> [fairy-stockfish] [plies-cap]')
  process.exit(2)
}
const PLY_CAP = Number(capArg || 200)
const CLOCK_MS = Number(process.env.CLOCK_MS || 2000)
const INC_MS = Number(process.env.INC_MS || 50)

function fail(msg) {
  console.error('FAIL: ' + msg)
  process.exit(1)
}

// newEngine starts path; variant null sends no UCI_Variant.
async function newEngine(path, variant, ponder) {
  const e = new Engine(path)
  await e.init()
  if (!e.id.name || !e.id.name.startsWith('dualnnue')) fail(`id name ${e.id.name}`)
  for (const name of ['UCI_Variant', 'Hash', 'Threads', 'MultiPV', 'Move Overhead', 'Ponder', 'Use NNUE', 'EvalFile', 'Clear Hash', 'UCI_Chess960']) {
    if (!e.options.has(name)) fail(`option ${name} not announced`)
  }
  if (variant) await e.setoption('UCI_Variant', variant)
  await e.setoption('Hash', 16)
  await e.setoption('Threads', 1)
  await e.setoption('Move Overhead', 20)
  await e.setoption('Ponder', ponder ? 'true' : 'false')
  await e.ucinewgame()
  await e.isready()
  return e
}

// checkResult checks a go() result: a bestmove and sane info lines.
function checkResult(r, what) {
  if (!r || !r.bestmove) fail(`${what}: no bestmove`)
  if (r.bestmove !== '(none)') {
    const scored = r.info.filter(i => i.score && i.pv)
    if (scored.length === 0) fail(`${what}: no info line with score and pv`)
    const last = scored[scored.length - 1]
    if (last.pv.split(' ')[0] !== r.bestmove) fail(`${what}: bestmove ${r.bestmove} is not the PV's first move ${last.pv}`)
  }
}

// FairyStockfish answers "go perft 1" with the legal moves of a position.
class FairyStockfish {
  constructor(path) {
    this.proc = spawn(path, [], { stdio: ['pipe', 'pipe', 'inherit'] })
    this.rl = readline.createInterface({ input: this.proc.stdout })
    this.waiters = []
    this.rl.on('line', line => {
      const w = this.waiters[0]
      if (w) w(line)
    })
  }
  send(cmd) { this.proc.stdin.write(cmd + '\n') }
  until(pred) {
    return new Promise(resolve => {
      const lines = []
      this.waiters.push(line => {
        lines.push(line)
        if (pred(line)) {
          this.waiters.shift()
          resolve(lines)
        }
      })
    })
  }
  async init() {
    this.send('uci')
    await this.until(l => l === 'uciok')
    this.send('setoption name UCI_Variant value xiangqi')
    this.send('isready')
    await this.until(l => l === 'readyok')
  }
  async legalMoves(moves) {
    this.send('position startpos' + (moves.length ? ' moves ' + moves.join(' ') : ''))
    this.send('go perft 1')
    const lines = await this.until(l => l.startsWith('Nodes searched'))
    return lines.filter(l => /^[a-i]\d+[a-i]\d+: 1$/.test(l)).map(l => l.split(':')[0])
  }
  quit() { this.send('quit') }
}

// Ranks 0-9 (ours, Pikafish) to 1-10 (Fairy-Stockfish UCI).
function toFSF(m) {
  const g = /^([a-i])(\d)([a-i])(\d)$/.exec(m)
  if (!g) fail(`malformed xiangqi move ${m}`)
  return `${g[1]}${Number(g[2]) + 1}${g[3]}${Number(g[4]) + 1}`
}

// playGame plays one game; check(moves, move) returns true when move is
// legal after moves, gameOver(moves) says whether the side to move has no
// legal move or the game ended by rule.
// opts: paths (White's and Black's engines), setVariant (send UCI_Variant),
// plyCap.
async function playGame(variant, check, gameOver, opts = {}) {
  const paths = opts.paths || [enginePath, enginePath]
  const setVariant = opts.setVariant ?? true
  const plyCap = opts.plyCap || PLY_CAP
  const engines = [await newEngine(paths[0], setVariant ? variant : null, true), await newEngine(paths[1], setVariant ? variant : null, false)]
  const clock = [CLOCK_MS, CLOCK_MS]
  const moves = []
  let pondering = null // {promise, move} of engines[0] pondering on move
  let ponderHits = 0
  let ponderMisses = 0
  let result = '*'
  const flags = []
  while (moves.length < plyCap) {
    const side = moves.length % 2
    const e = engines[side]
    const lim = { wtime: Math.max(clock[0], 0), btime: Math.max(clock[1], 0), winc: INC_MS, binc: INC_MS }
    let r
    let t0
    if (side === 0 && pondering) {
      const last = moves[moves.length - 1]
      if (last === pondering.move) {
        t0 = Date.now()
        e.write('ponderhit')
        r = await pondering.promise
        ponderHits++
      } else {
        e.write('stop')
        checkResult(await pondering.promise, `${variant} stopped ponder`)
        ponderMisses++
        await e.position('startpos', moves)
        t0 = Date.now()
        r = await e.go(lim)
      }
      pondering = null
    } else {
      await e.position('startpos', moves)
      t0 = Date.now()
      r = await e.go(lim)
    }
    const used = Date.now() - t0
    if (process.env.DEBUG_DRIVER) console.error(variant, moves.length + 1, side, used, clock[side], r.bestmove, r.info.length, JSON.stringify(r.info[r.info.length - 1]))
    checkResult(r, `${variant} ply ${moves.length + 1}`)
    clock[side] -= used
    if (clock[side] < 0) {
      // A time loss is recorded (the Go test reports it) and the game goes
      // on with the clock reset to one increment, so that the protocol is
      // still checked to the end of the game.
      flags.push({ side, ply: moves.length + 1, usedMs: used })
      clock[side] = 0
    }
    clock[side] += INC_MS
    if (r.bestmove === '(none)') {
      if (gameOver.known && !(await gameOver(moves))) fail(`${variant}: bestmove (none) with legal moves after ${moves.join(' ')}`)
      result = 'no legal move'
      break
    }
    if (!(await check(moves, r.bestmove))) fail(`${variant}: illegal move ${r.bestmove} after ${moves.join(' ')}`)
    moves.push(r.bestmove)
    if (side === 0 && r.ponder) {
      await e.position('startpos', [...moves, r.ponder])
      // The clocks as they stand now: ours is stopped while we ponder.
      const plim = { wtime: clock[0], btime: clock[1], winc: INC_MS, binc: INC_MS, ponder: true }
      pondering = { move: r.ponder, promise: e.go(plim) }
    }
    if (await gameOver(moves)) {
      result = 'game over by rule'
      break
    }
  }
  if (pondering) {
    engines[0].write('stop')
    checkResult(await pondering.promise, `${variant} final ponder`)
  }
  for (const e of engines) await e.quit()
  if (moves.length >= plyCap) result = `ply cap ${plyCap}`
  console.error(`${variant}${setVariant ? '' : ' (no UCI_Variant sent)'}: ${moves.length} plies, ${result}, clocks ${clock[0]}/${clock[1]} ms, ponder hits ${ponderHits} misses ${ponderMisses}, time losses ${flags.length}`)
  return { moves, result, ponderHits, ponderMisses, flags }
}

// chessGame plays a chess game checked move by move with chess.js.
async function chessGame(opts) {
  const board = new Chess()
  const game = await playGame(
    'chess',
    async (moves, m) => {
      try {
        board.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] })
        return true
      } catch {
        return false
      }
    },
    Object.assign(async () => board.isGameOver(), { known: true }),
    opts,
  )
  return { game, pgn: board.pgn() }
}

async function main() {
  // Chess, every move checked by chess.js.
  const chess = await chessGame({})

  // Chess as a plain chess GUI plays it: no UCI_Variant sent.
  let chessNoVariant = null
  if (process.env.DUALNNUE_CHESS) {
    chessNoVariant = (await chessGame({ paths: [process.env.DUALNNUE_CHESS, enginePath], setVariant: false, plyCap: 30 })).game
  }

  // Xiangqi (the default game: no UCI_Variant sent), every move checked
  // against Fairy-Stockfish's legal moves.
  let fsf = null
  if (fsfPath) {
    fsf = new FairyStockfish(fsfPath)
    await fsf.init()
  }
  const xq = await playGame(
    'xiangqi',
    async (moves, m) => {
      if (!fsf) return /^[a-i]\d[a-i]\d$/.test(m)
      const legal = await fsf.legalMoves(moves.map(toFSF))
      return legal.includes(toFSF(m))
    },
    // Without Fairy-Stockfish the Go test replays the game with our rules.
    Object.assign(async moves => (fsf ? (await fsf.legalMoves(moves.map(toFSF))).length === 0 : false), { known: !!fsf }),
    { setVariant: false },
  )
  if (fsf) fsf.quit()
  console.log(JSON.stringify({ chess: chess.game, chessNoVariant, xiangqi: xq, chessPGN: chess.pgn, fairyStockfish: !!fsf }))
}

main().catch(err => fail(err && err.stack ? err.stack : String(err)))
