#!/usr/bin/env python3
"""A triangles bot that plays like the bot it wraps and adds debug drawings to every
answer (a circle, a line and a text that move from turn to turn), so that the viewer's
tests have a player's debug layer to show and hide.

Usage: debugdraw.py COMMAND... (e.g. debugdraw.py arena bot triangles/greedy)
"""
import subprocess
import sys
import threading

child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)


def forward_input():
    # Lines go through as they arrive: the wrapped bot must see each turn's input at once.
    for line in iter(sys.stdin.buffer.readline, b""):
        child.stdin.write(line)
        child.stdin.flush()
    child.stdin.close()


threading.Thread(target=forward_input, daemon=True).start()

turn = 0
for answer in iter(child.stdout.readline, b""):
    x = 200 + (turn * 97) % 1500
    drawing = f"CIRCLE {x} 540 90;LINE 60 60 {x} 540;RECT {x - 40} 700 80 80;TEXT {x - 40} 420 turn {turn}"
    answer = answer.decode().rstrip("\n")
    sys.stdout.write((answer + ";" if answer else "") + drawing + "\n")
    sys.stdout.flush()
    turn += 1
