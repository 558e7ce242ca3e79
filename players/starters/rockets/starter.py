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


class GameOver(Exception):
    """End of input."""


class Client:
    def __init__(self, rfile, wfile):
        self.rfile, self.wfile = rfile, wfile

    def read(self):
        line = self.rfile.readline()
        if not line:
            raise GameOver()
        return line.rstrip("\r\n")

    def send(self, command):
        self.wfile.write(command + "\n")
        self.wfile.flush()
        status = self.read()
        if status == "OK":
            return
        if status.startswith("FAILED 6 "):
            self.read()   # WAITING x
            self.read()   # OK: the next turn has started
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
        self.send("WAIT")
        self.read()       # WAITING x
        self.read()       # OK: the next turn has started

    # typed queries

    def describe_world(self):
        first, _count, homes = self.lines("DESCRIBE_WORLD", 3)
        ints = [int(v) for v in first[:8]]
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


def connect(args):
    """stdin/stdout by default; --tcp performs the LOGIN/PASS handshake."""
    if not args.tcp:
        return Client(sys.stdin, sys.stdout)
    host, port = args.tcp.rsplit(":", 1)
    sock = socket.create_connection((host, int(port)))
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


class Bot:
    def __init__(self, client):
        self.client = client
        self.world = client.describe_world()
        self.home = client.home().city
        self.roads = {}           # (min, max) city pair -> Road, as last seen
        self.neighbours = {}      # city -> set of (min, max) pairs
        self.seen = {self.home}   # cities the team's cars have been to
        self.used = {}            # car id -> road pairs driven since leaving home
        self.plan = {}            # car id -> cities still to drive to
        self.rng = random.Random(self.world.map_name + str(self.home))

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
            return plan.pop(0)
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
        self.plan[car.id] = path[1:]
        return path[0] if path else None

    def play_turn(self):
        c = self.client
        cars = c.cars()
        self.learn(c.roads())
        for car in cars:
            self.seen.add(car.city)
            if car.busy > 0:
                continue
            if car.city == self.home:
                self.used[car.id] = set()
                self.plan.pop(car.id, None)
            target = self.next_city(car)
            if target is None:
                continue
            try:
                c.send("MOVE %d %d" % (car.id, target))
                self.used[car.id].add((min(car.city, target), max(car.city, target)))
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
        last = None  # TIME_TO_END of the turn before
        while True:
            try:
                # arena serve --games N plays the next game on the same connection, and
                # nothing announces it: TIME_TO_END stops counting down (the turns left go
                # down every turn of a game: a game of one turn says 0 on every turn), or
                # fewer rockets are launched. The new game's world is then read again.
                now = client.time_to_end()
                if last is not None and (now[1] >= last[1] or now[0] < last[0]):
                    bot = Bot(client)
                last = now
                bot.play_turn()
                client.wait()
            except TurnOver:
                pass
    except GameOver:
        pass


if __name__ == "__main__":
    main()
