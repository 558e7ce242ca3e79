#!/usr/bin/env python3
# A TryAngle-Catch (triangles) bot written from the seed document alone
# (/work/shared/seeds/002_af2f1a356d7b8965.txt: "Game Input", "Output for one game turn",
# "Debug drawing"), the way a contest player writes a first bot from the statement.
#
# Strategy: spawn on every triangle it owns (or attack an adjacent house full of enemy
# units when it can pay), and send units to the missing corners of the capturable
# triangles it nearly holds.
#
# Test switch: --debug also prints the statement's debug drawing commands (LINE, RECT,
# CIRCLE, TEXT), a CodinGame-style MSG and empty ";" segments (";;", a trailing ";").
import sys


def ints(line):
    return [int(v) for v in line.split()]


def main():
    debug = "--debug" in sys.argv[1:]
    read = sys.stdin.readline
    count = int(read())
    pos = {}
    for _ in range(count):
        hid, x, y = ints(read())
        pos[hid] = (x, y)
    turn = 0
    while True:
        line = read()
        if not line:
            return
        my_score, opp_score = ints(line)
        mine, theirs = {}, {}
        for _ in range(count):
            hid, m, o = ints(read())
            mine[hid], theirs[hid] = m, o
        neighbours = {h: [] for h in pos}
        for _ in range(int(read())):
            a, b = ints(read())
            neighbours[a].append(b)
            neighbours[b].append(a)
        triangles = []
        for _ in range(int(read())):
            triangles.append(ints(read()))  # h1 h2 h3 owner meCanCapture opponentCanCapture
        for _ in range(int(read())):
            read()  # linkable paths: not used by this bot

        cmds = []
        used_attack = False
        for a, b, c, owner, _, _ in triangles:
            if owner != 0:
                continue
            target = None
            if not used_attack and min(mine[a], mine[b], mine[c]) >= 2:
                for h in (a, b, c):
                    for n in neighbours[h]:
                        if theirs[n] > mine[n] and theirs[n] >= 2:
                            target = n
            if target is not None:
                cmds.append("ATTACK %d %d %d %d" % (a, b, c, target))
                used_attack = True
            else:
                # spawn on the weakest corner
                corner = min((a, b, c), key=lambda h: mine[h] - theirs[h])
                rest = [h for h in (a, b, c) if h != corner]
                cmds.append("SPAWN %d %d %d" % (corner, rest[0], rest[1]))
        # Go for the capturable triangle with the most corners already held: send one
        # unit to each missing corner from the nearest house that can spare it.
        free = dict(mine)  # units not yet given an order
        held = lambda h: mine[h] > theirs[h]
        owned = set()
        for a, b, c, owner, _, _ in triangles:
            if owner == 0:
                owned.update((a, b, c))
        goals = sorted(
            (t for t in triangles if t[3] != 0 and t[4] == 1),
            key=lambda t: (-sum(held(h) for h in t[:3]), t[:3]),
        )
        for a, b, c, _, _, _ in goals[:2]:
            corners = (a, b, c)
            for corner in corners:
                if held(corner):
                    continue
                need = theirs[corner] - mine[corner] + 1
                # keep enough units to hold owned triangles and this goal's held corners
                keep = lambda h: theirs[h] + 1 if h in owned or (h in corners and held(h)) else 0
                sources = [h for h in pos if h != corner and free[h] - keep(h) > 0]
                if not sources:
                    continue
                h = min(sources, key=lambda h: ((pos[h][0] - pos[corner][0]) ** 2 +
                                                (pos[h][1] - pos[corner][1]) ** 2, h))
                amount = min(free[h] - keep(h), need)
                free[h] -= amount
                cmds.append("MOVE %d %d %d" % (h, corner, amount))

        if debug:
            h = min(pos)
            x, y = pos[h]
            cmds.insert(0, "")  # an empty segment first
            cmds.append("LINE %d %d %d %d" % (x, y, 960, 540))
            cmds.append("RECT %d %d 40 30" % (x, y))
            cmds.append("CIRCLE %d %d 25" % (x, y))
            cmds.append("TEXT %d %d turn%d" % (x, y, turn))
            cmds.append("MSG score %d vs %d" % (my_score, opp_score))
            cmds.append("")  # ";;"
            cmds.append("")  # and a trailing ";"
        sys.stdout.write(";".join(cmds) + "\n")
        sys.stdout.flush()
        turn += 1


if __name__ == "__main__":
    main()
