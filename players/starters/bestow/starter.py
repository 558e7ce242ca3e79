#!/usr/bin/env python3
"""B.E.S.T.O.W. starter bot (Deadline24 2017) for arena.

Run it against the built-in random bot:

    arena run "python3 players/starters/bestow/starter.py" builtin:random --game=bestow

or against `arena serve --game bestow` over TCP:

    python3 players/starters/bestow/starter.py --tcp 127.0.0.1:20000 --login login1 --password secret

It speaks the session protocol of docs/games/bestow.md: one command per line, answered by
`OK` and data lines or by `FAILED <code> <message>`; `WAIT` is answered by `OK`,
`WAITING <seconds>`, then `OK` when the next turn starts. End of input means game over;
with `arena serve --games N` the next game starts on the same connection, noticed when
both efforts are back at 0.

The strategy is deliberately simple and always legal: buy the affordable piece in range
with the best value per effort, put it as close to the corner (0,0,0) of the own space as
it fits, put its projection in the first free spot of the shared space, and use single
pieces next to what is already built. Start improving from `play_turn`.
Standard library only.
"""

import argparse
import socket
import sys
from dataclasses import dataclass, field
from typing import List, Optional, Tuple


# ---------------------------------------------------------------- data structures

@dataclass
class World:
    """The 17 values of DESCRIBE_WORLD."""
    Ee: int      # end of the effort track
    Ep: int      # distance between effort thresholds
    C: int       # number of colours
    Bs: int      # edge of the shared square
    Bo: int      # edge of the own cube
    R: int       # range of the pointer
    I: float     # solid-cube bonus base
    Sp: int      # starting cash
    H: float     # shared-space coefficient
    Qmin: int    # placement quality threshold
    Qgi: float   # good-placement factor
    Qpi: float   # poor-placement factor
    Ae: float    # shared area exponent
    Sr: int      # cash recovered by a skip
    T: int       # turn duration, seconds
    L: int       # commands per turn
    K: float     # score coefficient

    @staticmethod
    def parse(line: str) -> "World":
        f = line.split()
        kinds = [int, int, int, int, int, int, float, int, float, int, float, float, float, int, int, int, float]
        return World(*[k(v) for k, v in zip(kinds, f)])


@dataclass
class Piece:
    """One GET_ALL_PIECES line: cubes in the piece frame, their colours, price, value, effort."""
    id: int
    cubes: List[Tuple[int, int, int]]
    colours: List[int]
    price: int
    value: int
    effort: int

    @staticmethod
    def parse(line: str) -> "Piece":
        n = list(map(int, line.split()))
        count = n[1]
        cubes = [tuple(n[2 + 3 * i: 5 + 3 * i]) for i in range(count)]
        colours = n[2 + 3 * count: 2 + 4 * count]
        price, value, effort = n[2 + 4 * count: 5 + 4 * count]
        return Piece(n[0], cubes, colours, price, value, effort)


@dataclass
class Side:
    """One player line of GET_MATCH_INFO."""
    vp: float            # this turn's victory points
    own_score: int       # S_o
    shared_score: int    # S_s
    power: int           # purchasing power = cash + profit
    profit: int          # own-space profit S_p
    effort: int
    multipliers: List[int]  # index 0 = colour 1
    single_cubes: int
    single_squares: int

    @staticmethod
    def parse(line: str, colours: int) -> "Side":
        f = line.split()
        n = list(map(int, f[1:]))
        return Side(float(f[0]), n[0], n[1], n[2], n[3], n[4], n[5:5 + colours], n[5 + colours], n[6 + colours])


@dataclass
class MatchInfo:
    me: Side
    opponent: Side
    active: str  # "Me", "Opponent" or "None"


# ---------------------------------------------------------------- protocol

class Failed(Exception):
    def __init__(self, line: str):
        super().__init__(line)
        parts = line.split(" ", 2)
        self.code = int(parts[1])
        self.message = parts[2] if len(parts) > 2 else ""


class TurnOver(Exception):
    """The turn ended and the next one has started: our L commands were spent, or the
    referee forced waiting (FAILED 6)."""


class GameOver(Exception):
    """End of input: the game is over."""


