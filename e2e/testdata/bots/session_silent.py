#!/usr/bin/env python3
"""A Deadline24 bot (bestow, agrid, rockets) that goes silent during the game, for the
silent-bot tests (deadline24_silent_test.go).

    python3 session_silent.py MODE TURN [HOST:PORT LOGIN PASSWORD]

It waits every turn (WAIT, then OK, WAITING x and the next turn's OK) until turn TURN;
then, in MODE "hang", it sends nothing more and reads its input until its end, as a bot
waiting for a line that never comes; in MODE "unended" it first sends "WAIT" without its
newline. Over TCP (arena serve) it logs in first.
"""
import socket, sys

mode, silent_from = sys.argv[1], int(sys.argv[2])
if len(sys.argv) > 3:
    host, port = sys.argv[3].rsplit(":", 1)
    sock = socket.create_connection((host, int(port)))
    inp, out = sock.makefile("rb"), sock.makefile("wb")
else:
    inp, out = sys.stdin.buffer, sys.stdout.buffer

def send(data):
    out.write(data)
    out.flush()

if len(sys.argv) > 3:
    for prompt, answer in ((b"LOGIN", sys.argv[4]), (b"PASS", sys.argv[5])):
        assert inp.readline().strip() == prompt
        send(answer.encode() + b"\n")
    assert inp.readline().strip() == b"OK"

turn = 0
while turn < silent_from:
    send(b"WAIT\n")
    # OK and WAITING x, then the OK that starts the next turn; end of input: game over.
    if not all(inp.readline() for _ in range(3)):
        sys.exit(0)
    turn += 1
if mode == "unended":
    send(b"WAIT")
while inp.readline():
    pass
