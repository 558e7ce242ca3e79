#!/usr/bin/env python3
"""Test bot for the tournament's fake games ("duel" and "race"). Each turn it reads
"seed S turn T" and answers a number: BASE plus a pseudo-random 0..SPREAD drawn from the
seed, the turn and the base, so that a game replays identically. Arguments:
  base=B     the bot's strength (default 0)
  spread=R   how much luck there is (default 4)
  crash=K    exit with code 3 on turn 1 of every seed divisible by K
  slow=K     sleep 1.5 s on turn 1 of every seed divisible by K (a timeout)
  say=TEXT   answer TEXT instead of a number (invalid)
"""
import random, sys, time

opts = dict(a.split("=", 1) for a in sys.argv[1:])
base, spread = int(opts.get("base", 0)), int(opts.get("spread", 4))
for line in sys.stdin:
    _, seed, _, turn = line.split()
    seed, turn = int(seed), int(turn)
    if turn == 1 and "crash" in opts and seed % int(opts["crash"]) == 0:
        sys.exit(3)
    if turn == 1 and "slow" in opts and seed % int(opts["slow"]) == 0:
        time.sleep(1.5)
    if "say" in opts:
        print(opts["say"], flush=True)
        continue
    rng = random.Random(seed * 1000 + turn * 10 + base)
    print(base + rng.randint(0, spread), flush=True)
