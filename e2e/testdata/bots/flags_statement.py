#!/usr/bin/env python3
# A capture-the-flag (flags) bot written from the seed document
# (/work/shared/seeds/003_e64ed3ae9bdebead.txt) the way a contest player writes a first
# bot from the statement. The seed refers to a "Game Protocol section" it does not
# contain, so the line format read and written here is the one of the project's spec,
# /work/shared/specs/flags.md §9 (input, output); nothing else was used.
#
# Strategy: every minion heads for the opponent's flag; the carrier heads home; a minion
# that sees an enemy in its row or column uses FIRE when the score allows.
import sys


def ints(line):
    return [int(v) for v in line.split()]


def main():
    read = sys.stdin.readline
    line = read()
    if not line:
        return
    height, width = ints(line)
    grid = [read().rstrip("\n") for _ in range(height)]
    my_base = ints(read())
    opp_base = ints(read())
    prices = {}
    for _ in range(3):
        name, price, _ = read().split()
        prices[name] = int(price)
    while True:
        line = read()
        if not line:
            return
        my_score, _ = ints(line)
        read()  # my flag: where it is and who carries it
        opp_flag_r, opp_flag_c, carrier = ints(read())
        minions = [ints(read()) for _ in range(int(read()))]  # id r c health timeout
        enemies = [ints(read()) for _ in range(int(read()))]
        for _ in range(int(read())):
            read()  # coins: not chased by this bot

        cmds = []
        fired = False
        for mid, r, c, _, timeout in minions:
            if timeout > 0:
                continue
            sees = any(e[1] == r or e[2] == c for e in enemies)
            if sees and not fired and my_score >= prices["FIRE"]:
                cmds.append("FIRE %d" % mid)
                fired = True
                my_score -= prices["FIRE"]
            elif mid == carrier:
                cmds.append("MOVE %d %d %d" % (mid, my_base[0], my_base[1]))
            else:
                cmds.append("MOVE %d %d %d" % (mid, opp_flag_r, opp_flag_c))
        if not cmds and minions:
            cmds.append("WAIT %d" % minions[0][0])
        sys.stdout.write(" | ".join(cmds) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
