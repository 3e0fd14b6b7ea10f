#!/usr/bin/env python3
"""A GUI-like UCI client in plain Python (standard library only), the way
python-chess and simple GUIs drive an engine: it sends no UCI_Variant and no
other option, only uci, isready, ucinewgame, position startpos moves ... and go
with a clock, and reads bestmove. It plays three games between two engine
processes and prints one JSON line: each game's moves, how it ended, and every
line an engine sent that starts with "info string error".

usage: driver.py CHESS_BINARY PLAIN_BINARY [plies]
  chess:         CHESS_BINARY against itself (a binary whose name makes chess its default)
  chess-switch:  PLAIN_BINARY against itself, the first position command already
                 carrying 1. e4 (a chess GUI that never says which game)
  xiangqi:       PLAIN_BINARY against itself (its default game)
"""
import json
import queue
import subprocess
import sys
import threading
import time


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.errors = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            line = line.rstrip("\r\n")
            if line.startswith("info string error"):
                self.errors.append(line)
            self.lines.put(line)
        self.lines.put(None)

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix, timeout=30.0):
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no %r within %.0f s" % (prefix, timeout))
            line = self.lines.get(timeout=left)
            if line is None:
                raise EOFError("engine closed its output before %r" % prefix)
            if line.startswith(prefix):
                return line

    def start(self):
        self.send("uci")
        self.wait_for("uciok")
        self.send("isready")
        self.wait_for("readyok")
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def play(white_path, black_path, first_moves, plies):
    engines = [Engine(white_path), Engine(black_path)]
    for e in engines:
        e.start()
    moves = list(first_moves)
    clock = [3000, 3000]  # ms, +50 ms a move
    result = "ply limit"
    try:
        while len(moves) < plies:
            side = len(moves) % 2
            e = engines[side]
            e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
            t0 = time.monotonic()
            e.send("go wtime %d btime %d winc 50 binc 50" % (clock[0], clock[1]))
            best = e.wait_for("bestmove").split()
            clock[side] += 50 - int((time.monotonic() - t0) * 1000)
            if len(best) < 2 or best[1] in ("(none)", "0000"):
                result = "no move: " + " ".join(best)
                break
            moves.append(best[1])
    finally:
        for e in engines:
            e.quit()
    return {"moves": moves, "result": result, "errors": engines[0].errors + engines[1].errors}


def main():
    chess_bin, plain_bin = sys.argv[1], sys.argv[2]
    plies = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    out = {
        "chess": play(chess_bin, chess_bin, [], plies),
        "chessSwitch": play(plain_bin, plain_bin, ["e2e4"], plies),
        "xiangqi": play(plain_bin, plain_bin, [], plies),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
