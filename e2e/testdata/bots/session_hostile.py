#!/usr/bin/env python3
"""A Deadline24 bot (bestow, agrid, rockets) that misbehaves on purpose, for the
session-game hostile-bot test (deadline24_hostile_test.go).

    python3 session_hostile.py MODE [QUERY]

It waits every turn (WAIT, then OK, WAITING x and the next turn's OK), except for what
MODE makes it do from turn 2 on; QUERY is a command with a long answer, for noread.
"""
import os, signal, sys, time

mode = sys.argv[1]
query = sys.argv[2].encode() if len(sys.argv) > 2 else b"DESCRIBE_WORLD"
out = sys.stdout.buffer

def send(data):
    out.write(data)
    out.flush()

turn = 0
while True:
    if turn == 2:
        if mode == "exit3":
            sys.exit(3)
        if mode == "segv":
            os.kill(os.getpid(), signal.SIGSEGV)
            time.sleep(5)
        if mode == "closeout":
            os.close(1)
            time.sleep(300)
        if mode == "noread":
            while True:  # answers pile up unread until the input pipe is full
                send(query + b"\n")
                time.sleep(0.001)
        if mode == "flood":
            while True:
                out.write(b"x" * 1000 + b"\n")
        if mode == "forkhold":
            if os.fork() == 0:
                time.sleep(300)  # the child keeps stdin, stdout and stderr open
                os._exit(0)
            sys.exit(0)
    if mode == "garbage":
        send(b"\x01garbage\xff\x00\n")
        if sys.stdin.buffer.readline() == b"":
            break
    send(b"WAIT\n")
    # OK and WAITING x, then the OK that starts the next turn; end of input: game over.
    if not all(sys.stdin.buffer.readline() for _ in range(3)):
        break
    turn += 1

if mode == "stubborn":  # does not exit at the end of the game, nor on SIGTERM
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    time.sleep(300)
