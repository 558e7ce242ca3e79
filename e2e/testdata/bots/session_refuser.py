#!/usr/bin/env python3
"""A Deadline24 bot (bestow, agrid, rockets) whose first turn is refused by the session
itself, line by line: `WAIT 1` (FAILED 4, too many arguments), a line of 70 000 bytes
(FAILED 3, too long), then `NOPE` (FAILED 2) until the command limit forces it to wait
(FAILED 6, WAITING x, and the OK of the next turn). Afterwards it waits every turn, until
its input ends."""
import sys


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def read():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    return line.rstrip("\n")


for line in ["WAIT 1", "X" * 70000]:
    send(line)
    read()
while True:
    send("NOPE")
    if read().startswith("FAILED 6"):
        break
read()  # WAITING x
read()  # the OK of turn 1
while True:
    send("WAIT")
    read()  # OK
    read()  # WAITING x
    read()  # the OK of the next turn
