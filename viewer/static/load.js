// load.js — obtains the replay: fetched from the server that serves the page, or inflated
// from the gzip, base64 copy a self-contained page carries. Either way it is parsed once.
"use strict";
var Arena = window.Arena || (window.Arena = {});

(function () {
  // base64ToBytes decodes the embedded replay without going through a data: URL, which
  // would count as a request.
  function base64ToBytes(text) {
    var clean = text.replace(/\s+/g, "");
    if (typeof Uint8Array.fromBase64 === "function") {
      return Uint8Array.fromBase64(clean);
    }
    var bin = atob(clean);
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) {
      bytes[i] = bin.charCodeAt(i);
    }
    return bytes;
  }

  // gunzipToText inflates with the browser's own DecompressionStream: no library, no network.
  function gunzipToText(bytes) {
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text();
  }

  function fetchReplay(url) {
    return fetch(url, { cache: "no-store" }).then(function (resp) {
      if (!resp.ok) {
        throw new Error("fetching " + url + ": HTTP " + resp.status);
      }
      return resp.text();
    });
  }

  // restoreShapes rebuilds each frame's shapes from the replay's shape table: a replay
  // file stores every distinct shape once and each turn lists its frame's shapes by index
  // ("shape_ids"), as the replay format says. The table is the file's "shape_table" (files
  // of arena-replay/1), then each turn's "new_shapes", the entries it draws first; an id
  // names an entry of the table as it stands at its turn. The server passes the file's
  // table through, so a frame that also has shapes of its own keeps them first, as arena's
  // reader of replay files does. The table's objects are shared between frames: nothing
  // may change a shape.
  function restoreShapes(replay) {
    var table = Array.isArray(replay.shape_table) ? replay.shape_table.slice() : [];
    replay.turns.forEach(function (t, i) {
      if (Array.isArray(t.new_shapes)) {
        Array.prototype.push.apply(table, t.new_shapes);
        delete t.new_shapes;
      }
      if (!Array.isArray(t.shape_ids)) {
        return;
      }
      t.frame = t.frame || {};
      t.frame.shapes = (t.frame.shapes || []).concat(t.shape_ids.map(function (id, k) {
        var s = id >= 0 && id < table.length ? table[id] : undefined;
        if (s === undefined) {
          throw new Error("turns[" + i + "].shape_ids[" + k + "]: " + id + " is not in the shape table (" + table.length + " shapes at this turn)");
        }
        return s;
      }));
      delete t.shape_ids;
    });
    delete replay.shape_table;
  }

  // embeddedText inflates the replay a self-contained page carries. A page damaged on its
  // way (cut short, edited) fails here in the browser's words ("Failed to fetch", "not
  // correctly encoded"), which would send the reader to the network: the error says what
  // is wrong with the page instead.
  function embeddedText(config) {
    var el = document.getElementById(config.embeddedID);
    if (!el) {
      return Promise.reject(new Error("the page has no embedded replay"));
    }
    if (typeof DecompressionStream !== "function") {
      return Promise.reject(new Error("this browser cannot inflate the embedded replay (no DecompressionStream); open the page in a current Chromium, Firefox or Safari"));
    }
    var bytes;
    try {
      bytes = base64ToBytes(el.textContent);
    } catch (err) {
      return Promise.reject(damaged("its base64 text does not decode"));
    }
    return gunzipToText(bytes).catch(function () {
      throw damaged("its gzip data does not inflate");
    });
  }

  function damaged(why) {
    return new Error("the page's copy of it is damaged (" + why + "): the file was cut short or changed since arena view --html wrote it; write it again");
  }

  // loadReplay resolves to the parsed replay described by the page config.
  Arena.loadReplay = function (config) {
    var text = config.embeddedID ? embeddedText(config) : fetchReplay(config.replayURL || "replay.json");
    return text.then(function (t) {
      var replay = JSON.parse(t);
      if (!replay || !Array.isArray(replay.turns) || !Array.isArray(replay.players)) {
        throw new Error("not an arena replay (no turns or players)");
      }
      restoreShapes(replay);
      return replay;
    });
  };
})();
