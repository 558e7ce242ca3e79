// panels.js — the text around the board: the header and legend, the result, and for the
// current turn the state summary, the events and, per player, what it received, answered
// and printed on stderr with its timing and status. The panels are built once and only
// their text changes from turn to turn, so that scroll positions and open sections stay.
"use strict";
var Arena = window.Arena || (window.Arena = {});

(function () {
  function el(tag, className, text) {
    var e = document.createElement(tag);
    if (className) {
      e.className = className;
    }
    if (text !== undefined && text !== null) {
      e.textContent = text;
    }
    return e;
  }

  Arena.el = el;

  // count says "1 turn", "2 turns": the viewer shows one-turn games (a crash at the first
  // answer) and one-shape layers too.
  Arena.count = function (n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  };

  Arena.playerColor = function (colors, p) {
    if (p === undefined || p === null || p < 0) {
      return colors.neutral;
    }
    return colors.players[p % colors.players.length];
  };

  var MAX_OPTION_CHARS = 24; // an option's value longer than this is cut in the header

  function swatch(colors, p) {
    var s = el("span", "swatch");
    s.style.backgroundColor = Arena.playerColor(colors, p);
    return s;
  }

  function ms(v) {
    if (typeof v !== "number") {
      return "–";
    }
    return (v < 0.1 ? v.toFixed(3) : v < 10 ? v.toFixed(2) : v.toFixed(1)) + " ms";
  }

  function lineCount(text) {
    if (!text) {
      return 0;
    }
    var n = text.split("\n").length;
    return text.endsWith("\n") ? n - 1 : n;
  }

  function playerName(replay, p) {
    var pl = replay.players[p];
    return "P" + p + " " + (pl ? pl.name : "?");
  }

  Arena.Panels = function (replay, colors) {
    this.replay = replay;
    this.colors = colors;
    this.nPlayers = replay.players.length;
    this.refused = refusedMoves(replay);
    this.out = outTurns(replay, this.refused);
    this.session = (replay.settings || {}).style === "session";
    // arena serve does not measure its clients' times: their moves record 0.
    this.tcp = (replay.settings || {}).transport === "tcp";
    this.buildHeader();
    this.buildResult();
    this.buildPlayers();
  };

  // refusedMoves finds, for each player the referee eliminated for an invalid answer, the
  // move that gave it: the player's last one, since it is never asked again. The move itself
  // records no status (the referee judges the answer, not the runner), so without this its
  // card would show the answer that lost the game with nothing to say so.
  function refusedMoves(replay) {
    var refused = new Map();
    var invalid = {};
    ((replay.result && replay.result.players) || []).forEach(function (pr) {
      if (pr.status === "invalid") {
        invalid[pr.index] = pr.message || "";
      }
    });
    if (Object.keys(invalid).length === 0) {
      return refused;
    }
    var last = {};
    replay.turns.forEach(function (t) {
      (t.moves || []).forEach(function (m) {
        if (m.player in invalid) {
          last[m.player] = m;
        }
      });
    });
    Object.keys(last).forEach(function (p) {
      if (!last[p].status) {
        refused.set(last[p], invalid[p]);
      }
    });
    return refused;
  }

  // outTurns finds, for each player put out of the game, the index of the turn it was put
  // out and why, so that its card says so on the turns after, when it has no move.
  function outTurns(replay, refused) {
    var out = {};
    replay.turns.forEach(function (t, i) {
      (t.moves || []).forEach(function (m) {
        var status = m.status || (refused.has(m) ? "invalid" : "");
        if (status && !(m.player in out)) {
          out[m.player] = { index: i, turn: t.turn, status: status };
        }
      });
    });
    return out;
  }

  Arena.Panels.prototype.buildHeader = function () {
    var r = this.replay, colors = this.colors;
    document.getElementById("title").textContent = r.game;
    // The turns played, which the result counts: an unfinished game's turns also end with
    // the one it was stopped in.
    var played = r.result && typeof r.result.turns === "number" ? r.result.turns : r.turns.length;
    var bits = ["seed " + r.seed, Arena.count(played, "turn"), "referee v" + r.referee_version];
    // An option's value can be a whole map (triangles' nodes=x,y_x,y_…, hundreds of
    // characters without a space): the header shows its start, the tooltip all of it.
    var opts = r.options || {}, full = [];
    Object.keys(opts).sort().forEach(function (k) {
      var v = String(opts[k]);
      bits.push(k + "=" + (v.length > MAX_OPTION_CHARS ? v.slice(0, MAX_OPTION_CHARS - 1) + "…" : v));
      full.push(k + "=" + v);
    });
    var s = r.settings || {};
    if (s.style) {
      bits.push(s.style + " protocol");
    }
    if (s.clock) {
      bits.push("clock " + s.clock);
    }
    if (s.timing) {
      bits.push("timing " + s.timing);
    }
    if (s.time_scale && s.time_scale !== 1) {
      bits.push("time scale " + s.time_scale);
    }
    if (s.no_timeout) {
      bits.push("no timeout");
    }
    // These change what the timings mean: a Deadline24 game played at 20 ms a turn
    // instead of its 1 s, players asked at once, bots over TCP (arena serve).
    if (s.turn_timeout_ms) {
      bits.push("turn timeout " + s.turn_timeout_ms + " ms");
    }
    if (s.concurrent) {
      bits.push("concurrent");
    }
    if (s.transport && s.transport !== "pipes") {
      bits.push("over " + s.transport);
    }
    var summary = document.getElementById("summary");
    summary.textContent = bits.join(" · ");
    summary.title = full.join("\n");
    var legend = document.getElementById("legend");
    legend.textContent = "";
    var res = (r.result && r.result.players) || [];
    r.players.forEach(function (pl, p) {
      var li = el("li");
      li.appendChild(swatch(colors, p));
      li.appendChild(el("span", "name", playerName(r, p)));
      if (res[p]) {
        li.appendChild(el("span", "score", Arena.formatValue(res[p].score)));
      }
      li.title = "P" + p + ": " + (pl.command || pl.name);
      legend.appendChild(li);
    });
  };

  Arena.Panels.prototype.buildResult = function () {
    var r = this.replay, colors = this.colors, res = r.result || {};
    var box = document.getElementById("result");
    box.textContent = "";
    var winner = res.winner;
    var head = el("p", "winner");
    if (res.unfinished) {
      var stopped = res.stopped_turn ? "stopped during turn " + res.stopped_turn.turn : "stopped before the end";
      head.appendChild(document.createTextNode("Unfinished: " + stopped));
    } else if (typeof winner === "number" && winner >= 0) {
      head.appendChild(document.createTextNode("Winner: "));
      head.appendChild(swatch(colors, winner));
      head.appendChild(el("span", "name", playerName(r, winner)));
    } else {
      head.appendChild(document.createTextNode("Draw"));
    }
    head.appendChild(document.createTextNode(" · " + Arena.count(res.turns !== undefined ? res.turns : r.turns.length, "turn")));
    box.appendChild(head);
    var table = el("table", "result-table");
    var hr = el("tr");
    ["player", "score", "rank", "status"].forEach(function (h) {
      hr.appendChild(el("th", null, h));
    });
    table.appendChild(hr);
    (res.players || []).forEach(function (pr) {
      var tr = el("tr", "result-row");
      var who = el("td", "who");
      who.appendChild(swatch(colors, pr.index));
      who.appendChild(el("span", "name", playerName(r, pr.index)));
      who.title = (r.players[pr.index] || {}).command || "";
      tr.appendChild(who);
      tr.appendChild(el("td", "num", Arena.formatValue(pr.score)));
      tr.appendChild(el("td", "num", String(pr.rank)));
      tr.appendChild(el("td", "status status-" + (pr.status || "ok"), pr.status || "ok"));
      table.appendChild(tr);
      // Message and timing health go on a line of their own: they are long.
      var t = pr.timing, notes = [];
      if (pr.message) {
        notes.push(pr.message);
      }
      if (t) {
        var timing = "response first " + ms(t.first_ms) + " · p50 " + ms(t.p50_ms) + " · p99 " + ms(t.p99_ms) + " · max " + ms(t.max_ms);
        if (t.later_max_ms && t.later_max_ms !== t.max_ms) {
          // The slowest was the first answer, which holds the bot's start: say what the
          // later ones came to (replay show's "later max").
          timing += " (the first; later max " + ms(t.later_max_ms) + ")";
        }
        if (t.near_limit) {
          timing += " · " + Arena.count(t.near_limit, "turn") + " near the limit";
        }
        if (t.over_limit) {
          timing += " · " + Arena.count(t.over_limit, "answer") + " over the limit without losing";
        }
        if (t.soft_compute) {
          timing += " · " + Arena.count(t.soft_compute, "turn") + " over the soft compute limit (discarded)";
        }
        if (t.delayed_turns) {
          timing += " · " + t.delayed_turns + " delayed by the machine";
        }
        notes.push(timing);
      }
      if (notes.length > 0) {
        var sub = el("tr", "result-notes");
        var td = el("td", null, notes.join("\n"));
        td.colSpan = 4;
        sub.appendChild(td);
        table.appendChild(sub);
      }
    });
    box.appendChild(table);
  };

  function section(card, name, open) {
    var d = el("details", "move-" + name);
    d.open = open;
    var summary = el("summary", null, name);
    var pre = el("pre", "move-text move-" + name + "-text");
    d.appendChild(summary);
    d.appendChild(pre);
    card.appendChild(d);
    return { details: d, summary: summary, pre: pre, name: name };
  }

  Arena.Panels.prototype.buildPlayers = function () {
    var box = document.getElementById("players");
    box.textContent = "";
    this.cards = [];
    for (var p = 0; p < this.nPlayers; p++) {
      var card = el("div", "player-card");
      card.dataset.player = String(p);
      card.style.borderLeftColor = Arena.playerColor(this.colors, p);
      var head = el("div", "player-head");
      head.appendChild(swatch(this.colors, p));
      head.appendChild(el("span", "name", playerName(this.replay, p)));
      head.title = (this.replay.players[p] || {}).command || "";
      card.appendChild(head);
      var meta = el("div", "move-meta");
      card.appendChild(meta);
      var failure = el("div", "move-failure");
      card.appendChild(failure);
      this.cards.push({
        card: card,
        meta: meta,
        failure: failure,
        input: section(card, "input", true),
        output: section(card, "output", true),
        stderr: section(card, "stderr", true),
      });
      box.appendChild(card);
    }
  };

  function setSection(sec, text, what) {
    var n = lineCount(text);
    sec.summary.textContent = sec.name + (text ? " (" + n + (n === 1 ? " line)" : " lines)") : " (" + what + ")");
    sec.pre.textContent = text;
    sec.details.classList.toggle("empty", !text);
  }

  // updateTurn shows turn index i: each player's moves, the state and the events.
  Arena.Panels.prototype.updateTurn = function (i) {
    var turn = this.replay.turns[i];
    var frame = (turn && turn.frame) || {};
    var label = turn ? "after turn " + turn.turn : "";
    if (turn && turn.stopped) {
      label = (i > 0 ? "after turn " + this.replay.turns[i - 1].turn + "; " : "") + "turn " + turn.turn + " stopped";
    }
    document.getElementById("state-turn").textContent = label;
    this.updateState(frame.state);
    var events = document.getElementById("events");
    events.textContent = "";
    (frame.events || []).forEach(function (e) {
      events.appendChild(el("li", null, e));
    });
    if (!frame.events || frame.events.length === 0) {
      events.appendChild(el("li", "none", "nothing this turn"));
    }
    var byPlayer = [];
    for (var p = 0; p < this.nPlayers; p++) {
      byPlayer.push([]);
    }
    ((turn && turn.moves) || []).forEach(function (m) {
      if (byPlayer[m.player]) {
        byPlayer[m.player].push(m);
      }
    });
    for (p = 0; p < this.nPlayers; p++) {
      this.updateCard(this.cards[p], p, i, byPlayer[p], !!(turn && turn.stopped));
    }
  };

  Arena.Panels.prototype.updateCard = function (c, p, i, moves, stopped) {
    c.card.classList.toggle("idle", moves.length === 0);
    if (moves.length === 0) {
      // Why a player has nothing this turn: it is out of the game; or, in a session game,
      // where every team may send commands all turn, it sent none; or it was not asked.
      var out = this.out[p];
      if (out && out.index < i) {
        c.meta.textContent = "out since turn " + out.turn + " (" + out.status + ")";
      } else {
        c.meta.textContent = this.session ? "sent nothing this turn" : "not asked this turn";
      }
      c.failure.textContent = "";
      setSection(c.input, "", "none");
      setSection(c.output, "", "none");
      setSection(c.stderr, "", "none");
      return;
    }
    var input = "", output = "", stderr = "", time = 0, cpu = null, delayed = false;
    var failures = [], compute = [], refused = this.refused;
    moves.forEach(function (m) {
      input += m.input || "";
      output += m.output || "";
      stderr += m.stderr || "";
      time += m.time_ms || 0;
      if (typeof m.cpu_ms === "number") {
        cpu = (cpu || 0) + m.cpu_ms;
      }
      delayed = delayed || !!m.delayed;
      if (m.status) {
        failures.push(m.status + (m.message ? ": " + m.message : ""));
      } else if (refused.has(m)) {
        failures.push("invalid" + (refused.get(m) ? ": " + refused.get(m) : ""));
      } else if (m.message) {
        // The note of --timing strikes or bank:MS on an answer over the limit that did not
        // lose: the result counts these answers, the card says which they are.
        failures.push(m.message);
      }
      if (m.compute && m.compute !== "ok") {
        compute.push("compute " + m.compute + (m.compute_usage ? " (" + m.compute_usage + ")" : ""));
      }
    });
    // The turn a game was stopped in records no times.
    var bits = [stopped ? "stopped during this turn" : this.tcp ? "response time not measured (over tcp)" : "response " + ms(time)];
    // In a game with a compute limit (towers) the usage says the CPU time itself, to the
    // microsecond: the card gives it once.
    var usage = moves.length === 1 && compute.length === 0 ? moves[0].compute_usage || "" : "";
    if (cpu !== null && !/ of CPU time$/.test(usage)) {
      bits.push("cpu " + ms(cpu));
    }
    if (moves.length > 1) {
      bits.push(moves.length + " exchanges");
    }
    if (delayed) {
      bits.push("delayed by the machine");
    }
    if (usage) {
      bits.push(usage);
    }
    c.meta.textContent = bits.join(" · ");
    c.meta.classList.toggle("delayed", delayed);
    c.failure.textContent = failures.concat(compute).join("\n");
    setSection(c.input, input, "empty");
    setSection(c.output, output, "no answer");
    setSection(c.stderr, stderr, "empty");
  };

  Arena.Panels.prototype.updateState = function (state) {
    var box = document.getElementById("state");
    box.textContent = "";
    var sum = Arena.summarizeState(state, this.nPlayers);
    if (sum.scalars.length > 0) {
      var dl = el("dl", "state-scalars");
      sum.scalars.forEach(function (kv) {
        var item = el("div");
        item.appendChild(el("dt", null, kv[0]));
        item.appendChild(el("dd", null, kv[1]));
        dl.appendChild(item);
      });
      box.appendChild(dl);
    }
    if (sum.columns.length > 0) {
      var wrap = el("div", "state-table-wrap");
      var table = el("table", "state-table");
      var hr = el("tr");
      hr.appendChild(el("th", null, "player"));
      sum.columns.forEach(function (c) {
        hr.appendChild(el("th", null, c));
      });
      table.appendChild(hr);
      var self = this;
      sum.rows.forEach(function (row, p) {
        var tr = el("tr");
        var who = el("td", "who");
        who.appendChild(swatch(self.colors, p));
        who.appendChild(document.createTextNode("P" + p));
        tr.appendChild(who);
        row.forEach(function (v) {
          tr.appendChild(el("td", null, v));
        });
        table.appendChild(tr);
      });
      wrap.appendChild(table);
      box.appendChild(wrap);
    }
    sum.other.forEach(function (kv) {
      var pre = el("pre", "state-other");
      pre.textContent = kv[0] + ": " + kv[1];
      box.appendChild(pre);
    });
    if (box.childNodes.length === 0) {
      box.appendChild(el("p", "none", "no state in this frame"));
    }
  };
})();
