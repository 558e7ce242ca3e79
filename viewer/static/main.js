// main.js — starts the viewer: loads the replay once, builds the panels, the layer toggles
// and the timeline, and draws the current turn's frame (only that one) whenever the turn,
// the layers or the canvas size change, coalesced to one draw per animation frame.
"use strict";
var Arena = window.Arena || (window.Arena = {});

(function () {
  var config = JSON.parse(document.getElementById("arena-config").textContent);
  var colors = { players: config.playerColors, neutral: config.neutralColor };
  var canvas = document.getElementById("board");
  var ctx = canvas.getContext("2d");
  var tooltip = document.getElementById("tooltip");
  var message = document.getElementById("message");

  var replay = null, timeline = null, panels = null;
  var defaultView = null;
  var layers = { range: true, debug: {}, other: {} };
  var transform = null;
  var pointer = null; // CSS pixel position over the canvas, null when outside
  // zoom magnifies the fitted world about the canvas origin, then pan shifts it (CSS px);
  // both stay as they are from turn to turn.
  var zoom = { factor: 1, dx: 0, dy: 0 };
  var drag = null;
  var drawPending = false;
  var hashTimer = 0;

  function showError(err) {
    document.body.dataset.state = "error";
    message.hidden = false;
    message.classList.add("error");
    message.textContent = "Cannot show this replay: " + (err && err.message ? err.message : err);
  }

  function currentFrame() {
    var t = replay && replay.turns[timeline.index];
    return (t && t.frame) || { shapes: [] };
  }

  function requestDraw() {
    if (drawPending) {
      return;
    }
    drawPending = true;
    requestAnimationFrame(function () {
      drawPending = false;
      draw();
    });
  }

  function draw() {
    if (!replay) {
      return;
    }
    var dpr = window.devicePixelRatio || 1;
    var cssW = canvas.clientWidth, cssH = canvas.clientHeight;
    if (canvas.width !== Math.round(cssW * dpr) || canvas.height !== Math.round(cssH * dpr)) {
      canvas.width = Math.round(cssW * dpr);
      canvas.height = Math.round(cssH * dpr);
    }
    var frame = currentFrame();
    transform = Arena.fitView(frame.view || defaultView, cssW, cssH);
    transform.scale *= zoom.factor;
    transform.ox = transform.ox * zoom.factor + zoom.dx;
    transform.oy = transform.oy * zoom.factor + zoom.dy;
    Arena.drawFrame(ctx, frame, transform, dpr, layers, colors);
    updateTooltip(frame);
  }

  function updateTooltip(frame) {
    var shape = pointer ? Arena.shapeAt(frame, transform, pointer.x, pointer.y, layers, ctx) : null;
    if (!shape) {
      tooltip.hidden = true;
      tooltip.textContent = "";
      return;
    }
    tooltip.textContent = shape.tip;
    tooltip.style.borderColor = Arena.playerColor(colors, shape.player);
    tooltip.hidden = false;
    // Keep the tooltip inside the stage, on the side of the pointer with more room.
    var stage = canvas.parentElement;
    var w = tooltip.offsetWidth, h = tooltip.offsetHeight;
    var x = pointer.x + 14, y = pointer.y + 14;
    if (x + w > stage.clientWidth) {
      x = Math.max(0, pointer.x - 14 - w);
    }
    if (y + h > stage.clientHeight) {
      y = Math.max(0, pointer.y - 14 - h);
    }
    tooltip.style.left = x + "px";
    tooltip.style.top = y + "px";
  }

  function onTurn(i) {
    panels.updateTurn(i);
    requestDraw();
    clearTimeout(hashTimer);
    // The turn goes in the address (for sharing a position), but not at playback speed:
    // browsers throttle history updates.
    hashTimer = setTimeout(function () {
      var t = replay.turns[timeline.index];
      if (t) {
        history.replaceState(null, "", "#turn=" + t.turn);
      }
    }, 300);
  }

  // turnFromHash is the index of the turn the address names (#turn=N: that turn, or the
  // first after it), or -1 when it names none.
  function turnFromHash() {
    var m = /turn=(\d+)/.exec(location.hash);
    if (!m) {
      return -1;
    }
    var want = parseInt(m[1], 10);
    for (var i = 0; i < replay.turns.length; i++) {
      if (replay.turns[i].turn >= want) {
        return i;
      }
    }
    return replay.turns.length - 1;
  }

  // scanLayers counts the shapes of each toggleable layer over the whole replay, once, so
  // that the toggles can say which layers this replay has.
  function scanLayers() {
    var count = { range: 0, debug: {}, other: {} };
    replay.turns.forEach(function (t) {
      var shapes = (t.frame && t.frame.shapes) || [];
      for (var i = 0; i < shapes.length; i++) {
        var l = shapes[i].layer;
        if (!l) {
          continue;
        }
        if (l === "range") {
          count.range++;
        } else if (l === "debug") {
          var p = shapes[i].player === undefined || shapes[i].player === null ? "neutral" : String(shapes[i].player);
          count.debug[p] = (count.debug[p] || 0) + 1;
        } else {
          count.other[l] = (count.other[l] || 0) + 1;
        }
      }
      if (!defaultView && t.frame && t.frame.view) {
        defaultView = t.frame.view;
      }
    });
    if (!defaultView) {
      var first = replay.turns.find(function (t) { return t.frame && t.frame.shapes && t.frame.shapes.length; });
      defaultView = Arena.boundsView(first ? first.frame.shapes : []);
    }
    return count;
  }

  // appendStoppedTurn makes the turn an unfinished game was stopped in (the result's
  // stopped_turn: what each bot had been sent, answered and printed before the stop) the
  // timeline's last entry, so that the input a bot hung on can be read. The referee did not
  // play it: the board and the state stay those of the last turn played.
  function appendStoppedTurn() {
    var st = replay.result && replay.result.stopped_turn;
    if (!st) {
      return;
    }
    var last = replay.turns[replay.turns.length - 1];
    var frame = (last && last.frame) || {};
    replay.turns.push({
      turn: st.turn,
      moves: st.moves || [],
      stopped: true,
      frame: {
        view: frame.view,
        shapes: frame.shapes,
        state: frame.state,
        events: ["the game was stopped during this turn, which was not played: the cards show what each bot had been sent, answered and printed"],
      },
    });
  }

  function toggle(box, id, label, count, color, onChange) {
    var wrap = Arena.el("label", "layer-toggle");
    var input = document.createElement("input");
    input.type = "checkbox";
    input.id = id;
    input.checked = true;
    input.disabled = count === 0;
    wrap.title = count === 0 ? "nothing on this layer in this replay" : Arena.count(count, "shape") + " in this replay";
    input.addEventListener("change", function () {
      onChange(input.checked);
      requestDraw();
    });
    wrap.appendChild(input);
    if (color) {
      var sw = Arena.el("span", "swatch");
      sw.style.backgroundColor = color;
      wrap.appendChild(sw);
    }
    wrap.appendChild(document.createTextNode(label + (count === 0 ? " (none)" : "")));
    box.appendChild(wrap);
  }

  function buildLayerToggles(count) {
    var box = document.getElementById("layers");
    box.textContent = "";
    box.appendChild(Arena.el("span", "layers-title", "Layers:"));
    toggle(box, "layer-range", "ranges", count.range, null, function (on) { layers.range = on; });
    // A replay where no player drew anything gets one empty debug toggle, not one per
    // player: sixteen agrid teams' would take the board's room for nothing.
    var playersDrew = Object.keys(count.debug).some(function (k) { return k !== "neutral"; });
    if (playersDrew) {
      replay.players.forEach(function (pl, p) {
        toggle(box, "layer-debug-" + p, "debug P" + p, count.debug[String(p)] || 0, Arena.playerColor(colors, p), function (on) {
          layers.debug[String(p)] = on;
        });
      });
    }
    if (count.debug.neutral) {
      toggle(box, "layer-debug-neutral", "debug (no player)", count.debug.neutral, null, function (on) { layers.debug.neutral = on; });
    } else if (!playersDrew) {
      toggle(box, "layer-debug", "debug", 0, null, function () {});
    }
    Object.keys(count.other).sort().forEach(function (name) {
      toggle(box, "layer-" + name, name, count.other[name], null, function (on) { layers.other[name] = on; });
    });
  }

  function canvasPoint(e) {
    var rect = canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  // zoomAt multiplies the zoom by f, keeping the world point under (x, y) where it is.
  function zoomAt(x, y, f) {
    var next = Math.max(1, Math.min(64, zoom.factor * f));
    zoom.dx = x - (next / zoom.factor) * (x - zoom.dx);
    zoom.dy = y - (next / zoom.factor) * (y - zoom.dy);
    zoom.factor = next;
    if (next === 1) {
      zoom.dx = zoom.dy = 0;
    }
    requestDraw();
  }

  function resetZoom() {
    zoom = { factor: 1, dx: 0, dy: 0 };
    requestDraw();
  }

  // bindZoom: the wheel zooms about the pointer, a drag pans, a double click fits again.
  // Small units and text of big maps become readable this way.
  function bindZoom() {
    canvas.addEventListener("wheel", function (e) {
      e.preventDefault();
      var p = canvasPoint(e);
      zoomAt(p.x, p.y, Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.002)));
    }, { passive: false });
    canvas.addEventListener("mousedown", function (e) {
      if (e.button === 0) {
        drag = { x: e.clientX, y: e.clientY };
      }
    });
    window.addEventListener("mousemove", function (e) {
      if (!drag) {
        return;
      }
      zoom.dx += e.clientX - drag.x;
      zoom.dy += e.clientY - drag.y;
      drag = { x: e.clientX, y: e.clientY };
      canvas.classList.add("dragging");
      requestDraw();
    });
    window.addEventListener("mouseup", function () {
      drag = null;
      canvas.classList.remove("dragging");
    });
    canvas.addEventListener("dblclick", resetZoom);
  }

  function start(r) {
    replay = r;
    var count = scanLayers();
    appendStoppedTurn();
    panels = new Arena.Panels(replay, colors);
    buildLayerToggles(count);
    timeline = new Arena.Timeline(replay.turns, onTurn);
    timeline.onReset = resetZoom;
    if (replay.turns.length === 0) {
      var unfinished = replay.result && replay.result.unfinished;
      showError(new Error(unfinished ? "the game was stopped before its first turn was played" : "the replay has no turns"));
      return;
    }
    var first = Math.max(0, turnFromHash());
    timeline.index = first;
    timeline.render();
    onTurn(first);
    message.hidden = true;

    bindZoom();
    canvas.addEventListener("mousemove", function (e) {
      var rect = canvas.getBoundingClientRect();
      pointer = { x: e.clientX - rect.left, y: e.clientY - rect.top };
      requestDraw();
    });
    canvas.addEventListener("mouseleave", function () {
      pointer = null;
      tooltip.hidden = true;
    });
    new ResizeObserver(requestDraw).observe(canvas);
    // Typing a turn in the address goes there: the quickest way to a turn that a log or
    // arena replay show names. The viewer's own replaceState fires no hashchange.
    window.addEventListener("hashchange", function () {
      var i = turnFromHash();
      if (i >= 0) {
        timeline.pause();
        timeline.setIndex(i);
      }
    });
    document.body.dataset.state = "ready";
  }

  // arenaViewer lets a person in the browser's console, and the browser tests, ask where
  // things are without reading pixels.
  window.arenaViewer = {
    get replay() { return replay; },
    get index() { return timeline ? timeline.index : -1; },
    get turn() { return timeline && replay.turns[timeline.index] ? replay.turns[timeline.index].turn : -1; },
    get playing() { return !!(timeline && timeline.playing); },
    get speed() { return timeline ? timeline.speedValue() : 0; },
    get layers() { return layers; },
    setIndex: function (i) { timeline.pause(); timeline.setIndex(i); },
    get zoom() { return zoom.factor; },
    resetZoom: resetZoom,
    // worldToClient returns the viewport position of a world point of the current frame.
    worldToClient: function (x, y) {
      var rect = canvas.getBoundingClientRect();
      return { x: rect.left + transform.ox + x * transform.scale, y: rect.top + transform.oy + y * transform.scale };
    },
    drawNow: draw,
  };

  Arena.loadReplay(config).then(start).catch(showError);
})();
