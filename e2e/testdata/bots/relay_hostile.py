#!/usr/bin/env python3
"""A bot that plays as a built-in bot and misbehaves on purpose, for the turn-based hostile
test (hostile_test.go).

    python3 relay_hostile.py ARENA GAME MODE K

It relays GAME's greedy built-in (ARENA bot GAME/greedy), and at the K-th line the built-in
prints (0: its first) does what MODE says instead.
"""
import os, signal, subprocess, sys, threading, time

arena, game, mode, k = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
out = sys.stdout.buffer
child = subprocess.Popen([arena, "bot", game + "/greedy"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

def relay():
    for line in sys.stdin.buffer:
        try:
            child.stdin.write(line)
            child.stdin.flush()
        except BrokenPipeError:
            break
    try:
        child.stdin.close()
    except BrokenPipeError:
        pass

threading.Thread(target=relay, daemon=True).start()

def send(data):
    out.write(data)
    out.flush()

def misbehave(line):
    if mode == "garbage":  # in place of the line, and the game goes on
        return b"\x01garbage\xff\x00\n"
    child.kill()
    if mode == "exit3":
        os._exit(3)
    if mode == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    if mode == "closeout":
        os.close(1)
    if mode == "hugeline":  # 64 MiB without a newline
        chunk = b"x" * (1 << 20)
        for _ in range(64):
            out.write(chunk)
        out.flush()
    if mode == "partial":
        send(line[:len(line) // 2])
    if mode == "forkhold":
        if os.fork() == 0:
            time.sleep(300)  # the child keeps stdin, stdout and stderr open
            os._exit(0)
        os._exit(0)
    time.sleep(300)

n = 0
while True:
    line = child.stdout.readline()
    if not line:
        break
    if n == k and mode != "stubborn":
        line = misbehave(line)
    send(line)
    n += 1

if mode == "stubborn":  # does not exit at the end of the game, nor on SIGTERM
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    time.sleep(300)
os._exit(0)
