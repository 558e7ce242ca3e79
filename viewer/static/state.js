// state.js — turns a frame's state object, whatever the game, into a table: one row per
// player for the values given per player (arrays with one entry per player, or arrays of
// per-player objects), plus the game-wide values.
"use strict";
var Arena = window.Arena || (window.Arena = {});

(function () {
  function isScalar(v) {
    return v === null || typeof v !== "object";
  }

  Arena.formatValue = function (v) {
    if (typeof v === "number") {
      if (Number.isInteger(v)) {
        return String(v);
      }
      return String(Math.round(v * 1000) / 1000);
    }
    if (v === null || v === undefined) {
      return "–";
    }
    if (Array.isArray(v) && v.every(isScalar)) {
      return v.map(Arena.formatValue).join(" ");
    }
    if (typeof v === "object") {
      return JSON.stringify(v);
    }
    return String(v);
  };

  // summarizeState returns {scalars: [[key, text]], columns: [name], rows: [[text]] (one
  // per player), other: [[key, text]]}.
  Arena.summarizeState = function (state, players) {
    var out = { scalars: [], columns: [], rows: [], other: [] };
    if (!state || typeof state !== "object" || Array.isArray(state)) {
      if (state !== undefined && state !== null) {
        out.other.push(["state", JSON.stringify(state)]);
      }
      return out;
    }
    var cells = []; // per column, per player
    function addColumn(name, values) {
      if (out.columns.indexOf(name) >= 0) {
        name = name + "'";
      }
      out.columns.push(name);
      cells.push(values);
    }
    Object.keys(state).forEach(function (key) {
      var v = state[key];
      if (isScalar(v)) {
        out.scalars.push([key, Arena.formatValue(v)]);
        return;
      }
      if (Array.isArray(v) && v.length === players && players > 0) {
        if (v.every(isScalar) || v.every(Array.isArray)) {
          addColumn(key, v.map(Arena.formatValue));
          return;
        }
        if (v.every(function (e) { return e && typeof e === "object" && !Array.isArray(e); })) {
          var fields = [];
          v.forEach(function (e) {
            Object.keys(e).forEach(function (f) {
              if (fields.indexOf(f) < 0) {
                fields.push(f);
              }
            });
          });
          fields.forEach(function (f) {
            addColumn(f, v.map(function (e) { return Arena.formatValue(e[f]); }));
          });
          return;
        }
      }
      out.other.push([key, Arena.formatValue(v)]);
    });
    for (var p = 0; p < players && cells.length > 0; p++) {
      out.rows.push(cells.map(function (c) { return c[p]; }));
    }
    return out;
  };
})();
