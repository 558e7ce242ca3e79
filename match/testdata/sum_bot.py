#!/usr/bin/env python3
"""Test bot for the runner's `sum` session game: each turn it sends `ADD n` n times
(n = its first argument, default 1), then WAIT, reading every answer.

With a second argument S, it first sends BIG and reads its long answer only after S
seconds: a slow reader, whose answer waits in a full pipe meanwhile."""
import sys, time

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1
if len(sys.argv) > 2:
    print("BIG", flush=True)
    time.sleep(float(sys.argv[2]))
    lines = 1 + 16  # OK, then the game's bigLines
    for _ in range(lines):
        if not sys.stdin.readline():
            sys.exit(0)
while True:
    for _ in range(n):
        print("ADD %d" % n, flush=True)
        first = sys.stdin.readline()
        if not first:
            sys.exit(0)
        if first.startswith("OK"):
            sys.stdin.readline()
        elif first.startswith("FAILED 6"):
            sys.stdin.readline()  # WAITING x
            break
    else:
        print("WAIT", flush=True)
        if not sys.stdin.readline() or not sys.stdin.readline():
            sys.exit(0)
    if not sys.stdin.readline():  # the OK that starts the next turn
        sys.exit(0)
