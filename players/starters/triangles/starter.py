#!/usr/bin/env python3
"""TryAngle-Catch ("triangles") starter bot: reads the whole input into named structures
and plays a simple legal game.

Run it against a built-in bot:

    arena run "python3 players/starters/triangles/starter.py" builtin:random --game=triangles

Protocol (see docs/games/triangles.md): the first turn starts with the map (house count,
then "id x y" per house); every turn then gives the scores, "id myUnits opponentUnits" per
house, the paths, the triangles ("c1 c2 c3 owner meCanCapture opponentCanCapture", owner
-1 nobody, 0 you, 1 the opponent) and the paths that could be added. Answer one line of
commands separated by ';' (MOVE, SPAWN, ATTACK, ADD_PATH, REMOVE_PATH, WAIT, MSG, and the
debug drawings LINE, RECT, CIRCLE, TEXT). Print debug text on stderr, never on stdout.
"""
import sys
from collections import deque
from dataclasses import dataclass, field


@dataclass
class House:
    id: int
    x: int
    y: int
    my_units: int = 0
    opp_units: int = 0
    neighbours: list = field(default_factory=list)


@dataclass
class Triangle:
    corners: tuple
    owner: int  # -1 nobody, 0 me, 1 the opponent
    me_can_capture: bool
    opp_can_capture: bool


@dataclass
class Turn:
    my_score: int
    opp_score: int
    houses: list
    paths: list
    triangles: list
    linkable: list


def read_ints():
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return [int(v) for v in line.split()]


def read_map():
    count = read_ints()[0]
    houses = []
    for _ in range(count):
        hid, x, y = read_ints()
        houses.append(House(hid, x, y))
    houses.sort(key=lambda h: h.id)
    return houses


def read_turn(positions):
    my_score, opp_score = read_ints()
    houses = [House(h.id, h.x, h.y) for h in positions]
    for _ in range(len(houses)):
        hid, mine, theirs = read_ints()
        houses[hid].my_units, houses[hid].opp_units = mine, theirs
    paths = [tuple(read_ints()) for _ in range(read_ints()[0])]
    for a, b in paths:
        houses[a].neighbours.append(b)
        houses[b].neighbours.append(a)
    triangles = []
    for _ in range(read_ints()[0]):
        c1, c2, c3, owner, me_can, opp_can = read_ints()
        triangles.append(Triangle((c1, c2, c3), owner, me_can == 1, opp_can == 1))
    linkable = [tuple(read_ints()) for _ in range(read_ints()[0])]
    return Turn(my_score, opp_score, houses, paths, triangles, linkable)


def distances_from(turn, start):
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        for nxt in turn.houses[cur].neighbours:
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
    return dist


def decide(turn):
    commands = []
    my_units = sum(h.my_units for h in turn.houses)

    # Use my triangles to spawn while the army is small. A used triangle becomes neutral,
    # and I can capture it again only once none of my units stands on its corners.
    for tri in turn.triangles:
        if tri.owner == 0 and my_units < 8:
            commands.append("SPAWN %d %d %d" % tri.corners)
            my_units += 1

    # Go for one triangle at a time: the capturable one with the fewest corners I do not
    # hold, then the closest. Units on its held corners stay (one more than the opponent),
    # the others walk to its missing corners (the game moves them one step per turn).
    def held(c):
        return turn.houses[c].my_units > turn.houses[c].opp_units

    dist = {h.id: distances_from(turn, h.id) for h in turn.houses if h.my_units > 0}
    best, best_key = None, None
    for tri in turn.triangles:
        if tri.owner == 0 or not tri.me_can_capture:
            continue
        missing = [c for c in tri.corners if not held(c)]
        far = sum(min((d.get(c, 99) for d in dist.values()), default=99) for c in missing)
        key = (len(missing), far, tri.corners)
        if best_key is None or key < best_key:
            best, best_key = tri, key
    if best is not None:
        spare = {h.id: h.my_units for h in turn.houses if h.my_units > 0}
        for c in best.corners:
            if c in spare and held(c):
                spare[c] -= turn.houses[c].opp_units + 1
        for c in best.corners:
            if held(c):
                continue
            need = turn.houses[c].opp_units + 1
            for h in sorted(spare, key=lambda h: (dist[h].get(c, 99), h)):
                if need <= 0:
                    break
                if spare[h] <= 0 or c not in dist[h]:
                    continue
                k = min(need, spare[h])
                if h != c:
                    commands.append("MOVE %d %d %d" % (h, c, k))
                spare[h] -= k
                need -= k

    commands.append("MSG %d units" % my_units)
    return ";".join(commands) if commands else "WAIT"


def main():
    positions = read_map()
    while True:
        try:
            turn = read_turn(positions)
        except EOFError:
            return
        print(decide(turn), flush=True)


if __name__ == "__main__":
    main()
