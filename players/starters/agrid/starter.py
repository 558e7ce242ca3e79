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

A turn allows L commands (DESCRIBE_WORLD tells L: 30 by default, as few as 1). The bot counts
what it sends and never goes over: a turn whose commands run out stops where it is, and the
next turn goes on from there, since everything learnt or done is kept (the world, the map,
where the workers stand, each worker's square). What is not needed every turn (TIME_TO_END,
SHOW_HISTORY, LIST_MY_WORKERS, LIST_ENEMY_WORKERS) is read when due, or when enough commands
are left to act as well, so that even at L = 1 a worker walks its squares and harvests them
(the workers are served in id order until the turn's commands run out).
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


class OutOfCommands(Exception):
    """This turn's L commands are used up: the bot goes on from there in the next turn."""


class NewGame(Exception):
    """A new game started on the same connection (arena serve --games N)."""


class Failed(Exception):
    def __init__(self, code, message):
        super().__init__("FAILED %d %s" % (code, message))
        self.code = code


# --- Protocol --------------------------------------------------------------------------


def dial(address):
    """Connects to arena serve at HOST:PORT, or exits saying why it cannot."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        sys.exit(f"--tcp {address}: want HOST:PORT, e.g. 127.0.0.1:20000")
    try:
        return socket.create_connection((host, int(port)))
    except OSError as e:
        sys.exit(f"cannot connect to {address}: {e.strerror or e} (is arena serve running there?)")


class Connection:
    """Line-based session: stdin/stdout (arena run) or TCP (arena serve)."""

    def __init__(self, args):
        if args.tcp:
            self.sock = dial(args.tcp)
            self.rfile = self.sock.makefile("r", encoding="ascii", newline="\n")
            self.wfile = self.sock.makefile("w", encoding="ascii", newline="\n")
            self.expect("LOGIN")
            self.send(args.login)
            self.expect("PASS")
            self.send(args.password)
            self.expect("OK")
        else:
            self.rfile, self.wfile = sys.stdin, sys.stdout
        self.limit = None  # L, once DESCRIBE_WORLD has told it
        self.used = 0  # commands sent in this turn

    def left(self):
        """How many more commands this turn allows (any number until L is known)."""
        if self.limit is None:
            return 1 << 30
        return self.limit - self.used

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
        if self.left() < 1:
            raise OutOfCommands()
        self.send(line)
        self.used += 1
        status = self.read()
        if status == "OK":
            return [self.read() for _ in range(data_lines)]
        if status.startswith("FAILED 6 "):
            self.read()  # WAITING x
            self.read()  # OK at the start of the next turn
            self.used = 0
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
        self.used = 0

    # Commands, parsed.

    def describe_world(self):
        v = self.command("DESCRIBE_WORLD", 1)[0].split()
        ints = {0, 1, 4, 5, 6, 7, 16, 17}
        vals = [v[i] if i == 2 else (int(v[i]) if i in ints else float(v[i])) for i in range(19)]
        world = World(*vals)
        self.limit = world.L
        return world

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


class Clock:
    """The turns left, counted by the bot itself between two readings of TIME_TO_END.

    TIME_TO_END costs one of the turn's L commands, so it is read when due only (and
    whenever commands are to spare): on the first turn, every tenth turn, and on every turn
    past the end the last reading foretold, by U (the turns left in the season) or by V (the
    idle countdown), whichever is sooner; a PUT by anyone puts V back up.

    It is also how the bot notices the next game of `arena serve --games N`, which nothing
    announces: within a game U goes down by at least the turns counted since the last
    reading (by more when the bot missed turns), so a U that does not is the next game's,
    even when it is the same number, as in games of one turn, where U is 0 on every turn.
    """

    def __init__(self):
        self.u = None  # U at the last reading: turns left in the season after that turn
        self.end = None  # turns left at most after that turn: the sooner of U and V
        self.turn = 0  # the bot's turn number at the last reading

    def due(self, turn):
        return self.u is None or turn % 10 == 0 or turn - self.turn > self.end

    def turns_left(self, turn):
        """U counted down to the bot's turn number turn."""
        if self.u is None:
            return 1 << 30
        return self.u - (turn - self.turn)

    def read(self, u, v, turn):
        """Takes a reading of TIME_TO_END (U, V) made on the bot's turn number turn and
        returns the turn number it tells: more than turn when the bot missed turns (a late
        client of arena serve). Raises NewGame when U shows the next game."""
        if self.u is not None:
            counted = self.turns_left(turn)
            if u > counted:
                raise NewGame()
            turn += counted - u
        self.u, self.end, self.turn = u, min(u, v), turn
        return turn


