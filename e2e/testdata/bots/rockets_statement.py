#!/usr/bin/env python3
# A Rocket Science (rockets) client written from the seed document alone
# (/work/shared/seeds/004_7741169b448f4a3e.txt §2 "Server communication" and §7 "Rocket
# Science": 7.4 earning money, 7.10 commands, 7.11 errors, 7.13 example), the way a
# Deadline24 team writes a first client from the task statement.
#
# Strategy: every idle car drives a few roads away from home, preferring cheap roads it
# has not used in the current cycle, then drives back (by unused known roads when it can,
# so the cycle stays all-unique), to earn the revenue of a cycle.
#
# Transports:
#   (default)                          commands on stdin/stdout, no login
#   --handshake --login L --password P the seed's LOGIN/PASS exchange on stdin/stdout first
#   --tcp HOST:PORT --login L --password P
#                                      connect to a server and log in as in seed §2.1
import os
import socket
import sys
from collections import deque


class Conn:
    def __init__(self, rfile, wfile):
        self.rfile, self.wfile = rfile, wfile

    def line(self):
        s = self.rfile.readline()
        if not s:
            raise EOFError
        return s.strip()

    def send(self, text):
        self.wfile.write(text + "\n")
        self.wfile.flush()

    def login(self, login, password):
        if self.line() != "LOGIN":
            raise SystemExit("expected LOGIN")
        self.send(login)
        if self.line() != "PASS":
            raise SystemExit("expected PASS")
        self.send(password)
        answer = self.line()
        if answer != "OK":
            raise SystemExit("login refused: " + answer)

    def command(self, text, data_lines=0):
        """Sends a command; returns its data lines, or None after FAILED.

        data_lines is a number, or a function of the first data line (a count)."""
        self.send(text)
        status = self.line()
        if status.startswith("FAILED"):
            if status.split()[1] == "6":  # forced waiting: WAITING x, then OK at the next turn
                self.line()
                self.line()
            return None
        if status != "OK":
            raise SystemExit("unexpected answer to %s: %s" % (text, status))
        out = []
        if callable(data_lines):
            first = self.line()
            out.append(first)
            for _ in range(data_lines(first)):
                out.append(self.line())
        else:
            for _ in range(data_lines):
                out.append(self.line())
        return out

    def wait(self):
        self.send("WAIT")
        status = self.line()
        if status.startswith("FAILED") and status.split()[1] != "6":
            return
        self.line()  # WAITING x
        self.line()  # OK: the next turn has begun


def counted(first):
    return int(first.split()[0])


def play(conn):
    world = conn.command("DESCRIBE_WORLD", 3)
    depth = 3
    home = int(conn.command("HOME", 1)[0].split()[0])
    roads = {}  # city -> {neighbour: fuel cost for us}
    cycle = {}  # car -> list of roads used since home, as (a, b) with a < b
    back = {}   # car -> cities to return through (a stack)
    while True:
        cars = conn.command("CARS", counted)
        idle = []
        for line in cars[1:]:
            f = line.split()
            car, city, fuel, busy = int(f[0]), int(f[1]), int(f[2]), int(f[7])
            if busy == 0:
                idle.append((car, city, fuel))
        if idle:
            for line in conn.command("ROADS_STATUS", counted)[1:]:
                f = line.split()
                a, b = int(f[0]), int(f[1])
                cost = max(3.0, float(f[3]) - float(f[2]))
                roads.setdefault(a, {})[b] = cost
                roads.setdefault(b, {})[a] = cost
        for car, city, fuel in idle:
            used = cycle.setdefault(car, [])
            trail = back.setdefault(car, [])
            if city == home:
                used.clear()
                trail.clear()
            target = None
            if len(used) < depth:
                options = [n for n in roads.get(city, {}) if (min(city, n), max(city, n)) not in used]
                options = [n for n in options if n != home or len(used) > 1]
                if options:
                    target = min(options, key=lambda n: (roads[city][n], n))
            if target is None and city != home:
                target = way_home(roads, city, home, used) or (trail[-1] if trail else None)
            if target is None:
                continue
            if conn.command("MOVE %d %d" % (car, target)) is not None:
                if trail and trail[-1] == target:
                    trail.pop()
                else:
                    trail.append(city)
                used.append((min(city, target), max(city, target)))
        conn.command("TIME_TO_END", 1)
        conn.wait()


def way_home(roads, start, home, used):
    """First step of a shortest known way home that reuses no road of this cycle."""
    seen = {start: None}
    queue = deque([start])
    while queue:
        city = queue.popleft()
        if city == home:
            while seen[city] != start:
                city = seen[city]
            return city
        for n in sorted(roads.get(city, {})):
            if n not in seen and (min(city, n), max(city, n)) not in used:
                seen[n] = city
                queue.append(n)
    return None


def main():
    argv = sys.argv[1:]
    opt = lambda name: argv[argv.index(name) + 1] if name in argv else None
    if opt("--tcp"):
        host, port = opt("--tcp").rsplit(":", 1)
        sock = socket.create_connection((host, int(port)))
        conn = Conn(sock.makefile("r"), sock.makefile("w"))
        conn.login(opt("--login") or "login1", opt("--password") or "secret")
    else:
        conn = Conn(sys.stdin, sys.stdout)
        if "--handshake" in argv:
            conn.login(opt("--login") or "login1", opt("--password") or "secret")
    try:
        play(conn)
    except (EOFError, BrokenPipeError, ConnectionResetError):
        pass  # the game is over: the server closed the session
    os._exit(0)  # without flushing: the peer may be gone


if __name__ == "__main__":
    main()
