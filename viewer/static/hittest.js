// hittest.js — finds the shape under the pointer whose tip to show: the topmost visible
// shape (the last drawn) that has a tip and contains the point. Thin and small shapes get
// a few pixels of tolerance so that they can be hovered at all.
"use strict";
var Arena = window.Arena || (window.Arena = {});

(function () {
  var TOLERANCE_PX = 4;

  function distToSegment(px, py, x1, y1, x2, y2) {
    var dx = x2 - x1, dy = y2 - y1;
    var len2 = dx * dx + dy * dy;
    var k = len2 > 0 ? ((px - x1) * dx + (py - y1) * dy) / len2 : 0;
    k = Math.max(0, Math.min(1, k));
    var cx = x1 + k * dx, cy = y1 + k * dy;
    return Math.hypot(px - cx, py - cy);
  }

  // insidePolygon is the even-odd rule over points x0, y0, x1, y1, …
  function insidePolygon(px, py, p) {
    var inside = false;
    var n = Math.floor(p.length / 2);
    for (var i = 0, j = n - 1; i < n; j = i++) {
      var xi = p[2 * i], yi = p[2 * i + 1], xj = p[2 * j], yj = p[2 * j + 1];
      if ((yi > py) !== (yj > py) && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) {
        inside = !inside;
      }
    }
    return inside;
  }

  function nearPolygonEdge(px, py, p, tol) {
    var n = Math.floor(p.length / 2);
    for (var i = 0, j = n - 1; i < n; j = i++) {
      if (distToSegment(px, py, p[2 * j], p[2 * j + 1], p[2 * i], p[2 * i + 1]) <= tol) {
        return true;
      }
    }
    return false;
  }

  // contains tests a world point against a shape; tol is the tolerance in world units.
  function contains(s, wx, wy, tol, t, ctx) {
    var x = s.x || 0, y = s.y || 0;
    switch (s.kind) {
      case "circle":
        return Math.hypot(wx - x, wy - y) <= Math.abs(s.r || 0) + (s.stroke ? (s.width || 0) / 2 : 0) + (Math.abs(s.r || 0) * t.scale < 6 ? tol : 0);
      case "rect":
        var x0 = Math.min(x, x + (s.w || 0)), x1 = Math.max(x, x + (s.w || 0));
        var y0 = Math.min(y, y + (s.h || 0)), y1 = Math.max(y, y + (s.h || 0));
        var pad = (x1 - x0) * t.scale < 6 || (y1 - y0) * t.scale < 6 ? tol : 0;
        return wx >= x0 - pad && wx <= x1 + pad && wy >= y0 - pad && wy <= y1 + pad;
      case "line":
        return distToSegment(wx, wy, x, y, s.x2 || 0, s.y2 || 0) <= Math.max((s.width || 0) / 2, tol);
      case "poly":
        var p = s.points || [];
        if (p.length < 6) {
          return p.length === 4 && distToSegment(wx, wy, p[0], p[1], p[2], p[3]) <= tol;
        }
        return insidePolygon(wx, wy, p) || nearPolygonEdge(wx, wy, p, tol);
      case "text":
        var size = s.size > 0 ? s.size : 12;
        var width = size * 0.6 * String(s.text || "").length;
        if (ctx) {
          ctx.save();
          ctx.setTransform(1, 0, 0, 1, 0, 0);
          ctx.font = Arena.textFont(size * t.scale);
          width = ctx.measureText(String(s.text || "").split("\n")[0]).width / t.scale;
          ctx.restore();
        }
        var lines = String(s.text || "").split("\n").length;
        return wx >= x && wx <= x + width && wy >= y - size && wy <= y + size * 0.25 + (lines - 1) * size * 1.2;
    }
    return false;
  }

  // shapeAt returns the topmost visible shape with a tip at CSS pixel (cx, cy) of the
  // canvas, or null.
  Arena.shapeAt = function (frame, t, cx, cy, layers, ctx) {
    var shapes = (frame && frame.shapes) || [];
    var wx = (cx - t.ox) / t.scale, wy = (cy - t.oy) / t.scale;
    if (wx < 0 || wy < 0 || wx > t.width || wy > t.height) {
      return null;
    }
    var tol = TOLERANCE_PX / t.scale;
    for (var i = shapes.length - 1; i >= 0; i--) {
      var s = shapes[i];
      if (!s.tip || !Arena.isVisible(s, layers)) {
        continue;
      }
      if (contains(s, wx, wy, tol, t, ctx)) {
        return s;
      }
    }
    return null;
  };
})();
