#!/usr/bin/env python3
"""Starter bot for Code Royale (arena game "queens").

Run it against a built-in bot from the repository root:

    arena run "python3 players/starters/queens/starter.py" builtin:random --game=queens

It reads the whole protocol into named structures (Site, SiteState, Unit, Turn) and plays a
simple legal strategy: mines on the free sites nearest to its queen, one knight barracks,
a tower when enemy knights come close, and knights whenever it can pay for them. Copy it
and replace `decide` with your own strategy. Write debug output to stderr, never stdout.
Only the standard library is used.
"""

import sys
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

# Protocol numbers.
NO_STRUCTURE, MINE, TOWER, BARRACKS = -1, 0, 1, 2
NOBODY, ME, ENEMY = -1, 0, 1
QUEEN, KNIGHT, ARCHER, GIANT = -1, 0, 1, 2
CREEP_COST = {KNIGHT: 80, ARCHER: 100, GIANT: 140}
QUEEN_RADIUS = 30


@dataclass
class Site:
    """A building site as the initialisation lines give it (never changes)."""
    id: int
    x: int
    y: int
    radius: int


@dataclass
class SiteState:
    """A site's state this turn, from my point of view."""
    id: int
    gold: int          # gold left to mine, -1 when out of sight
    max_mine_size: int  # highest mining rate, -1 when out of sight
    structure: int     # NO_STRUCTURE, MINE, TOWER or BARRACKS
    owner: int         # NOBODY, ME or ENEMY
    param1: int        # mine: rate (-1 if hidden); tower: HP; barracks: turns left
    param2: int        # tower: attack radius; barracks: creep type


@dataclass
class Unit:
    x: int
    y: int
    owner: int  # ME or ENEMY
    type: int   # QUEEN, KNIGHT, ARCHER or GIANT
    health: int


@dataclass
class Turn:
    gold: int
    touched_site: int  # the site my queen touches, -1 if none
    sites: Dict[int, SiteState]
    units: List[Unit]

    def queen(self, owner: int) -> Unit:
        return next(u for u in self.units if u.type == QUEEN and u.owner == owner)

    def creeps(self, owner: int, kind: Optional[int] = None) -> List[Unit]:
        return [u for u in self.units if u.type != QUEEN and u.owner == owner and (kind is None or u.type == kind)]


def read_ints() -> List[int]:
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return [int(v) for v in line.split()]


def read_sites() -> Dict[int, Site]:
    (count,) = read_ints()
    sites = {}
    for _ in range(count):
        site_id, x, y, radius = read_ints()
        sites[site_id] = Site(site_id, x, y, radius)
    return sites


def read_turn(site_count: int) -> Turn:
    gold, touched = read_ints()
    states = {}
    for _ in range(site_count):
        site_id, g, max_size, structure, owner, p1, p2 = read_ints()
        states[site_id] = SiteState(site_id, g, max_size, structure, owner, p1, p2)
    (count,) = read_ints()
    units = [Unit(*read_ints()) for _ in range(count)]
    return Turn(gold, touched, states, units)


def dist2(ax: float, ay: float, bx: float, by: float) -> float:
    return (ax - bx) ** 2 + (ay - by) ** 2


class Bot:
    def __init__(self, sites: Dict[int, Site]):
        self.sites = sites
        self.home: Optional[Tuple[int, int]] = None

    def my_side(self, site: Site, enemy_home: Tuple[int, int]) -> bool:
        """True when the site is nearer my start than the enemy's."""
        return dist2(site.x, site.y, *self.home) < dist2(site.x, site.y, *enemy_home)

    def decide(self, turn: Turn) -> Tuple[str, str]:
        queen, foe = turn.queen(ME), turn.queen(ENEMY)
        if self.home is None:
            self.home = (queen.x, queen.y)
        enemy_home = (1920 - self.home[0], 1000 - self.home[1])
        mine = [s for s in turn.sites.values() if s.owner == ME]
        has_barracks = any(s.structure == BARRACKS for s in mine)
        danger = any(dist2(k.x, k.y, queen.x, queen.y) < 300 ** 2 for k in turn.creeps(ENEMY, KNIGHT))

        command = None
        if turn.touched_site >= 0:
            state = turn.sites[turn.touched_site]
            if state.owner == NOBODY:
                if danger:
                    kind = "TOWER"
                elif not has_barracks:
                    kind = "BARRACKS-KNIGHT"
                elif state.gold != 0:
                    kind = "MINE"
                else:
                    kind = "TOWER"
                command = f"BUILD {state.id} {kind}"
            elif state.owner == ME and state.structure == MINE and state.param1 < state.max_mine_size:
                command = f"BUILD {state.id} MINE"  # grow the mine to its maximum rate
            elif state.owner == ME and state.structure == TOWER and danger:
                command = f"BUILD {state.id} TOWER"  # grow the tower
        if command is None:
            free = [self.sites[s.id] for s in turn.sites.values()
                    if s.owner == NOBODY and self.my_side(self.sites[s.id], enemy_home)]
            if free:
                target = min(free, key=lambda s: dist2(s.x, s.y, queen.x, queen.y))
                # BUILD on a site out of reach walks toward it.
                command = f"BUILD {target.id} {'BARRACKS-KNIGHT' if not has_barracks else 'MINE'}"
            else:
                command = f"MOVE {self.home[0]} {self.home[1]}"

        train, gold = [], turn.gold
        for s in sorted(mine, key=lambda s: dist2(self.sites[s.id].x, self.sites[s.id].y, foe.x, foe.y)):
            if s.structure == BARRACKS and s.param1 == 0 and CREEP_COST[s.param2] <= gold:
                gold -= CREEP_COST[s.param2]
                train.append(str(s.id))
        return command, " ".join(["TRAIN"] + train)


def main() -> None:
    sites = read_sites()
    bot = Bot(sites)
    while True:
        try:
            turn = read_turn(len(sites))
        except EOFError:
            return
        command, train = bot.decide(turn)
        print(command)
        print(train, flush=True)


if __name__ == "__main__":
    main()
