#!/usr/bin/env python3
"""Starter bot for arena's "towers" game (Code Character 2018 rules).

Run it against a built-in bot:
    arena run "python3 players/starters/towers/starter.py" builtin:random --game=towers

It reads the whole input into named structures (Setup, Turn, Soldier, Tower), then plays a
simple legal strategy: soldiers attack the nearest living enemy soldier, and money is spent
on the build that adds the most tiles. The protocol is described in docs/games/towers.md.
Everything is in your own view: your base is always at tile (4,4). Print debugging to
stderr, never to stdout. Python 3, standard library only.
"""
import sys
from dataclasses import dataclass, field
from typing import List, Optional


@dataclass
class Setup:
    my_id: int
    map_size: int
    tile_size: int
    num_soldiers: int
    max_towers: int
    num_turns: int
    soldier_hp: int
    soldier_speed: int
    soldier_range: int
    soldier_damage: int
    respawn_turns: int
    immune_turns: int
    tower_hp: List[int]        # by level 1..3 (index 0..2)
    build_cost: int
    upgrade_cost: List[int]    # to level 2, to level 3
    tower_range: List[int]     # by level 1..3
    soldier_reward: int
    tower_reward: List[int]    # by level 1..3
    refund: List[int]          # suicide refund by level 1..3
    meter: str                 # "cpu_us" or "instructions"
    soft_limit: int
    hard_limit: int
    init_limit: int


@dataclass
class Soldier:
    id: int
    x: int            # world units, 0..1500
    y: int
    hp: int
    state: str        # IDLE MOVE ATTACK PURSUIT DEAD
    immune: int       # immune turns left
    respawn_in: int   # turns until a dead soldier is back, 0 when alive

    @property
    def alive(self) -> bool:
        return self.hp > 0


@dataclass
class Tower:
    id: int
    tx: int           # tile, 0..29
    ty: int
    hp: int
    level: int
    is_base: bool


@dataclass
class Turn:
    turn: int
    money: int
    my_score: int
    enemy_score: int
    grid: List[str]   # grid[y][x]: '0' nobody, '1' me only, '2' enemy only, '3' both
    my_soldiers: List[Soldier] = field(default_factory=list)
    enemy_soldiers: List[Soldier] = field(default_factory=list)
    my_towers: List[Tower] = field(default_factory=list)
    enemy_towers: List[Tower] = field(default_factory=list)


def read_line() -> Optional[str]:
    line = sys.stdin.readline()
    if line == "":
        return None  # end of input: the game is over
    return line.rstrip("\n")


def ints(line: str) -> List[int]:
    return [int(v) for v in line.split()]


def read_setup() -> Optional[Setup]:
    lines = []
    for _ in range(9):
        line = read_line()
        if line is None:
            return None
        lines.append(line)
    my_id = int(lines[0])
    map_size, tile_size, num_soldiers, max_towers, num_turns = ints(lines[1])
    hp, speed, rng, damage, respawn, immune = ints(lines[2])
    meter, soft, hard, init = lines[8].split()
    return Setup(
        my_id=my_id, map_size=map_size, tile_size=tile_size, num_soldiers=num_soldiers,
        max_towers=max_towers, num_turns=num_turns, soldier_hp=hp, soldier_speed=speed,
        soldier_range=rng, soldier_damage=damage, respawn_turns=respawn, immune_turns=immune,
        tower_hp=ints(lines[3]), build_cost=ints(lines[4])[0], upgrade_cost=ints(lines[4])[1:],
        tower_range=ints(lines[5]), soldier_reward=ints(lines[6])[0], tower_reward=ints(lines[6])[1:],
        refund=ints(lines[7]), meter=meter, soft_limit=int(soft), hard_limit=int(hard), init_limit=int(init),
    )


def read_soldiers() -> List[Soldier]:
    count = int(read_line())
    soldiers = []
    for _ in range(count):
        sid, x, y, hp, state, immune, respawn_in = read_line().split()
        soldiers.append(Soldier(int(sid), int(x), int(y), int(hp), state, int(immune), int(respawn_in)))
    return soldiers


def read_towers() -> List[Tower]:
    count = int(read_line())
    towers = []
    for _ in range(count):
        tid, tx, ty, hp, level, is_base = ints(read_line())
        towers.append(Tower(tid, tx, ty, hp, level, is_base == 1))
    return towers


def read_turn(setup: Setup) -> Optional[Turn]:
    head = read_line()
    if head is None:
        return None
    turn, money, my_score, enemy_score = ints(head)
    grid = [read_line() for _ in range(setup.map_size)]
    state = Turn(turn, money, my_score, enemy_score, grid)
    state.my_soldiers = read_soldiers()
    state.enemy_soldiers = read_soldiers()
    state.my_towers = read_towers()
    state.enemy_towers = read_towers()
    return state


def dist2(ax: int, ay: int, bx: int, by: int) -> int:
    return (ax - bx) ** 2 + (ay - by) ** 2


def soldier_commands(state: Turn) -> List[str]:
    """Every living soldier attacks the nearest living, non-immune enemy soldier."""
    targets = [e for e in state.enemy_soldiers if e.alive and e.immune == 0]
    commands = []
    for s in state.my_soldiers:
        if not s.alive or not targets:
            continue
        target = min(targets, key=lambda e: (dist2(s.x, s.y, e.x, e.y), e.id))
        commands.append(f"ATTACK {s.id} {target.id}")
    return commands


def build_commands(setup: Setup, state: Turn) -> List[str]:
    """Spend the money on the build that adds the most tiles (one build per turn)."""
    if state.money < setup.build_cost or len(state.my_towers) >= setup.max_towers:
        return []
    n, r = setup.map_size, setup.tower_range[0]
    occupied = {(t.tx, t.ty) for t in state.my_towers}
    best, best_gain = None, 0
    for y in range(n):
        for x in range(n):
            # Buildable: only mine (not shared) and no tower of mine on it.
            if state.grid[y][x] != "1" or (x, y) in occupied:
                continue
            gain = sum(1 for yy in range(max(0, y - r), min(n, y + r + 1))
                       for xx in range(max(0, x - r), min(n, x + r + 1))
                       if state.grid[yy][xx] in "02")
            if gain > best_gain:
                best, best_gain = (x, y), gain
    return [f"BUILD {best[0]} {best[1]}"] if best else []


def main() -> None:
    setup = read_setup()
    if setup is None:
        return
    print(f"towers starter: I am player {setup.my_id}", file=sys.stderr)
    while True:
        state = read_turn(setup)
        if state is None:
            return
        commands = soldier_commands(state) + build_commands(setup, state)
        print(";".join(commands) if commands else "WAIT", flush=True)


if __name__ == "__main__":
    main()
