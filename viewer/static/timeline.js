// timeline.js — which turn is shown: play/pause, step, first/last, speed, the turn slider
// and the keyboard shortcuts. It only keeps the index and calls onChange; drawing is
// someone else's job.
"use strict";
var Arena = window.Arena || (window.Arena = {});

(function () {
  var SPEEDS = [0.5, 1, 2, 4, 8, 16, 32, 60]; // turns per second
  var DEFAULT_SPEED = 3;                      // 4 turns/s

  Arena.Timeline = function (turns, onChange) {
    this.turns = turns; // the replay's turns, for their numbers
    this.count = turns.length;
    this.onChange = onChange;
    this.index = 0;
    this.playing = false;
    this.speed = DEFAULT_SPEED;
    this.carry = 0; // fraction of a turn played but not shown yet
    this.lastTick = 0;
    this.slider = document.getElementById("slider");
    this.playButton = document.getElementById("play");
    this.slider.max = String(Math.max(0, this.count - 1));
    this.bind();
    this.render();
  };

  var T = Arena.Timeline.prototype;

  T.bind = function () {
    var self = this;
    function on(id, fn) {
      var b = document.getElementById(id);
      b.addEventListener("click", function () {
        fn();
        b.blur(); // so that a later space bar plays/pauses instead of clicking the button again
      });
    }
    on("first", function () { self.pause(); self.setIndex(0); });
    on("prev", function () { self.pause(); self.step(-1); });
    on("play", function () { self.toggle(); });
    on("next", function () { self.pause(); self.step(1); });
    on("last", function () { self.pause(); self.setIndex(self.count - 1); });
    on("faster", function () { self.faster(); });
    on("slower", function () { self.slower(); });
    this.slider.addEventListener("input", function () {
      self.pause();
      self.setIndex(parseInt(self.slider.value, 10));
    });
    document.addEventListener("keydown", function (e) { self.onKey(e); });
    // A focused checkbox or button would act on the space bar's keyup as well.
    document.addEventListener("keyup", function (e) {
      if (e.key === " ") {
        e.preventDefault();
      }
    });
  };

  T.onKey = function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) {
      return;
    }
    var handled = true;
    switch (e.key) {
      case " ":
      case "Spacebar":
        this.toggle();
        break;
      case "ArrowRight":
        this.pause();
        this.step(1);
        break;
      case "ArrowLeft":
        this.pause();
        this.step(-1);
        break;
      case "Home":
        this.pause();
        this.setIndex(0);
        break;
      case "End":
        this.pause();
        this.setIndex(this.count - 1);
        break;
      case "+":
      case "=":
        this.faster();
        break;
      case "-":
      case "_":
        this.slower();
        break;
      case "0":
        if (this.onReset) {
          this.onReset();
        }
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault(); // the slider would also move on arrows, the page scroll on space
    }
  };

  T.setIndex = function (i) {
    i = Math.max(0, Math.min(this.count - 1, i | 0));
    if (i === this.index && this.rendered) {
      return;
    }
    this.index = i;
    this.render();
    this.onChange(i);
  };

  T.step = function (d) {
    this.setIndex(this.index + d);
  };

  T.toggle = function () {
    if (this.playing) {
      this.pause();
    } else {
      this.play();
    }
  };

  T.play = function () {
    if (this.count <= 1) {
      return;
    }
    if (this.index >= this.count - 1) {
      this.setIndex(0); // play again from the start
    }
    this.playing = true;
    this.carry = 0;
    this.lastTick = performance.now();
    this.render();
    var self = this;
    requestAnimationFrame(function (t) { self.tick(t); });
  };

  T.pause = function () {
    if (this.playing) {
      this.playing = false;
      this.render();
    }
  };

  // tick advances by elapsed time × speed, so a slow frame skips turns instead of slowing
  // the playback down.
  T.tick = function (now) {
    if (!this.playing) {
      return;
    }
    this.carry += ((now - this.lastTick) / 1000) * SPEEDS[this.speed];
    this.lastTick = now;
    var whole = Math.floor(this.carry);
    if (whole > 0) {
      this.carry -= whole;
      this.setIndex(this.index + whole);
      if (this.index >= this.count - 1) {
        this.pause();
        return;
      }
    }
    var self = this;
    requestAnimationFrame(function (t) { self.tick(t); });
  };

  T.faster = function () {
    this.speed = Math.min(SPEEDS.length - 1, this.speed + 1);
    this.render();
  };

  T.slower = function () {
    this.speed = Math.max(0, this.speed - 1);
    this.render();
  };

  T.speedValue = function () {
    return SPEEDS[this.speed];
  };

  T.render = function () {
    this.rendered = true;
    this.slider.value = String(this.index);
    var t = this.turns[this.index];
    var last = this.turns[this.count - 1];
    document.getElementById("turn-label").textContent =
      this.count === 0 ? "no turns" : "turn " + t.turn + (t.stopped ? " (stopped)" : "") + " / " + last.turn;
    document.getElementById("speed-label").textContent = SPEEDS[this.speed] + " turns/s";
    this.playButton.textContent = this.playing ? "pause" : "play";
    this.playButton.setAttribute("aria-pressed", this.playing ? "true" : "false");
  };
})();
