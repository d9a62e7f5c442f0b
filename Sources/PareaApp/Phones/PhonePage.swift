// The one page every phone opens: plain HTML, CSS and JavaScript, built into
// the binary, served by Parea itself (no framework, nothing from the
// internet). It holds no words: they come from Locales/, put in where the
// page says /*WORDS*/ (`PhoneView.page`) and sent again with every view; the
// protocol's words come from `PhoneMessage`, put in where it says /*MESSAGES*/.
//
// Every element is there for every seat, in the same place and size,
// whatever the role: only the text inside the card differs. The card's
// blocks have fixed heights (the description's box fits the longest
// description at its smallest type), so its outline never tells a side.
// Inside them, every text whose words depend on the role has as many lines
// as the longest it might hold here (`fit`: the view lists them, the same
// list on every phone): a shorter text is set in a narrower measure,
// centred, until it takes that many lines; a one-line name is set at the
// size that fits the widest. So the lines of ink tell nothing either.
// The card is hidden until the player taps, and hides again when the page
// goes out of sight or after a minute.

enum PhonePage {
  static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="referrer" content="no-referrer">
    <meta name="color-scheme" content="dark">
    <title>Parea</title>
    <style>
    :root { --ink: #f1ece2; --dim: #a59d8f; --gold: #e8b64c; --bg: #14110f; --card: #211c18; --line: #3a322b; }
    * { box-sizing: border-box; margin: 0; padding: 0; }
    html, body { height: 100%; background: var(--bg); color: var(--ink);
      font: 18px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
      -webkit-user-select: none; user-select: none; -webkit-tap-highlight-color: transparent; }
    body { display: flex; flex-direction: column; padding: env(safe-area-inset-top) 16px env(safe-area-inset-bottom); }
    header { display: flex; align-items: center; gap: 10px; height: 56px; flex: none; border-bottom: 1px solid var(--line); }
    #brand { font-weight: 700; letter-spacing: .04em; color: var(--gold); }
    /* The player's own name whole (up to 20 columns): the game's name gives way to it. */
    #game { color: var(--dim); flex: 0 100 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    #name { margin-left: auto; font-weight: 600; flex: 0 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    #dot { width: 12px; height: 12px; border-radius: 50%; background: #6b625a; flex: none; }
    #dot.on { background: #5fbf6f; }
    main { flex: 1; display: flex; flex-direction: column; padding: 16px 0; min-height: 0; }
    #status { height: 52px; flex: none; color: var(--dim); text-align: center; display: flex; align-items: center; justify-content: center; }
    #stage { flex: 1; position: relative; min-height: 0; }
    #cover, #card { position: absolute; inset: 0; border-radius: 18px; }
    #cover { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 18px;
      background: var(--card); border: 2px dashed var(--line); font-size: 1.5rem; font-weight: 600; text-align: center; padding: 24px; }
    #cover small { font-size: 1rem; font-weight: 400; color: var(--dim); }
    #ending { list-style: none; margin: 0; padding: 0; width: 100%; max-height: 55%; overflow-y: auto; font-size: 1rem; font-weight: 400; text-align: left; }
    #ending li { display: flex; justify-content: space-between; gap: 12px; padding: 4px 0; border-bottom: 1px solid var(--line); }
    #ending li span:last-child { color: var(--dim); text-align: right; }
    #ending[hidden] { display: none; }
    #card { background: var(--card); border: 2px solid var(--line); padding: 20px; display: grid; grid-template-columns: minmax(0, 1fr);
      grid-template-rows: 24px 84px 26px 10px 286px 10px 26px 1fr; overflow: hidden; }
    #card[hidden], #cover[hidden] { display: none; }
    #youAre, #side, #knowTitle { color: var(--dim); text-align: center; }
    #knowTitle { text-align: left; font-weight: 600; color: var(--gold); }
    #role { font-size: 1.9rem; font-weight: 800; text-align: center; color: var(--gold); line-height: 42px;
      overflow: hidden; display: flex; align-items: center; justify-content: center; white-space: nowrap; }
    #side { white-space: nowrap; overflow: hidden; }
    #description { grid-row: 5; font-size: 1rem; line-height: 1.3; overflow: hidden; }
    /* A small phone: the longest description in a smaller type, to fit its box. */
    @media (max-width: 359px) { #description { font-size: .9rem; } }
    #knowBox { grid-row: 8; min-height: 0; overflow-y: auto; scrollbar-gutter: stable; }
    #know { list-style: none; }
    #know li { display: flex; align-items: baseline; gap: 6px; white-space: nowrap; line-height: 1.5; }
    #know .label { overflow: hidden; text-overflow: ellipsis; min-width: 0; }
    #know .leader { flex: 1; min-width: 12px; border-bottom: 2px dotted var(--line); }
    #know .value { flex: none; max-width: 70%; overflow: hidden; text-overflow: ellipsis; }
    #closing { line-height: 1.5; }
    #list { margin-top: 8px; color: var(--dim); font-size: .95rem; }
    #list b { display: block; color: var(--ink); margin: 6px 0 2px; }
    #task { position: absolute; inset: 0; border-radius: 18px; background: var(--card); border: 2px solid var(--gold);
      padding: 16px; display: grid; grid-template-rows: 106px 1fr 5.8em; grid-template-columns: minmax(0, 1fr); gap: 10px; }
    #task[hidden] { display: none; }
    #prompt { font-size: 1.1rem; font-weight: 600; overflow: hidden; text-align: center; }
    #choices { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); grid-auto-rows: 48px; gap: 8px; overflow: auto; align-content: start; }
    /* A name takes up to two lines of its button; a table with a name too long for that gets one column (renderTask). */
    #choices.single { grid-template-columns: minmax(0, 1fr); }
    .choice { font: inherit; font-size: 1rem; font-weight: 600; line-height: 1.15; color: var(--ink); background: #2d2620;
      border: 2px solid var(--line); border-radius: 12px; padding: 0 8px; min-width: 0; overflow: hidden; white-space: normal;
      overflow-wrap: anywhere; }
    .choice.picked { border-color: var(--gold); background: #4a3b1c; }
    .choice.barred { color: var(--dim); border-style: dashed; text-decoration: line-through; }
    #task.done .choice { opacity: .55; }
    /* Four lines of the note: 4 × 1.5 × .95 × 18 px = 102.6 px, 5.7em of the task's 18 px. */
    #note { color: var(--dim); font-size: .95rem; line-height: 1.5em; overflow: hidden; text-align: center; white-space: pre-line; }
    .fitted { margin-left: auto; margin-right: auto; }
    footer { height: 64px; flex: none; display: flex; align-items: center; justify-content: center; }
    button { font: inherit; font-weight: 600; color: var(--bg); background: var(--gold); border: 0; border-radius: 999px;
      padding: 12px 28px; min-width: 60%; }
    button[disabled] { visibility: hidden; }
    </style>
    </head>
    <body>
    <header><span id="brand"></span><span id="game"></span><span id="name"></span><span id="dot"></span></header>
    <main>
      <div id="status" role="status"></div>
      <div id="stage">
        <div id="cover"><span id="coverText"></span><small id="coverHint"></small><ul id="ending" hidden></ul></div>
        <div id="card" hidden>
          <div id="youAre"></div><div id="role"></div><div id="side"></div><div></div>
          <div id="description"></div><div></div><div id="knowTitle"></div>
          <div id="knowBox"><ul id="know"></ul><p id="closing"></p><div id="list"></div></div>
        </div>
        <div id="task" hidden><div id="prompt"></div><div id="choices"></div><p id="note"></p></div>
      </div>
    </main>
    <footer><button id="toggle" type="button" disabled></button></footer>
    <script>
    "use strict";
    (function () {
      var words = /*WORDS*/null || {};
      // The protocol's words (PhoneMessage.Word), put in by the laptop.
      var say = /*MESSAGES*/null;
      var secret = (location.pathname.split("/")[2] || "").toUpperCase();
      var device = null;
      try { device = localStorage.getItem("parea-device"); } catch (e) {}
      if (!/^[0-9a-f]{32}$/.test(device || "")) {
        var bytes = new Uint8Array(16);
        crypto.getRandomValues(bytes);
        device = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
        try { localStorage.setItem("parea-device", device); } catch (e) {}
      }
      // The address bar and the history keep the link; the title never names anything.
      var $ = function (id) { return document.getElementById(id); };
      var view = null, socket = null, shown = false, hideTimer = null, retry = 500, final = false, lastTask = null;
      function text(id, value) { $(id).textContent = value || ""; }
      function status(key) { text("status", key ? words[key] : ""); }
      function chrome() {
        text("brand", words["app.name"]);
        var task = view && view.task;
        text("toggle", task ? (task.confirmed ? task.done : words["phone.confirm"])
          : shown ? words["phone.hide"] : words["phone.show"]);
        text("coverText", view && view.over && view.result ? view.result : view && view.night ? words["phone.night"] : words["phone.hidden"]);
      }
      function send(message) { if (socket && socket.readyState === 1) socket.send(message); }
      // The lines of ink an element's text takes now.
      function inkLines(element) {
        var range = document.createRange(); range.selectNodeContents(element);
        var rects = range.getClientRects(), tops = [];
        for (var i = 0; i < rects.length; i++) {
          if (rects[i].width < 1) continue;
          var middle = rects[i].top + rects[i].height / 2;
          if (!tops.some(function (top) { return Math.abs(top - middle) < 4; })) tops.push(middle);
        }
        return tops.length;
      }
      // A hidden copy of a block, to measure texts in its type at any width:
      // inside a box of no size, so that what it holds never sizes the page.
      var ruler = null, measured = {};
      function rulerFor(style, wrap, width, value) {
        if (!ruler) {
          var shelf = document.createElement("div");
          shelf.setAttribute("aria-hidden", "true");
          shelf.style.cssText = "position:absolute;left:0;top:0;width:0;height:0;overflow:hidden;visibility:hidden";
          ruler = document.createElement("div");
          ruler.style.cssText = "position:absolute;left:0;top:0;height:auto;overflow:visible";
          shelf.appendChild(ruler);
          document.body.appendChild(shelf);
        }
        ["fontFamily", "fontSize", "fontWeight", "fontStyle", "fontStretch", "letterSpacing", "wordSpacing", "lineHeight", "overflowWrap"]
          .forEach(function (property) { ruler.style[property] = style[property]; });
        ruler.style.whiteSpace = wrap; ruler.style.width = width; ruler.textContent = value;
        return ruler;
      }
      function lines(element, value, width) {
        var style = getComputedStyle(element);
        var key = [style.fontFamily, style.fontSize, style.fontWeight, style.whiteSpace, width, value].join("|");
        if (measured[key] === undefined) {
          measured[key] = inkLines(rulerFor(style, style.whiteSpace, width + "px", value));
          ruler.textContent = "";
        }
        return measured[key];
      }
      // How wide `value` is on one line in an element's type.
      function breadth(style, value) {
        var width = rulerFor(style, "nowrap", "max-content", value).getBoundingClientRect().width;
        ruler.textContent = "";
        return width;
      }
      // The widest of the table's names in an element's type: the name that
      // stands for any name in what a block might say.
      function widest(element) {
        var names = (view && view.names) || [], best = "", most = -1, style = getComputedStyle(element);
        names.forEach(function (name) {
          var width = breadth(style, name);
          if (width > most) { most = width; best = name; }
        });
        return best;
      }
      // `value` in `element`, in as many lines as the longest of `variants`
      // takes (less `taken` lines the block has already), its measure narrowed
      // until it does; always at a whole width the measure was taken at. The
      // element must be in view.
      function fit(element, value, variants, taken) {
        element.style.width = ""; element.classList.remove("fitted");
        element.textContent = value;
        if (!variants || !variants.length || !value) return;
        var full = Math.floor(element.getBoundingClientRect().width);
        if (!full) return;
        element.style.width = full + "px";
        var name = widest(element);
        var target = 0;
        variants.forEach(function (variant) {
          var count = typeof variant === "string" ? 0 : variant[0];
          var text = (typeof variant === "string" ? variant : variant[1]).split("{name}").join(name).split("{pick}").join(name);
          target = Math.max(target, count + lines(element, text, full));
        });
        target -= taken || 0;
        if (lines(element, value, full) >= target) return;
        // The widest measure that gives the text exactly that many lines (a
        // text that cannot take them stays as it is: the browser tests would show it).
        var low = 1, high = full;
        while (high - low > 1) {
          var middle = (low + high) >> 1;
          if (lines(element, value, middle) >= target) low = middle; else high = middle;
        }
        if (lines(element, value, low) !== target) return;
        element.style.width = low + "px"; element.classList.add("fitted");
      }
      // A one-line block at the size at which the widest of `variants` fits.
      function fitLine(element, value, variants) {
        element.style.fontSize = "";
        element.textContent = value;
        var room = Math.floor(element.getBoundingClientRect().width);
        if (!room || !variants || !variants.length) return;
        var style = getComputedStyle(element), size = parseFloat(style.fontSize), most = 0;
        variants.forEach(function (variant) { most = Math.max(most, breadth(style, variant)); });
        if (most > room) element.style.fontSize = Math.floor(size * room / most * 10) / 10 + "px";
      }
      function fitCard() {
        var card = view.card, fits = card.fit || {};
        fitLine($("role"), card.role, fits.role);
        fitLine($("side"), card.side, fits.side);
        fit($("description"), card.description, fits.description);
        // The "you know" list in the type at which the widest name and the
        // widest dealt role fit one line, on every phone of the table alike
        // (the names and the dealt roles are public), so no name is cut.
        var know = $("know");
        know.style.fontSize = "";
        var room = know.getBoundingClientRect().width, style = getComputedStyle(know), value = 0;
        (fits.values || []).forEach(function (role) { value = Math.max(value, breadth(style, role)); });
        // The leader's least width and the two gaps beside it; and a twentieth
        // to spare, as a smaller type is not always narrower in proportion.
        var need = (breadth(style, widest(know)) + value + 24) * 1.05;
        if (room > 0 && value > 0 && need > room) know.style.fontSize = Math.floor(parseFloat(style.fontSize) * room / need * 10) / 10 + "px";
        fit($("closing"), card.closing, fits.know, card.pairs.length);
      }
      // Whether every one of `names` takes at most two lines of a choice's
      // button in two columns (else the list takes one column).
      function twoColumnsFit(button, names) {
        var style = getComputedStyle(button);
        var width = button.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (width <= 0) return true;
        return names.every(function (name) {
          var words = name.split(/\s+/);
          return lines(button, name, Math.floor(width)) <= 2 && words.every(function (word) { return breadth(style, word) <= width; });
        });
      }
      // Every living phone gets a task of one shape at each step of a night on the phones.
      function renderTask(task) {
        $("task").hidden = !task;
        if (!task) return;
        $("card").hidden = true; $("cover").hidden = true;
        if (task.id !== lastTask) {
          lastTask = task.id;
          if (navigator.vibrate) navigator.vibrate(150);
        }
        $("choices").dataset.task = task.id;
        $("task").className = task.confirmed ? "done" : "";
        var choices = $("choices"); choices.textContent = "";
        task.candidates.forEach(function (candidate) {
          var button = document.createElement("button");
          button.type = "button";
          button.className = "choice" + (candidate.seat === task.pick ? " picked" : "") + (candidate.barred ? " barred" : "");
          button.textContent = candidate.name;
          // A player the house rules do not let this phone choose (the Doctor's): drawn, never sent.
          if (candidate.barred) button.setAttribute("aria-disabled", "true");
          button.addEventListener("click", function () { if (!task.confirmed && !candidate.barred) send(say.pick + " " + candidate.seat); });
          choices.appendChild(button);
        });
        // Two columns while every name fits its button in two lines; else one.
        // The list is the same on every phone, so is the choice.
        choices.classList.remove("single");
        if (choices.firstChild && !twoColumnsFit(choices.firstChild, task.candidates.map(function (c) { return c.name; }))) {
          choices.classList.add("single");
        }
        var fits = task.fit || {};
        fit($("prompt"), task.prompt, fits.prompt);
        fit($("note"), task.note, fits.note);
      }
      function render() {
        chrome();
        var ready = !!view;
        $("toggle").disabled = !ready;
        if (!ready) { text("coverHint", words["phone.waiting"]); $("task").hidden = true; return; }
        text("game", view.game); text("name", view.name);
        text("coverHint", view.over ? words["phone.over"] : view.out ? words["phone.out"] : "");
        // The end: every player's role, as the laptop's summary shows them.
        var ending = $("ending"); ending.textContent = "";
        ending.hidden = !(view.over && view.roles);
        (view.over && view.roles || []).forEach(function (row) {
          var item = document.createElement("li");
          row.forEach(function (value) { var cell = document.createElement("span"); cell.textContent = value; item.appendChild(cell); });
          ending.appendChild(item);
        });
        var card = view.card;
        text("youAre", card.youAre); text("role", card.role); text("side", card.side);
        text("description", card.description); text("knowTitle", card.knowTitle); text("closing", card.closing);
        var list = $("know"); list.textContent = "";
        card.pairs.forEach(function (pair) {
          var item = document.createElement("li");
          ["label", "leader", "value"].forEach(function (part, index) {
            var span = document.createElement("span"); span.className = part;
            if (index !== 1) span.textContent = pair[index >> 1];
            item.appendChild(span);
          });
          list.appendChild(item);
        });
        var extra = $("list"); extra.textContent = "";
        if (view.list) {
          var title = document.createElement("b"); title.textContent = view.list.title; extra.appendChild(title);
          extra.appendChild(document.createTextNode(view.list.items.join(" · ")));
        }
        $("card").hidden = !shown; $("cover").hidden = shown;
        if (shown) fitCard();
        if (view.task) { if (shown) send(say.hide); shown = false; }
        renderTask(view.task);
      }
      function show(on) {
        if (on === shown || !view) return;
        shown = on;
        if (hideTimer) { clearTimeout(hideTimer); hideTimer = null; }
        if (on) {
          // Every opening counts as a look, as on the laptop; the closing says so.
          send(say.look);
          hideTimer = setTimeout(function () { show(false); }, 60000);
        } else {
          send(say.hide);
        }
        render();
      }
      $("toggle").addEventListener("click", function () {
        if (view && view.task) { if (!view.task.confirmed) send(say.confirm); return; }
        show(!shown);
      });
      $("cover").addEventListener("click", function () { if (!socket) connect(); show(true); });
      // A turned phone: every block is measured again at its new width.
      window.addEventListener("resize", function () { measured = {}; if (view) render(); });
      document.addEventListener("visibilitychange", function () {
        if (document.hidden) { show(false); } else { connect(); }
      });
      var retryTimer = null;
      function connect() {
        // One socket at a time: a wake-up and a pending retry must not open two.
        if (final || socket) return;
        if (retryTimer) { clearTimeout(retryTimer); retryTimer = null; }
        status("phone.connecting");
        var ws = new WebSocket("ws://" + location.host + "/ws");
        socket = ws;
        ws.onopen = function () { if (socket === ws) ws.send(say.hello + " " + secret + " " + device); };
        ws.onmessage = function (event) {
          if (socket !== ws) return;
          var message;
          try { message = JSON.parse(event.data); } catch (e) { return; }
          if (message.welcome) { retry = 500; status(""); $("dot").className = "on"; return; }
          if (message.words) words = message.words;
          if (message.lang) document.documentElement.lang = message.lang;
          view = message; status(""); render();
        };
        ws.onclose = function (event) {
          if (socket !== ws) return;
          socket = null; $("dot").className = "";
          // 4002: another page of this phone (a second tab) holds the card now.
          // Quietly: this one waits, and takes it back when it is looked at again.
          if (event.code === 4002) { view = null; shown = false; status("phone.otherTab"); render(); return; }
          // 4001 a new link, 4003 another phone, 4004 no such card.
          var ending = { 4001: "phone.renewed", 4003: "phone.refused", 4004: "phone.unknown" }[event.code];
          if (ending) { final = true; view = null; shown = false; status(ending); render(); return; }
          // The game is over: its end stays on the phone, with no retries and
          // nothing to wait for. A look at the phone again (or a tap) asks
          // once more, for the next round of the same players.
          if (view && view.over) { status(""); render(); return; }
          status("phone.lost");
          retryTimer = setTimeout(function () { retryTimer = null; connect(); }, retry);
          retry = Math.min(retry * 2, 4000);
        };
      }
      render();
      connect();
    })();
    </script>
    </body>
    </html>
    """#
}
