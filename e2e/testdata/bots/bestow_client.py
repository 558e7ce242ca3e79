#!/usr/bin/env python3
"""B.E.S.T.O.W. client (Deadline24 2017), written from the seed document alone: the 2017
"Rules and tasks description", section 2 (server communication) and section 5
(B.E.S.T.O.W.: 5.5 rules, 5.8 commands, 5.9 errors), plus docs/deadline24-protocol.md.
Nothing of arena's referee or game pages was read to write it.

It plays the way a 2017 contestant's client did: every command is sent as one line and
answered by an exact `OK` line (then the command's data lines) or one `FAILED e msg`
line; WAIT reads `OK`, `WAITING x` and the `OK` that starts the next turn. At the end of
input (pipes) or when the connection closes (TCP) it exits with status 0.

  bestow_client.py                                   pipes (arena run)
  bestow_client.py --login L --pass P                pipes with the LOGIN/PASS handshake
  bestow_client.py --host H --port P --login L --pass P     TCP (arena serve)
  --log FILE   transcript, one JSON object per line (every command and its answer)
  --probe      also send wrong commands (each tagged with a probe name) to check errors
  --skip       refuse to play: only GET_MATCH_INFO and WAIT, every turn skipped (5.5.11)

Strategy: buy the affordable piece in range with the best value per effort, place it
unrotated (or, for pieces of at most 5 cubes, rotated once about X with the rotation
checked by ROTATE_PIECE) at the first free spot from the corner of the own space, and
project it at the first free spot of the shared space (projection learnt from
PROJECT_PIECE). Multipliers x5, x3, x1 go to the first colours still allowed.
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
        self.turn = 0  # turn-start OKs seen on this session
        self.game = 0  # games seen on this session
        self.count = 0  # commands sent in the current turn (a bare WAIT excluded)
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
        """Section 2.1: LOGIN, login, PASS, password, OK. False when refused."""
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
        """One command; data(session) reads the data lines that follow OK. Returns
        (ok, reply lines). FAILED 6 is followed by WAITING x and the next turn's OK."""
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
        """WAIT: OK, WAITING x, OK. early: lines written while waiting; the server serves
        them at the start of the next turn (their answers are read by the caller)."""
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


def counted(per_item=1):
    def read(s):
        first = s.readline()
        k = int(first.split()[0])
        return [first] + [s.readline() for _ in range(k * per_item)]

    return read


def space3(s):  # GET_MY_SPACE: N, then N*N lines of N values
    first = s.readline()
    n = int(first)
    return [first] + [s.readline() for _ in range(n * n)]


# ----------------------------------------------------------------------------------
# The game (section 5)
# ----------------------------------------------------------------------------------


class Piece:
    def __init__(self, line):
        t = [int(v) for v in line.split()]
        self.id, n = t[0], t[1]
        self.cubes = [tuple(t[2 + 3 * i : 5 + 3 * i]) for i in range(n)]
        self.colors = t[2 + 3 * n : 2 + 4 * n]
        self.price, self.value, self.effort = t[2 + 4 * n : 5 + 4 * n]


class Info:
    """GET_MATCH_INFO: my line, the opponent's line, who is active."""

    def __init__(self, reply, colors):
        def side(line):
            t = line.split()
            d = {
                "points": float(t[0]),
                "own": float(t[1]),
                "shared": float(t[2]),
                "power": float(t[3]),
                "profit": float(t[4]),
                "effort": int(float(t[5])),
            }
            d["mult"] = [int(v) for v in t[6 : 6 + colors]]
            d["cubes"] = int(t[6 + colors]) if len(t) > 6 + colors else 0
            d["squares"] = int(t[7 + colors]) if len(t) > 7 + colors else 0
            return d

        self.raw = reply[1:4]
        self.me = side(reply[1])
        self.opp = side(reply[2])
        self.active = reply[3].strip().lower()  # None, Me, Opponent (ME / OPPONENT in the example)


