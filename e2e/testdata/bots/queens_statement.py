#!/usr/bin/env python3
# A Code Royale (queens) bot written from the seed document alone
# (/work/shared/seeds/000_cbc21b99217d0311.txt: "Game Input", "Output for one game
# turn", "Constraints"), the way a contest player writes a first bot from the statement.
#
# Strategy: build a mine, a knight barracks and towers on the nearest free sites, train
# knights whenever a barracks is ready and gold allows, and run from enemy knights.
#
# Test switches (all optional), turns counted from 0 = the first answer:
#   --sleep-turn N --sleep-ms M   sleep M ms before answering turn N
#   --fly-turn N                  answer "FLY 1 2 3" on turn N (not a command of the game)
#   --first-sleep-ms M            sleep M ms before the first answer
#   --every-sleep-ms M            sleep M ms before every later answer
#   --log-turns 1                 write "turn N" to stderr before answering turn N
import sys
import time


def args():
    opts = {}
    argv = sys.argv[1:]
    for i in range(0, len(argv) - 1, 2):
        opts[argv[i].lstrip("-")] = int(argv[i + 1])
    return opts


class Tokens:
    """Reads whitespace-separated integers, line by line, as they are needed."""

    def __init__(self, stream):
        self.stream = stream
        self.pending = []

    def next(self):
        while not self.pending:
            line = self.stream.readline()
            if not line:
                raise EOFError
            self.pending = line.split()
        return int(self.pending.pop(0))


def dist2(ax, ay, bx, by):
    return (ax - bx) ** 2 + (ay - by) ** 2


def main():
    opts = args()
    tok = Tokens(sys.stdin)
    num_sites = tok.next()
    sites = {}
    for _ in range(num_sites):
        sid, x, y, r = tok.next(), tok.next(), tok.next(), tok.next()
        sites[sid] = (x, y, r)
    turn = 0
    while True:
        try:
            gold = tok.next()
            touched = tok.next()
        except EOFError:
            return
        state = {}
        for _ in range(num_sites):
            sid = tok.next()
            state[sid] = [tok.next() for _ in range(6)]  # gold maxMine type owner p1 p2
        units = []
        for _ in range(tok.next()):
            units.append([tok.next() for _ in range(5)])  # x y owner type hp

        queen = next(u for u in units if u[2] == 0 and u[3] == -1)
        qx, qy = queen[0], queen[1]
        mine = {s: v for s, v in state.items() if v[3] == 0}
        free = [s for s, v in state.items() if v[2] == -1]
        barracks = [s for s, v in mine.items() if v[2] == 2]
        towers = [s for s, v in mine.items() if v[2] == 1]
        mines = [s for s, v in mine.items() if v[2] == 0]
        enemy_knights = [u for u in units if u[2] == 1 and u[3] == 0]
        threat = any(dist2(qx, qy, u[0], u[1]) < 300 ** 2 for u in enemy_knights)

        def nearest(ids):
            return min(ids, key=lambda s: dist2(qx, qy, sites[s][0], sites[s][1]))

        first = "WAIT"
        if threat and towers:
            t = nearest(towers)
            first = "BUILD %d TOWER" % t if state[t][4] < 700 else "MOVE %d %d" % (sites[t][0], sites[t][1])
        elif touched in mine and mine[touched][2] == 0 and mine[touched][4] < state[touched][1]:
            first = "BUILD %d MINE" % touched  # grow the mine while it can grow
        elif free:
            s = nearest(free)
            if len(mines) < 2 and state[s][0] != 0:
                kind = "MINE"
            elif not barracks:
                kind = "BARRACKS-KNIGHT"
            else:
                kind = "TOWER"
            first = "BUILD %d %s" % (s, kind)
        elif towers:
            first = "BUILD %d TOWER" % nearest(towers)

        ready = [s for s in barracks if mine[s][4] == 0]
        train = []
        for s in ready:
            if gold >= 80:
                train.append(str(s))
                gold -= 80
        second = " ".join(["TRAIN"] + train)

        if turn == opts.get("fly-turn", -1):
            first = "FLY 1 2 3"
        if opts.get("log-turns"):
            sys.stderr.write("turn %d\n" % turn)
            sys.stderr.flush()
        if turn == 0 and "first-sleep-ms" in opts:
            time.sleep(opts["first-sleep-ms"] / 1000)
        if turn > 0 and "every-sleep-ms" in opts:
            time.sleep(opts["every-sleep-ms"] / 1000)
        if turn == opts.get("sleep-turn", -1):
            time.sleep(opts.get("sleep-ms", 0) / 1000)
        sys.stdout.write(first + "\n" + second + "\n")
        sys.stdout.flush()
        turn += 1


if __name__ == "__main__":
    main()
