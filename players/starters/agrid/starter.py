#!/usr/bin/env python3
"""A-grid-culture starter bot (Deadline24 2017), Python 3, standard library only.

Run it against the built-in random bot:

    arena run "python3 players/starters/agrid/starter.py" builtin:random --game=agrid

or against `arena serve --game agrid` over TCP:

    python3 players/starters/agrid/starter.py --tcp 127.0.0.1:20003 --login login1 --password secret

It parses every answer of the protocol into named structures (World, Worker, EnemyWorker,
MapView, History, scores) and plays a simple legal strategy: each worker walks the border of
a small square, puts a marker on every post of it, and harvests the square (SCORE) once the
border is closed. Start from `choose_square` and `play_turn` to make it smarter; the rules
and the protocol are in docs/games/agrid.md.
"""

import argparse
import socket
import sys
from collections import namedtuple

# --- Data structures -------------------------------------------------------------------

World = namedtuple("World", "A B C D E F G H Z W T Sw Sh Ss N M I L K")
Worker = namedtuple("Worker", "id x y storage")  # storage: {colour: count}
EnemyWorker = namedtuple("EnemyWorker", "color x y")
MapView = namedtuple("MapView", "size rows lifespans")  # rows[y][x]; lifespans[y][x] or None
History = namedtuple("History", "destroyed placed scored")  # [(x, y)], [(x, y, c)], [(x, y)]


class GameOver(Exception):
    """The referee closed the connection: the game has ended."""


class TurnOver(Exception):
    """The command limit forced us to wait; the next turn has started."""


class NewGame(Exception):
    """A new game started on the same connection (arena serve --games N)."""


class Failed(Exception):
    def __init__(self, code, message):
        super().__init__("FAILED %d %s" % (code, message))
        self.code = code


# --- Protocol --------------------------------------------------------------------------


class Connection:
    """Line-based session: stdin/stdout (arena run) or TCP (arena serve)."""

    def __init__(self, args):
        if args.tcp:
            host, port = args.tcp.rsplit(":", 1)
            self.sock = socket.create_connection((host, int(port)))
            self.rfile = self.sock.makefile("r", encoding="ascii", newline="\n")
            self.wfile = self.sock.makefile("w", encoding="ascii", newline="\n")
            self.expect("LOGIN")
            self.send(args.login)
            self.expect("PASS")
            self.send(args.password)
            self.expect("OK")
        else:
            self.rfile, self.wfile = sys.stdin, sys.stdout

    def send(self, line):
        try:
            self.wfile.write(line + "\n")
            self.wfile.flush()
        except (BrokenPipeError, OSError):
            raise GameOver()

    def read(self):
        line = self.rfile.readline()
        if not line:
            raise GameOver()
        return line.rstrip("\r\n")

    def expect(self, want):
        got = self.read()
        if got != want:
            raise RuntimeError("expected %r, got %r" % (want, got))

    def command(self, line, data_lines=0):
        """Sends a command; returns its data lines (after the OK line)."""
        self.send(line)
        status = self.read()
        if status == "OK":
            return [self.read() for _ in range(data_lines)]
        if status.startswith("FAILED 6 "):
            self.read()  # WAITING x
            self.read()  # OK at the start of the next turn
            raise TurnOver()
        if status.startswith("FAILED "):
            parts = status.split(" ", 2)
            raise Failed(int(parts[1]), parts[2] if len(parts) > 2 else "")
        raise RuntimeError("%s: unexpected answer %r" % (line, status))

    def counted(self, line):
        """A command whose first data line is the number of lines that follow."""
        first = self.command(line, 1)
        return [self.read() for _ in range(int(first[0]))]

    def wait(self):
        self.send("WAIT")
        self.expect("OK")
        self.read()  # WAITING x
        self.expect("OK")  # the next turn starts (EOF here: the game is over)

    # Commands, parsed.

    def describe_world(self):
        v = self.command("DESCRIBE_WORLD", 1)[0].split()
        ints = {0, 1, 4, 5, 6, 7, 16, 17}
        vals = [v[i] if i == 2 else (int(v[i]) if i in ints else float(v[i])) for i in range(19)]
        return World(*vals)

    def time_to_end(self):
        u, v = self.command("TIME_TO_END", 1)[0].split()
        return int(u), int(v)

    def my_workers(self):
        out = []
        for line in self.counted("LIST_MY_WORKERS"):
            f = line.split()
            storage = {f[i]: int(f[i + 1]) for i in range(4, 4 + 2 * int(f[3]), 2)}
            out.append(Worker(int(f[0]), int(f[1]), int(f[2]), storage))
        return out

    def enemy_workers(self):
        out = []
        for line in self.counted("LIST_ENEMY_WORKERS"):
            c, x, y = line.split()
            out.append(EnemyWorker(c, int(x), int(y)))
        return out

    def show_map(self, size):
        data = self.command("SHOW_MAP", 1 + 2 * size)
        rows = [list(r) for r in data[1 : 1 + size]]
        lifespans = [[None if t == "-" else int(t) for t in line.split()] for line in data[1 + size :]]
        return MapView(int(data[0]), rows, lifespans)

    def show_history(self):
        d, p, s = self.command("SHOW_HISTORY", 3)
        d, p, s = d.split(), p.split(), s.split()
        destroyed = [(int(d[i]), int(d[i + 1])) for i in range(1, len(d), 2)]
        placed = [(int(p[i]), int(p[i + 1]), p[i + 2]) for i in range(1, len(p), 3)]
        scored = [(int(s[i]), int(s[i + 1])) for i in range(1, len(s), 2)]
        return History(destroyed, placed, scored)

    def last_score(self):
        f = self.command("LAST_SCORE", 1)[0].split()
        return {f[i]: float(f[i + 1]) for i in range(1, len(f), 2)}

    def test_score(self, size, x, y, rows):
        """Returns ({colour: gain}, None) or (None, "code message")."""
        line = self.command("TEST_SCORE %d %d %d %s" % (size, x, y, "".join(rows)), 1)[0]
        if line.startswith("ERR "):
            return None, line[4:]
        f = line.split()
        return {f[i]: float(f[i + 1]) for i in range(2, len(f), 2)}, None


