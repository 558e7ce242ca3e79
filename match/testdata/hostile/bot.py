#!/usr/bin/env python3
"""A queens bot that misbehaves on purpose, for the runner's hostile-bot suite.

    python3 bot.py MODE

It reads the queens input properly and answers WAIT / TRAIN, except for what MODE makes
it do (see the table in hostile_test.go).
"""
import os, signal, subprocess, sys, threading, time

mode = sys.argv[1] if len(sys.argv) > 1 else "plain"
out = sys.stdout.buffer
if mode == "noflush":
    # Block-buffered whatever the environment says (PYTHONUNBUFFERED, -u).
    out = open(1, "wb", buffering=1 << 16, closefd=False)

def line():
    l = sys.stdin.readline()
    if not l:
        if mode == "spin":
            while True:
                pass
        sys.exit(0)
    return l

def read_turn(first):
    if first:
        n = int(line())
        for _ in range(n):
            line()
    line()  # gold touchedSite
    for _ in range(24):
        line()
    for _ in range(int(line())):
        line()

def answer(text=b"WAIT\nTRAIN\n", flush=True):
    out.write(text)
    if flush:
        out.flush()

if mode == "noread":
    # Never reads its input: answers blindly until its stdin pipe is full.
    while True:
        answer()
        time.sleep(0.002)

if mode == "ignoreterm":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
if mode == "daemon":
    subprocess.Popen(["sleep", "300"], start_new_session=True, stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def stderr_flood():
    chunk = b"e" * (1 << 20)
    for _ in range(300):  # 300 MiB
        sys.stderr.buffer.write(chunk)
        sys.stderr.buffer.flush()

def memory_hog():
    hog = []
    while True:
        hog.append(b"x" * (16 << 20))  # written, so every page is resident

def fork_bomb():
    for _ in range(200):
        if os.fork() == 0:
            time.sleep(300)
            os._exit(0)
    time.sleep(300)

def double_fork(hog):
    # Each helper forks a grandchild and exits at once: the grandchildren are orphans,
    # outside the bot's process tree but still in its process group.
    for _ in range(12 if hog else 100):
        pid = os.fork()
        if pid == 0:
            if os.fork() == 0:
                keep = b"x" * (100 << 20) if hog else b""  # written: resident
                time.sleep(300)
            os._exit(0)
        os.waitpid(pid, 0)
    time.sleep(300)

# The stderr flood runs in the background while the bot goes on answering in time.
if mode == "stderrflood":
    threading.Thread(target=stderr_flood, daemon=True).start()

turn = 0
while True:
    read_turn(turn == 0)
    # Within the first turn's second, so that the runner's limit (not a timeout, not the
    # end of the game) is what stops the bot.
    if mode == "memory":
        memory_hog()
    if mode == "forkbomb":
        fork_bomb()
    if mode in ("doublefork", "doubleforkmemory"):
        double_fork(mode == "doubleforkmemory")
    if mode == "never":
        turn += 1
        continue
    if mode == "late3" and turn == 3:
        time.sleep(30)  # far beyond the later turns' limit, short of the first answer's
    if mode == "sleepafter1" and turn == 1:
        time.sleep(3600)
    if mode == "exit3" and turn == 2:
        sys.exit(3)
    if mode.startswith("sig") and turn == 2:
        os.kill(os.getpid(), getattr(signal, mode[3:]))
        time.sleep(5)
    if mode == "closeout" and turn == 2:
        os.close(1)
        time.sleep(3600)
    if mode == "hugeline" and turn == 1:
        chunk = b"x" * (1 << 20)
        for _ in range(1024):  # 1 GiB, no newline
            out.write(chunk)
        out.flush()
    if mode == "toomany" and turn == 1:
        answer(b"WAIT\nTRAIN\nWAIT\n")
        turn += 1
        continue
    if mode == "flood" and turn == 1:
        # Input is still read (and dropped), so that only the flood can stop the bot.
        threading.Thread(target=lambda: sys.stdin.buffer.read(), daemon=True).start()
        while True:  # valid answers (the queen line is trimmed), far too many of them
            out.write((b"WAIT" + b" " * 1000 + b"\nTRAIN\n") * 1000)
    if mode == "forkhold" and turn == 2:
        if os.fork() == 0:
            time.sleep(300)  # the child keeps stdin, stdout and stderr open
            os._exit(0)
        sys.exit(0)
    if mode == "badbytes" and turn == 2:
        answer(b"MOVE \xff\x00 1\nTRAIN\n")
        turn += 1
        continue
    answer(flush=(mode != "noflush"))
    turn += 1
