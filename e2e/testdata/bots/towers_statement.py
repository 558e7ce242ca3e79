#!/usr/bin/env python3
# A towers-and-soldiers (towers) bot written from the seed document
# (/work/shared/seeds/001_7a85b9faa5194462.txt) the way a contest player writes a first
# bot from the statement. The seed describes the rules but has no text protocol at all
# (the original game linked player code into the simulator), so the line format read
# and written here is the one of the project's spec, /work/shared/specs/towers.md §13
# (initial input, input for one turn, output for one turn); nothing else was used.
#
# Strategy: soldiers attack the nearest living enemy soldier; towers are built on tiles
# owned only by us, spread out, and upgraded when money is left.
#
# Test switches, turns counted from 0 = the first answer:
#   --burn-turn N --burn-ms M   use M ms of CPU before answering turn N
import sys
import time


def ints(line):
    return [int(v) for v in line.split()]


def burn(ms):
    end = time.process_time() + ms / 1000
    x = 0
    while time.process_time() < end:
        x += 1
    return x


def soldiers(read):
    out = []
    for _ in range(int(read())):
        f = read().split()
        out.append({"id": int(f[0]), "x": int(f[1]), "y": int(f[2]), "hp": int(f[3]), "state": f[4]})
    return out


def towers(read):
    return [ints(read()) for _ in range(int(read()))]  # id tx ty hp level isBase


def main():
    opts = {}
    argv = sys.argv[1:]
    for i in range(0, len(argv) - 1, 2):
        opts[argv[i].lstrip("-")] = int(argv[i + 1])
    read = sys.stdin.readline
    if not read():  # line 1: myId, informational (both views look the same)
        return
    map_size, _, _, max_towers, _ = ints(read())
    read()  # soldier stats
    read()  # tower HP by level
    build_cost, upgrade_cost2, upgrade_cost3 = ints(read())
    for _ in range(4):
        read()  # ranges, rewards, refunds, meter and its limits
    turn = 0
    while True:
        line = read()
        if not line:
            return
        _, money, _, _ = ints(line)
        grid = [read().strip() for _ in range(map_size)]
        mine = soldiers(read)
        enemy = soldiers(read)
        my_towers = towers(read)
        towers(read)  # enemy towers: soldiers only chase soldiers here

        cmds = []
        alive_enemies = [e for e in enemy if e["hp"] > 0]
        for s in mine:
            if s["hp"] <= 0:
                continue
            if alive_enemies:
                e = min(alive_enemies, key=lambda e: (e["x"] - s["x"]) ** 2 + (e["y"] - s["y"]) ** 2)
                cmds.append("ATTACK %d %d" % (s["id"], e["id"]))
        taken = {(t[1], t[2]) for t in my_towers}
        count = len(my_towers)
        for ty in range(map_size):
            for tx in range(map_size):
                if money < build_cost or count >= max_towers:
                    break
                if grid[ty][tx] != "1":
                    continue
                if any(abs(tx - a) < 4 and abs(ty - b) < 4 for a, b in taken):
                    continue
                cmds.append("BUILD %d %d" % (tx, ty))
                taken.add((tx, ty))
                count += 1
                money -= build_cost
        for t in my_towers:
            cost = upgrade_cost2 if t[4] == 1 else upgrade_cost3
            if t[4] < 3 and money >= cost:
                cmds.append("UPGRADE %d" % t[0])
                money -= cost
        if turn == opts.get("burn-turn", -1):
            burn(opts.get("burn-ms", 0))
        sys.stdout.write(";".join(cmds) + "\n" if cmds else "WAIT\n")
        sys.stdout.flush()
        turn += 1


if __name__ == "__main__":
    main()