class Client:
    def __init__(self, reader, writer):
        self.reader = reader
        self.writer = writer
        self.limit = 1  # L, known after DESCRIBE_WORLD
        self.used = 0

    def read(self) -> str:
        line = self.reader.readline()
        if not line:
            raise GameOver()
        return line.rstrip("\r\n")

    def send(self, line: str) -> None:
        self.writer.write(line + "\n")
        self.writer.flush()

    def call(self, command: str, lines: int = 0) -> List[str]:
        """Send a command, return its data lines; raise Failed or TurnOver."""
        if self.used >= self.limit:
            # This turn's L commands are spent: wait for the next turn (a WAIT is not
            # counted), so that the caller goes on from a fresh turn as after FAILED 6.
            self.wait()
            raise TurnOver()
        self.used += 1
        self.send(command)
        head = self.read()
        if head.startswith("FAILED 6 "):
            self.finish_wait()
            raise TurnOver()
        if head.startswith("FAILED"):
            raise Failed(head)
        if head != "OK":
            raise RuntimeError(f"{command}: unexpected answer {head!r}")
        return [self.read() for _ in range(lines)]

    def wait(self) -> None:
        self.send("WAIT")
        head = self.read()
        if head != "OK":
            raise RuntimeError(f"WAIT: unexpected answer {head!r}")
        self.finish_wait()

    def finish_wait(self) -> None:
        waiting = self.read()
        if not waiting.startswith("WAITING"):
            raise RuntimeError(f"expected WAITING, got {waiting!r}")
        if self.read() != "OK":
            raise RuntimeError("expected OK at the turn start")
        self.used = 0


# ---------------------------------------------------------------- geometry

def rotate(c, rx, ry, rz):
    """Quarter turns about X, then Y, then Z (counter-clockwise seen from the positive end)."""
    x, y, z = c
    for _ in range(rx % 4):
        x, y, z = x, -z, y
    for _ in range(ry % 4):
        x, y, z = z, y, -x
    for _ in range(rz % 4):
        x, y, z = -y, x, z
    return (x, y, z)


ROTATIONS = [(rx, ry, rz) for rz in range(4) for ry in range(4) for rx in range(4)]


def project(cubes, colours, rot):
    """Drop the rotated cubes along Z: the cube with the smallest z colours each square."""
    seen = {}
    for c, colour in zip(cubes, colours):
        x, y, z = rotate(c, *rot)
        if (x, y) not in seen or z < seen[(x, y)][0]:
            seen[(x, y)] = (z, colour)
    return [(x, y, colour) for (x, y), (z, colour) in sorted(seen.items())]


# ---------------------------------------------------------------- game state

