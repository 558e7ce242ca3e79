#!/usr/bin/env python3
"""Starter bot for "flags" (Save the Flag, BUET CSE Fest 2022) -- standard library only.

Run it against a built-in bot:

    arena run "python3 players/starters/flags/starter.py" builtin:random --game=flags

It reads the whole input into named structures (World, Turn, Minion, Flag), then plays a
simple legal plan: the minion carrying the opponent's flag goes home, the minion nearest the
opponent's flag fetches it, minions FIRE at enemies in their row/column when no teammate is
in the line, and the others walk to the nearest visible coin. Print debug text to stderr,
never to stdout: stdout carries exactly one line of commands per turn.
"""
import sys
from collections import deque, namedtuple

PowerUp = namedtuple("PowerUp", "name price effect")  # effect: damage or freeze timeout
Minion = namedtuple("Minion", "id r c health timeout")
Flag = namedtuple("Flag", "r c carrier")  # carrier: minion id, -1 when nobody carries it


class World:
    """The initialization input: the map, both flag bases and the power-up prices."""

    def __init__(self):
        self.height, self.width = map(int, input().split())
        self.rows = [input().strip() for _ in range(self.height)]
        self.my_base = tuple(map(int, input().split()))
        self.opp_base = tuple(map(int, input().split()))
        self.powerups = {}
        for _ in range(3):
            name, price, effect = input().split()
            self.powerups[name] = PowerUp(name, int(price), int(effect))

    def floor(self, r, c):
        return 0 <= r < self.height and 0 <= c < self.width and self.rows[r][c] == "."

    def distances(self, start):
        """Steps from start to every reachable floor cell (a dict)."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            r, c = queue.popleft()
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                n = (r + dr, c + dc)
                if n not in dist and self.floor(*n):
                    dist[n] = dist[(r, c)] + 1
                    queue.append(n)
        return dist

    def sees(self, a, b):
        """True when b is on a's row or column with no wall in between (vision, FIRE area)."""
        (r1, c1), (r2, c2) = a, b
        if r1 != r2 and c1 != c2:
            return False
        dr, dc = (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)
        r, c = r1, c1
        while (r, c) != (r2, c2):
            if not self.floor(r, c):
                return False
            r, c = r + dr, c + dc
        return self.floor(r2, c2)


class Turn:
    """One turn's input."""

    def __init__(self):
        self.my_score, self.opp_score = map(int, input().split())
        self.my_flag = Flag(*map(int, input().split()))  # carrier: an opponent minion id
        self.opp_flag = Flag(*map(int, input().split()))  # carrier: one of my minion ids
        self.my_minions = [Minion(*map(int, input().split())) for _ in range(int(input()))]
        self.opp_minions = [Minion(*map(int, input().split())) for _ in range(int(input()))]
        self.coins = [tuple(map(int, input().split())) for _ in range(int(input()))]


def play(world, turn):
    orders = {}
    budget = turn.my_score
    ready = [m for m in turn.my_minions if m.timeout == 0]  # frozen minions cannot act
    fire = world.powerups["FIRE"]

    # FIRE at visible enemies when no teammate would be hit (FIRE hurts both teams).
    for m in ready:
        if budget < fire.price or m.id == turn.opp_flag.carrier:
            continue
        enemies = [o for o in turn.opp_minions if world.sees((m.r, m.c), (o.r, o.c))]
        friends = [f for f in turn.my_minions if f.id != m.id and world.sees((m.r, m.c), (f.r, f.c))]
        if enemies and not friends:
            orders[m.id] = "FIRE %d" % m.id
            budget -= fire.price

    free = [m for m in ready if m.id not in orders]
    if turn.opp_flag.carrier >= 0:
        for m in free:
            if m.id == turn.opp_flag.carrier:
                orders[m.id] = "MOVE %d %d %d" % (m.id, world.my_base[0], world.my_base[1])
    elif free:
        dist = world.distances((turn.opp_flag.r, turn.opp_flag.c))
        runner = min(free, key=lambda m: (dist.get((m.r, m.c), 10**9), m.id))
        orders[runner.id] = "MOVE %d %d %d" % (runner.id, turn.opp_flag.r, turn.opp_flag.c)

    taken = set()
    for m in ready:
        if m.id in orders:
            continue
        target = (turn.opp_flag.r, turn.opp_flag.c)
        coins = [c for c in turn.coins if c not in taken]
        if coins:
            target = min(coins, key=lambda c: (abs(c[0] - m.r) + abs(c[1] - m.c), c))
            taken.add(target)
        orders[m.id] = "MOVE %d %d %d" % (m.id, target[0], target[1])

    return " | ".join(orders[i] for i in sorted(orders))


def main():
    try:
        world = World()
        while True:
            turn = Turn()
            print(play(world, turn), flush=True)
    except EOFError:
        pass  # the game is over


if __name__ == "__main__":
    main()
