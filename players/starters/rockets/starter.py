#!/usr/bin/env python3
"""Rocket Science (Deadline24 2017) starter bot for arena.

Run it against the built-in random bot:

    arena run "python3 players/starters/rockets/starter.py" builtin:random --game=rockets

or against a server started with `arena serve --game rockets`:

    python3 players/starters/rockets/starter.py --tcp 127.0.0.1:20006 --login login1 --password secret

The bot speaks the Deadline24 session protocol (docs/games/rockets.md): it sends one
command per line, reads `OK` and the command's data lines (or one `FAILED code msg` line),
and ends each turn with WAIT (`OK`, `WAITING x`, then `OK` when the next turn starts).
End of input means the game is over.

A turn allows L commands (DESCRIBE_WORLD tells L: 40 by default, as few as 1). The bot counts
what it sends and never goes over: a turn whose commands run out stops where it is, and the
next turn goes on from there (the world, the roads, the cars as last read and which of them
have had their orders since are all kept). TIME_TO_END is read only now and then, and
ROADS_STATUS when a car stands in a city whose roads the bot has not seen, unless commands
are to spare: even at L = 1 the cars drive their cycles.

Strategy (a starting point, not a good player): every free car drives out of home along
roads it has not used on this trip, towards cities the team has not seen, then comes back
home by the cheapest known roads, preferring roads not used yet (a cycle of distinct roads
earns much more than one that repeats roads).
"""

import argparse
import heapq
import random
import socket
import sys
from dataclasses import dataclass, field


# ---------------------------------------------------------------- data structures


@dataclass
class World:
    """DESCRIBE_WORLD: parameters of the game."""
    cities: int
    rocket_cost: int          # S_r: deposit needed before a launch
    founding_tax: int         # S_f
    engine_price: int         # S_ue
    trunk_price: int          # S_ut
    normal_capacity: int      # N_max
    big_capacity: int         # U_max
    fuel_price: int           # S_g
    road_revenue: float       # R
    launch_multiplier: int    # Q
    lawyer_min: int           # S_lmin
    lawyer_max: int           # S_lmax
    turn_seconds: int         # T
    command_limit: int        # L
    k: float                  # score coefficient
    map_name: str
    homes: list               # home city of every team, in seat order


@dataclass
class Home:
    """HOME: the team's base."""
    city: int
    cash: int
    lawyer_site: object       # city of the active lawyer's site, or None
    lawyer_motivation: int


@dataclass
class Car:
    """One line of CARS."""
    id: int
    city: int                 # where it is (or where it is going, while busy)
    fuel: int
    fast_engine: bool
    big_trunk: bool
    repeated: bool            # a road was used twice in this cycle
    roads: int                # roads driven since leaving home
    busy: int                 # turns left on the road; 0 = can take orders
    cash: int


@dataclass
class Road:
    """One line of ROADS_STATUS."""
    a: int
    b: int
    bonus: int                # the team's bonus B_r
    cost: int                 # R_h = base cost + handicap

    def fuel(self):
        return max(3, self.cost - self.bonus)

    def other(self, city):
        return self.b if city == self.a else self.a


@dataclass
class Site:
    """One line of ROCKET_INFO."""
    city: int
    shareholder_gain: int
    own_deposit: int
    total_deposit: int
    launched: bool
    controlled: bool
    lawsuit_turns: int
    suing_city: object
    shareholders: int
    threshold: int
    lawyers: object           # None unless the team controls the site
    controllers: object
    protection: int
    motivation: object


# ---------------------------------------------------------------- protocol


class Failed(Exception):
    """A FAILED answer."""


class TurnOver(Exception):
    """Forced waiting (FAILED 6): the turn is over."""


class OutOfCommands(Exception):
    """This turn's L commands are used up: the bot goes on from there in the next turn."""


class NewGame(Exception):
    """The next game started on the same connection (arena serve --games N)."""


