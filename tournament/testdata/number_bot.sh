#!/bin/sh
# Test bot for the tournament's fake games, like number_bot.py but starting in a
# millisecond: each turn it reads "seed S turn T" and answers BASE plus a pseudo-random
# 0..SPREAD computed from the seed, the turn and the base. Arguments:
#   base=B  spread=R  crash=K (exit 3 on turn 1 of seeds divisible by K)
#   slow=K (sleep 1.5 s on turn 1 of seeds divisible by K: a timeout)
base=0 spread=4 crash=0 slow=0
for arg in "$@"; do
  case $arg in
    base=*) base=${arg#base=} ;;
    spread=*) spread=${arg#spread=} ;;
    crash=*) crash=${arg#crash=} ;;
    slow=*) slow=${arg#slow=} ;;
  esac
done
while read -r _ seed _ turn; do
  if [ "$turn" -eq 1 ] && [ "$crash" -gt 0 ] && [ $((seed % crash)) -eq 0 ]; then exit 3; fi
  if [ "$turn" -eq 1 ] && [ "$slow" -gt 0 ] && [ $((seed % slow)) -eq 0 ]; then sleep 1.5; fi
  x=$(( (seed * 1103515245 + turn * 12345 + base * 7919) % 2147483648 ))
  echo $(( base + (x / 65536) % (spread + 1) ))
done
