#!/usr/bin/env python3
"""Test bot for the runner's `count` game. Arguments tune its behaviour:
  sleep=T:MS   sleep MS milliseconds before answering turn T (T may be * for every turn)
  spin=T:MS    compute for MS milliseconds of CPU time before answering turn T
  say=T:TEXT   answer TEXT on turn T instead of the right number
  exit=T:CODE  exit with CODE when turn T's input arrives
  stderr=TEXT  write TEXT to stderr every turn ({turn} becomes the turn's number)
  raise=T      divide by zero on turn T (an uncaught exception)
  term=TEXT    when stopped by SIGTERM, close stdout, then write TEXT to stderr a moment
               later (after the runner has read the end of its output), and exit
"""
import os, signal, sys, time

sleeps, spins, says, exits, err, raise_on = {}, {}, {}, {}, None, None
for arg in sys.argv[1:]:
    key, _, val = arg.partition("=")
    if key == "stderr":
        err = val
        continue
    if key == "term":
        def last_words(signum, frame, text=val):
            signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second stop is the same one
            os.close(1)
            time.sleep(0.05)
            print(text, file=sys.stderr, flush=True)
            os._exit(0)
        signal.signal(signal.SIGTERM, last_words)
        continue
    if key == "raise":
        raise_on = int(val)
        continue
    turn, _, rest = val.partition(":")
    {"sleep": sleeps, "spin": spins, "say": says, "exit": exits}[key][turn] = rest

def pick(table, turn):
    return table.get(str(turn), table.get("*"))

for line in sys.stdin:
    turn = int(line.split()[1])
    if turn == raise_on:
        print(1 // 0)
    if pick(exits, turn) is not None:
        sys.exit(int(pick(exits, turn)))
    if err:
        print(err.replace("{turn}", str(turn)), file=sys.stderr, flush=True)
    if pick(sleeps, turn):
        time.sleep(int(pick(sleeps, turn)) / 1000)
    if pick(spins, turn):
        until = time.process_time() + int(pick(spins, turn)) / 1000
        while time.process_time() < until:
            pass
    answer = pick(says, turn)
    print(answer if answer is not None else turn + 1, flush=True)