class GameOver(Exception):
    """End of input."""


class Client:
    def __init__(self, rfile, wfile):
        self.rfile, self.wfile = rfile, wfile
        self.limit = None     # L, once DESCRIBE_WORLD has told it
        self.used = 0         # commands sent in this turn

    def left(self):
        """How many more commands this turn allows (any number until L is known)."""
        if self.limit is None:
            return 1 << 30
        return self.limit - self.used

    def read(self):
        line = self.rfile.readline()
        if not line:
            raise GameOver()
        return line.rstrip("\r\n")

    def send(self, command):
        if self.left() < 1:
            raise OutOfCommands()
        self.wfile.write(command + "\n")
        self.wfile.flush()
        self.used += 1
        status = self.read()
        if status == "OK":
            return
        if status.startswith("FAILED 6 "):
            self.read()   # WAITING x
            self.read()   # OK: the next turn has started
            self.used = 0
            raise TurnOver()
        if status.startswith("FAILED "):
            raise Failed(status)
        raise RuntimeError("unexpected answer %r to %r" % (status, command))

    def lines(self, command, count):
        self.send(command)
        return [self.read().split() for _ in range(count)]

    def table(self, command):
        self.send(command)
        n = int(self.read())
        return [self.read().split() for _ in range(n)]

    def wait(self):
        self.wfile.write("WAIT\n")   # not counted against L
        self.wfile.flush()
        status = self.read()
        if status != "OK":
            raise RuntimeError("unexpected answer %r to WAIT" % status)
        self.read()       # WAITING x
        self.read()       # OK: the next turn has started
        self.used = 0

    # typed queries

    def describe_world(self):
        first, _count, homes = self.lines("DESCRIBE_WORLD", 3)
        ints = [int(v) for v in first[:8]]
        self.limit = int(first[13])
        return World(*ints, float(first[8]), int(first[9]), int(first[10]), int(first[11]),
                     int(first[12]), int(first[13]), float(first[14]), first[15],
                     [int(h) for h in homes])

    def home(self):
        (f,) = self.lines("HOME", 1)
        return Home(int(f[0]), int(f[1]), None if f[2] == "NONE" else int(f[2]), int(f[3]))

    def cars(self):
        return [Car(int(f[0]), int(f[1]), int(f[2]), f[3] == "FAST", f[4] == "BIG",
                    f[5] == "R", int(f[6]), int(f[7]), int(f[8])) for f in self.table("CARS")]

    def roads(self):
        return [Road(*(int(v) for v in f[:4])) for f in self.table("ROADS_STATUS")]

    def sites(self):
        def num(v):
            return None if v == "NONE" else int(v)
        return [Site(int(f[0]), int(f[1]), int(f[2]), int(f[3]), f[4] == "Y", f[5] == "Y",
                     int(f[6]), num(f[7]), int(f[8]), int(f[9]), num(f[10]), num(f[11]),
                     int(f[12]), num(f[13])) for f in self.table("ROCKET_INFO")]

    def time_to_end(self):
        (f,) = self.lines("TIME_TO_END", 1)
        return int(f[0]), int(f[1])


