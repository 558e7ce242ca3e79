#!/usr/bin/env python3
# Sends, in its first turns, lines the session grammar refuses itself: a WAIT with an
# argument (FAILED 4), a line too long (FAILED 3), then lines past the command limit L
# (FAILED 6, forced waiting). Afterwards it waits every turn.
import sys

def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()

def read():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    return line.rstrip("\n")

limit = int(sys.argv[1])
turn = 0
while True:
    if turn < 2:
        extra = ["WAIT 1", "TIME_TO_END 1"] if turn == 0 else ["WAIT now"]
        if turn == 0:
            extra.append("X" * 70000)
        sent = 0
        waited = False
        for line in extra + ["NOPE"] * (limit + 3):
            send(line)
            ans = read()
            sent += 1
            if ans.startswith("FAILED 6") or ans == "OK":
                waited = ans.startswith("FAILED 6")
                break
        if waited:
            read()  # WAITING
            read()  # OK of the next turn
        else:
            send("WAIT"); read(); read(); read()
    else:
        send("WAIT")
        read(); read(); read()
    turn += 1