class Game:
    def __init__(self, client: Client):
        self.client = client
        self.world: Optional[World] = None
        self.pieces: List[Piece] = []
        self.own: List[bool] = []        # my own space, index (z*Bo + y)*Bo + x
        self.shared: List[int] = []      # shared space colours, index y*Bs + x

    def describe_world(self):
        self.world = World.parse(self.client.call("DESCRIBE_WORLD", 1)[0])
        self.client.limit = self.world.L
        self.own = [False] * self.world.Bo ** 3

    def load_pieces(self):
        count = int(self.client.call("GET_ALL_PIECES", 1)[0])
        self.pieces = [Piece.parse(self.client.read()) for _ in range(count)]

    def match_info(self) -> MatchInfo:
        me, opp, active = self.client.call("GET_MATCH_INFO", 3)
        return MatchInfo(Side.parse(me, self.world.C), Side.parse(opp, self.world.C), active)

    def pieces_in_range(self) -> List[int]:
        n = list(map(int, self.client.call("GET_PIECES_IN_RANGE", 1)[0].split()))
        return n[1:]

    def read_shared(self):
        rows = self.client.call("GET_SHARED_SPACE", 1 + self.world.Bs)[1:]
        self.shared = [int(v) for row in rows for v in row.split()]

    def own_index(self, x, y, z):
        return (z * self.world.Bo + y) * self.world.Bo + x

    def own_spot(self, piece: Piece):
        """First fit nearest the corner: positions by shell max(x,y,z), rotations in order."""
        bo = self.world.Bo
        for rot in ROTATIONS:
            cells = [rotate(c, *rot) for c in piece.cubes]
            best = None
            for z in range(bo):
                for y in range(bo):
                    for x in range(bo):
                        placed = [(x + a, y + b, z + c) for a, b, c in cells]
                        if all(0 <= px < bo and 0 <= py < bo and 0 <= pz < bo and not self.own[self.own_index(px, py, pz)]
                               for px, py, pz in placed):
                            shell = sum(max(p) for p in placed)
                            if best is None or shell < best[0]:
                                best = (shell, (x, y, z), placed)
            if best is not None:
                return best[1], rot, best[2]
        return None

    def shared_spot(self, piece: Piece):
        bs = self.world.Bs
        for rot in ROTATIONS[:4]:
            squares = project(piece.cubes, piece.colours, rot)
            for y in range(bs):
                for x in range(bs):
                    if all(0 <= x + a < bs and 0 <= y + b < bs and self.shared[(y + b) * bs + x + a] == 0 for a, b, _ in squares):
                        return (x, y), rot, squares
        return None

    # ------------------------------------------------------------ strategy

    def play_turn(self, info: MatchInfo):
        c, w = self.client, self.world
        if 5 not in info.me.multipliers:
            for colour in range(1, w.C + 1):
                if info.me.multipliers[colour - 1] == 0 and info.opponent.multipliers[colour - 1] != 5:
                    c.call(f"SET_MULTIPLIER {colour} 5")
                    info.me.multipliers[colour - 1] = 5
                    break
        for _ in range(info.me.single_cubes):  # fill the corner first
            free = [i for i, f in enumerate(self.own) if not f]
            if not free:
                break
            bo = w.Bo
            i = min(free, key=lambda i: (max(i % bo, i // bo % bo, i // (bo * bo)), i))
            c.call(f"PLACE_SINGLE_CUBE_PIECE {i % bo} {i // bo % bo} {i // (bo * bo)}")
            self.own[i] = True

        in_range = self.pieces_in_range()
        choices = [(pos, self.pieces[pid - 1]) for pos, pid in enumerate(in_range, 1)
                   if self.pieces[pid - 1].price <= info.me.power]
        if not choices:
            return  # skip: effort jumps past the opponent, cash + S_r
        pos, piece = max(choices, key=lambda pc: (pc[1].value / pc[1].effort, -pc[0]))
        c.call(f"BUY_PIECE {pos}")

        spot = self.own_spot(piece)
        if spot:
            (x, y, z), (rx, ry, rz), cells = spot
            c.call(f"PLACE_OWN_PIECE {x} {y} {z} {rx} {ry} {rz}")
            for cell in cells:
                self.own[self.own_index(*cell)] = True
        self.read_shared()
        spot = self.shared_spot(piece)
        if spot:
            (x, y), (rx, ry, rz), squares = spot
            c.call(f"PLACE_SHARED_PIECE {x} {y} {rx} {ry} {rz}")
            for a, b, colour in squares:
                self.shared[(y + b) * w.Bs + x + a] = colour
        mine = [i + 1 for i, m in enumerate(info.me.multipliers) if m > 0]
        for _ in range(info.me.single_squares):
            free = [i for i, v in enumerate(self.shared) if v == 0]
            if not free or not mine:
                break
            i = free[0]
            c.call(f"PLACE_SINGLE_SQUARE_PIECE {i % w.Bs} {i // w.Bs} {mine[0]}")
            self.shared[i] = mine[0]

    def run(self):
        playing = False  # an effort has moved in this game
        while True:
            try:
                if self.world is None:
                    self.describe_world()
                if not self.pieces:
                    self.load_pieces()
                info = self.match_info()
                efforts = (info.me.effort, info.opponent.effort)
                if playing and efforts == (0, 0):
                    # Efforts only grow: both back at 0 is the next game of
                    # `arena serve --games N`. Read its world and pieces afresh.
                    self.world, self.pieces, playing = None, [], False
                    continue
                playing = efforts != (0, 0)
                if info.active == "Me":
                    self.play_turn(info)
            except TurnOver:
                continue  # the referee already moved us to the next turn
            except Failed as f:
                print(f"refused: {f}", file=sys.stderr)
            self.client.wait()


# ---------------------------------------------------------------- transports

def dial(address):
    """Connects to arena serve at HOST:PORT, or exits saying why it cannot."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        sys.exit(f"--tcp {address}: want HOST:PORT, e.g. 127.0.0.1:20000")
    try:
        return socket.create_connection((host, int(port)))
    except OSError as e:
        sys.exit(f"cannot connect to {address}: {e.strerror or e} (is arena serve running there?)")


def connect_tcp(address: str, login: str, password: str):
    sock = dial(address)
    reader = sock.makefile("r", encoding="ascii", newline="\n")
    writer = sock.makefile("w", encoding="ascii", newline="\n")
    for prompt, answer in (("LOGIN", login), ("PASS", password)):
        line = reader.readline().strip()
        if line != prompt:
            sys.exit(f"expected {prompt}, got {line!r}")
        writer.write(answer + "\n")
        writer.flush()
    line = reader.readline().strip()
    if line != "OK":
        sys.exit(f"login refused: {line!r}")
    return reader, writer


def main():
    parser = argparse.ArgumentParser(description="B.E.S.T.O.W. starter bot")
    parser.add_argument("--tcp", help="host:port of `arena serve` (default: stdin/stdout)")
    parser.add_argument("--login", default="login1")
    parser.add_argument("--password", default="secret")
    args = parser.parse_args()
    if args.tcp:
        reader, writer = connect_tcp(args.tcp, args.login, args.password)
    else:
        reader, writer = sys.stdin, sys.stdout
    try:
        Game(Client(reader, writer)).run()
    except (GameOver, BrokenPipeError):
        pass


if __name__ == "__main__":
    main()
