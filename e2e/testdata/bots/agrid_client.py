#!/usr/bin/env python3
"""A-grid-culture client (Deadline24 2017), written from the seed document alone: the 2017
"Rules and tasks description", section 2 (server communication) and section 6
(A-grid-culture: 6.3 game model, 6.6 scoring, 6.7 commands, 6.8 errors), plus
docs/deadline24-protocol.md. Nothing of arena's referee or game pages was read to write it.

It plays the way a 2017 contestant's client did: every command is sent as one line and
answered by an exact `OK` line (then the command's data lines) or one `FAILED e msg`
line; WAIT reads `OK`, `WAITING x` and the `OK` that starts the next turn. At the end of
input (pipes) or when the connection closes (TCP) it exits with status 0.

  agrid_client.py                                    pipes (arena run)
  agrid_client.py --login L --pass P                 pipes with the LOGIN/PASS handshake
  agrid_client.py --host H --port P --login L --pass P      TCP (arena serve)
  --log FILE     transcript, one JSON object per line (every command and its answer)
  --probe        also send wrong commands (each tagged with a probe name) to check errors
  --cases FILE   TEST_SCORE cases (JSON list of {"name", "size", "x", "y", "rows"}), one per
                 turn; in the rows '@' is my colour, '%' and '&' two other teams' colours
  --side N       side of the square each worker fences in (default 3)
  --idle         put no marker at all (TIME_TO_END, LAST_SCORE and WAIT only)

Strategy: every worker walks the fence of an N x N square of fields (4N posts, no hill on
them), putting a MaRKeR on each post (PUT, then MOVE, every turn); with the last PUT it
orders SCORE on the first post of the square (section 6.7: DESTROY, PUT, SCORE, MOVE run
in this order at the end of the turn) and starts again. It reads LAST_SCORE every turn and
harvests nothing in the last turn (TIME_TO_END 0), so the gains it saw are its whole score.
"""

import argparse
import json
import socket
import sys

# ----------------------------------------------------------------------------------
# Session layer (section 2 of the seed)
# ----------------------------------------------------------------------------------


class GameOver(Exception):
    """The server closed the session: the game (or the last game) is over."""


class Session:
    def __init__(self, args):
        self.args = args
        self.turn = 0
        self.game = 0
        self.count = 0
        self.log = open(args.log, "w", buffering=1) if args.log else None
        if args.host:
            sock = socket.create_connection((args.host, args.port))
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.rf = sock.makefile("r", encoding="utf-8", newline="\n")
            self.wf = sock.makefile("w", encoding="utf-8", newline="\n")
        else:
            self.rf, self.wf = sys.stdin, sys.stdout

    def readline(self):
        try:
            line = self.rf.readline()
        except (OSError, ValueError):
            raise GameOver()
        if not line:
            raise GameOver()
        return line.rstrip("\n")

    def write(self, text):
        try:
            self.wf.write(text)
            self.wf.flush()
        except (OSError, ValueError):
            raise GameOver()

    def record(self, obj):
        if self.log:
            obj.setdefault("game", self.game)
            obj.setdefault("turn", self.turn)
            self.log.write(json.dumps(obj) + "\n")

    def login(self):
        a = self.args
        if a.login is None:
            return True
        got = [self.readline()]
        if got[-1] == "LOGIN":
            self.write(a.login + "\n")
            got.append(self.readline())
            if got[-1] == "PASS":
                self.write(a.password + "\n")
                got.append(self.readline())
        self.record({"event": "login", "reply": got})
        return got[-1] == "OK"

    def command(self, line, data=None, probe=None, raw=None):
        self.write((raw if raw is not None else line) + "\n")
        self.count += 1
        first = self.readline()
        reply = [first]
        if first == "OK":
            if data is not None:
                reply += data(self)
        elif first.startswith("FAILED 6 "):
            reply.append(self.readline())  # WAITING x
            reply.append(self.readline())  # OK of the next turn
            self.new_turn()
        rec = {"cmd": line, "reply": reply}
        if probe:
            rec["probe"] = probe
        self.record(rec)
        return first == "OK", reply

    def wait(self, early=None):
        self.write("WAIT\n")
        reply = [self.readline()]
        if reply[0] != "OK":
            self.record({"cmd": "WAIT", "reply": reply})
            return False
        reply.append(self.readline())  # WAITING x
        if early:
            self.write("".join(l + "\n" for l in early))
        reply.append(self.readline())  # OK
        self.record({"cmd": "WAIT", "reply": reply})
        self.new_turn()
        return True

    def new_turn(self):
        self.turn += 1
        self.count = 0


def lines(n):
    return lambda s: [s.readline() for _ in range(n)]


def counted(s):
    first = s.readline()
    k = int(first.split()[0])
    return [first] + [s.readline() for _ in range(k)]


