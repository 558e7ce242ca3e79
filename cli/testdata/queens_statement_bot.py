#!/usr/bin/env python3
"""A Code Royale bot written from the original statement alone (no arena code read).

    python3 queens_statement_bot.py [sleep=T:MS ...] [say=T:TEXT]

Strategy: build mines on nearby free sites, one knight barracks, train knights, retreat
to a corner. Optional arguments make it sleep MS milliseconds on turn T (T may be "*" for
every turn after the first) or print TEXT instead of its queen command on turn T.
"""
import math
import sys
import time

sleeps, says = {}, {}
for arg in sys.argv[1:]:
    key, _, val = arg.partition("=")
    turn, _, rest = val.partition(":")
    (sleeps if key == "sleep" else says)[turn] = rest

num_sites = int(input())
sites = {}
for _ in range(num_sites):
    site_id, x, y, radius = map(int, input().split())
    sites[site_id] = (x, y, radius)

turn = 0
while True:
    try:
        gold, touched = map(int, input().split())
    except EOFError:
        break
    state = {}
    for _ in range(num_sites):
        site_id, _gold, _max, stype, owner, p1, p2 = map(int, input().split())
        state[site_id] = (stype, owner, p1, p2)
    units = [tuple(map(int, input().split())) for _ in range(int(input()))]
    queen = next(u for u in units if u[2] == 0 and u[3] == -1)
    qx, qy = queen[0], queen[1]

    mine = [s for s, v in state.items() if v[1] == 0]
    barracks = [s for s in mine if state[s][0] == 2]
    free = sorted((s for s, v in state.items() if v[0] == -1),
                  key=lambda s: math.hypot(sites[s][0] - qx, sites[s][1] - qy))
    if touched != -1 and state[touched][0] == -1:
        kind = "BARRACKS-KNIGHT" if not barracks else ("TOWER" if len(mine) >= 4 else "MINE")
        command = "BUILD %d %s" % (touched, kind)
    elif free and len(mine) < 6:
        command = "BUILD %d %s" % (free[0], "BARRACKS-KNIGHT" if not barracks else "MINE")
    else:
        command = "MOVE 0 0" if qx < 960 else "MOVE 1920 1000"
    train = [s for s in barracks if state[s][2] == 0][:1] if gold >= 80 else []

    key = str(turn) if str(turn) in sleeps else ("*" if turn > 0 and "*" in sleeps else None)
    if key is not None:
        time.sleep(int(sleeps[key]) / 1000)
    if str(turn) in says:
        command = says[str(turn)]
    print(command)
    print(" ".join(["TRAIN"] + [str(s) for s in train]))
    sys.stdout.flush()
    turn += 1