def dial(address):
    """Connects to arena serve at HOST:PORT, or exits saying why it cannot."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        sys.exit(f"--tcp {address}: want HOST:PORT, e.g. 127.0.0.1:20000")
    try:
        return socket.create_connection((host, int(port)))
    except OSError as e:
        sys.exit(f"cannot connect to {address}: {e.strerror or e} (is arena serve running there?)")


def connect(args):
    """stdin/stdout by default; --tcp performs the LOGIN/PASS handshake."""
    if not args.tcp:
        return Client(sys.stdin, sys.stdout)
    sock = dial(args.tcp)
    rfile = sock.makefile("r", encoding="ascii", newline="\n")
    wfile = sock.makefile("w", encoding="ascii", newline="\n")
    client = Client(rfile, wfile)
    for prompt, answer in (("LOGIN", args.login), ("PASS", args.password)):
        line = client.read()
        if line != prompt:
            raise RuntimeError("expected %s, got %r" % (prompt, line))
        wfile.write(answer + "\n")
        wfile.flush()
    line = client.read()
    if line != "OK":
        raise RuntimeError("login refused: %r" % line)
    return client


# ---------------------------------------------------------------- strategy


class Clock:
    """The turns left, counted by the bot itself between two readings of TIME_TO_END.

    TIME_TO_END costs one of the turn's L commands, so it is read when due only (and
    whenever commands are to spare): on the first turn, every tenth turn, on every turn past
    the end the last reading foretold, and on every turn once a rocket is up (the game then
    ends 30 turns after the first launch, or at the third).

    It is also how the bot notices the next game of `arena serve --games N`, which nothing
    announces: within a game the turns left go down by at least the turns counted since the
    last reading (by more when the bot missed turns, or a launch brought the end nearer),
    and the rockets launched never go down. A reading that breaks either is the next
    game's, even one that says the same, as in games of one turn, where it is 0 on every turn.
    """

    def __init__(self):
        self.launched = 0     # rockets launched, at the last reading
        self.left = None      # turns left after the turn of the last reading (None: unread)
        self.turn = 0         # the bot's turn number at the last reading

    def due(self, turn):
        return (self.left is None or turn % 10 == 0 or turn - self.turn > self.left
                or self.launched > 0)

    def read(self, launched, left, turn):
        """Takes a reading of TIME_TO_END made on the bot's turn number turn; raises
        NewGame when it is the next game's."""
        if self.left is not None:
            if left > self.left - (turn - self.turn) or launched < self.launched:
                raise NewGame()
        self.launched, self.left, self.turn = launched, left, turn