class Bot:
    """Plays one game. Everything it learns is kept from turn to turn, and each step of a
    turn goes on from what is kept, so a turn cut short by the command limit loses nothing:
    the next turn takes up where it stopped."""

    def __init__(self, conn):
        self.conn = conn
        self.world = None  # DESCRIBE_WORLD, read on the first turn
        self.a = None
        self.pace = 1  # turns a worker needs for a post of its border: 2 at L = 1
        self.clock = Clock()
        self.turn = 0  # turns of this game played, counted by the bot (set by TIME_TO_END)
        self.board = None  # rows[y][x] as we believe them
        self.expiry = {}  # (x, y) -> turn at whose end the marker goes
        self.last_map = None
        self.workers = None  # worker id -> Worker: LIST_MY_WORKERS, moved by our MOVEs
        self.plans = {}  # worker id -> {"border": [(x, y)], "at": index, ...}
        self.harvested = []  # borders harvested last turn

    def wrap(self, x, y):
        return x % self.a, y % self.a

    def spare(self):
        """Whether a read that is not needed every turn fits in what is left of the turn,
        after a PUT and a MOVE for every worker and a SCORE."""
        workers = len(self.workers) if self.workers else 4
        return self.conn.left() > 2 * workers + 1

    def play_turn(self):
        """One turn, as far as its L commands go: at L = 1 the first turns only learn the
        world, the time left, the map and the workers, one a turn; then the workers act."""
        conn = self.conn
        if self.world is None:
            self.world = conn.describe_world()
            self.a = self.world.A
            self.pace = 2 if self.world.L < 2 else 1
        if self.clock.due(self.turn) or self.spare():
            u, v = conn.time_to_end()
            self.turn = self.clock.read(u, v, self.turn)
        self.refresh()
        if self.workers is None or self.spare():
            self.workers = {w.id: w for w in conn.my_workers()}
        crowd = {}
        for w in self.workers.values():
            crowd[(w.x, w.y)] = crowd.get((w.x, w.y), 0) + 1
        if self.spare():
            for e in conn.enemy_workers():
                crowd[(e.x, e.y)] = crowd.get((e.x, e.y), 0) + 1
        turns_left = self.clock.turns_left(self.turn)
        for wid in sorted(self.workers):
            w = self.workers[wid]
            self.play_worker(w, crowd.get((w.x, w.y), 0) > 1, turns_left)

    def refresh(self):
        """Brings our picture of the map up to date: the whole map (SHOW_MAP) on the first
        turn and every E turns; in between, what happened last turn (SHOW_HISTORY) when
        commands are to spare, the markers that expired and the squares we harvested."""
        w = self.world
        if self.board is None or self.turn - self.last_map >= w.E:
            try:
                view = self.conn.show_map(self.a)
            except Failed:
                if self.board is None:
                    raise
                # Refused: FAILED 100 when our last SHOW_MAP was answered a turn later than
                # we counted (a turn may end before we wait, unannounced), or a FAILED 5.
                # Ask again next turn; meanwhile keep the picture up to date as below.
                self.last_map = self.turn - w.E + 1
            else:
                self.board = view.rows
                self.expiry = {}
                for y in range(self.a):
                    for x in range(self.a):
                        if view.lifespans[y][x] is not None:
                            self.expiry[(x, y)] = self.turn + view.lifespans[y][x]
                self.last_map = self.turn
                self.harvested = []
                return
        if self.spare():
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
        """A square of side 3 with the worker on one of its corners (top-left first), if its
        border is free of hills, of other teams' markers and of our other workers (a crowd:
        no PUT there), and it stays clear of our other squares."""
        side = min(3, (self.a - 1) // 2 - 1)
        if side < 1 or (self.world.F < (4 * side + 4) * self.pace):
            return None
        taken = set()
        for plan in self.plans.values():
            taken |= plan["area"]
        mates = {(w.x, w.y) for w in self.workers.values() if w.id != worker.id}
        for cx, cy in [(0, 0), (-side, 0), (0, -side), (-side, -side)]:
            x0, y0 = worker.x + cx, worker.y + cy  # the top-left corner
            border = []  # clockwise from the top-left corner
            for i in range(side):
                border.append(self.wrap(x0 + i, y0))
            for i in range(side):
                border.append(self.wrap(x0 + side, y0 + i))
            for i in range(side, 0, -1):
                border.append(self.wrap(x0 + i, y0 + side))
            for i in range(side, 0, -1):
                border.append(self.wrap(x0, y0 + i))
            area = {self.wrap(x0 + dx, y0 + dy) for dx in range(-1, side + 2) for dy in range(-1, side + 2)}
            if area & taken:
                continue
            if any(self.board[y][x] not in (".", self.world.C) or (x, y) in mates for x, y in border):
                continue
            # at: the worker's place on the border. refused: our PUT there was refused (the
            # worker moves on without the marker; the next lap puts it).
            at = border.index((worker.x, worker.y))
            return {"border": border, "at": at, "area": area, "blocked": 0, "refused": False}
        return None

    def play_worker(self, w, crowded, turns_left):
        me = self.world.C
        plan = self.plans.get(w.id)
        if plan and plan["border"][plan["at"]] != (w.x, w.y):
            plan = None
            del self.plans[w.id]
        if plan is None:
            # A square takes the worker about 4 × side turns (twice that at L = 1): start
            # one only when the season leaves the time to finish it.
            if turns_left > 20 * self.pace:
                plan = self.choose_square(w)
            if plan is None:
                self.wander(w)
                return
            self.plans[w.id] = plan
        here = (w.x, w.y)
        if self.board[w.y][w.x] != me and not plan["refused"]:
            if crowded:
                plan["blocked"] += 1
                if plan["blocked"] <= 3:
                    return  # wait for the other worker to leave
            else:
                try:
                    self.conn.command("PUT %d %s" % (w.id, me))
                    self.board[w.y][w.x] = me
                    self.expiry[here] = self.turn + self.world.F
                except Failed as failure:
                    if failure.code == 106:
                        # Cannot put here: another team's marker stands on the post (our
                        # picture missed it) and the worker's storage is full, so no lap
                        # will ever put ours. Give the square up, and keep the post out of
                        # the next squares until the map shows what is there.
                        self.board[w.y][w.x] = "?"
                        del self.plans[w.id]
                        return
                    # A crowd we did not know of, say (LIST_ENEMY_WORKERS is not read when
                    # commands are short): move on, the next lap puts the marker.
                    plan["refused"] = True
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
            plan["refused"] = False
            self.workers[w.id] = w._replace(x=nx, y=ny)
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
            x, y = self.wrap(w.x + dx, w.y + dy)
            self.workers[w.id] = w._replace(x=x, y=y)
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
            except NewGame:
                # The next game of arena serve --games N: learn its world, in this turn if
                # commands are left.
                bot = Bot(conn)
                continue
            except TurnOver:
                # Forced to wait (a turn can end before we wait, unannounced, over TCP):
                # the next turn has begun.
                bot.turn += 1
                continue
            except OutOfCommands:
                pass  # the rest waits for the next turn
            except Failed:
                pass  # an answer we did not expect (FAILED 5, say) costs the rest of the turn
            conn.wait()
            bot.turn += 1
    except GameOver:
        return 0


if __name__ == "__main__":
    sys.exit(main())