def show_map(s):  # A, A lines of posts, A lines of lifespans
    first = s.readline()
    a = int(first)
    return [first] + [s.readline() for _ in range(2 * a)]


def test_score(s):
    """Section 6.7: the LAST_SCORE line, "preceded with another OK" (read it if it comes)."""
    line = s.readline()
    if line == "OK":
        return [line, s.readline()]
    return [line]


# ----------------------------------------------------------------------------------
# The game (section 6)
# ----------------------------------------------------------------------------------

DIRS = [(1, 1), (-1, 1), (1, -1), (-1, -1)]


class Agrid:
    def __init__(self, s, args):
        self.s = s
        self.probe = args.probe
        self.idle = args.idle
        self.side = args.side
        self.cases = []
        if args.cases:
            with open(args.cases) as f:
                self.cases = json.load(f)
        self.done = {}
        self.world = None
        self.last_u = None
        self.test_used = -1  # last turn a probe spent the TEST_SCORE of

    def due(self, name, reps=1):
        return self.probe and self.done.get(name, 0) < reps

    def mark(self, name):
        self.done[name] = self.done.get(name, 0) + 1

    def room(self, n):
        return self.s.count + n <= self.L - 2

    def new_game(self):
        s = self.s
        s.game += 1
        ok, r = s.command("DESCRIBE_WORLD", lines(1))
        t = r[1].split()
        self.A = int(t[0])
        self.B = int(t[1])
        self.color = t[2]
        self.E = int(t[4])
        self.L = int(t[17])
        self.world = t
        self.hills = set()
        self.mine = set()  # posts holding my MaRKeR, as far as I know
        self.plans = {}  # worker -> [posts, moves, k, stuck]
        self.map_turn = -10**9
        self.enemy_colors = []
        s.record({"event": "world", "A": self.A, "color": self.color, "L": self.L, "E": self.E})
        self.read_map()

    def read_map(self):
        ok, r = self.s.command("SHOW_MAP", show_map)
        if not ok:
            return
        self.map_turn = self.s.turn
        a = int(r[1])
        self.mine = set()
        for y, row in enumerate(r[2 : 2 + a]):
            for x, ch in enumerate(row):
                if ch == "#":
                    self.hills.add((x, y))
                elif ch == self.color:
                    self.mine.add((x, y))

    def wrap(self, x, y):
        return (x % self.A, y % self.A)

    # --- the loop ---------------------------------------------------------------

    def run(self):
        s = self.s
        while True:
            self.turn()
            early = None
            if self.probe and self.world is not None and self.due("command-limit"):
                early = ["TIME_TO_END"] * (self.L + 1)
            s.wait(early=early)
            if early:
                self.read_burst(early)

    def read_burst(self, early):
        s = self.s
        for i, line in enumerate(early):
            first = s.readline()
            reply = [first]
            if first == "OK":
                reply.append(s.readline())
                s.count += 1
                s.record({"cmd": line, "reply": reply, "probe": "command-limit", "index": i + 1})
                continue
            if first.startswith("FAILED 6 "):
                reply += [s.readline(), s.readline()]
                s.record({"cmd": line, "reply": reply, "probe": "command-limit", "index": i + 1})
                s.new_turn()
            else:
                s.record({"cmd": line, "reply": reply, "probe": "command-limit", "index": i + 1})
            break
        self.mark("command-limit")

    def turn(self):
        s = self.s
        if self.world is None:
            self.new_game()
        ok, r = s.command("TIME_TO_END", lines(1))
        u = int(r[1].split()[0])
        if self.last_u is not None and u > self.last_u:  # the season restarted: a new game
            s.record({"event": "new game"})
            self.new_game()
        self.last_u = u
        self.u = u
        ok, r = s.command("LAST_SCORE", lines(1))
        if self.idle:
            return  # put nothing: the season ends early (section 6.5)
        s.command("SHOW_HISTORY", lines(3))
        if s.turn - self.map_turn >= self.E and self.room(1):
            self.read_map()
        ok, r = s.command("LIST_MY_WORKERS", counted)
        workers = []
        for line in r[2:]:
            t = line.split()
            workers.append((int(t[0]), int(t[1]), int(t[2])))
        ok, r = s.command("LIST_ENEMY_WORKERS", counted)
        enemies = []
        for line in r[2:]:
            t = line.split()
            enemies.append((int(t[1]), int(t[2])))
            if t[0] not in self.enemy_colors:
                self.enemy_colors.append(t[0])
        if self.probe:
            self.probes(workers, enemies)
        if self.cases and self.room(1) and self.test_used != s.turn:
            case = self.cases.pop(0)
            self.test_case(case)
        self.work(workers, enemies)

    # --- playing ------------------------------------------------------------------

    def ring(self, start, d, taken):
        """Posts and moves of the fence of a side x side square from start, towards d."""
        x, y = start
        moves = [(d[0], 0)] * self.side + [(0, d[1])] * self.side + [(-d[0], 0)] * self.side + [(0, -d[1])] * self.side
        posts = []
        for mx, my in moves:
            p = self.wrap(x, y)
            if p in self.hills or p in taken:
                return None
            posts.append(p)
            x, y = x + mx, y + my
        return posts, moves

    def work(self, workers, enemies):
        s = self.s
        here = {}
        for wid, x, y in workers:
            here[(x, y)] = here.get((x, y), 0) + 1
        for x, y in enemies:
            here[(x, y)] = here.get((x, y), 0) + 1
        for wid, x, y in workers:
            if not self.room(3):
                break
            pos = (x, y)
            plan = self.plans.get(wid)
            if plan is not None and plan[0][plan[2]] != pos:
                plan = None  # a move did not happen: start again from here
            if plan is None:
                taken = set()
                for other, p in self.plans.items():
                    if other != wid and p is not None:
                        taken.update(p[0])
                for i in range(4):
                    d = DIRS[(wid + s.turn + i) % 4]
                    got = self.ring(pos, d, taken)
                    if got:
                        plan = [got[0], got[1], 0, 0]
                        break
                self.plans[wid] = plan
            if plan is None:  # no room for a square here: step aside
                for mx, my in ((1, 0), (0, 1), (-1, 0), (0, -1))[s.turn % 2 :]:
                    if self.wrap(x + mx, y + my) not in self.hills:
                        s.command("MOVE %d %d %d" % (wid, mx, my))
                        break
                continue
            posts, moves, k, stuck = plan
            if here.get(pos, 0) > 1:  # section 6.3.3: no MaRKeR work in company
                plan[3] += 1
                if plan[3] > 2:
                    self.plans[wid] = None
                continue
            if pos not in self.mine:
                ok, r = s.command("PUT %d %s" % (wid, self.color))
                if ok:
                    self.mine.add(pos)
                    s.record({"event": "put", "at": list(pos)})
            if k == len(moves) - 1 and self.u > 0:
                ok, r = s.command("SCORE %d %d" % posts[0])
                if ok:
                    s.record({"event": "score", "at": list(posts[0])})
                    for p in posts:
                        self.mine.discard(p)
            ok, r = s.command("MOVE %d %d %d" % ((wid,) + moves[k]))
            plan[2] = k + 1
            if not ok or plan[2] == len(moves):
                self.plans[wid] = None

    # --- probes (named wrong commands) ------------------------------------------------

    def probes(self, workers, enemies):
        s = self.s
        if not workers:
            return
        wid, x, y = workers[0]
        if self.due("unknown-command") and self.room(2):
            s.command("FOO", probe="unknown-command")
            s.command("wait", probe="unknown-command")
            self.mark("unknown-command")
        elif self.due("too-many-arguments") and self.room(3):
            s.command("TIME_TO_END 1", probe="too-many-arguments")
            s.command("DESTROY 1 2", probe="too-many-arguments")
            ok, r = s.command("WAIT 1", probe="too-many-arguments")
            if ok:
                s.readline()
                s.readline()
                s.new_turn()
            self.mark("too-many-arguments")
        elif self.due("bad-format") and self.room(3):
            s.command("MOVE 1 a b", probe="bad-format")
            s.command("PUT 1", probe="bad-format")
            s.command("SCORE 1", probe="bad-format")
            self.mark("bad-format")
        elif self.due("show-map-limit") and self.room(1):
            s.command("SHOW_MAP", show_map, probe="show-map-limit")
            self.mark("show-map-limit")
        elif self.due("worker-errors") and self.room(4):
            s.command("MOVE 9999 1 0", probe="invalid-worker-id")
            s.command("MOVE %d 1 1" % wid, probe="invalid-move-offset")
            s.command("PUT %d %s" % (wid, self.other_color()), probe="marker-not-carried")
            if (x, y) not in self.mine:
                s.command("DESTROY %d" % wid, probe="cannot-destroy-here")
            self.mark("worker-errors")
        elif self.due("score-errors") and self.room(2):
            empty = self.empty_post()
            if empty:
                s.command("SCORE %d %d" % empty, probe="no-marker")
            s.command("SCORE %d %d" % (self.A, 0), probe="invalid-position")
            self.mark("score-errors")
        elif self.due("test-score-errors") and self.room(2):
            s.command("TEST_SCORE 4 0 0 " + "." * 16, test_score, probe="test-map-size")
            s.command("TEST_SCORE 5 0 0 " + "." * 25, test_score, probe="test-score-limit")
            self.mark("test-score-errors")
            self.test_used = s.turn
        elif self.due("test-score-description") and self.room(1):
            s.command("TEST_SCORE 5 0 0 " + "." * 24, test_score, probe="test-map-description")
            self.mark("test-score-description")
            self.test_used = s.turn
        elif self.due("test-score-size-big") and self.room(1):
            s.command("TEST_SCORE 22 0 0 " + "." * 484, test_score, probe="test-map-size")
            self.mark("test-score-size-big")
            self.test_used = s.turn
        if self.due("scheduled-twice") and self.room(6) and (x, y) not in self.mine:
            # PUT and MOVE twice for the same worker: the second one of each is refused.
            # (The worker's plan then goes on from where it ends up.)
            empty_dir = None
            for mx, my in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                if self.wrap(x + mx, y + my) not in self.hills:
                    empty_dir = (mx, my)
                    break
            here = sum(1 for w in workers if (w[1], w[2]) == (x, y)) + sum(1 for e in enemies if e == (x, y))
            if empty_dir and here == 1:
                ok, r = s.command("PUT %d %s" % (wid, self.color))
                if ok:
                    self.mine.add((x, y))
                    s.command("PUT %d %s" % (wid, self.color), probe="put-scheduled")
                ok, r = s.command("MOVE %d %d %d" % ((wid,) + empty_dir))
                if ok:
                    s.command("MOVE %d %d %d" % ((wid,) + empty_dir), probe="move-scheduled")
                self.plans[wid] = None
                self.mark("scheduled-twice")
                workers.remove((wid, x, y))
        elif self.due("destroy-twice") and self.room(2) and (x, y) in self.mine:
            here = sum(1 for w in workers if (w[1], w[2]) == (x, y)) + sum(1 for e in enemies if e == (x, y))
            if here == 1:
                ok, r = s.command("DESTROY %d" % wid)
                if ok:
                    self.mine.discard((x, y))
                    s.command("DESTROY %d" % wid, probe="destroy-scheduled")
                self.plans[wid] = None
                self.mark("destroy-twice")
                workers.remove((wid, x, y))
        # section 6.3.3: two workers on one POST cannot work there
        if self.due("crowd") and self.room(2):
            spots = {}
            for w in workers:
                spots.setdefault((w[1], w[2]), []).append(w[0])
            for e in enemies:
                spots.setdefault(e, []).append(None)
            for p, ids in spots.items():
                mine = [i for i in ids if i is not None]
                if len(ids) > 1 and mine:
                    if p in self.mine:
                        s.command("DESTROY %d" % mine[0], probe="destroy-in-crowd")
                    else:
                        s.command("PUT %d %s" % (mine[0], self.color), probe="put-in-crowd")
                    self.mark("crowd")
                    break

    def other_color(self):
        if self.enemy_colors:
            return self.enemy_colors[0]
        return "z" if self.color != "z" else "y"

    def empty_post(self):
        for y in range(self.A):
            for x in range(self.A):
                if (x, y) not in self.hills and (x, y) not in self.mine:
                    return (x, y)
        return None

    # --- TEST_SCORE (section 6.4) -------------------------------------------------------

    def test_case(self, case):
        colors = {"@": self.color}
        others = [c for c in self.enemy_colors if c != self.color]
        spare = [c for c in "xyzXYZ" if c != self.color and c not in others]
        others += spare
        colors["%"], colors["&"] = others[0], others[1]
        rows = "".join("".join(colors.get(ch, ch) for ch in row) for row in case["rows"])
        line = "TEST_SCORE %d %d %d %s" % (case["size"], case["x"], case["y"], rows)
        ok, r = self.s.command(line, test_score, probe="test-score:" + case["name"])
        self.s.record({"event": "test-score", "name": case["name"], "colors": colors, "reply": r})


def main():
    p = argparse.ArgumentParser(description="A-grid-culture client (Deadline24 2017)")
    p.add_argument("--host", help="connect over TCP (arena serve)")
    p.add_argument("--port", type=int, default=20003)
    p.add_argument("--login", help="log in with LOGIN/PASS (TCP, or pipes with handshake=1)")
    p.add_argument("--pass", dest="password", default="secret")
    p.add_argument("--log", help="write the transcript here (JSON lines)")
    p.add_argument("--probe", action="store_true", help="also send wrong commands and record the answers")
    p.add_argument("--cases", help="TEST_SCORE cases to send, one per turn")
    p.add_argument("--side", type=int, default=3, help="side of the fenced squares")
    p.add_argument("--idle", action="store_true", help="put no marker: only TIME_TO_END, LAST_SCORE and WAIT")
    args = p.parse_args()
    if args.host and args.login is None:
        args.login = "login1"
    s = Session(args)
    try:
        if not s.login():
            return 0
        Agrid(s, args).run()
    except GameOver:
        s.record({"event": "end"})
    return 0


if __name__ == "__main__":
    sys.exit(main())
