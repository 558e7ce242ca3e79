// draw.js — draws one frame's shapes on the canvas: the world (view.width × view.height,
// y downward) scaled to fit the canvas with its aspect ratio kept, shapes in order, each
// with its fill, stroke, stroke width and alpha, text sized in world units.
"use strict";
var Arena = window.Arena || (window.Arena = {});

(function () {
  var OUTSIDE = "#15171b";   // letterbox around the world
  var DEFAULT_BG = "#ffffff"; // world background when the frame gives none
  var MIN_LINE_PX = 0.75;    // thinner strokes would vanish when a big world is scaled down
  var DEFAULT_TEXT = 12;     // world units, for text without a size

  // fitView maps world coordinates to CSS pixels of a cssW × cssH canvas.
  Arena.fitView = function (view, cssW, cssH) {
    var w = view.width > 0 ? view.width : 1;
    var h = view.height > 0 ? view.height : 1;
    var scale = Math.min(cssW / w, cssH / h);
    if (!(scale > 0)) {
      scale = 1;
    }
    return {
      scale: scale,
      ox: (cssW - w * scale) / 2,
      oy: (cssH - h * scale) / 2,
      width: w,
      height: h,
      background: view.background || DEFAULT_BG,
    };
  };

  // boundsView is the view of a frame that gives none: the box around its shapes.
  Arena.boundsView = function (shapes) {
    var maxX = 0, maxY = 0;
    (shapes || []).forEach(function (s) {
      var xs = [s.x || 0, (s.x || 0) + (s.w || 0) + (s.r || 0), s.x2 || 0];
      var ys = [s.y || 0, (s.y || 0) + (s.h || 0) + (s.r || 0), s.y2 || 0];
      var pts = s.points || [];
      for (var i = 0; i + 1 < pts.length; i += 2) {
        xs.push(pts[i]);
        ys.push(pts[i + 1]);
      }
      maxX = Math.max.apply(null, [maxX].concat(xs));
      maxY = Math.max.apply(null, [maxY].concat(ys));
    });
    return { width: maxX || 100, height: maxY || 100 };
  };

  // Layers says which toggleable layers are shown: range, and debug per player.
  Arena.isVisible = function (shape, layers) {
    switch (shape.layer || "") {
      case "":
        return true;
      case "range":
        return layers.range;
      case "debug":
        var key = shape.player === undefined || shape.player === null ? "neutral" : String(shape.player);
        return layers.debug[key] !== false;
      default:
        return layers.other[shape.layer] !== false;
    }
  };

  // textColor is the colour of text that names neither fill nor stroke: its owner's.
  function ownerColor(shape, colors) {
    if (shape.player === undefined || shape.player === null || shape.player < 0) {
      return colors.neutral;
    }
    return colors.players[shape.player % colors.players.length];
  }

  Arena.textFont = function (sizePx) {
    return sizePx.toFixed(2) + "px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  };

  function tracePath(ctx, s) {
    ctx.beginPath();
    switch (s.kind) {
      case "circle":
        ctx.arc(s.x || 0, s.y || 0, Math.abs(s.r || 0), 0, 2 * Math.PI);
        return true;
      case "rect":
        ctx.rect(s.x || 0, s.y || 0, s.w || 0, s.h || 0);
        return true;
      case "line":
        ctx.moveTo(s.x || 0, s.y || 0);
        ctx.lineTo(s.x2 || 0, s.y2 || 0);
        return true;
      case "poly":
        var p = s.points || [];
        if (p.length < 4) {
          return false;
        }
        ctx.moveTo(p[0], p[1]);
        for (var i = 2; i + 1 < p.length; i += 2) {
          ctx.lineTo(p[i], p[i + 1]);
        }
        ctx.closePath();
        return true;
    }
    return false;
  }

  function drawText(ctx, s, t, dpr, colors) {
    var size = (s.size > 0 ? s.size : DEFAULT_TEXT) * t.scale;
    var x = t.ox + (s.x || 0) * t.scale;
    var y = t.oy + (s.y || 0) * t.scale;
    // Text is drawn in screen space: browsers render tiny font sizes under a large
    // transform poorly, and a world of 32 units would need 0.5px fonts.
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.font = Arena.textFont(size);
    ctx.textAlign = "left";
    ctx.textBaseline = "alphabetic";
    var lines = String(s.text || "").split("\n");
    var fill = s.fill || (s.stroke ? "" : ownerColor(s, colors));
    for (var i = 0; i < lines.length; i++) {
      var ly = y + i * size * 1.2;
      if (fill) {
        ctx.fillStyle = fill;
        ctx.fillText(lines[i], x, ly);
      }
      if (s.stroke) {
        ctx.strokeStyle = s.stroke;
        ctx.lineWidth = Math.max((s.width || 1) * t.scale, MIN_LINE_PX);
        ctx.strokeText(lines[i], x, ly);
      }
    }
    ctx.setTransform(dpr * t.scale, 0, 0, dpr * t.scale, dpr * t.ox, dpr * t.oy);
  }

  // drawFrame draws the frame on a canvas whose backing store is dpr × its CSS size.
  Arena.drawFrame = function (ctx, frame, t, dpr, layers, colors) {
    var canvas = ctx.canvas;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.fillStyle = OUTSIDE;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(dpr * t.scale, 0, 0, dpr * t.scale, dpr * t.ox, dpr * t.oy);
    ctx.fillStyle = t.background;
    ctx.fillRect(0, 0, t.width, t.height);
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, t.width, t.height);
    ctx.clip();
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    var shapes = (frame && frame.shapes) || [];
    var minLine = MIN_LINE_PX / t.scale;
    for (var i = 0; i < shapes.length; i++) {
      var s = shapes[i];
      if (!Arena.isVisible(s, layers)) {
        continue;
      }
      ctx.globalAlpha = s.alpha > 0 && s.alpha < 1 ? s.alpha : 1;
      if (s.kind === "text") {
        drawText(ctx, s, t, dpr, colors);
        continue;
      }
      if (!tracePath(ctx, s)) {
        continue;
      }
      if (s.kind !== "line" && s.fill) {
        ctx.fillStyle = s.fill;
        ctx.fill();
      }
      // A line with no stroke colour takes its fill, then its owner's colour: a line is
      // nothing but its stroke.
      var stroke = s.stroke || (s.kind === "line" ? s.fill || ownerColor(s, colors) : "");
      if (stroke) {
        ctx.strokeStyle = stroke;
        ctx.lineWidth = Math.max(s.width > 0 ? s.width : 1 / t.scale, minLine);
        ctx.stroke();
      }
    }
    ctx.restore();
    ctx.globalAlpha = 1;
  };
})();