class Bot:
    """Plays one game. Everything it learns is kept from turn to turn, and each step of a
    turn goes on from what is kept, so a turn cut short by the command limit loses nothing:
    the next turn takes up where it stopped."""

    def __init__(self, client):
        self.client = client
        self.world = None         # DESCRIBE_WORLD, read on the first turn
        self.home = None          # our home city (HOME), read next
        self.clock = Clock()
        self.turn = 0             # turns of this game played, as counted by the bot
        self.roads = {}           # (min, max) city pair -> Road, as last seen
        self.neighbours = {}      # city -> set of (min, max) pairs
        self.explored = set()     # cities whose roads ROADS_STATUS has listed
        self.seen = set()         # cities the team's cars have been to
        self.used = {}            # car id -> road pairs driven since leaving home
        self.plan = {}            # car id -> cities still to drive to
        self.rng = None
        self.cars = None          # CARS as last read (None: to read again)
        self.fleet = 5            # how many cars the team has (CARS tells)
        self.ordered = set()      # ids of the cars handled since that reading
        self.roads_read = False   # ROADS_STATUS read since that reading

    def learn(self, roads):
        for r in roads:
            key = (min(r.a, r.b), max(r.a, r.b))
            self.roads[key] = r
            self.neighbours.setdefault(r.a, set()).add(key)
            self.neighbours.setdefault(r.b, set()).add(key)

    def way_home(self, start, avoid):
        """Cheapest known way home (list of cities), preferring roads not in avoid."""
        best = {start: (0, None)}
        queue = [(0, start)]
        while queue:
            dist, city = heapq.heappop(queue)
            if city == self.home:
                break
            if dist > best[city][0]:
                continue
            for key in sorted(self.neighbours.get(city, ())):
                road = self.roads[key]
                step = road.fuel() + (1000 if key in avoid else 0)
                other = road.other(city)
                if other not in best or dist + step < best[other][0]:
                    best[other] = (dist + step, city)
                    heapq.heappush(queue, (dist + step, other))
        if self.home not in best:
            return []
        path, city = [], self.home
        while city != start:
            path.append(city)
            city = best[city][1]
        return path[::-1]

    def next_city(self, car):
        used = self.used.setdefault(car.id, set())
        plan = self.plan.get(car.id)
        if plan:
            return plan[0]  # (it leaves the plan once the MOVE is accepted)
        if car.roads < 6:
            options = []
            for key in sorted(self.neighbours.get(car.city, ())):
                road = self.roads[key]
                other = road.other(car.city)
                if key in used or other == self.home or road.fuel() > car.fuel - 30:
                    continue
                score = (other not in self.seen) * 10 - road.fuel() + self.rng.random() * 3
                options.append((score, other))
            if options:
                return max(options)[1]
        path = self.way_home(car.city, used)
        self.plan[car.id] = path
        return path[0] if path else None

    def spare(self):
        """Whether a read that is not needed every turn fits in what is left of the turn,
        with CARS and a MOVE for every car."""
        return self.client.left() > self.fleet + 1

    def play_turn(self):
        """One turn, as far as its L commands go: at L = 1 the first turns only learn the
        world, the home, the time left, the cars and the roads, one a turn; then every car
        that was free when CARS was read gets its MOVE, one a turn, before CARS is read
        again (a free car stays where it is until it is moved)."""
        c = self.client
        if self.world is None:
            self.world = c.describe_world()
        if self.home is None:
            self.home = c.home().city
            self.seen.add(self.home)
            self.rng = random.Random(self.world.map_name + str(self.home))
        if self.clock.due(self.turn) or self.spare():
            launched, left = c.time_to_end()
            self.clock.read(launched, left, self.turn)
        if self.cars is None:
            self.cars = c.cars()
            self.fleet = len(self.cars)
            self.ordered = set()
            self.roads_read = False
            for car in self.cars:
                self.seen.add(car.city)
        stranger = any(car.busy == 0 and car.city not in self.explored for car in self.cars)
        if not self.roads_read and (stranger or self.spare()):
            self.learn(c.roads())
            self.roads_read = True
            # ROADS_STATUS lists every road of the cities where our cars are (a moving car
            # is already in its destination).
            self.explored |= {car.city for car in self.cars}
        for car in self.cars:
            if car.id not in self.ordered:
                if car.busy == 0:
                    self.drive(car)
                self.ordered.add(car.id)
        self.cars = None  # every car has had its turn: read them again next turn

    def drive(self, car):
        """Sends a stationary car on its next road."""
        if car.city == self.home:
            self.used[car.id] = set()
            self.plan.pop(car.id, None)
        target = self.next_city(car)
        if target is None:
            return
        try:
            self.client.send("MOVE %d %d" % (car.id, target))
            self.used[car.id].add((min(car.city, target), max(car.city, target)))
            plan = self.plan.get(car.id)
            if plan and plan[0] == target:
                plan.pop(0)
        except Failed as failure:
            print("car %d: %s" % (car.id, failure), file=sys.stderr)
            self.plan.pop(car.id, None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tcp", help="host:port of an `arena serve` server")
    parser.add_argument("--login", default="login1")
    parser.add_argument("--password", default="secret")
    args = parser.parse_args()
    try:
        client = connect(args)
        bot = Bot(client)
        while True:
            try:
                bot.play_turn()
            except NewGame:
                # The next game of arena serve --games N (see Clock): learn its world, in
                # this turn if commands are left.
                bot = Bot(client)
                continue
            except TurnOver:
                # Forced to wait (a turn can end before we wait, unannounced, over TCP):
                # the next turn has begun.
                bot.turn += 1
                continue
            except OutOfCommands:
                pass  # the rest waits for the next turn
            except Failed as failure:
                # An answer we did not expect (FAILED 5, say) costs the rest of the turn.
                print("%s: the rest of the turn is lost" % failure, file=sys.stderr)
            client.wait()
            bot.turn += 1
    except GameOver:
        pass


if __name__ == "__main__":
    main()
