// The web table of chinese-poker: plays the closed game and open-face through the
// service's /sessions endpoints, and sets hands through /solve. Every rule, score and
// solve is the server's; this script only shows what it answers and sends what the player
// chose. No build step: a plain script, loaded by index.html from the same origin.
"use strict";

(() => {
  const ROWS = ["front", "middle", "back"];
  const ROW_NAMES = { front: "Front", middle: "Middle", back: "Back", discard: "Discard" };
  // The cards of each row of a finished board: for the empty slots shown and the check
  // before a setting is sent (the server checks again and decides).
  const SIZES = { front: 3, middle: 5, back: 5 };
  const SUITS = {
    c: { symbol: "♣", name: "clubs", colour: "black" },
    d: { symbol: "♦", name: "diamonds", colour: "red" },
    h: { symbol: "♥", name: "hearts", colour: "red" },
    s: { symbol: "♠", name: "spades", colour: "black" },
  };
  const RANK_NAMES = {
    T: "10", J: "jack", Q: "queen", K: "king", A: "ace",
  };
  // The keys that place the focused or selected cards; "home" takes them back.
  const PLACE_KEYS = {
    1: "front", f: "front",
    2: "middle", m: "middle",
    3: "back", b: "back",
    4: "discard", d: "discard",
    0: "home", u: "home", Backspace: "home", Delete: "home",
  };

  const $ = (id) => document.getElementById(id);

  // --- elements ----------------------------------------------------------------------

  // An element with attributes and children; text is always set as text, never as HTML,
  // so nothing the server answers can become markup.
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function cardParts(code) {
    const match = /^([2-9TJQKA])([cdhs])$/.exec(code);
    if (!match) return null;
    const suit = SUITS[match[2]];
    const rank = match[1] === "T" ? "10" : match[1];
    const name = `${RANK_NAMES[match[1]] || match[1]} of ${suit.name}`;
    return { rank, suit, name };
  }

  // A card: a button when the player can pick it up, else a picture with a name.
  function card(code, options = {}) {
    const parts = cardParts(code);
    const tag = options.button ? "button" : "span";
    const classes = ["card", parts ? parts.suit.colour : "black"];
    if (options.mini) classes.push("mini");
    if (options.pending) classes.push("pending");
    const node = el(tag, {
      class: classes.join(" "),
      "data-card": code,
      "aria-label": parts ? parts.name : code,
      role: options.button ? null : "img",
      type: options.button ? "button" : null,
      "aria-pressed": options.button ? String(Boolean(options.selected)) : null,
    });
    node.append(
      el("span", { class: "rank", "aria-hidden": "true", text: parts ? parts.rank : code }),
      el("span", { class: "suit", "aria-hidden": "true", text: parts ? parts.suit.symbol : "" }),
    );
    return node;
  }

  function signed(x) {
    const text = Number.isInteger(x) ? String(Math.abs(x)) : Math.abs(x).toFixed(2);
    return x > 0 ? `+${text}` : x < 0 ? `−${text}` : "0";
  }

  function points(x) {
    return el("span", { class: x > 0 ? "pos" : x < 0 ? "neg" : "", "data-points": x, text: signed(x) });
  }

  function category(name) {
    const words = name.toLowerCase().replace(/_/g, " ");
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  // The engine's words for a kind of hand or natural (THREE_FLUSHES) as a reader's
  // ("Three flushes"), wherever they stand in its text.
  function readable(text) {
    return text.replace(/\b[A-Z]{2,}(?:_[A-Z0-9]+)+\b|\b[A-Z]{3,}\b/g, (word) => category(word));
  }

  // A setting as three labelled rows of small cards, with each row's value when known.
  function settingBlock(setting, values, royalties) {
    const block = el("div", { class: "setting" });
    ROWS.forEach((row, i) => {
      const cards = el("div", { class: "cards", "data-row": row });
      for (const code of setting[row]) cards.append(card(code, { mini: true }));
      block.append(el("span", { class: "label", text: ROW_NAMES[row] }), cards);
      const value = values && values[i];
      if (value) {
        const royalty = royalties && royalties[i] ? ` (royalty ${signed(royalties[i])})` : "";
        const line = el("span", { class: "value", "data-row": row });
        if (typeof value === "string") line.append(value + royalty);
        else {
          line.append(
            el("strong", { class: "category", "data-category": value.category, text: category(value.category) }),
            ` · ${value.description}${royalty}`,
          );
        }
        block.append(line);
      }
    });
    return block;
  }

  function sameCards(a, b) {
    const key = (s) => ROWS.map((r) => [...s[r]].sort().join(" ")).join(" / ");
    return key(a) === key(b);
  }

  // --- messages and requests -----------------------------------------------------------

  function showError(err) {
    $("message-text").textContent = (err && err.message) || String(err);
    $("message").hidden = false;
  }

  function clearError() {
    $("message").hidden = true;
    $("message-text").textContent = "";
  }

  function say(text) {
    $("status").textContent = text;
  }

  // The words of a refusal: the service's {"error", "message"}, FastAPI's {"detail"}, or
  // the status and the start of whatever else came back.
  function describeRefusal(status, data, text) {
    if (data && typeof data.message === "string") return `${data.error || "Error"}: ${data.message}`;
    if (data && Array.isArray(data.detail)) {
      const parts = data.detail.map((d) => {
        const where = (d.loc || []).slice(1).join(".");
        return where ? `${where}: ${d.msg}` : String(d.msg);
      });
      return `The request was refused: ${parts.join("; ")}`;
    }
    return `The server answered ${status}${text ? ": " + text.slice(0, 200) : ""}`;
  }

  async function api(method, path, body, token) {
    const headers = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    let reply;
    try {
      reply = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new Error(`The server did not answer ${method} ${path} (${err.message})`);
    }
    const text = await reply.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch (_) {
      data = null;
    }
    if (!reply.ok) {
      const refused = new Error(describeRefusal(reply.status, data, text));
      refused.status = reply.status;
      throw refused;
    }
    if (data === null) throw new Error(`The answer to ${method} ${path} is not JSON`);
    return data;
  }

  // One action of the player: its buttons disabled while the server works, what it is
  // doing said in the status line, and any failure shown in the message area.
  async function act(buttons, doing, work) {
    clearError();
    say(doing);
    for (const b of buttons) b.disabled = true;
    try {
      return await work();
    } catch (err) {
      showError(err);
      return undefined;
    } finally {
      for (const b of buttons) b.disabled = false;
      say("");
    }
  }

  function seatName(seat, mine) {
    return seat === mine ? "You" : `Bot ${seat}`;
  }

  // The session's deal number and each seat's running total, over the deals settled.
  function showTally(game, state) {
    const line = $(`${game}-tally`);
    const parts = [el("span", { class: "deal-number", "data-deal": state.deal, text: `Deal ${state.deal}` })];
    state.totals.forEach((t, i) => {
      parts.push(" · ", el("span", { class: "tally-seat", "data-seat": i }, `${seatName(i, state.seat)} `, points(t)));
    });
    line.replaceChildren("Running totals: ", ...parts);
    line.hidden = false;
  }

  // The next deal of a game's session ({session, token}), as its seat sees it: the view's
  // buttons and those under the settlement disabled while it is dealt.
  function dealNext(game, kept, buttons) {
    const all = [...buttons, ...$(`${game}-result`).querySelectorAll("button")];
    return act(all, "Dealing the next hand…", () =>
      api("POST", `/sessions/${kept.session}/next`, undefined, kept.token),
    );
  }

  // The buttons under a settlement: the session's next deal (totals carried on, and in
  // open-face the button and any Fantasyland) or a new game, its totals from zero.
  function resultActions(game, next, fresh) {
    const following = el("button", { type: "button", class: "primary", id: `${game}-next`, text: "Next deal" });
    following.addEventListener("click", next);
    const again = el("button", { type: "button", id: `${game}-again`, text: "New game" });
    again.addEventListener("click", fresh);
    return { box: el("div", { class: "actions" }, following, again), first: following };
  }

  // --- the games kept across a reload -------------------------------------------------

  // Each view's game ({session, token, ...}) and the view shown are kept in sessionStorage,
  // not localStorage: the token is the secret of this tab's seat, so it stays with this
  // tab and is gone when the tab closes, never shared with other tabs or left on disk.
  const KEPT = {
    closed: "chinese-poker.closed", ofc: "chinese-poker.ofc", view: "chinese-poker.view", seeds: "chinese-poker.seeds",
  };

  function keep(what, entry) {
    try {
      window.sessionStorage.setItem(KEPT[what], typeof entry === "string" ? entry : JSON.stringify(entry));
    } catch (_) {
      // No storage (a private mode, a full quota): the game lasts until a reload, as before.
    }
  }

  function kept(what) {
    try {
      return window.sessionStorage.getItem(KEPT[what]);
    } catch (_) {
      return null;
    }
  }

  function forget(what) {
    try {
      window.sessionStorage.removeItem(KEPT[what]);
    } catch (_) {
      // Nothing kept, nothing to drop.
    }
  }

  // A kept game: {session, token, ...} or null when there is none or it is not one.
  function keptGame(what) {
    const text = kept(what);
    if (text === null) return null;
    let entry = null;
    try {
      entry = JSON.parse(text);
    } catch (_) {
      entry = null;
    }
    if (entry && typeof entry.session === "string" && typeof entry.token === "string") return entry;
    forget(what);
    return null;
  }

  // The ?seed sequence kept by this tab: {given, closed, ofc}, each a whole number.
  function keptSeeds() {
    let entry = null;
    try {
      entry = JSON.parse(kept("seeds"));
    } catch (_) {
      entry = null;
    }
    const whole = (x) => Number.isSafeInteger(x) && x >= 0;
    return entry && whole(entry.given) && whole(entry.closed) && whole(entry.ofc) ? entry : null;
  }

  // Shows a restored game's rules and table size in the view's controls, when offered.
  function showChoice(id, value) {
    const select = $(id);
    if ([...select.options].some((o) => o.value === String(value))) select.value = String(value);
  }

  // ?seed=N deals the engine's reproducible deck of seed N to the first game of each
  // view, N+1 to the next, and so on: for replays and tests (anyone knowing N knows the
  // cards). Without it the server deals from the operating system's entropy.
  const seeds = (() => {
    const given = new URLSearchParams(window.location.search).get("seed");
    if (given === null) return null;
    if (!/^\d+$/.test(given) || !Number.isSafeInteger(Number(given))) {
      window.addEventListener("DOMContentLoaded", () =>
        showError(new Error(`?seed=${given} is not a whole number up to 2^53; dealing at random`)),
      );
      return null;
    }
    // A reload goes on with the seeds after those this tab has dealt with, not the first.
    const kept = keptSeeds();
    if (kept && kept.given === Number(given)) return kept;
    return { given: Number(given), closed: Number(given), ofc: Number(given) };
  })();

  function nextSeed(game) {
    if (seeds === null) return undefined;
    const seed = seeds[game];
    seeds[game] += 1;
    keep("seeds", seeds);
    return seed;
  }

  // --- the cards a player arranges: shared by the closed game and open-face -------------

  // Moves the keyboard focus among the card buttons of `root`: left and right along them,
  // up and down to the same place in the group before or after.
  function moveFocus(root, current, key) {
    const cards = [...root.querySelectorAll("button.card[data-card]")];
    const at = cards.indexOf(current);
    if (at < 0) return;
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const next = cards[at + (key === "ArrowRight" ? 1 : -1)];
      if (next) next.focus();
      return;
    }
    const groups = [...root.querySelectorAll("[data-group]")]
      .map((g) => [...g.querySelectorAll("button.card[data-card]")])
      .filter((g) => g.length > 0);
    const gi = groups.findIndex((g) => g.includes(current));
    const target = groups[gi + (key === "ArrowDown" ? 1 : -1)];
    if (!target) return;
    const index = groups[gi].indexOf(current);
    target[Math.min(index, target.length - 1)].focus();
  }

  // The keys of a table: `table` says which destinations it takes and does the moves.
  function tableKeys(root, table) {
    root.addEventListener("keydown", (ev) => {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const target = ev.target;
      if (target.matches("input, select, textarea")) return;
      const focused = target.closest("button.card[data-card]");
      const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
      if (key.startsWith("Arrow") && focused) {
        ev.preventDefault();
        moveFocus(root, focused, key);
      } else if (key === "Enter" && focused) {
        // Enter on a card sends the arrangement (Space picks the card up).
        ev.preventDefault();
        table.submit();
      } else if (key === "h") {
        ev.preventDefault();
        table.hint();
      } else if (key === "Escape") {
        table.deselect();
      } else if (key in PLACE_KEYS && table.accepts(PLACE_KEYS[key])) {
        const chosen = table.selected();
        const codes = chosen.length ? chosen : focused ? [focused.dataset.card] : [];
        if (!codes.length) return;
        ev.preventDefault();
        table.move(codes, PLACE_KEYS[key], focused);
      }
    });
    root.addEventListener("click", (ev) => {
      const picked = ev.target.closest("button.card[data-card]");
      if (picked && root.contains(picked)) {
        const on = picked.getAttribute("aria-pressed") !== "true";
        picked.setAttribute("aria-pressed", String(on));
        table.toggle(picked.dataset.card, on);
        return;
      }
      const place = ev.target.closest("button.place[data-row]");
      if (place && root.contains(place)) {
        const codes = table.selected();
        if (!codes.length) {
          showError(new Error("Select one or more cards first, then choose the row"));
          return;
        }
        table.move(codes, place.dataset.row, null);
      }
    });
  }

  // Where the focus goes after a move by key: the card now at the moved card's place in
  // its group, else the first card still to place, else the button that sends the move.
  function focusAfter(root, group, index, fallback) {
    const box = root.querySelector(`[data-group="${group}"]`);
    const cards = box ? [...box.querySelectorAll("button.card[data-card]")] : [];
    if (cards.length) {
      cards[Math.min(index, cards.length - 1)].focus();
      return;
    }
    const first = root.querySelector(".hand button.card[data-card]");
    (first || fallback).focus();
  }

  // Moves `codes` of a table's cards to `place` (a row, or back to the hand) when the row
  // has room (`placed` cards already fixed in it), redraws, and puts the focus where the
  // moved card was. `game` is {where, chosen, cardsIn, render, play, submit}.
  function moveCards(game, codes, place, placed, focused) {
    if (ROWS.includes(place)) {
      const there = placed + game.cardsIn(place).length + codes.filter((c) => game.where.get(c) !== place).length;
      if (there > SIZES[place]) {
        showError(new Error(`The ${place} holds ${SIZES[place]} cards`));
        return false;
      }
    }
    clearError();
    const from = groupAndIndex(focused);
    for (const c of codes) game.where.set(c, place);
    game.chosen.clear();
    game.render();
    if (from) focusAfter($(game.play), from.group, from.index, $(game.submit));
    return true;
  }

  function groupAndIndex(node) {
    if (!node) return null;
    const box = node.closest("[data-group]");
    if (!box) return null;
    const cards = [...box.querySelectorAll("button.card[data-card]")];
    return { group: box.dataset.group, index: cards.indexOf(node) };
  }

  // --- the settlement: both games ----------------------------------------------------

  function rowWinner(pair, i, names) {
    const compared = pair.kind === "rows" || pair.kind.startsWith("foul");
    if (!compared) return "—";
    const r = pair.rows[i];
    return r > 0 ? names[pair.a] : r < 0 ? names[pair.b] : "tie";
  }

  // The engine's explanation names the players P0, P1, …: here, by the names shown.
  function named(text, names) {
    return text.replace(/\bP(\d+)\b/g, (all, n) => (names[Number(n)] === undefined ? all : names[Number(n)]));
  }

  function settlementBlock(settlement, mine) {
    const names = settlement.players.map((_, i) => seatName(i, mine));
    const box = el("div", { class: "settlement" });
    box.append(el("h3", { text: "Settlement" }));

    const totals = el("p", { class: "totals" });
    settlement.totals.forEach((t, i) => {
      totals.append(el("span", { class: "total-line", "data-seat": i }, `${names[i]} `, points(t)));
    });
    box.append(totals);

    const players = el("div", { class: "players" });
    settlement.players.forEach((p, i) => {
      const head = el("h4", {}, el("span", { text: names[i] }), el("span", { class: "total" }, points(p.total)));
      const notes = [readable(p.status)];
      const royalty = (p.royalties || []).reduce((a, b) => a + b, 0);
      if (royalty) notes.push(`royalties ${signed(royalty)}`);
      if (p.dealt_royalty) notes.push(`dealt royalty ${signed(p.dealt_royalty)}`);
      const status = el("p", { class: "status", "data-status": p.status, text: notes.join(" · ") });
      const block = el("div", { class: "player", "data-seat": i }, head, status);
      if (p.setting) block.append(settingBlock(p.setting, p.values, p.royalties));
      players.append(block);
    });
    box.append(players);

    const table = el("table", { class: "pairs" });
    table.append(el("caption", { text: "Each pair, row by row" }));
    const head = el("tr", {}, el("th", { scope: "col", text: "Pair" }));
    for (const row of ROWS) head.append(el("th", { scope: "col", text: ROW_NAMES[row] }));
    head.append(el("th", { scope: "col", text: "Points" }));
    table.append(el("thead", {}, head));
    const body = el("tbody");
    for (const pair of settlement.pairs) {
      const tr = el("tr", { class: "pair", "data-a": pair.a, "data-b": pair.b, "data-kind": pair.kind });
      tr.append(el("th", { scope: "row", text: `${names[pair.a]} v ${names[pair.b]}` }));
      ROWS.forEach((row, i) => {
        const r = pair.rows[i];
        const cls = r > 0 ? "row-winner win-a" : r < 0 ? "row-winner win-b" : "row-winner";
        tr.append(el("td", { class: cls, "data-row": row, text: rowWinner(pair, i, names) }));
      });
      tr.append(el("td", { class: "points" }, `${names[pair.a]} `, points(pair.points)));
      const notes = [];
      if (pair.kind !== "rows") notes.push(named(pair.kind.replace(/by (\d+)/, "by P$1"), names));
      if (pair.scoop !== null && pair.scoop !== undefined) notes.push(`scoop by ${names[pair.scoop]}`);
      notes.push(readable(named(pair.explanation, names)));
      body.append(tr, el("tr", { class: "explain" }, el("td", { colspan: 5, text: notes.join(" · ") })));
    }
    table.append(body);
    box.append(table);
    return box;
  }

  // --- the closed game ---------------------------------------------------------------

  const closed = {
    session: null,
    token: null,
    seat: 0,
    preset: null,
    deal: 1,
    hand: [],
    where: new Map(), // card -> "hand" | "front" | "middle" | "back"
    chosen: new Set(),
    values: new Map(), // a full row's cards -> the server's description
  };

  function closedCards(place) {
    return closed.hand.filter((c) => closed.where.get(c) === place);
  }

  // The closed game kept: its session and token, and where each card is (the rows are
  // arranged on the page only, until the hand is set).
  function keepClosed() {
    if (!closed.session) return;
    keep("closed", {
      session: closed.session, token: closed.token, deal: closed.deal, where: Object.fromEntries(closed.where),
    });
  }

  function renderClosed() {
    keepClosed();
    const play = $("closed-play");
    const hand = $("closed-hand");
    hand.replaceChildren(...closedCards("hand").map((c) => card(c, { button: true, selected: closed.chosen.has(c) })));
    if (!hand.children.length) hand.append(el("span", { class: "muted", text: "All 13 cards placed." }));
    for (const row of ROWS) {
      const box = play.querySelector(`.row[data-row="${row}"]`);
      const cards = closedCards(row);
      const holder = box.querySelector(".cards");
      holder.replaceChildren(...cards.map((c) => card(c, { button: true, selected: closed.chosen.has(c) })));
      for (let i = cards.length; i < SIZES[row]; i += 1) holder.append(el("span", { class: "slot", "aria-hidden": "true" }));
      box.querySelector(".count").textContent = `${cards.length}/${SIZES[row]}`;
      box.classList.toggle("full", cards.length === SIZES[row]);
      const full = cards.length === SIZES[row];
      box.querySelector(".row-value").textContent = full ? closed.values.get(cards.join(" ")) || "" : "";
    }
  }

  // The value of each full row, from the server's /evaluate (kept, so a row is asked once).
  async function closedRowValues() {
    const wanted = ROWS.map(closedCards).filter((c, i) => c.length === SIZES[ROWS[i]] && !closed.values.has(c.join(" ")));
    if (!wanted.length) return;
    try {
      const out = await api("POST", "/evaluate/batch", { preset: closed.preset, hands: wanted });
      wanted.forEach((c, i) => closed.values.set(c.join(" "), out.hands[i].description));
      renderClosedKeepFocus();
    } catch (err) {
      showError(err);
    }
  }

  function renderClosedKeepFocus() {
    const focused = document.activeElement;
    const code = focused && focused.dataset ? focused.dataset.card : null;
    renderClosed();
    if (code) {
      const again = $("closed-play").querySelector(`button.card[data-card="${code}"]`);
      if (again) again.focus();
    }
  }

  const closedTable = {
    accepts: (dest) => dest !== "discard",
    selected: () => [...closed.chosen],
    toggle: (code, on) => (on ? closed.chosen.add(code) : closed.chosen.delete(code)),
    deselect: () => {
      closed.chosen.clear();
      renderClosedKeepFocus();
    },
    move: (codes, dest, focused) => {
      const place = dest === "home" ? "hand" : dest;
      const game = {
        where: closed.where, chosen: closed.chosen, cardsIn: closedCards,
        render: renderClosed, play: "closed-play", submit: "closed-submit",
      };
      if (moveCards(game, codes, place, 0, focused)) closedRowValues();
    },
    submit: () => submitClosed(),
    hint: () => closedHint(),
  };

  function closedButtons() {
    return ["closed-deal", "closed-hint", "closed-clear", "closed-natural", "closed-submit"].map($);
  }

  async function dealClosed() {
    const opponents = Number($("closed-opponents").value);
    const body = { game: "closed", preset: $("closed-preset").value, players: opponents + 1, humans: 1 };
    const seed = nextSeed("closed");
    if (seed !== undefined) body.seed = seed;
    await act(closedButtons(), "Dealing…", async () => {
      const made = await api("POST", "/sessions", body);
      const token = made.seats[0].token;
      const state = await api("GET", `/sessions/${made.session}`, undefined, token);
      loadClosed(made.session, token, state, null);
    });
    if (!$("closed-play").hidden) {
      const first = $("closed-hand").querySelector("button.card");
      if (first) first.focus();
    }
  }

  // Shows a deal of the closed game as the server answers it (`state`): the cards with
  // the rows as `where` ({card: row}, kept by the page) or the seat's setting once set, or
  // the settlement once every seat has set. Keeps it, replacing any game kept before.
  function loadClosed(session, token, state, where) {
    Object.assign(closed, { session, token, seat: state.seat, preset: state.preset, deal: state.deal, hand: state.hand });
    showTally("closed", state);
    const setting = state.setting;
    closed.where = new Map(state.hand.map((c) => {
      const row = setting ? ROWS.find((r) => setting[r].includes(c)) : where && where[c];
      return [c, ROWS.includes(row) ? row : "hand"];
    }));
    closed.chosen.clear();
    $("closed-hint-panel").hidden = true;
    $("closed-hint-panel").replaceChildren();
    renderClosed();
    if (state.finished && state.settlement) {
      showClosedResult(state);
      return;
    }
    $("closed-result").hidden = true;
    $("closed-result").replaceChildren();
    $("closed-play").hidden = false;
    closedRowValues();
    if (setting) say("Your hand is set; waiting for the other seats.");
  }

  function applySetting(setting) {
    for (const row of ROWS) for (const c of setting[row]) if (closed.where.has(c)) closed.where.set(c, row);
    closed.chosen.clear();
    renderClosed();
    closedRowValues();
    $("closed-submit").focus();
  }

  async function closedHint() {
    if (!closed.session || $("closed-play").hidden) return;
    const hint = await act(closedButtons(), "The solver is thinking…", () =>
      api("GET", `/sessions/${closed.session}/hint`, undefined, closed.token),
    );
    if (!hint) return;
    const panel = $("closed-hint-panel");
    const se = hint.se === null || hint.se === undefined ? "" : ` (± ${hint.se.toFixed(2)})`;
    const applyBest = el("button", { type: "button", class: "apply primary", "aria-label": "Apply the best setting", text: "Apply" });
    applyBest.addEventListener("click", () => applySetting(hint.setting));
    const best = el("div", { class: "hint-best", "data-ev": hint.ev },
      el("p", { class: "choice-head" },
        el("span", {}, "Best: ", el("span", { class: "ev", text: `EV ${signed(Number(hint.ev.toFixed(2)))}` }), ` points${se}`),
        applyBest),
      settingBlock(hint.setting),
    );
    const notes = [];
    if (hint.natural) notes.push(`This hand holds a natural: ${category(hint.natural.kind)}, worth ${hint.natural.value}.`);
    if (hint.fouled) notes.push("Every setting of these cards fouls.");
    const list = el("ol", { class: "runners-up" });
    hint.candidates.filter((c) => !sameCards(c.setting, hint.setting)).forEach((c, i) => {
      const apply = el("button", { type: "button", class: "apply", "aria-label": `Apply runner-up ${i + 1}`, text: "Apply" });
      apply.addEventListener("click", () => applySetting(c.setting));
      const head = el("div", { class: "choice-head" }, el("span", { class: "ev", text: `EV ${signed(Number(c.ev.toFixed(2)))}` }), apply);
      list.append(el("li", { "data-ev": c.ev }, head, settingBlock(c.setting)));
    });
    panel.replaceChildren(
      el("h3", { text: "The solver's setting" }),
      ...notes.map((n) => el("p", { text: n })),
      best,
      list.children.length ? el("h3", { text: "Runners-up" }) : null,
      list.children.length ? list : null,
    );
    panel.hidden = false;
    applyBest.focus();
  }

  async function sendClosed(move) {
    const state = await act(closedButtons(), "Settling…", () =>
      api("POST", `/sessions/${closed.session}/move`, move, closed.token),
    );
    if (!state) return;
    if (!state.finished || !state.settlement) {
      say("Your hand is set; waiting for the other seats.");
      return;
    }
    showClosedResult(state);
  }

  function submitClosed() {
    if (!closed.session || $("closed-play").hidden) return;
    const counts = ROWS.map((r) => closedCards(r).length);
    if (ROWS.some((r, i) => counts[i] !== SIZES[r])) {
      const left = closedCards("hand").length;
      showError(new Error(`Place all 13 cards first: 3 in front, 5 in the middle, 5 at the back (${left} not placed)`));
      return;
    }
    const setting = Object.fromEntries(ROWS.map((r) => [r, closedCards(r)]));
    sendClosed({ setting });
  }

  function showClosedResult(state) {
    const result = $("closed-result");
    const actions = resultActions("closed", nextClosed, dealClosed);
    result.replaceChildren(settlementBlock(state.settlement, state.seat), actions.box);
    showTally("closed", state);
    $("closed-play").hidden = true;
    result.hidden = false;
    actions.first.focus();
  }

  async function nextClosed() {
    if (!closed.session) return;
    const state = await dealNext("closed", closed, closedButtons());
    if (!state) return;
    loadClosed(closed.session, closed.token, state, null);
    const first = $("closed-hand").querySelector("button.card");
    if (first) first.focus();
  }

  // --- open-face ----------------------------------------------------------------------

  const ofc = {
    session: null,
    token: null,
    state: null,
    where: new Map(), // dealt card -> "dealt" | "front" | "middle" | "back" | "discard"
    chosen: new Set(),
  };

  function ofcCards(place) {
    return ofc.state.hand.filter((c) => ofc.where.get(c) === place);
  }

  // The open-face game kept: its session and token, and where each card dealt now lies
  // on the page (placed or discarded but not yet played), so a reload keeps the street.
  function keepOfc() {
    if (!ofc.session || !ofc.state) return;
    keep("ofc", { session: ofc.session, token: ofc.token, deal: ofc.state.deal, where: Object.fromEntries(ofc.where) });
  }

  function boardBlock(state, seat) {
    const board = state.boards[seat];
    const mine = seat === state.seat;
    const counted = state.discard_counts[seat] ? `discarded ${state.discard_counts[seat]}` : "";
    const fantasy = state.fantasyland[seat] ? ` · Fantasyland ${state.fantasyland[seat]}` : "";
    const box = el("div", { class: mine ? "board mine" : "board", "data-seat": seat },
      el("h3", {}, el("span", { text: seatName(seat, state.seat) }), el("span", { class: "muted", text: counted + fantasy })));
    if (board === null) {
      box.append(el("p", { class: "muted", text: "Hidden until the board is set (Fantasyland)." }));
      return box;
    }
    for (const row of ROWS) {
      const cards = el("div", { class: "cards", "data-row": row, "data-group": mine ? row : null });
      for (const c of board[row]) cards.append(card(c, { mini: true }));
      const pending = mine ? ofcCards(row) : [];
      for (const c of pending) cards.append(card(c, { button: true, pending: true, selected: ofc.chosen.has(c) }));
      for (let i = board[row].length + pending.length; i < SIZES[row]; i += 1) {
        cards.append(el("span", { class: "slot mini", "aria-hidden": "true" }));
      }
      const label = mine && state.move
        ? el("button", { type: "button", class: "place", "data-row": row }, `${ROW_NAMES[row]} `, el("kbd", { text: String(ROWS.indexOf(row) + 1) }))
        : el("span", { class: "label", text: ROW_NAMES[row] });
      box.append(el("div", { class: "board-row" }, label, cards));
    }
    return box;
  }

  function renderOfc() {
    keepOfc();
    const state = ofc.state;
    $("ofc-boards").replaceChildren(...state.boards.map((_, seat) => boardBlock(state, seat)));
    const turn = $("ofc-turn");
    turn.hidden = !state.move;
    if (state.move) {
      const { place, discard } = state.move;
      const shape = `Place ${place} card${place === 1 ? "" : "s"}` + (discard ? ` and discard ${discard}` : "");
      $("ofc-shape").textContent = shape;
      $("ofc-hand").replaceChildren(...ofcCards("dealt").map((c) => card(c, { button: true, selected: ofc.chosen.has(c) })));
      if (!$("ofc-hand").children.length) $("ofc-hand").append(el("span", { class: "muted", text: "Every card placed." }));
      $("ofc-discard").replaceChildren(...ofcCards("discard").map((c) => card(c, { button: true, selected: ofc.chosen.has(c) })));
      turn.querySelector(".discard-row").hidden = discard === 0;
      turn.querySelector(".discard-row .count").textContent = `${ofcCards("discard").length}/${discard}`;
    } else if (!state.finished) {
      $("ofc-shape").textContent = `Waiting for ${seatName(state.to_act, state.seat)}`;
    }
    const discards = state.discards.length ? `Your discards: ${state.discards.map((c) => cardParts(c) ? cardParts(c).rank + cardParts(c).suit.symbol : c).join(" ")}` : "";
    $("ofc-discards").textContent = discards;
  }

  function ofcButtons() {
    return ["ofc-deal", "ofc-hint", "ofc-clear", "ofc-submit"].map($);
  }

  // Shows an open-face deal as the server answers it, the cards dealt now where `where`
  // ({card: place}, kept by the page) puts them, else still to place.
  function loadOfc(state, where) {
    ofc.state = state;
    const places = [...ROWS, "discard"];
    ofc.where = new Map(state.hand.map((c) => [c, where && places.includes(where[c]) ? where[c] : "dealt"]));
    showTally("ofc", state);
    ofc.chosen.clear();
    // The last street's hint is of no use now: gone, not only hidden.
    $("ofc-hint-panel").hidden = true;
    $("ofc-hint-panel").replaceChildren();
    // A settlement shown is of the last deal (showOfcResult below refills it when this one is
    // over): removed, not only hidden, since its cards are not this deal's.
    $("ofc-result").hidden = true;
    $("ofc-result").replaceChildren();
    $("ofc-play").hidden = false;
    renderOfc();
    if (state.finished && state.settlement) {
      showOfcResult(state);
      return;
    }
    const first = $("ofc-hand").querySelector("button.card");
    if (first) first.focus();
  }

  const ofcTable = {
    accepts: () => Boolean(ofc.state && ofc.state.move),
    selected: () => [...ofc.chosen],
    toggle: (code, on) => (on ? ofc.chosen.add(code) : ofc.chosen.delete(code)),
    deselect: () => {
      ofc.chosen.clear();
      renderOfc();
    },
    move: (codes, dest, focused) => {
      const place = dest === "home" ? "dealt" : dest;
      // An open-face row already holds the cards placed on earlier streets.
      const placed = ROWS.includes(place) ? ofc.state.boards[ofc.state.seat][place].length : 0;
      const game = {
        where: ofc.where, chosen: ofc.chosen, cardsIn: ofcCards,
        render: renderOfc, play: "ofc-play", submit: "ofc-submit",
      };
      moveCards(game, codes, place, placed, focused);
    },
    submit: () => submitOfc(),
    hint: () => ofcHint(),
  };

  async function dealOfc() {
    const body = { game: "ofc", preset: $("ofc-preset").value, players: Number($("ofc-players").value), humans: 1 };
    const seed = nextSeed("ofc");
    if (seed !== undefined) body.seed = seed;
    const state = await act(ofcButtons(), "Dealing…", async () => {
      const made = await api("POST", "/sessions", body);
      const token = made.seats[0].token;
      const first = await api("GET", `/sessions/${made.session}`, undefined, token);
      Object.assign(ofc, { session: made.session, token });
      return first;
    });
    if (!state) return;
    loadOfc(state, null);
  }

  function describeMove(move) {
    const parts = [];
    for (const row of [...ROWS, "discard"]) {
      if (move[row] && move[row].length) {
        const cards = el("span", { class: "cards" }, ...move[row].map((c) => card(c, { mini: true })));
        parts.push(el("div", { class: "setting" }, el("span", { class: "label", text: ROW_NAMES[row] }), cards));
      }
    }
    return parts;
  }

  async function ofcHint() {
    if (!ofc.session || !ofc.state || !ofc.state.move) return;
    const hint = await act(ofcButtons(), "The agent is thinking…", () =>
      api("GET", `/sessions/${ofc.session}/hint`, undefined, ofc.token),
    );
    if (!hint) return;
    const list = el("ol", { class: "moves" });
    hint.moves.forEach((m, i) => {
      const apply = el("button", { type: "button", class: i === 0 ? "apply primary" : "apply", "aria-label": `Apply move ${i + 1}`, text: "Apply" });
      apply.addEventListener("click", () => {
        ofc.where = new Map(ofc.state.hand.map((c) => [c, "dealt"]));
        for (const row of [...ROWS, "discard"]) for (const c of m.move[row] || []) if (ofc.where.has(c)) ofc.where.set(c, row);
        ofc.chosen.clear();
        renderOfc();
        $("ofc-submit").focus();
      });
      const head = el("div", { class: "choice-head" }, el("span", { class: "ev", text: `${signed(Number(m.ev.toFixed(2)))} points` }), apply);
      list.append(el("li", { "data-ev": m.ev }, head, ...describeMove(m.move)));
    });
    const panel = $("ofc-hint-panel");
    panel.replaceChildren(el("h3", { text: "The agent's best moves (estimated points)" }), list);
    panel.hidden = false;
    list.querySelector("button").focus();
  }

  async function submitOfc() {
    const state = ofc.state;
    if (!ofc.session || !state || !state.move) return;
    const left = ofcCards("dealt").length;
    const thrown = ofcCards("discard").length;
    if (left || thrown !== state.move.discard) {
      const what = state.move.discard ? ` and discard ${state.move.discard}` : "";
      showError(new Error(`Place every dealt card${what} first (${left} not placed, ${thrown} discarded)`));
      return;
    }
    const move = Object.fromEntries([...ROWS, "discard"].map((r) => [r, ofcCards(r)]));
    const after = await act(ofcButtons(), "Playing the street…", () =>
      api("POST", `/sessions/${ofc.session}/move`, move, ofc.token),
    );
    if (after) loadOfc(after, null);
  }

  function showOfcResult(state) {
    const result = $("ofc-result");
    const actions = resultActions("ofc", nextOfc, dealOfc);
    result.replaceChildren(settlementBlock(state.settlement, state.seat), actions.box);
    $("ofc-play").hidden = true;
    result.hidden = false;
    actions.first.focus();
  }

  async function nextOfc() {
    if (!ofc.session) return;
    const state = await dealNext("ofc", ofc, ofcButtons());
    if (!state) return;
    loadOfc(state, null);
  }

  // --- analysis -----------------------------------------------------------------------

  async function analyse(ev) {
    ev.preventDefault();
    const hand = $("analysis-hand").value.trim();
    if (!hand) {
      showError(new Error("Type the 13 cards to set"));
      $("analysis-hand").focus();
      return;
    }
    const preset = $("analysis-preset").value;
    const body = {
      hand,
      preset,
      opponents: Number($("analysis-opponents").value),
      strategy: $("analysis-strategy").value,
      candidates: Number($("analysis-candidates").value) || 5,
    };
    const done = await act([$("analysis-solve")], "Solving…", async () => {
      const sol = await api("POST", "/solve", body);
      const settings = [sol.setting, ...sol.candidates.map((c) => c.setting)];
      const rows = settings.flatMap((s) => ROWS.map((r) => s[r]));
      const values = await api("POST", "/evaluate/batch", { preset, hands: rows });
      return { sol, values: values.hands };
    });
    if (!done) return;
    const { sol, values } = done;
    const valuesOf = (k) => values.slice(3 * k, 3 * k + 3);
    const se = sol.se === null || sol.se === undefined ? "" : ` (± ${sol.se.toFixed(2)})`;
    const notes = [];
    if (sol.natural) notes.push(el("p", { text: `A natural: ${category(sol.natural.kind)}, worth ${sol.natural.value}.` }));
    if (sol.fouled) notes.push(el("p", { text: "Every setting of these cards fouls." }));
    const best = el("div", { class: "best", id: "analysis-best", "data-ev": sol.ev },
      el("h3", { text: "Best setting" }),
      el("p", {}, el("span", { class: "ev", text: `EV ${signed(Number(sol.ev.toFixed(3)))}` }), ` points${se} against ${body.opponents} opponent${body.opponents === 1 ? "" : "s"}, ${sol.strategy || body.strategy} solver`),
      ...notes,
      settingBlock(sol.setting, valuesOf(0)));
    const list = el("ol", { class: "candidates" });
    sol.candidates.forEach((c, i) => {
      list.append(el("li", { "data-rank": i + 1, "data-ev": c.ev },
        el("h4", { text: `#${i + 1} · EV ${signed(Number(c.ev.toFixed(3)))}` }),
        settingBlock(c.setting, valuesOf(i + 1))));
    });
    const result = $("analysis-result");
    result.replaceChildren(best, el("h3", { text: `The ${sol.candidates.length} best settings` }), list);
    result.hidden = false;
  }

  // --- views and start ----------------------------------------------------------------

  const VIEWS = ["closed", "ofc", "analysis"];

  function showView(name, focus) {
    const view = VIEWS.includes(name) ? name : "closed";
    for (const v of VIEWS) {
      $(`view-${v}`).hidden = v !== view;
      const tab = $(`tab-${v}`);
      if (v === view) tab.setAttribute("aria-current", "page");
      else tab.removeAttribute("aria-current");
    }
    if (window.location.hash !== `#${view}`) {
      window.history.replaceState(null, "", `${window.location.pathname}${window.location.search}#${view}`);
    }
    keep("view", view);
    if (focus) $(`tab-${view}`).focus();
  }

  function fillPresets(select, presets, wanted) {
    select.replaceChildren(...presets.map((p) => el("option", { value: p.name, text: `${p.name} (${p.method})` })));
    if (presets.some((p) => p.name === wanted)) select.value = wanted;
  }

  async function loadPresets() {
    try {
      const { presets } = await api("GET", "/presets");
      const closedOnes = presets.filter((p) => p.game === "closed");
      const ofcOnes = presets.filter((p) => p.game !== "closed");
      fillPresets($("closed-preset"), closedOnes, "cp_pro_1_6");
      fillPresets($("analysis-preset"), closedOnes, "cp_pro_1_6");
      fillPresets($("ofc-preset"), ofcOnes, "ofc_pineapple");
      document.body.dataset.ready = "true";
    } catch (err) {
      showError(err);
    }
  }

  // Each game kept in this tab, shown again as the server now answers it: after a reload
  // the hand in play (its cards still to set, the rows placed) or its settlement. A game
  // the server no longer knows (expired, its database reset) is dropped quietly.
  async function restore(game) {
    const entry = keptGame(game);
    if (!entry) return;
    let state;
    try {
      state = await api("GET", `/sessions/${encodeURIComponent(entry.session)}`, undefined, entry.token);
    } catch (err) {
      if ([401, 403, 404].includes(err.status)) {
        forget(game);
        say("The game kept from before has ended on the server; deal a new one.");
      } else {
        showError(err);
      }
      return;
    }
    // A deal made while the answer was on its way wins: it is the game kept now.
    if ((game === "closed" ? closed : ofc).session) return;
    if (state.game !== game) {
      forget(game);
      return;
    }
    showChoice(`${game}-preset`, state.preset);
    if (game === "closed") {
      showChoice("closed-opponents", state.players - 1);
      // An arrangement kept from an earlier deal of the session is not this hand's.
      loadClosed(entry.session, entry.token, state, entry.deal === state.deal ? entry.where : null);
    } else {
      showChoice("ofc-players", state.players);
      Object.assign(ofc, { session: entry.session, token: entry.token });
      loadOfc(state, entry.deal === state.deal ? entry.where : null);
    }
  }

  async function restoreGames() {
    await Promise.all([restore("closed"), restore("ofc")]);
    document.body.dataset.restored = "true";
  }

  function start() {
    for (const v of VIEWS) $(`tab-${v}`).addEventListener("click", () => showView(v, false));
    window.addEventListener("hashchange", () => showView(window.location.hash.slice(1), false));
    $("message-close").addEventListener("click", clearError);

    $("closed-deal").addEventListener("click", dealClosed);
    $("closed-hint").addEventListener("click", closedHint);
    $("closed-submit").addEventListener("click", submitClosed);
    $("closed-natural").addEventListener("click", () => sendClosed({ natural: true }));
    $("closed-clear").addEventListener("click", () => {
      for (const c of closed.hand) closed.where.set(c, "hand");
      closed.chosen.clear();
      renderClosed();
    });
    tableKeys($("closed-play"), closedTable);

    $("ofc-deal").addEventListener("click", dealOfc);
    $("ofc-hint").addEventListener("click", ofcHint);
    $("ofc-submit").addEventListener("click", submitOfc);
    $("ofc-clear").addEventListener("click", () => {
      if (!ofc.state) return;
      ofc.where = new Map(ofc.state.hand.map((c) => [c, "dealt"]));
      ofc.chosen.clear();
      renderOfc();
    });
    tableKeys($("ofc-play"), ofcTable);

    $("analysis-form").addEventListener("submit", analyse);

    // The view in the address, else the one this tab showed last.
    const asked = window.location.hash.slice(1);
    showView(VIEWS.includes(asked) ? asked : kept("view"), false);
    loadPresets().then(restoreGames);
  }

  // A failure nothing else caught still reaches the message area.
  window.addEventListener("error", (ev) => showError(ev.error || new Error(ev.message)));
  window.addEventListener("unhandledrejection", (ev) => showError(ev.reason));

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