# --- Strategy --------------------------------------------------------------------------

STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


class Bot:
    def __init__(self, conn):
        self.conn = conn
        self.world = conn.describe_world()
        self.a = self.world.A
        self.board = None  # rows[y][x] as we believe them
        self.expiry = {}  # (x, y) -> turn at whose end the marker goes
        self.last_map = None
        self.first_u = None
        self.turn = 0
        self.plans = {}  # worker id -> {"border": [(x, y)], "at": index}
        self.harvested = []  # borders harvested last turn

    def wrap(self, x, y):
        return x % self.a, y % self.a

    def refresh(self):
        w = self.world
        if self.last_map is None or self.turn - self.last_map >= w.E:
            view = self.conn.show_map(self.a)
            self.board = view.rows
            self.expiry = {}
            for y in range(self.a):
                for x in range(self.a):
                    if view.lifespans[y][x] is not None:
                        self.expiry[(x, y)] = self.turn + view.lifespans[y][x]
            self.last_map = self.turn
            self.harvested = []
            return
        hist = self.conn.show_history()
        for x, y in hist.destroyed:
            self.board[y][x] = "."
        for x, y, c in hist.placed:
            self.board[y][x] = c
            self.expiry[(x, y)] = self.turn - 1 + w.F
        for (x, y), e in list(self.expiry.items()):
            if e < self.turn:
                if self.board[y][x] not in ".#":
                    self.board[y][x] = "."
                del self.expiry[(x, y)]
        for border in self.harvested:
            for x, y in border:
                self.board[y][x] = "."
        self.harvested = []

    def choose_square(self, worker):
        """A square of side 3 with the worker on its top-left corner, if its border is free
        of hills and of other teams' markers and it stays clear of our other squares."""
        side = min(3, (self.a - 1) // 2 - 1)
        if side < 1 or (self.world.F < 4 * side + 4):
            return None
        border = []
        x0, y0 = worker.x, worker.y
        for i in range(side):
            border.append(self.wrap(x0 + i, y0))
        for i in range(side):
            border.append(self.wrap(x0 + side, y0 + i))
        for i in range(side, 0, -1):
            border.append(self.wrap(x0 + i, y0 + side))
        for i in range(side, 0, -1):
            border.append(self.wrap(x0, y0 + i))
        taken = set()
        for plan in self.plans.values():
            for x, y in plan["area"]:
                taken.add((x, y))
        area = {self.wrap(x0 + dx, y0 + dy) for dx in range(-1, side + 2) for dy in range(-1, side + 2)}
        for x, y in border:
            if self.board[y][x] not in (".", self.world.C):
                return None
        if area & taken:
            return None
        return {"border": border, "at": 0, "area": area, "blocked": 0}

    def play_turn(self):
        u, _ = self.conn.time_to_end()
        # U goes down every turn of a game (this runs once a turn): one that does not is
        # the next game on the same connection (arena serve --games N), even one of a
        # single turn, whose U is 0 on every turn.
        if self.first_u is not None and u >= self.first_u - self.turn:
            raise NewGame()
        if self.first_u is None:
            self.first_u = u
        self.turn = self.first_u - u
        self.refresh()
        workers = self.conn.my_workers()
        enemies = self.conn.enemy_workers()
        crowd = {}
        for w in workers:
            crowd[(w.x, w.y)] = crowd.get((w.x, w.y), 0) + 1
        for e in enemies:
            crowd[(e.x, e.y)] = crowd.get((e.x, e.y), 0) + 1
        for w in workers:
            self.play_worker(w, crowd.get((w.x, w.y), 0) > 1, u)

    def play_worker(self, w, crowded, turns_left):
        me = self.world.C
        plan = self.plans.get(w.id)
        if plan and plan["border"][plan["at"]] != (w.x, w.y):
            plan = None
            del self.plans[w.id]
        if plan is None:
            if turns_left > 20:
                plan = self.choose_square(w)
            if plan is None:
                self.wander(w)
                return
            self.plans[w.id] = plan
        here = (w.x, w.y)
        if self.board[w.y][w.x] != me:
            if crowded:
                plan["blocked"] += 1
                if plan["blocked"] <= 3:
                    return  # wait for the other worker to leave
            else:
                try:
                    self.conn.command("PUT %d %s" % (w.id, me))
                    self.board[w.y][w.x] = me
                    self.expiry[here] = self.turn + self.world.F
                except Failed:
                    pass
        plan["blocked"] = 0
        border = plan["border"]
        if all(self.board[y][x] == me for x, y in border):
            sx, sy = border[(plan["at"] + 1) % len(border)]
            try:
                self.conn.command("SCORE %d %d" % (sx, sy))
                self.harvested.append(border)
            except Failed:
                pass
            del self.plans[w.id]
            return
        nx, ny = border[(plan["at"] + 1) % len(border)]
        dx, dy = [(sx, sy) for sx, sy in STEPS if self.wrap(w.x + sx, w.y + sy) == (nx, ny)][0]
        try:
            self.conn.command("MOVE %d %d %d" % (w.id, dx, dy))
            plan["at"] = (plan["at"] + 1) % len(border)
        except Failed:
            pass

    def wander(self, w):
        """Step to a free neighbour, away from our squares, chosen by the turn number."""
        taken = set()
        for plan in self.plans.values():
            taken |= plan["area"]
        options = []
        for dx, dy in STEPS:
            x, y = self.wrap(w.x + dx, w.y + dy)
            if self.world.B == 0 and self.board[y][x] == "#":
                continue
            options.append((((x, y) in taken), dx, dy))
        if not options:
            return
        options.sort(key=lambda o: o[0])
        free = [o for o in options if o[0] == options[0][0]]
        _, dx, dy = free[(self.turn + w.id) % len(free)]
        try:
            self.conn.command("MOVE %d %d %d" % (w.id, dx, dy))
        except Failed:
            pass


def main():
    parser = argparse.ArgumentParser(description="A-grid-culture starter bot")
    parser.add_argument("--tcp", help="host:port of arena serve (default: stdin/stdout)")
    parser.add_argument("--login", default="login1")
    parser.add_argument("--password", default="secret")
    args = parser.parse_args()
    try:
        conn = Connection(args)
        bot = Bot(conn)
        while True:
            try:
                bot.play_turn()
                conn.wait()
            except TurnOver:
                continue
            except NewGame:
                bot = Bot(conn)
    except GameOver:
        return 0


if __name__ == "__main__":
    sys.exit(main())
