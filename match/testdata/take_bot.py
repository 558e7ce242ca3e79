#!/usr/bin/env python3
"""Test bot for the runner's `sum` session game: each turn it waits DELAY_MS, then sends
`TAKE` N times (arguments: DELAY_MS N), then WAIT, reading every answer."""
import sys
import time

delay, n = int(sys.argv[1]) / 1000.0, int(sys.argv[2])
while True:
    time.sleep(delay)
    for _ in range(n):
        print("TAKE", flush=True)
        if not sys.stdin.readline() or not sys.stdin.readline():  # OK, the ticket
            sys.exit(0)
    print("WAIT", flush=True)
    if not sys.stdin.readline() or not sys.stdin.readline():  # OK, WAITING x
        sys.exit(0)
    if not sys.stdin.readline():  # the OK that starts the next turn
        sys.exit(0)