class Bestow:
    def __init__(self, s, probe, skip=False):
        self.s = s
        self.probe = probe
        self.skip = skip
        self.probes_done = {}
        self.last_effort_sum = -1
        self.world = None

    # --- per game ---------------------------------------------------------------

    def new_game(self):
        s = self.s
        s.game += 1
        ok, r = s.command("DESCRIBE_WORLD", lines(1))
        t = r[1].split()
        self.Ee, self.Ep, self.C, self.Bs, self.Bo, self.R = [int(v) for v in t[:6]]
        self.L = int(t[15])
        self.T = float(t[14])
        self.world = t
        s.record({"event": "world", "C": self.C, "R": self.R, "L": self.L, "Bo": self.Bo, "Bs": self.Bs})
        ok, r = s.command("GET_ALL_PIECES", counted())
        self.pieces = {}
        for line in r[2:]:
            p = Piece(line)
            self.pieces[p.id] = p
        self.own = set()  # my own space, as I expect it
        self.bought = None  # piece held, not yet placed everywhere
        self.placed_own = self.placed_shared = False
        self.any_bought = False
        self.seen_opponent = False
        self.my_mults = {}  # colour -> multiplier
        self.last_origin = None
        self.shared_map = None  # mapping of the projection of an unrotated piece
        self.learn_projection()

    def learn_projection(self):
        """PROJECT_PIECE of three cubes on the three axes: which axes survive, with sign."""
        ok, r = self.s.command("PROJECT_PIECE 3 1 0 0 0 2 0 0 0 3 0 0 0", lines(1))
        self.proj = None
        if ok:
            t = [int(v) for v in r[1].split()]
            got = {(t[1 + 2 * i], t[2 + 2 * i]) for i in range(t[0])}
            for a in range(3):
                for b in range(3):
                    if a == b:
                        continue
                    for sa in (1, -1):
                        for sb in (1, -1):
                            f = (a, sa, b, sb)
                            img = {self.project_with(f, c) for c in ((1, 0, 0), (0, 2, 0), (0, 0, 3))}
                            if img == got:
                                self.proj = f
        if self.proj is None:
            self.proj = (0, 1, 1, 1)  # seen from above
        self.s.record({"event": "projection", "map": list(self.proj)})

    @staticmethod
    def project_with(f, c):
        a, sa, b, sb = f
        return (sa * c[a], sb * c[b])

    # --- the loop ---------------------------------------------------------------

    def run(self):
        s = self.s
        while True:
            info = self.match_info()
            self.turn(info)
            early = None
            if self.probe and self.due("command-limit", reps=1) and self.world is not None:
                early = ["GET_PIECES_IN_RANGE"] * (self.L + 1)
            s.wait(early=early)
            if early:
                self.read_burst(early)

    def match_info(self):
        if self.world is None:
            self.new_game()
        ok, r = self.s.command("GET_MATCH_INFO", lines(3))
        info = Info(r, self.C)
        total = info.me["effort"] + info.opp["effort"]
        if total < self.last_effort_sum:  # the efforts went back: a new game on this session
            self.s.record({"event": "new game"})
            self.new_game()
            ok, r = self.s.command("GET_MATCH_INFO", lines(3))
            info = Info(r, self.C)
            total = info.me["effort"] + info.opp["effort"]
        self.last_effort_sum = total
        return info

    def room(self, n):
        return self.s.count + n <= self.L - 2

    def due(self, name, reps=2):
        return self.probe and self.probes_done.get(name, 0) < reps

    def done(self, name):
        self.probes_done[name] = self.probes_done.get(name, 0) + 1

    def turn(self, info):
        s = self.s
        if self.skip:
            return  # section 5.5.11: taking no piece skips the turn
        probed = False
        if self.probe:
            probed = self.anytime_probes(info)
        if info.active == "me":
            probed = self.active_turn(info) or probed
        elif self.probe and self.due("not-your-turn", reps=3) and self.room(4):
            for cmd in ("BUY_PIECE 1", "SET_MULTIPLIER 1 5", "PLACE_OWN_PIECE 0 0 0 0 0 0", "PLACE_SINGLE_SQUARE_PIECE 0 0 1"):
                s.command(cmd, probe="not-your-turn")
            self.done("not-your-turn")
            probed = True
        if probed:
            # Section 5.8: GET_MATCH_INFO is the situation at the start of the turn; the
            # same answer again means every probe of this turn was answered in this turn.
            ok, r = s.command("GET_MATCH_INFO", lines(3))
            s.record({"event": "turn-check", "same": r[1:4] == info.raw})

    def anytime_probes(self, info):
        s = self.s
        if self.due("unknown-command", reps=3) and self.room(2):
            s.command("FOO", probe="unknown-command")
            s.command("get_match_info", probe="unknown-command")
            self.done("unknown-command")
            return True
        if self.due("too-many-arguments", reps=3) and self.room(3):
            s.command("GET_MATCH_INFO 1", probe="too-many-arguments")
            s.command("BUY_PIECE 1 2", probe="too-many-arguments")
            ok, r = s.command("WAIT 1", probe="too-many-arguments")
            if ok:  # taken as a WAIT after all: WAITING x and the next turn's OK follow
                s.readline()
                s.readline()
                s.new_turn()
            self.done("too-many-arguments")
            return True
        if self.due("bad-format", reps=3) and self.room(5):
            for cmd in ("BUY_PIECE x", "BUY_PIECE", "SET_MULTIPLIER 1", "PLACE_OWN_PIECE 1 2 3 0 0 z", "BUY_PIECE 99999999999999999999999"):
                s.command(cmd, probe="bad-format")
            self.done("bad-format")
            return True
        if self.due("blank-line") and self.room(1):
            # docs/deadline24-protocol.md: a whitespace-only line gets no answer.
            ok, r = s.command("(blank) GET_MATCH_INFO", lines(3), probe="blank-line", raw=" \t \r\nGET_MATCH_INFO")
            self.done("blank-line")
            return True
        if self.due("whitespace") and self.room(1):
            # Section 2.3: any run of spaces, tabs and CRs between and around the tokens.
            s.command("GET_PIECES_IN_RANGE (tabs, CR)", lines(1), probe="whitespace", raw=" \tGET_PIECES_IN_RANGE \t\r")
            self.done("whitespace")
            return True
        if self.due("all-pieces-limit", reps=1) and self.room(1):
            s.command("GET_ALL_PIECES", counted(), probe="all-pieces-limit")
            self.done("all-pieces-limit")
            return True
        return False

    def read_burst(self, early):
        """Answers to lines sent while waiting: OK + data each, until FAILED 6."""
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
                reply.append(s.readline())
                reply.append(s.readline())
                s.record({"cmd": line, "reply": reply, "probe": "command-limit", "index": i + 1})
                s.new_turn()
            else:
                s.record({"cmd": line, "reply": reply, "probe": "command-limit", "index": i + 1})
            # lines after a FAILED 6 were not sent; stop either way
            break
        self.done("command-limit")

    # --- the active player's turn -------------------------------------------------

    def active_turn(self, info):
        s = self.s
        probed = False
        ok, r = s.command("GET_PIECES_IN_RANGE", lines(1))
        rng = [int(v) for v in r[1].split()[1:]]
        s.command("GET_AVAILABLE_PIECES", lines(1))
        if not self.seen_opponent:
            s.command("GET_OPPONENT_SPACE", space3)
            self.seen_opponent = True
        ok, r = s.command("GET_MY_SPACE", space3)
        actual = self.parse_own(r)
        if actual != self.own:
            s.record({"event": "own-space-mismatch", "expected": len(self.own), "actual": len(actual)})
        self.own = actual
        ok, r = s.command("GET_SHARED_SPACE", counted())
        shared = self.parse_shared(r)
        power = info.me["power"]

        if self.probe:
            if self.due("no-piece", reps=1) and not self.any_bought and self.room(2):
                s.command("PLACE_OWN_PIECE 5 5 5 0 0 0", probe="no-piece")
                s.command("PLACE_SHARED_PIECE 5 5 0 0 0", probe="no-piece")
                self.done("no-piece")
                probed = True
            if self.due("multiplier-range") and self.room(2):
                s.command("SET_MULTIPLIER %d 5" % (self.C + 1), probe="color-does-not-exist")
                s.command("SET_MULTIPLIER 1 2", probe="invalid-multiplier")
                self.done("multiplier-range")
                probed = True
            if self.due("opponent-multiplier", reps=1) and self.room(1):
                for c in range(self.C):
                    m = info.opp["mult"][c]
                    if m and info.me["mult"][c] == 0 and m not in info.me["mult"]:
                        s.command("SET_MULTIPLIER %d %d" % (c + 1, m), probe="opponent-multiplier")
                        self.done("opponent-multiplier")
                        probed = True
                        break
            if self.due("no-single-piece", reps=1) and self.room(2) and info.me["cubes"] == 0 and info.me["squares"] == 0:
                cell = self.free_cell()
                sq = self.free_square(shared)
                if cell and sq:
                    s.command("PLACE_SINGLE_CUBE_PIECE %d %d %d" % cell, probe="no-single-cube")
                    s.command("PLACE_SINGLE_SQUARE_PIECE %d %d 1" % sq, probe="no-single-square")
                    self.done("no-single-piece")
                    probed = True
            if self.due("piece-not-available", reps=2) and len(rng) < self.R and self.room(1):
                s.command("BUY_PIECE %d" % (len(rng) + 1), probe="piece-not-available")
                self.done("piece-not-available")
                probed = True
            if self.due("cannot-afford", reps=1) and self.room(1):
                for pos, pid in enumerate(rng, 1):
                    if self.pieces[pid].price > power:
                        s.command("BUY_PIECE %d" % pos, probe="cannot-afford")
                        self.done("cannot-afford")
                        probed = True
                        break

        # choose a piece: affordable, fits somewhere, best value per effort
        best = None
        for pos, pid in enumerate(rng, 1):
            p = self.pieces[pid]
            if p.price > power:
                continue
            key = (p.value / p.effort, -pos)
            if best is None or key > best[0]:
                best = (key, pos, p)
        bought = False
        if best is not None and self.room(4):
            _, pos, p = best
            ok, r = s.command("BUY_PIECE %d" % pos)
            if ok:
                bought = True
                self.any_bought = True
                self.place(p, shared)
                if self.probe:
                    probed = self.after_buy_probes(p, shared) or probed
        self.multipliers(info)
        self.single_pieces(info, shared)
        return probed

    def place(self, p, shared):
        s = self.s
        cubes, rot = p.cubes, (0, 0, 0)
        if len(p.cubes) <= 5 and self.room(3):
            spec = " ".join("%d %d %d" % c for c in p.cubes)
            ok, r = s.command("ROTATE_PIECE %d %s 1 0 0" % (len(p.cubes), spec), lines(1))
            if ok:
                t = [int(v) for v in r[1].split()]
                rotated = [tuple(t[1 + 3 * i : 4 + 3 * i]) for i in range(t[0])]
                if self.fit_own(rotated):
                    cubes, rot = rotated, (1, 0, 0)
        if self.probe and self.due("occupied", reps=1) and self.own and self.room(2):
            over = self.overlap_own(cubes)
            if over:
                s.command("PLACE_OWN_PIECE %d %d %d %d %d %d" % (over + rot), probe="occupied")
                self.done("occupied")
        if self.probe and self.due("out-of-bounds", reps=1) and self.room(2):
            s.command("PLACE_OWN_PIECE %d %d %d 0 0 0" % (self.Bo + 40, self.Bo + 40, self.Bo + 40), probe="out-of-bounds")
            s.command("PLACE_SHARED_PIECE %d %d 0 0 0" % (self.Bs + 40, self.Bs + 40), probe="out-of-bounds")
            self.done("out-of-bounds")
        at = self.fit_own(cubes)
        self.own_at = None
        if at is not None:
            ok, r = s.command("PLACE_OWN_PIECE %d %d %d %d %d %d" % (at + rot))
            if ok:
                for c in cubes:
                    self.own.add((at[0] + c[0], at[1] + c[1], at[2] + c[2]))
                self.own_at = (at, cubes, rot)
        squares = None
        if rot != (0, 0, 0) and self.room(2):
            spec = " ".join("%d %d %d" % c for c in p.cubes)
            ok, r = s.command("PROJECT_PIECE %d %s %d %d %d" % ((len(p.cubes), spec) + rot), lines(1))
            if ok:
                t = [int(v) for v in r[1].split()]
                squares = {(t[1 + 2 * i], t[2 + 2 * i]) for i in range(t[0])}
        if squares is None:
            rot = (0, 0, 0)
            squares = {self.project_with(self.proj, c) for c in p.cubes}
        self.shared_at = None
        at = self.fit_shared(squares, shared)
        if at is not None and self.room(1):
            ok, r = s.command("PLACE_SHARED_PIECE %d %d %d %d %d" % (at + rot))
            if ok:
                for q in squares:
                    shared[at[1] + q[1]][at[0] + q[0]] = -1
                self.shared_at = (at, squares, rot)

    def after_buy_probes(self, p, shared):
        s = self.s
        if not self.due("after-buy", reps=1) or not self.room(3):
            return False
        s.command("BUY_PIECE 1", probe="already-taken")
        if self.own_at is not None:
            at = self.fit_own(self.own_at[1])
            if at is not None:
                s.command("PLACE_OWN_PIECE %d %d %d %d %d %d" % (at + self.own_at[2]), probe="already-placed-own")
        if self.shared_at is not None:
            at = self.fit_shared(self.shared_at[1], shared)
            if at is not None:
                s.command("PLACE_SHARED_PIECE %d %d %d %d %d" % (at + self.shared_at[2]), probe="already-placed-shared")
        self.done("after-buy")
        return True

    def multipliers(self, info):
        s = self.s
        if self.probe and self.probes_done.get("opponent-multiplier", 0) == 0 and s.turn < 40:
            return  # keep every multiplier free until the opponent has set one
        mine = info.me["mult"]
        for m in (5, 3, 1):
            if m in mine or not self.room(1):
                continue
            for c in range(self.C):
                if mine[c] == 0 and info.opp["mult"][c] != m:
                    ok, r = s.command("SET_MULTIPLIER %d %d" % (c + 1, m))
                    if ok:
                        mine = mine[:c] + [m] + mine[c + 1 :]
                        if self.due("own-multiplier", reps=1) and self.room(2):
                            s.command("SET_MULTIPLIER %d %d" % (c + 1, 1 if m != 1 else 3), probe="color-has-multiplier")
                            for c2 in range(self.C):
                                if mine[c2] == 0 and info.opp["mult"][c2] != m:
                                    s.command("SET_MULTIPLIER %d %d" % (c2 + 1, m), probe="multiplier-has-color")
                                    break
                            self.done("own-multiplier")
                        break
        info.me["mult"] = mine

    def single_pieces(self, info, shared):
        s = self.s
        for _ in range(min(info.me["cubes"], 2)):
            cell = self.free_cell()
            if cell is None or not self.room(1):
                break
            ok, r = s.command("PLACE_SINGLE_CUBE_PIECE %d %d %d" % cell)
            if not ok:
                break
            self.own.add(cell)
        colour = 1
        for c, m in enumerate(info.me["mult"]):
            if m == 5:
                colour = c + 1
        for _ in range(min(info.me["squares"], 2)):
            sq = self.free_square(shared)
            if sq is None or not self.room(1):
                break
            ok, r = s.command("PLACE_SINGLE_SQUARE_PIECE %d %d %d" % (sq + (colour,)))
            if not ok:
                break
            shared[sq[1]][sq[0]] = colour

    # --- geometry -----------------------------------------------------------------

    def parse_own(self, r):
        n = int(r[1])
        got = set()
        for i, line in enumerate(r[2:]):
            z, y = divmod(i, n)
            for x, v in enumerate(line.split()):
                if v != "0":
                    got.add((x, y, z))
        return got

    def parse_shared(self, r):
        return [[int(v) for v in line.split()] for line in r[2:]]

    def fit_own(self, cubes):
        n = self.Bo
        lo = [min(c[i] for c in cubes) for i in range(3)]
        hi = [max(c[i] for c in cubes) for i in range(3)]
        for z in range(-lo[2], n - hi[2]):
            for y in range(-lo[1], n - hi[1]):
                for x in range(-lo[0], n - hi[0]):
                    if all((x + c[0], y + c[1], z + c[2]) not in self.own for c in cubes):
                        return (x, y, z)
        return None

    def overlap_own(self, cubes):
        """An in-bounds position where the piece hits an occupied cube."""
        n = self.Bo
        for (ox, oy, oz) in sorted(self.own):
            for c in cubes:
                x, y, z = ox - c[0], oy - c[1], oz - c[2]
                if all(0 <= x + d[0] < n and 0 <= y + d[1] < n and 0 <= z + d[2] < n for d in cubes):
                    return (x, y, z)
        return None

    def fit_shared(self, squares, shared):
        n = self.Bs
        lo = [min(q[i] for q in squares) for i in range(2)]
        hi = [max(q[i] for q in squares) for i in range(2)]
        for y in range(-lo[1], n - hi[1]):
            for x in range(-lo[0], n - hi[0]):
                if all(shared[y + q[1]][x + q[0]] == 0 for q in squares):
                    return (x, y)
        return None

    def free_cell(self):
        n = self.Bo
        for z in range(n):
            for y in range(n):
                for x in range(n):
                    if (x, y, z) not in self.own:
                        return (x, y, z)
        return None

    def free_square(self, shared):
        for y, row in enumerate(shared):
            for x, v in enumerate(row):
                if v == 0:
                    return (x, y)
        return None


def main():
    p = argparse.ArgumentParser(description="B.E.S.T.O.W. client (Deadline24 2017)")
    p.add_argument("--host", help="connect over TCP (arena serve)")
    p.add_argument("--port", type=int, default=20000)
    p.add_argument("--login", help="log in with LOGIN/PASS (TCP, or pipes with handshake=1)")
    p.add_argument("--pass", dest="password", default="secret")
    p.add_argument("--log", help="write the transcript here (JSON lines)")
    p.add_argument("--probe", action="store_true", help="also send wrong commands and record the answers")
    p.add_argument("--skip", action="store_true", help="refuse to play: never take a piece (section 5.5.11)")
    args = p.parse_args()
    if args.host and args.login is None:
        args.login = "login1"
    s = Session(args)
    try:
        if not s.login():
            return 0
        Bestow(s, args.probe, args.skip).run()
    except GameOver:
        s.record({"event": "end"})
    return 0


if __name__ == "__main__":
    sys.exit(main())
